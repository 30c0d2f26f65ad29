package builder

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"maps"
	"net/url"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"unsafe"
	"weak"

	"github.com/endpointkit/endpoint/headers"
	"github.com/endpointkit/endpoint/internal/addrmemo"
	"github.com/endpointkit/endpoint/internal/value"
	"github.com/endpointkit/endpoint/template"
)

// Endpoint builds requests from routes over a fixed set of defaults. It
// is immutable and safe for concurrent use; Defaults returns a new one.
// The zero Endpoint has no defaults: no method, no base URL and no
// headers, so that it builds URLs relative to whatever origin the caller
// joins them to (package endpoint's Defaults starts from GitHub's). A
// nil *Endpoint, and a zero Builder, stand for the zero Endpoint.
//
//   - a call: [Endpoint.Route], then the methods of [Builder]
//   - the JavaScript functions: [Endpoint.Build], [Endpoint.Merge], [Endpoint.Parse]; [Endpoint.BuildJSON] takes options JSON, [Endpoint.AppendBuildJSON] also writes the result as JSON, [Endpoint.AppendBuildJSONSpans] says where its members are
//   - defaults: [New], [Endpoint.Defaults], [Endpoint.DefaultOptions], [Endpoint.Err]; [Endpoint.Format] prints them, credentials masked
type Endpoint struct {
	defaults layer // flattened once, never written afterwards
	err      error // from an invalid Option; returned by every call
	pre      prepared
	// direct says the defaults allow Builder.HTTPRequest's direct path.
	direct bool
}

// prepared is the work an Endpoint does once for all its calls.
type prepared struct {
	// headers are the defaults' final headers (removed ones dropped, the
	// media type applied): the headers of every call that changes none.
	headers []header
	// withJSON, withBinary and withoutBody are headers with what
	// bodyHeaders adds for a JSON or string body, a []byte or io.Reader
	// one, and none.
	withJSON, withBinary, withoutBody []header
	// made holds each of those four lists as a result's JSON and map,
	// made on first use.
	made *madeOnUse
	// headersID names each of them (see JSONSpans.HeadersID).
	headersID [4]uint64
	// base is the default base URL; baseOK says it passed checkBaseURL,
	// so URLs joined to it need no check, and pathAt is where its path
	// starts (after the authority).
	base   string
	baseOK bool
	pathAt int
	// baseURL is base as net/url reads it, for building *http.Request
	// URLs without parsing them (absolute bases only).
	baseURL *url.URL
	// trimmedBase is base without a trailing slash.
	trimmedBase string
	// catalog stands for the catalogue in the route memo, when it
	// can be compared with ==, so that the memo may tell catalogues apart
	// (catalog_memo.go); catalogKey is it, weakly, as the memo holds it.
	catalog    *catKey
	catalogKey weak.Pointer[catKey]
}

// prepareOver does an Endpoint's work once, for the defaults l. Over
// parent's prepared form (nil for none), a base URL that l's layers left
// as it was is not checked and parsed again.
func prepareOver(l *layer, parent *prepared) (prepared, error) {
	hs, err := finalHeaders(l)
	if err != nil {
		return prepared{}, err
	}
	p := prepared{headers: hs, base: l.BaseURL, made: new(madeOnUse)}
	if c := l.Catalog.c; c != nil && canCompare(c) {
		if parent != nil && parent.catalog != nil && parent.catalog.cat == c {
			p.catalog, p.catalogKey = parent.catalog, parent.catalogKey
		} else {
			p.catalog, p.catalogKey = catKeyOf(c)
		}
	}
	p.withJSON, _ = bodyHeaders(hs, false, &finalBody{kind: jsonBody}, "post")
	p.withBinary, _ = bodyHeaders(hs, false, &finalBody{kind: rawBody, raw: []byte(nil)}, "post")
	p.withoutBody, _ = bodyHeaders(hs, false, &finalBody{}, "post")
	for i := range p.headersID {
		p.headersID[i] = headersIDs.Add(1)
	}
	if parent != nil && parent.made != nil && parent.base == l.BaseURL {
		// The parsed base is only read, never changed: shared.
		p.baseOK, p.trimmedBase, p.baseURL, p.pathAt = parent.baseOK, parent.trimmedBase, parent.baseURL, parent.pathAt
		return p, nil
	}
	if err := checkBaseURL(l.BaseURL); err != nil {
		return p, nil // every call with this base reports it
	}
	p.baseOK = true
	trimmed := strings.TrimSuffix(l.BaseURL, "/")
	p.trimmedBase = trimmed
	if isAbsolute(trimmed) {
		// A copy: url.Parse slices the host out of what it is given, and
		// the notes Build leaves in a global table (built.go) keep the
		// parsed base, which must not keep a larger string the base URL
		// may be a slice of (options JSON) alive.
		u, err := url.Parse(strings.Clone(trimmed))
		if err != nil {
			return p, nil
		}
		p.baseURL = u
		// Where the base's path starts in its own text (not the length
		// of EscapedPath, which may write the path differently).
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

// lists are the prepared header lists, in headersJSON's order.
func (p *prepared) lists() [4][]header {
	return [4][]header{p.headers, p.withJSON, p.withBinary, p.withoutBody}
}

// headersIDs numbers prepared header lists, from 1.
var headersIDs atomic.Uint64

// listIndex is the index of hs among the prepared lists when it is one of
// them (the same memory, which nothing writes), else -1.
func (p *prepared) listIndex(hs []header) int {
	if p == nil || len(hs) == 0 {
		return -1
	}
	for i, l := range p.lists() {
		if len(l) == len(hs) && unsafe.SliceData(l) == unsafe.SliceData(hs) {
			return i
		}
	}
	return -1
}

// headersJSONOf is the JSON object of hs and its ID when hs is one of the
// prepared lists, else nil and 0.
func (p *prepared) headersJSONOf(hs []header) ([]byte, uint64) {
	i := p.listIndex(hs)
	if i < 0 || p.made == nil {
		return nil, 0
	}
	text := onUse(&p.made.json[i], func() []byte {
		return appendHeadersJSON(nil, slices.Clone(hs)) // it sorts what it is given
	})
	return text, p.headersID[i]
}

// headerSetOf is a new header map of hs: a clone of the prepared map when
// hs is one of the prepared lists.
func (p *prepared) headerSetOf(hs []header) headers.Set {
	i := p.listIndex(hs)
	if i < 0 || p.made == nil {
		return headerSet(hs)
	}
	return maps.Clone(onUse(&p.made.sets[i], func() headers.Set { return headerSet(hs) }))
}

// canCompare reports whether == can compare c without a panic: whether
// its value, not only its type, is comparable (a comparable struct may
// hold a func in an interface field). It asks == itself, the operation
// that must not panic; reflect.Value.Comparable would say the same but
// link a part of reflect the WebAssembly module does without (3 KB).
func canCompare(c Catalog) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	d := c
	return c == d || c != d // not folded: each may panic
}

// madeOnUse is what an Endpoint makes of its prepared header lists (in
// lists' order) the first time a result needs it, so that an Endpoint
// made per call, with Defaults, pays for none it does not use: the JSON
// object a result's "headers" is, which the JavaScript module's calls
// copy rather than write each time, and the map RequestOptions.Headers
// is, which a result clones (a copy of a small map costs less than
// hashing its names into a new one).
type madeOnUse struct {
	json [4]atomic.Pointer[[]byte]
	sets [4]atomic.Pointer[headers.Set]
}

// onUse returns what p holds, made by make and stored there first when
// it holds nothing; of two goroutines making it at once, one's is kept.
func onUse[T any](p *atomic.Pointer[T], make func() T) T {
	if v := p.Load(); v != nil {
		return *v // inlined: the first use alone pays a call
	}
	return makeOnUse(p, make)
}

func makeOnUse[T any](p *atomic.Pointer[T], make func() T) T {
	made := make()
	p.CompareAndSwap(nil, &made)
	return *p.Load()
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
		if _, isString := b.raw.(string); !isString {
			return p.withBinary
		}
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
		if opt == nil {
			next.err = newError("defaults", "", optionIndexError(i))
			break
		}
		var o Options
		if err := opt(&o); err != nil {
			next.err = defaultsError(err)
			break
		}
		l, err := toLayer(&o)
		if err == nil {
			l.Keys = keyOrder{keys: l.order()}
			err = defaultData(&l)
		}
		if err != nil {
			next.err = defaultsError(err)
			break
		}
		merged, err := mergeLayers(&next.defaults, &l)
		if err != nil {
			next.err = newError("defaults", "", err)
			break
		}
		if err := defaultsLimits(&merged); err != nil {
			next.err = err // layers that add names one by one stay bounded
			break
		}
		next.defaults = merged
	}
	if next.err == nil {
		next.pre, next.err = prepareOver(&next.defaults, &e.pre)
		next.direct = directOK(&next.defaults, &next.pre)
	}
	return next
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
	e = e.orZero()
	return e.defaults.export()
}

// Merge merges a route ("METHOD /path", or "" to take both from o) and
// options over e's defaults, without parsing: JavaScript's
// endpoint.merge. The result is the caller's.
func (e *Endpoint) Merge(route string, o Options) (Options, error) {
	e = e.orZero()
	m, _, op, err := e.mergeOptions(route, &o)
	if err != nil {
		return Options{}, err
	}
	out := m.export()
	out.op = op
	return out, nil
}

// Parse turns merged options into request options: JavaScript's
// endpoint.parse. It uses no defaults.
func (e *Endpoint) Parse(o Options) (RequestOptions, error) {
	l, err := toLayer(&o)
	if err != nil {
		return RequestOptions{}, err
	}
	var r resolved
	if err := resolve(&r, &l, l.Params.list, nil, true, callParams{all: true}, o.op); err != nil {
		return RequestOptions{}, err
	}
	return r.requestOptions(nil), nil
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
	return e.buildCall(&call, nil)
}

// BuildJSON is Build with the options in the octokit JSON shape, as
// Options.UnmarshalJSON reads them, decoded straight into the call
// without an Options in between: the same result, in about half the time
// and allocations. Empty options mean none.
func (e *Endpoint) BuildJSON(route string, options []byte) (RequestOptions, error) {
	e = e.orZero()
	var r resolved
	var scratch [urlScratch]byte
	var bodyBuf [bodyScratch]byte
	var l layer
	decoded, url, body, ok := e.directJSON(&r, route, options, &l, scratch[:0], bodyBuf[:0], nil)
	if ok {
		r.keep(url, body)
		return r.requestOptions(&e.pre), nil
	}
	call, err := e.jsonCall(route, options, decodedLayer(&l, decoded))
	if err != nil {
		return RequestOptions{}, err
	}
	return e.buildCall(&call, nil)
}

// AppendBuildJSON appends to dst what RequestOptions.MarshalJSON writes
// of BuildJSON(route, options), without the RequestOptions in between
// (the WebAssembly module's path), but for the members of request: it
// writes them in the order the defaults and options gave them, as v6
// does, where RequestOptions hold them in a map, which MarshalJSON writes
// sorted. On error dst is returned as it was.
func (e *Endpoint) AppendBuildJSON(dst []byte, route string, options []byte) ([]byte, error) {
	return e.AppendBuildJSONSpans(dst, route, options, nil)
}

// AppendBuildJSONSpans is [Endpoint.AppendBuildJSON] that also says, in
// spans (when not nil), where the result's members are in what it
// returns. On error spans is left as it was.
func (e *Endpoint) AppendBuildJSONSpans(dst []byte, route string, options []byte, spans *JSONSpans) ([]byte, error) {
	e = e.orZero()
	var l layer
	decoded, out, ok := e.appendDirectJSON(dst, route, options, &l, spans)
	if ok {
		return out, nil
	}
	call, err := e.jsonCall(route, options, decodedLayer(&l, decoded))
	if err != nil {
		return dst, err
	}
	var r resolved
	if err := e.resolveCall(&r, &call, nil); err != nil {
		return dst, err
	}
	return r.appendJSON(dst, &e.pre, spans), nil
}

// appendDirectJSON is AppendBuildJSON's direct path, apart so that its
// scratch buffer stays on the stack. The call's parameters are decoded
// into a pooled list, which goes back to the pool once the result is
// written (on the general path the list stays with the layer).
func (e *Endpoint) appendDirectJSON(dst []byte, route string, options []byte, l *layer, spans *JSONSpans) (decoded bool, out []byte, ok bool) {
	var r resolved
	var scratch [urlScratch]byte
	var bodyBuf [bodyScratch]byte
	lp := paramsPool.Get().(*[]param)
	decoded, url, body, ok := e.directJSON(&r, route, options, l, scratch[:0], bodyBuf[:0], (*lp)[:0])
	if !ok {
		return decoded, nil, false
	}
	urlText := r.url
	if url != nil {
		urlText = unsafe.String(unsafe.SliceData(url), len(url))
	}
	out = r.appendJSONText(dst, urlText, body, &e.pre, spans)
	if list := l.Params.list; cap(list) <= maxPooledParams {
		clear(list[:cap(list)]) // keep no values alive
		*lp = list[:0]
		l.Params.list = nil
		paramsPool.Put(lp)
	}
	return true, out, true
}

// paramsPool holds parameter lists for appendDirectJSON; maxPooledParams
// is the longest list it keeps.
var paramsPool = sync.Pool{New: func() any { list := make([]param, 0, 8); return &list }}

const maxPooledParams = 64

// directJSON is the direct path (resolveDirect) for a call whose options
// are octokit JSON, decoded into l (decoded false when they were not, or
// did not decode: jsonCall decodes them again, after the route, so that a
// bad route is the error reported first). When ok, r holds the result,
// its URL in url (in scratch) when r.url is empty, and a JSON body of
// parameters in body (in bodyScratch) when r.body.json is empty.
func (e *Endpoint) directJSON(r *resolved, route string, options []byte, l *layer, scratch, bodyScratch []byte, list []param) (decoded bool, url, body []byte, ok bool) {
	if e.err != nil || !e.direct {
		return false, nil, nil, false
	}
	if len(options) > 0 {
		var err error
		if *l, err = decodeLayer(options, false, list); err != nil { // a build shows no key order
			return false, nil, nil, false
		}
	}
	url, body, ok = e.resolveDirect(r, route, l, l.Params.list, scratch, bodyScratch)
	return true, url, body, ok
}

// decodedLayer is l when decoded, else nil.
func decodedLayer(l *layer, decoded bool) *layer {
	if decoded {
		return l
	}
	return nil
}

// jsonCall is the layer of a call whose options are octokit JSON, decoded
// here unless decoded holds them.
func (e *Endpoint) jsonCall(route string, options []byte, decoded *layer) (layer, error) {
	if e.err != nil {
		return layer{}, e.err
	}
	method, target, err := e.splitRoute(route)
	if err != nil {
		return layer{}, err
	}
	var l layer
	switch {
	case decoded != nil:
		l = *decoded
	case len(options) > 0:
		if l, err = decodeLayer(options, false, nil); err != nil { // a build shows no key order
			return layer{}, err
		}
	}
	return e.routeLayer(method, target, l)
}

// callLayer converts a call's options and route into a layer: the
// route's method and URL, unless o sets the method; o.URL beside a route
// is the parameter "url" (GitHub has body fields of that name, and in
// v6 they moved the request to another host).
func (e *Endpoint) callLayer(route string, o *Options) (layer, error) {
	method, target, err := e.splitRoute(route)
	if err != nil {
		return layer{}, err
	}
	l, err := toLayer(o)
	if err != nil {
		return layer{}, err
	}
	return e.routeLayer(method, target, l)
}

// routeLayer puts a call's route, split, into its layer: see callLayer.
func (e *Endpoint) routeLayer(method, target string, l layer) (layer, error) {
	if target != "" {
		if l.URL != "" {
			if len(l.Params.list) >= MaxParams {
				return layer{}, paramLimit()
			}
			if l.Params.find(keyURL) < 0 {
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
		}
		l.URL = target
	}
	if l.Method == "" {
		l.Method = method
	}
	return l, nil
}

// mergeOptions is Merge's work: the call's layer over the defaults, and
// the operation a catalogue resolved it to (nil without one).
func (e *Endpoint) mergeOptions(route string, o *Options) (layer, *layer, Operation, error) {
	if e.err != nil {
		return layer{}, nil, nil, e.err
	}
	call, err := e.callLayer(route, o)
	if err != nil {
		return layer{}, nil, nil, err
	}
	m, op, err := e.mergeCallLayer(route, &call)
	if err != nil {
		return layer{}, nil, nil, err
	}
	return m, &call, op, nil
}

// mergeCallLayer merges the layer of a call of route over the defaults,
// checks the limits the merge may reach, and applies the catalogue: the
// end of Endpoint.Merge and Builder.Merge. It sets call's Keys.
func (e *Endpoint) mergeCallLayer(route string, call *layer) (layer, Operation, error) {
	call.Keys = callKeys(route, call)
	m, err := mergeLayers(&e.defaults, call)
	if err != nil {
		return layer{}, nil, newError("merge", route, err)
	}
	// So that Parse and MarshalJSON take what Merge gives.
	if err := headerLimit(len(m.Headers.list)); err != nil {
		return layer{}, nil, err
	}
	if len(m.Previews.names) > MaxPreviews {
		return layer{}, nil, previewLimit()
	}
	var op Operation
	if m.Catalog.c != nil {
		kept, _, catOp, err := applyCatalog(&m, m.Params.list, call.Params, call.Headers, call.Method, m.Catalog.c)
		if err != nil {
			return layer{}, nil, err
		}
		m.Params, op = paramList{kept}, catOp
	}
	dropInherited(&m, call)
	if len(m.Params.list) > MaxParams {
		return layer{}, nil, paramLimit() // as Build says of the same call
	}
	return m, op, nil
}

// buildCall resolves a call's layer over the defaults into request
// options: the common end of Build, BuildJSON and Builder.Build.
func (e *Endpoint) buildCall(call *layer, own []param) (RequestOptions, error) {
	var r resolved
	if err := e.resolveCall(&r, call, own); err != nil {
		return RequestOptions{}, err
	}
	return r.requestOptions(&e.pre), nil
}

// resolveCall merges a call over the defaults and parses it. own, when
// not nil, are the call's parameters, apart from call (a Builder's,
// uncopied: the parser keeps nothing of them, where it may keep what the
// layers hold).
func (e *Endpoint) resolveCall(r *resolved, call *layer, own []param) error {
	m := mergeCall(&e.defaults, call)
	if err := headerLimit(len(m.Headers.list)); err != nil {
		return err // the call's and the defaults' together, as Merge counts them
	}
	params, mine := m.Params.list, call.Params
	if own != nil {
		mine = paramList{own}
		if len(params) == 0 {
			params = own
		} else {
			params = mergeParams(m.Params, mine).list // a new list
		}
	}
	changed := len(call.Headers.list) > 0 || call.Format != "" || len(call.Previews.names) > 0
	var op Operation
	if m.Catalog.c != nil {
		kept, moved, catOp, err := applyCatalog(&m, params, mine, call.Headers, call.Method, m.Catalog.c)
		if err != nil {
			return err
		}
		changed = changed || moved
		params, op = kept, catOp
	}
	return resolve(r, &m, params, &e.pre, changed, callParams{list: mine, data: call.Data.set}, op)
}

// splitRoute is SplitRoute, but with a catalog a route may
// also be an operation ID, which leaves the method empty for Resolve.
func (e *Endpoint) splitRoute(route string) (method, target string, err error) {
	method, target, _, err = e.routeTemplate(route)
	return method, target, err
}

// routeTemplate is splitRoute, with what routeMemo keeps of the route (nil
// when it is not kept), remembered for routes seen before.
func (e *Endpoint) routeTemplate(route string) (method, target string, info *routeInfo, err error) {
	if info := routeMemo.Ref(route); info != nil {
		if info.space < 0 {
			return "", route, info, nil
		}
		return route[:info.space], route[info.space+1:], info, nil
	}
	method, target, err = SplitRoute(route)
	if err != nil && e.defaults.Catalog.c != nil && (isOperationID(route) || isOperationWord(route)) {
		return "", route, nil, nil
	}
	if err == nil && routeMemo.HasRoom(route) {
		space := -1
		if method != "" {
			space = len(method)
		}
		t, _ := template.Parse(target)
		routeMemo.Put(route, routeInfo{space: space, t: t}, int(unsafe.Sizeof(routeInfo{}))+t.Size())
		info = routeMemo.Ref(route) // nil when another string took the slot first
	}
	return method, target, info, err
}

// routeInfo is what routeMemo keeps of a valid route: the index of the
// space after its method (-1 for none), its target's template (nil when
// it does not parse), and the operation the first catalogue in use to
// resolve it found (see directCatalog and catalog_memo.go).
type routeInfo struct {
	space int
	t     *template.Template
	op    atomic.Pointer[routeOp]
}

// routeOp is a route resolved by a catalogue (known by its key): the
// operation, the method and template to build it with, and that template
// parsed; with an operation that numbers its parameters, the names of the
// first call that passed the check (see directCatalog).
type routeOp struct {
	key            weak.Pointer[catKey]
	op             Operation
	ix             indexer // op, when it is one
	method, target string
	t              *template.Template
	shape          atomic.Pointer[callShape]
	base           string // a base URL op.BaseURL keeps as it is
}

// routeMemo remembers valid routes, found by the route string's address.
var routeMemo = addrmemo.Memo[routeInfo]{Budget: 4 << 20}

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

// optionIndexError says which Option of a Defaults call was nil.
func optionIndexError(i int) error {
	return fmt.Errorf("%w: option %d is nil", ErrInvalidOption, i)
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
