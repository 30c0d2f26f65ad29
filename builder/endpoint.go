package builder

import (
	"github.com/endpointkit/endpoint/headers"
	"github.com/endpointkit/endpoint/template"
)

// Endpoint builds requests from routes over a fixed set of defaults. It is
// immutable and safe for concurrent use; Defaults returns a new one.
type Endpoint struct {
	defaults Options // flattened once, owned, never written after New
	err      error   // from an invalid Option; returned by every call
	// ready is what the defaults make true of every call: see prepared.
	ready prepared
}

// prepared is the work an Endpoint does once for all its calls.
type prepared struct {
	// headers are the defaults' headers validated, with the media type
	// applied: the headers of every call that adds none of its own.
	headers headers.Set
	// base is the default base URL; baseOK says it has no query or
	// fragment and a usable host, so URLs joined to it need no check.
	base   string
	baseOK bool
}

func prepare(o *Options) (prepared, error) {
	h, err := requestHeaders(o)
	if err != nil {
		return prepared{}, err
	}
	p := prepared{headers: h, base: o.BaseURL}
	p.baseOK = checkBaseURL(o.BaseURL) == nil && checkAuthority(o.BaseURL) == nil
	return p, nil
}

// New returns an Endpoint whose defaults are the given options, applied in
// order, each as a layer over the ones before.
func New(opts ...Option) *Endpoint {
	return (&Endpoint{}).Defaults(opts...)
}

// Defaults returns a new Endpoint with opts layered over e's defaults; e
// is unchanged. Layers are flattened here, once, not on every call.
func (e *Endpoint) Defaults(opts ...Option) *Endpoint {
	next := &Endpoint{defaults: e.defaults, err: e.err}
	for _, opt := range opts {
		if next.err != nil {
			break
		}
		var layer Options
		if err := opt(&layer); err != nil {
			next.err = newError("defaults", "", err)
			break
		}
		merged, err := merge(&next.defaults, &layer, false)
		if err != nil {
			next.err = newError("defaults", "", err)
			break
		}
		next.defaults = merged.clone()
	}
	if next.err == nil {
		next.ready, next.err = prepare(&next.defaults)
	}
	return next
}

// DEFAULTS returns a copy of e's merged defaults.
func (e *Endpoint) DEFAULTS() Options {
	return e.defaults.clone()
}

// Merge merges a route ("METHOD /path", or "" to take both from o) and
// options over e's defaults, without parsing. The result is the caller's.
func (e *Endpoint) Merge(route string, o Options) (Options, error) {
	m, err := e.merge(route, &o, false)
	if err != nil {
		return Options{}, err
	}
	return m.clone(), nil
}

// Parse turns merged options into request options. It uses no defaults.
func (e *Endpoint) Parse(o Options) (RequestOptions, error) {
	return parse(&o, nil)
}

// Build is Parse(Merge(route, o)).
func (e *Endpoint) Build(route string, o Options) (RequestOptions, error) {
	return e.build(route, &o, false)
}

// build is Build; unique says the call's Params hold each name once.
func (e *Endpoint) build(route string, o *Options, unique bool) (RequestOptions, error) {
	m, err := e.merge(route, o, unique)
	if err != nil {
		return RequestOptions{}, err
	}
	pre := e.ready
	if len(o.Headers) > 0 || o.MediaType.Format != "" || len(o.MediaType.Previews) > 0 {
		pre.headers = nil
	}
	return parse(&m, &pre)
}

// merge applies the route and the call's options over the defaults. The
// result may share parts with both; Build only reads it.
func (e *Endpoint) merge(route string, call *Options, unique bool) (Options, error) {
	if e.err != nil {
		return Options{}, e.err
	}
	layer := *call
	if route != "" {
		m, u, err := splitRoute(route)
		if err != nil {
			return Options{}, err
		}
		if layer.Method == "" {
			layer.Method = m
		}
		if layer.URL == "" {
			layer.URL = u
		}
	}
	out, err := merge(&e.defaults, &layer, unique)
	if err != nil {
		return Options{}, newError("merge", route, err)
	}
	if out.Data != nil && len(e.defaults.Params) > 0 {
		out.Params = dropDefaultBodyParams(out, e.defaults.Params, call.Params)
	}
	return out, nil
}

// dropDefaultBodyParams removes parameters that came only from defaults
// and would go to the body beside Data: v6 drops them silently, and
// keeping them would make every defaults layer with parameters unusable
// with Data. The call's own leftovers stay, so that Parse reports them.
func dropDefaultBodyParams(o Options, defaults, call Params) Params {
	method, err := normalizeMethod(o.Method)
	if err != nil || !hasBody(method) {
		return o.Params
	}
	t, err := template.Parse(o.URL)
	if err != nil {
		return o.Params
	}
	out := make(Params, 0, len(o.Params))
	for _, p := range o.Params {
		_, inDefaults := defaults.Get(p.Name)
		_, inCall := call.Get(p.Name)
		if inDefaults && !inCall && !t.Uses(p.Name) {
			continue
		}
		out = append(out, p)
	}
	return out
}
