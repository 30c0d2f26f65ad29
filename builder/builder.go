package builder

import (
	"maps"
	"slices"

	"github.com/endpointkit/endpoint/headers"
	"github.com/endpointkit/endpoint/internal/value"
	"github.com/endpointkit/endpoint/media"
)

// Builder assembles one call fluently: a route, then parameters, headers
// and the rest, then Build, Merge or HTTPRequest. Each method records
// into the Builder, converting its value at once, and returns the same
// Builder; the first error is kept and returned by Build, Merge and
// HTTPRequest. A Builder is for one goroutine and never changes its
// Endpoint. A chain that ends in Build or HTTPRequest does not escape to
// the heap. A Builder may build any number of times, and go on being
// changed between builds: no result shares anything with it (but a
// []byte or io.Reader Data, sent as it is). Use it
// through its pointer: a copy of the struct (c := *b) shares some of its
// parameters, headers and request members with b, and setting one in
// either may change the other; [Builder.Clone] branches a call.
//
//   - route and method: [Endpoint.Route], [Builder.Method], [Builder.URL], [Builder.BaseURL]
//   - parameters: [Builder.Param], [Builder.Params]
//   - headers and media type: [Builder.Header], [Builder.RemoveHeader], [Builder.Preview], [Builder.Format]
//   - body and meta information: [Builder.Data], [Builder.Meta]
//   - results: [Builder.Build], [Builder.HTTPRequest], [Builder.Merge]; [Builder.Clone] branches a call
//   - printing, credentials masked: [Builder.String], [Builder.GoString]
type Builder struct {
	e     *Endpoint
	route string
	// call holds what the methods set; its Params are in params.
	call   layer
	err    error
	budget value.Budget
	// The parameters: the first ones in small, without allocating, all of
	// them in more once small is full. Build hands the parser a copy, of
	// exactly their number: the parser's errors keep what it is given, and
	// handing it small itself would make every Builder escape.
	small [6]param
	n     int
	more  paramSet
	// req holds the request passthrough's members, reqAt their index.
	req   []value.Member
	reqAt nameIndex
}

// Route starts a call: "METHOD /path/{param}", or a target alone,
// which leaves the method to the defaults. The method is an HTTP token,
// followed by one space and a target without white space; a target alone
// starts with "/", "{" or http(s)://. Anything else is ErrInvalidRoute,
// reported by Build.
func (e *Endpoint) Route(route string) *Builder {
	return &Builder{e: e.orZero(), route: route}
}

// Method overrides the route's method.
func (b *Builder) Method(method string) *Builder { b.call.Method = method; return b }

// URL overrides the route's URL template.
func (b *Builder) URL(url string) *Builder { b.call.URL = url; return b }

// BaseURL overrides the base URL for this call.
func (b *Builder) BaseURL(baseURL string) *Builder { b.call.BaseURL = baseURL; return b }

// Param sets a parameter; setting a name again replaces its value in
// place. The value is converted at once, as encoding/json would marshal
// it (strings and integers without allocating); nil is JSON null, which
// a template reads as no value. The name must not be empty.
func (b *Builder) Param(name string, value any) *Builder {
	if b.err != nil {
		return b
	}
	if err := checkParamName(name); err != nil {
		b.err = err
		return b
	}
	if b.more.list == nil && b.n < len(b.small) && b.smallIndex(name) < 0 {
		// A new parameter in the Builder's own room: a string, number,
		// boolean or nil is converted straight into its place, not into
		// a value that is then copied there (a store-forwarding stall).
		p := &b.small[b.n]
		if !p.v.SetScalar(value) {
			v, err := toValue(value, &b.budget)
			if err != nil {
				b.err = valueErr(name, err)
				return b
			}
			p.v = v
		}
		p.name = name
		b.n++
		return b
	}
	// A name set again gives back what its old value took before the new
	// one is converted, so that a call never counts both.
	dst := b.paramSlot(name)
	if dst == nil {
		return b // b.err says why
	}
	b.budget.Refund(*dst)
	v, err := toValue(value, &b.budget)
	if err != nil {
		b.err = valueErr(name, err)
		return b
	}
	*dst = v
	return b
}

// smallIndex is the index of name among the parameters in the Builder's
// own room, or -1.
func (b *Builder) smallIndex(name string) int {
	for i := range b.n {
		if b.small[i].name == name {
			return i
		}
	}
	return -1
}

// paramSlot returns where name's value goes: its place when it is set
// already, else a new place at the end holding null; nil, with b.err set,
// past MaxParams.
func (b *Builder) paramSlot(name string) *value.Value {
	if b.more.list == nil {
		if i := b.smallIndex(name); i >= 0 {
			return &b.small[i].v
		}
		if b.n < len(b.small) {
			b.small[b.n] = param{name: name}
			b.n++
			return &b.small[b.n-1].v
		}
		b.more.list = append(make([]param, 0, 4*len(b.small)), b.small[:]...)
	}
	i, free := b.more.lookup(name)
	if i < 0 && len(b.more.list) >= MaxParams {
		b.err = paramLimit()
		return nil
	}
	return b.more.slot(i, free, name)
}

// params returns a copy of the parameters, in order.
func (b *Builder) params() []param {
	if b.more.list != nil {
		return slices.Clone(b.more.list)
	}
	if b.n == 0 {
		return nil
	}
	return append(make([]param, 0, b.n), b.small[:b.n]...)
}

// own returns the parameters as they are, not copied, for a parser that
// keeps nothing of them: handing them over apart from the layer, whose
// contents the parser does keep, lets the Builder stay on the stack.
func (b *Builder) own() []param {
	if b.more.list != nil {
		return b.more.list
	}
	return b.small[:b.n:b.n]
}

// Params sets parameters from a map, in sorted key order.
func (b *Builder) Params(params map[string]any) *Builder {
	for _, k := range slices.Sorted(maps.Keys(params)) {
		b.Param(k, params[k])
	}
	return b
}

// Header sets a header; names are case-insensitive, and the last value
// set for a name wins. The name must be an HTTP token and the value
// free of control characters; an error never quotes the value.
func (b *Builder) Header(name, value string) *Builder {
	if b.err != nil {
		return b
	}
	if err := checkHeader(name, value); err != nil {
		b.err = err
		return b
	}
	b.setHeader(header{name: headers.Name(name), value: value})
	return b
}

// RemoveHeader removes a header the defaults set, for this call.
func (b *Builder) RemoveHeader(name string) *Builder {
	if b.err != nil {
		return b
	}
	if err := headers.ValidateName(name); err != nil {
		b.err = newError("header", "", err)
		return b
	}
	b.setHeader(header{name: headers.Name(name), removed: true})
	return b
}

func (b *Builder) setHeader(h header) {
	if i := b.call.Headers.find(h.name); i >= 0 {
		b.call.Headers.list[i] = h
		return
	}
	if b.err = headerLimit(len(b.call.Headers.list) + 1); b.err == nil {
		b.call.Headers.list = append(b.call.Headers.list, h)
	}
}

// Preview adds API previews; "-preview" suffixes are optional.
func (b *Builder) Preview(names ...string) *Builder {
	if b.err != nil {
		return b
	}
	all := append(slices.Clip(b.call.Previews.names), names...)
	if err := checkMediaType("", all); err != nil {
		b.err = err
		return b
	}
	b.call.Previews.names = all
	return b
}

// Format sets the media type format, such as "raw" or "diff".
func (b *Builder) Format(format string) *Builder {
	if b.err != nil {
		return b
	}
	if err := media.ValidateName(format); err != nil {
		b.err = newError("format", format, err)
		return b
	}
	b.call.Format = format
	return b
}

// Data sets the whole body: a string (of any string type), []byte or
// io.Reader is sent as it is (a []byte is not copied: do not change it
// before the request is sent), anything else is converted at once and
// sent as JSON, even when that JSON is a string (a time.Time, a
// json.RawMessage). nil, and a value whose JSON is null (a nil slice, map
// or pointer), set no body, as a null data does in options JSON.
func (b *Builder) Data(data any) *Builder {
	if b.err != nil {
		return b
	}
	b.budget.Refund(b.call.Data.v) // data set again; zero for a raw body
	d, err := toBody(data, &b.budget)
	if err != nil {
		b.err = valueErr(keyData, err)
		return b
	}
	b.call.Data = d
	return b
}

// Meta sets a key of the request's meta information, passed through to
// RequestOptions.Request (JSON key "request") for the client that sends
// it; the value is converted at once.
func (b *Builder) Meta(key string, v any) *Builder {
	if b.err != nil {
		return b
	}
	at := -1
	if b.reqAt != nil {
		at = b.reqAt.at(key)
	} else {
		at = slices.IndexFunc(b.req, func(m value.Member) bool { return m.Key == key })
	}
	if at >= 0 {
		b.budget.Refund(b.req[at].Value) // set again
	}
	// A member of the passthrough object, one level down, as
	// Options.Request counts it.
	val, err := toValueAt(v, &b.budget, 1)
	if err != nil {
		b.err = valueErr(keyRequest, err)
		return b
	}
	if at >= 0 {
		b.req[at].Value = val
		return b
	}
	// The passthrough is an object: one node for it, one per member, as
	// Options.Request is counted.
	cost := 1
	if len(b.req) == 0 {
		cost = 2
	}
	if err := b.budget.Spend(cost, 0); err != nil {
		b.err = limitErr(err.Error())
		return b
	}
	b.req = appendIndexed(&b.reqAt, b.req, memberName, value.Member{Key: key, Value: val})
	return b
}

// layer returns the call as a layer: the route's method and target
// unless Method and URL overrode them. Its parameters are a copy.
func (b *Builder) layer() (layer, error) {
	l, err := b.bareLayer()
	if err != nil {
		return layer{}, err
	}
	l.Params = paramList{b.params()}
	return l, nil
}

// ep is b's Endpoint: the zero Endpoint's for a zero Builder.
func (b *Builder) ep() *Endpoint { return b.e.orZero() }

// bareLayer is layer without the parameters.
func (b *Builder) bareLayer() (layer, error) {
	if b.err != nil {
		return layer{}, b.err
	}
	e := b.ep()
	if e.err != nil {
		return layer{}, e.err
	}
	method, target, err := e.splitRoute(b.route)
	if err != nil {
		return layer{}, err
	}
	l := b.call
	if l.Method == "" {
		l.Method = method
	}
	if l.URL == "" {
		l.URL = target
	}
	if len(b.req) > 0 {
		l.Request = value.NewObject(slices.Clone(b.req))
	}
	return l, nil
}

// Merge returns the call merged over the defaults, not parsed.
func (b *Builder) Merge() (Options, error) {
	l, err := b.layer()
	if err != nil {
		return Options{}, err
	}
	return b.ep().merge(b.route, &l)
}

// Build returns the request options.
func (b *Builder) Build() (RequestOptions, error) {
	l, err := b.bareLayer()
	if err != nil {
		return RequestOptions{}, err
	}
	return b.ep().build(&l, b.own())
}

// Clone returns an independent copy of b, to branch a half-built call;
// unlike a copy of the struct, it shares nothing that either changes.
func (b *Builder) Clone() *Builder {
	c := *b
	c.more = paramSet{list: slices.Clone(b.more.list)}
	c.call.Headers.list = slices.Clone(b.call.Headers.list)
	c.call.Previews.names = slices.Clone(b.call.Previews.names)
	c.req, c.reqAt = slices.Clone(b.req), maps.Clone(b.reqAt)
	return &c
}
