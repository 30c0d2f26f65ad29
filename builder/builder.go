package builder

import (
	"maps"
	"slices"

	"github.com/endpointkit/endpoint/headers"
	"github.com/endpointkit/endpoint/internal/value"
	"github.com/endpointkit/endpoint/media"
)

// Builder is one call, set up fluently: each method converts its value at
// once, and the first error is kept for Build, Merge or HTTPRequest. A
// Builder is for one goroutine; it may build any number of times and go
// on changing, as no result shares anything with it (a []byte or
// io.Reader Data aside). Branch a call with [Builder.Clone], not c := *b.
//
//   - route: [Endpoint.Route], [Builder.Method], [Builder.URL], [Builder.BaseURL]
//   - parameters: [Builder.Param], [Builder.Params]
//   - headers: [Builder.Header], [Builder.RemoveHeader], [Builder.Preview], [Builder.Format]
//   - body and meta information: [Builder.Data], [Builder.Meta]
//   - results: [Builder.Build], [Builder.HTTPRequest], [Builder.Merge], [Builder.Clone]
//   - printing, credentials masked: [Builder.String], [Builder.GoString]
type Builder struct {
	e      *Endpoint
	route  string
	method string // the route's, read by Route
	target string
	call   layer // what the methods set, but the parameters
	err    error
	budget value.Budget
	// The parameters: the first in small, all in more once small is full.
	small [6]param
	n     int
	more  paramSet
	req   []value.Member // the meta information, reqAt their index
	reqAt nameIndex
}

// Route starts a call: "METHOD /path/{param}" (an HTTP token, one space,
// a target without white space), or a target alone, starting with "/",
// "{" or http(s)://, the method the defaults'. Anything else is
// ErrInvalidRoute, reported by Build before any later error.
func (e *Endpoint) Route(route string) *Builder {
	b := &Builder{e: e, route: route}
	b.method, b.target, b.err = e.splitRoute(route)
	return b
}

// Method overrides the route's method.
func (b *Builder) Method(method string) *Builder { b.call.Method = method; return b }

// URL overrides the route's URL template.
func (b *Builder) URL(url string) *Builder { b.call.URL = url; return b }

// BaseURL overrides the base URL for this call.
func (b *Builder) BaseURL(baseURL string) *Builder { b.call.BaseURL = baseURL; return b }

// Param sets a parameter, converted at once as encoding/json would
// marshal it; a name set again keeps its place. nil is JSON null, which a
// template reads as no value. The name must not be empty.
func (b *Builder) Param(name string, value any) *Builder {
	if b.err != nil {
		return b
	}
	if err := checkParamName(name); err != nil {
		b.err = err
		return b
	}
	// A name set again gives back what its old value took first, so that
	// MaxNodes never counts both.
	dst := b.paramSlot(name)
	if dst == nil {
		return b // b.err says why
	}
	b.budget.Refund(*dst)
	if !dst.SetScalar(value) {
		v, err := toValue(value, &b.budget)
		if err != nil {
			b.err = newError("param", name, err)
			return b
		}
		*dst = v
	}
	return b
}

// paramSlot returns where name's value goes (null for a new name); nil,
// with b.err set, past MaxParams.
func (b *Builder) paramSlot(name string) *value.Value {
	if b.more.list == nil {
		if i := (paramList{b.small[:b.n]}).find(name); i >= 0 {
			return &b.small[i].v
		}
		if b.n < len(b.small) {
			b.small[b.n] = param{name: name}
			b.n++
			return &b.small[b.n-1].v
		}
		b.more.list = append(make([]param, 0, 4*len(b.small)), b.small[:]...)
	}
	v, _, err := b.more.add(name)
	b.err = err
	return v
}

// own returns the parameters uncopied, for a parser that keeps nothing:
// apart from the layer, they let the Builder stay on the stack.
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

// Header sets a header, the last value of a name in any case winning.
// The name must be a token and the value free of control characters.
func (b *Builder) Header(name, value string) *Builder {
	return b.header(header{name: name, value: value})
}

// RemoveHeader removes a header the defaults set, for this call.
func (b *Builder) RemoveHeader(name string) *Builder {
	return b.header(header{name: name, removed: true})
}

func (b *Builder) header(h header) *Builder {
	if b.err != nil {
		return b
	}
	if err := checkHeader(h.name, h.value); err != nil {
		b.err = err
		return b
	}
	h.name = headers.Name(h.name)
	b.err = b.call.Headers.add(h)
	return b
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

// Format sets the media type format ("raw", "diff"), which rewrites the
// accept header's GitHub media types.
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

// Data sets the whole body: a string (of any string type), []byte (not
// copied: leave it alone until sent) or io.Reader as it is, anything else
// as JSON, converted at once, even a JSON string (a time.Time). nil and a
// value whose JSON is null set no body.
func (b *Builder) Data(data any) *Builder {
	if b.err != nil {
		return b
	}
	b.budget.Refund(b.call.Data.v) // data set again; zero for a raw body
	d, err := toBody(data, &b.budget)
	if err != nil {
		b.err = newError("param", keyData, err)
		return b
	}
	b.call.Data = d
	return b
}

// Meta sets a key of the meta information passed through to
// RequestOptions.Request (octokit's request option).
func (b *Builder) Meta(key string, v any) *Builder {
	if b.err != nil {
		return b
	}
	at := b.reqAt.at(key)
	if b.reqAt == nil {
		at = slices.IndexFunc(b.req, func(m value.Member) bool { return m.Key == key })
	}
	if at >= 0 {
		b.budget.Refund(b.req[at].Value) // set again
	}
	val, err := toValueAt(v, &b.budget, 1) // one level down, in the object
	if err != nil {
		b.err = newError("param", keyRequest, err)
		return b
	}
	if at >= 0 {
		b.req[at].Value = val
		return b
	}
	cost := 1 // the member, and the object once
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

func (b *Builder) ep() *Endpoint { return b.e.orZero() }

// bareLayer sets l to the call without its parameters.
func (b *Builder) bareLayer(l *layer) error {
	if err := b.ep().err; err != nil {
		return err
	}
	if b.err != nil {
		return b.err
	}
	*l = b.call
	if l.Method == "" {
		l.Method = b.method
	}
	if l.URL == "" {
		l.URL = b.target
	}
	if len(b.req) > 0 {
		l.Request = value.NewObject(slices.Clone(b.req))
	}
	return nil
}

// Merge returns the call merged over the defaults, not parsed, as
// Endpoint.Merge does.
func (b *Builder) Merge() (Options, error) {
	var l layer
	if err := b.bareLayer(&l); err != nil {
		return Options{}, err
	}
	l.Params = paramList{slices.Clone(b.own())}
	return b.ep().merge(b.route, &l)
}

// Build returns the request options.
func (b *Builder) Build() (RequestOptions, error) {
	var l layer
	if err := b.bareLayer(&l); err != nil {
		return RequestOptions{}, err
	}
	return b.ep().build(&l, b.own())
}

// Clone returns a copy of b that shares nothing either changes.
func (b *Builder) Clone() *Builder {
	c := *b
	c.more = paramSet{list: slices.Clone(b.more.list)}
	c.call.Headers.list = slices.Clone(b.call.Headers.list)
	c.call.Previews.names = slices.Clone(b.call.Previews.names)
	c.req, c.reqAt = slices.Clone(b.req), maps.Clone(b.reqAt)
	return &c
}
