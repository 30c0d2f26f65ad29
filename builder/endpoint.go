package builder

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net/url"
	"strings"

	"github.com/endpointkit/endpoint/internal/value"
)

// Endpoint builds requests from routes over a fixed set of defaults. It
// is immutable and safe for concurrent use; Defaults returns a new one.
// The zero Endpoint has no defaults: no method, no base URL and no
// headers, so that it builds URLs relative to whatever origin the caller
// joins them to (package endpoint's Defaults starts from GitHub's). A
// nil *Endpoint, and a zero Builder, stand for the zero Endpoint.
//
//   - a call: [Endpoint.Route], then the methods of [Builder]
//   - the JavaScript functions: [Endpoint.Build], [Endpoint.Merge], [Endpoint.Parse]; [Endpoint.BuildJSON] takes options JSON
//   - defaults: [New], [Endpoint.Defaults], [Endpoint.DefaultOptions], [Endpoint.Err]; [Endpoint.Format] prints them, credentials masked
type Endpoint struct {
	defaults layer // merged once, never written afterwards
	err      error // from an invalid Option; returned by every call
	pre      prepared
}

// prepared is the work an Endpoint does once for all its calls.
type prepared struct {
	// headers are the defaults' final headers (removed ones dropped, the
	// media type applied): the headers of every call that changes none.
	// withJSON, withText, withBinary and withoutBody are them with what
	// bodyHeaders adds for a JSON body, a string, a []byte or io.Reader,
	// and none.
	headers, withJSON, withText, withBinary, withoutBody []header
	// base is the default base URL; baseOK says it passed checkBaseURL,
	// so URLs joined to it need no check. For an absolute base, baseURL
	// is it as net/url reads it and pathAt where its path starts.
	base    string
	baseOK  bool
	baseURL *url.URL
	pathAt  int
}

// prepareOver does an Endpoint's work once, for the defaults l; a base
// URL that parent (nil for none) already checked is not checked again.
func prepareOver(l *layer, parent *prepared) (prepared, error) {
	hs, err := finalHeaders(l)
	if err != nil {
		return prepared{}, err
	}
	p := prepared{headers: hs, base: l.BaseURL}
	p.withJSON, _ = bodyHeaders(hs, false, &finalBody{kind: jsonBody}, "post", "")
	p.withText, _ = bodyHeaders(hs, false, &finalBody{kind: rawBody, raw: ""}, "post", "")
	p.withBinary, _ = bodyHeaders(hs, false, &finalBody{kind: rawBody, raw: []byte(nil)}, "post", "")
	p.withoutBody, _ = bodyHeaders(hs, false, &finalBody{}, "post", "")
	if parent != nil && parent.base == l.BaseURL {
		p.baseOK, p.baseURL, p.pathAt = parent.baseOK, parent.baseURL, parent.pathAt
		return p, nil
	}
	if checkBaseURL(l.BaseURL) != nil {
		return p, nil // every call with this base reports it
	}
	p.baseOK = true
	trimmed := strings.TrimSuffix(l.BaseURL, "/")
	if isAbsolute(trimmed) {
		// A copy: url.Parse slices the host out of what it is given,
		// which may be a slice of a larger string (options JSON).
		if p.baseURL, err = url.Parse(strings.Clone(trimmed)); err != nil {
			p.baseURL = nil
			return p, nil
		}
		rest := trimmed[strings.Index(trimmed, "://")+3:]
		p.pathAt = len(trimmed) - len(rest)
		if i := strings.IndexByte(rest, '/'); i >= 0 {
			p.pathAt += i
		} else {
			p.pathAt = len(trimmed)
		}
	}
	return p, nil
}

// bodyHeaders is the package's bodyHeaders for the prepared headers,
// without copying them.
func (p *prepared) bodyHeaders(b *finalBody, method string) []header {
	switch b.kind {
	case noBody:
		if method == "put" || method == "patch" {
			b.kind = emptyBody
		}
		return p.withoutBody
	case rawBody:
		if _, isString := b.raw.(string); isString {
			return p.withText
		}
		return p.withBinary
	}
	return p.withJSON
}

// New returns an Endpoint whose defaults are the given options, applied in
// order, each as a layer over the ones before.
func New(opts ...Option) *Endpoint {
	return (&Endpoint{}).Defaults(opts...)
}

// Defaults returns a new Endpoint with opts layered over e's defaults; e
// is unchanged. Layers are merged here, once, not on every call. An
// invalid layer makes every call of the new Endpoint fail with its error,
// which Err reports at once.
func (e *Endpoint) Defaults(opts ...Option) *Endpoint {
	e = e.orZero()
	next := &Endpoint{defaults: e.defaults, err: e.err}
	for i, opt := range opts {
		if next.err != nil {
			break
		}
		if next.err = next.layerOn(i, opt); next.err != nil {
			break
		}
	}
	if next.err == nil {
		next.pre, next.err = prepareOver(&next.defaults, &e.pre)
	}
	return next
}

// layerOn merges the i-th Option of a Defaults call over next's defaults.
func (next *Endpoint) layerOn(i int, opt Option) error {
	if opt == nil {
		return newError("defaults", "", fmt.Errorf("%w: option %d is nil", ErrInvalidOption, i))
	}
	var o Options
	if err := opt(&o); err != nil {
		return defaultsError(err)
	}
	l, err := toLayer(&o)
	if err == nil {
		l.Keys = keyOrder{keys: l.order()}
		err = defaultData(&l)
	}
	if err != nil {
		return defaultsError(err)
	}
	merged, err := mergeLayers(&next.defaults, &l)
	if err != nil {
		return newError("defaults", "", err)
	}
	// Layers that add names one by one stay bounded.
	if len(merged.Params.list) > MaxParams {
		return paramLimit()
	}
	if err := headerLimit(len(merged.Headers.list)); err != nil {
		return err
	}
	next.defaults = merged
	return nil
}

// defaultData owns a layer's raw data: a []byte is copied, so that the
// caller's slice may change, and an io.Reader is refused, since only one
// request could read it.
func defaultData(l *layer) error {
	switch raw := l.Data.raw.(type) {
	case []byte:
		l.Data.raw = bytes.Clone(raw)
	case io.Reader:
		return newError("defaults", keyData, fmt.Errorf("%w: an io.Reader can be read by one request only", ErrInvalidValue))
	}
	return nil
}

// Err returns the error of the first invalid layer given to Defaults (on
// this Endpoint or the ones it was made from), which every call of e
// returns too; nil if there is none.
func (e *Endpoint) Err() error { return e.orZero().err }

// zeroEndpoint is the Endpoint a nil *Endpoint, or a Builder that did not
// come from one, stands for.
var zeroEndpoint Endpoint

// orZero is e, or the zero Endpoint for nil.
func (e *Endpoint) orZero() *Endpoint {
	if e == nil {
		return &zeroEndpoint
	}
	return e
}

// DefaultOptions returns a copy of e's merged defaults: JavaScript's
// endpoint.DEFAULTS.
func (e *Endpoint) DefaultOptions() Options {
	return e.orZero().defaults.export()
}

// Merge merges a route ("METHOD /path", or "" to take both from o) and
// options over e's defaults, without parsing: JavaScript's
// endpoint.merge. The result is the caller's.
func (e *Endpoint) Merge(route string, o Options) (Options, error) {
	e = e.orZero()
	if e.err != nil {
		return Options{}, e.err
	}
	call, err := e.callLayer(route, &o)
	if err != nil {
		return Options{}, err
	}
	return e.merge(route, &call)
}

// merge merges the layer of a call of route over the defaults, checks the
// limits the merge may reach and applies the catalogue: the end of
// Endpoint.Merge and Builder.Merge.
func (e *Endpoint) merge(route string, call *layer) (Options, error) {
	call.Keys = callKeys(route, call)
	m, err := mergeLayers(&e.defaults, call)
	if err != nil {
		return Options{}, newError("merge", route, err)
	}
	// So that Parse and MarshalJSON take what Merge gives.
	if err := headerLimit(len(m.Headers.list)); err != nil {
		return Options{}, err
	}
	if len(m.Previews.names) > MaxPreviews {
		return Options{}, previewLimit()
	}
	var op Operation
	if m.Catalog.c != nil {
		kept, _, catOp, _, err := applyCatalog(&m, m.Params.list, call.Params, call.Headers, call.Method, m.Catalog.c)
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

// Parse turns merged options into request options: JavaScript's
// endpoint.parse. It uses no defaults but e's search parameters
// (WithSearchParams), which options JSON does not carry.
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

// Build is Parse(Merge(route, o)): JavaScript's endpoint(route, options).
func (e *Endpoint) Build(route string, o Options) (RequestOptions, error) {
	e = e.orZero()
	if e.err != nil {
		return RequestOptions{}, e.err
	}
	call, err := e.callLayer(route, &o)
	if err != nil {
		return RequestOptions{}, err
	}
	return e.build(&call, nil)
}

// BuildJSON is Build with the options in the octokit JSON shape, as
// Options.UnmarshalJSON reads them, decoded straight into the call.
// Empty options mean none.
func (e *Endpoint) BuildJSON(route string, options []byte) (RequestOptions, error) {
	e = e.orZero()
	if e.err != nil {
		return RequestOptions{}, e.err
	}
	method, target, err := e.splitRoute(route)
	if err != nil {
		return RequestOptions{}, err
	}
	var l layer
	if len(options) > 0 {
		if l, err = decodeLayer(options, false); err != nil { // a build shows no key order
			return RequestOptions{}, err
		}
	}
	if l, err = routeLayer(method, target, l); err != nil {
		return RequestOptions{}, err
	}
	return e.build(&l, nil)
}

// callLayer converts a call's options and route into a layer: see
// routeLayer.
func (e *Endpoint) callLayer(route string, o *Options) (layer, error) {
	method, target, err := e.splitRoute(route)
	if err != nil {
		return layer{}, err
	}
	l, err := toLayer(o)
	if err != nil {
		return layer{}, err
	}
	return routeLayer(method, target, l)
}

// routeLayer puts a call's route, split, into its layer: the route's
// method and URL, unless the options set the method; the url option
// beside a route is the parameter "url" (GitHub has body fields of that
// name, and in v6 they moved the request to another host).
func routeLayer(method, target string, l layer) (layer, error) {
	if target != "" {
		if l.URL != "" && l.Params.find(keyURL) < 0 {
			if len(l.Params.list) >= MaxParams {
				return layer{}, paramLimit()
			}
			// In the place the url option had among the parameters.
			at := len(l.Params.list)
			if l.Keys.urlAt > 0 && l.Keys.urlAt-1 < at {
				at = l.Keys.urlAt - 1
			}
			list := make([]param, len(l.Params.list)+1)
			copy(list, l.Params.list[:at])
			list[at] = param{keyURL, value.Str(l.URL)}
			copy(list[at+1:], l.Params.list[at:])
			l.Params = paramList{list}
		}
		l.URL = target
	}
	if l.Method == "" {
		l.Method = method
	}
	return l, nil
}

// build resolves a call's layer over the defaults into request options;
// own, when not nil, are the call's parameters, kept apart from call (a
// Builder's).
func (e *Endpoint) build(call *layer, own []param) (RequestOptions, error) {
	var r resolved
	if err := e.resolve(&r, call, own); err != nil {
		return RequestOptions{}, err
	}
	return r.requestOptions(), nil
}

// resolve is the one road from a call to its request: the call's layer
// read over the defaults (overlay), checked and routed by the catalogue
// when there is one, then parsed. Build, BuildJSON, Builder.Build and
// both HTTPRequest paths take it.
func (e *Endpoint) resolve(r *resolved, call *layer, own []param) error {
	m := overlay(&e.defaults, call)
	if err := headerLimit(len(m.Headers.list)); err != nil {
		return err // the call's and the defaults' together, as Merge counts them
	}
	params, mine := m.Params.list, call.Params
	if own != nil {
		mine = paramList{own}
		params = mergeParams(m.Params, mine).list
	}
	c := parse{pre: &e.pre, headersChanged: len(call.Headers.list) > 0 || call.Format != "" || len(call.Previews.names) > 0}
	if m.Catalog.c != nil {
		kept, moved, op, t, err := applyCatalog(&m, params, mine, call.Headers, call.Method, m.Catalog.c)
		if err != nil {
			return err
		}
		params, c.op, c.t, c.headersChanged = kept, op, t, c.headersChanged || moved
	}
	return resolve(r, &m, params, callOwn{list: mine, data: call.Data.set}, c)
}

// splitRoute is parseRoute, but with a catalog a route may also be an
// operation ID, which leaves the method empty for Resolve.
func (e *Endpoint) splitRoute(route string) (method, target string, err error) {
	method, target, err = parseRoute(route)
	if err != nil && e.defaults.Catalog.c != nil && (isOperationID(route) || isOperationWord(route)) {
		return "", route, nil
	}
	return method, target, err
}

// callKeys is the order of a call's keys: the route's method and url
// first, as v6 assigns the options over them, then the options' own;
// without a route, the options' own order.
func callKeys(route string, l *layer) keyOrder {
	if route == "" {
		return keyOrder{keys: l.order()}
	}
	keys := make([]string, 0, 2+len(l.Params.list))
	keys = append(keys, keyMethod, keyURL)
	for _, k := range l.order() {
		if k != keyMethod && k != keyURL {
			keys = append(keys, k)
		}
	}
	return keyOrder{keys: keys}
}

// defaultsError wraps a layer's error, unless it already says where it
// came from.
func defaultsError(err error) error {
	var e *Error
	if errors.As(err, &e) {
		return err
	}
	return newError("defaults", "", err)
}
