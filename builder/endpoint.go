package builder

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"

	"github.com/endpointkit/endpoint/internal/value"
)

// Endpoint builds requests over a fixed set of defaults, merged once; it
// is immutable and safe for concurrent use. The zero Endpoint (also a nil
// *Endpoint) has no defaults at all and builds relative URLs.
//
//   - a call: [Endpoint.Route], then the methods of [Builder]
//   - JavaScript's functions: [Endpoint.Build], [Endpoint.Merge], [Endpoint.Parse], and [Endpoint.BuildJSON]
//   - defaults: [New], [Endpoint.Defaults], [Endpoint.DefaultOptions], [Endpoint.Err], [Endpoint.Format]
type Endpoint struct {
	defaults layer // never written once made
	err      error // of an invalid Option, returned by every call
	pre      prepared
}

// prepared is the work an Endpoint does once for all its calls: the
// headers of a call that changes none, those for each body class, and
// whether the base URL passed checkBaseURL.
type prepared struct {
	headers []header
	bodies  [4][]header
	base    string
	baseOK  bool
}

// prepare prepares the defaults l.
func prepare(l *layer) prepared {
	p := prepared{headers: finalHeaders(l), base: l.BaseURL}
	for i, b := range [...]finalBody{{}, {kind: rawBody, raw: ""}, {kind: rawBody, raw: []byte(nil)}, {kind: jsonBody}} {
		p.bodies[i] = bodyHeaders(p.headers, false, &b, "")
	}
	p.baseOK = checkBaseURL(l.BaseURL) == nil // else every call on it reports it
	return p
}

// New returns an Endpoint with the given layers of defaults, each over the
// ones before.
func New(opts ...Option) *Endpoint {
	return (&Endpoint{}).Defaults(opts...)
}

// Defaults returns a new Endpoint with opts layered over e's defaults.
// An invalid layer makes every call fail with its error, as Err reports.
func (e *Endpoint) Defaults(opts ...Option) *Endpoint {
	e = e.orZero()
	next := &Endpoint{defaults: e.defaults, err: e.err}
	for i := 0; i < len(opts) && next.err == nil; i++ {
		next.err = next.layerOn(i, opts[i])
	}
	if next.err == nil {
		next.pre = prepare(&next.defaults)
	}
	return next
}

func (next *Endpoint) layerOn(i int, opt Option) error {
	if opt == nil {
		return newError("defaults", "", fmt.Errorf("%w: option %d is nil", ErrInvalidOption, i))
	}
	var o Options
	if err := opt(&o); err != nil {
		return wrapError("defaults", err)
	}
	l, err := toLayer(&o)
	if err != nil {
		return wrapError("defaults", err)
	}
	l.Keys = keyOrder{keys: l.order()}
	// A []byte Data is copied, as its caller may go on changing it; an
	// io.Reader, which one request only could read, is refused.
	switch raw := l.Data.raw.(type) {
	case []byte:
		l.Data.raw = bytes.Clone(raw)
	case io.Reader:
		return newError("defaults", keyData, fmt.Errorf("%w: an io.Reader can be read by one request only", ErrInvalidValue))
	}
	merged, err := mergeLayers(&next.defaults, &l)
	if err != nil {
		return newError("defaults", "", err)
	}
	if len(merged.Params.list) > MaxParams {
		return paramLimit()
	}
	if err := headerLimit(len(merged.Headers.list)); err != nil {
		return err
	}
	next.defaults = merged
	return nil
}

// Err returns the error of the first invalid layer given to Defaults on
// e or its parents, which every call of e returns.
func (e *Endpoint) Err() error { return e.orZero().err }

var zeroEndpoint Endpoint

func (e *Endpoint) orZero() *Endpoint {
	if e == nil {
		return &zeroEndpoint
	}
	return e
}

// DefaultOptions returns a copy of e's merged defaults, JavaScript's
// endpoint.DEFAULTS.
func (e *Endpoint) DefaultOptions() Options {
	return e.orZero().defaults.export()
}

// Merge merges a route ("METHOD /path", or "" to take both from o) and
// options over e's defaults without parsing them: endpoint.merge.
func (e *Endpoint) Merge(route string, o Options) (Options, error) {
	call, err := e.callLayer(route, &o, nil)
	if err != nil {
		return Options{}, err
	}
	return e.orZero().merge(route, &call)
}

// merge is the call over the defaults, within Parse's limits, with the
// catalogue applied.
func (e *Endpoint) merge(route string, call *layer) (Options, error) {
	call.Keys = callKeys(route, call)
	m, err := mergeLayers(&e.defaults, call)
	if err != nil {
		return Options{}, newError("merge", route, err)
	}
	if err := headerLimit(len(m.Headers.list)); err != nil {
		return Options{}, err
	}
	if len(m.Previews.names) > MaxPreviews {
		return Options{}, previewLimit()
	}
	var op Operation
	if m.Catalog.c != nil {
		kept, _, catOp, _, err := applyCatalog(&m, m.Params.list, call.Params, call)
		if err != nil {
			return Options{}, err
		}
		m.Params, op = paramList{kept}, catOp
	}
	dropInherited(&m, call)
	if len(m.Params.list) > MaxParams {
		return Options{}, paramLimit() // as Build says of the same call
	}
	o := m.export()
	o.op = op
	return o, nil
}

// Parse turns merged options into request options, endpoint.parse: no
// defaults apply but e's search parameters, which JSON does not carry.
func (e *Endpoint) Parse(o Options) (RequestOptions, error) {
	l, err := toLayer(&o)
	if err != nil {
		return RequestOptions{}, err
	}
	l.Search = unionSearch(e.orZero().defaults.Search, l.Search)
	var r resolved
	if err := resolve(&r, &l, l.Params.list, callOwn{all: true}, parse{headersChanged: true, op: o.op}); err != nil {
		return RequestOptions{}, err
	}
	return r.requestOptions(), nil
}

// Build is Parse(Merge(route, o)), JavaScript's endpoint(route, options).
func (e *Endpoint) Build(route string, o Options) (RequestOptions, error) {
	call, err := e.callLayer(route, &o, nil)
	if err != nil {
		return RequestOptions{}, err
	}
	return e.orZero().build(&call, nil)
}

// BuildJSON is Build with options JSON (as Options.UnmarshalJSON reads
// it) decoded straight into the call; empty options are none.
func (e *Endpoint) BuildJSON(route string, options []byte) (RequestOptions, error) {
	call, err := e.callLayer(route, nil, options)
	if err != nil {
		return RequestOptions{}, err
	}
	return e.orZero().build(&call, nil)
}

// callLayer is a call's layer: o, or else the options JSON, with the
// route put in.
func (e *Endpoint) callLayer(route string, o *Options, options []byte) (l layer, err error) {
	if err := e.Err(); err != nil {
		return layer{}, err
	}
	method, target, err := e.splitRoute(route)
	if err != nil {
		return layer{}, err
	}
	if o != nil {
		l, err = toLayer(o)
	} else if len(options) > 0 {
		l, err = decodeLayer(options, false)
	}
	if err != nil {
		return layer{}, err
	}
	return routeLayer(method, target, l)
}

// routeLayer puts a split route into a call's layer, its method unless
// the options set one. The url option beside a route becomes the
// parameter "url" in its place, a body field for GitHub, which in v6
// moved the request to another host.
func routeLayer(method, target string, l layer) (layer, error) {
	if target != "" {
		if l.URL != "" && l.Params.find(keyURL) < 0 {
			if len(l.Params.list) >= MaxParams {
				return layer{}, paramLimit()
			}
			at := len(l.Params.list)
			if l.Keys.urlAt > 0 && l.Keys.urlAt-1 < at {
				at = l.Keys.urlAt - 1
			}
			l.Params = paramList{slices.Insert(slices.Clip(l.Params.list), at, param{keyURL, value.Str(l.URL)})}
		}
		l.URL = target
	}
	if l.Method == "" {
		l.Method = method
	}
	return l, nil
}

// build resolves a call over the defaults into request options.
func (e *Endpoint) build(call *layer, own []param) (RequestOptions, error) {
	var r resolved
	if err := e.resolve(&r, call, own); err != nil {
		return RequestOptions{}, err
	}
	return r.requestOptions(), nil
}

// resolve is the one road from a call to its request: over the defaults,
// through the catalogue if any, parsed. own, if not nil, are a Builder's
// parameters, kept apart from call.
func (e *Endpoint) resolve(r *resolved, call *layer, own []param) error {
	var m layer
	overlay(&m, &e.defaults, call)
	if err := headerLimit(len(m.Headers.list)); err != nil {
		return err // together, as Merge counts them
	}
	params, mine := m.Params.list, call.Params
	if own != nil {
		mine = paramList{own}
		params = mergeParams(m.Params, mine).list
	}
	c := parse{pre: &e.pre, headersChanged: len(call.Headers.list) > 0 || call.Format != "" || len(call.Previews.names) > 0}
	if m.Catalog.c != nil {
		kept, moved, op, t, err := applyCatalog(&m, params, mine, call)
		if err != nil {
			return err
		}
		params, c.op, c.t, c.headersChanged = kept, op, t, c.headersChanged || moved
	}
	return resolve(r, &m, params, callOwn{list: mine, data: call.Data.set}, c)
}

// splitRoute is parseRoute, but with a catalogue a route may be an
// operation ID.
func (e *Endpoint) splitRoute(route string) (method, target string, err error) {
	method, target, err = parseRoute(route)
	if err != nil && e.orZero().defaults.Catalog.c != nil && (isOperationID(route) || isOperationWord(route)) {
		return "", route, nil
	}
	return method, target, err
}

// callKeys is the order of a call's keys: a route's method and url
// first, as v6 assigns the options over them.
func callKeys(route string, l *layer) keyOrder {
	if route == "" {
		return keyOrder{keys: l.order()}
	}
	keys := slices.DeleteFunc(l.order(), func(k string) bool { return k == keyMethod || k == keyURL })
	return keyOrder{keys: slices.Insert(keys, 0, keyMethod, keyURL)}
}

// wrapError wraps err as op's unless it is an *Error already.
func wrapError(op string, err error) error {
	var e *Error
	if errors.As(err, &e) {
		return err
	}
	return newError(op, "", err)
}
