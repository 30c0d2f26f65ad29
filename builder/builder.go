package builder

import "github.com/endpointkit/endpoint/headers"

// Builder assembles one call fluently. Each method records into the
// Builder and returns it; the first error is kept and returned by Options
// and Build. A Builder is for one goroutine; it never changes its Endpoint.
type Builder struct {
	e     *Endpoint
	route string
	o     Options
	err   error
	// params backs o.Params for short calls, saving an allocation.
	params [6]Param
	// index finds a parameter by name once there are many, keeping Param
	// calls linear in total.
	index map[string]int
}

// indexFrom is the parameter count past which Param keeps an index.
const indexFrom = 16

// Route starts a call: "METHOD /path/{param}", or just a URL.
func (e *Endpoint) Route(route string) *Builder {
	return &Builder{e: e, route: route}
}

// Method overrides the route's method.
func (b *Builder) Method(method string) *Builder { b.o.Method = method; return b }

// URL overrides the route's URL template.
func (b *Builder) URL(url string) *Builder { b.o.URL = url; return b }

// BaseURL overrides the base URL for this call.
func (b *Builder) BaseURL(baseURL string) *Builder { b.o.BaseURL = baseURL; return b }

// Param sets a parameter; setting a name again replaces its value.
func (b *Builder) Param(name string, value any) *Builder {
	p := b.o.Params
	if p == nil {
		p = b.params[:0]
	}
	if len(p) < indexFrom {
		b.o.Params = p.set(name, value)
		return b
	}
	if b.index == nil {
		b.index = make(map[string]int, 2*len(p))
		for i, e := range p {
			b.index[e.Name] = i
		}
	}
	if i, ok := b.index[name]; ok {
		p[i].Value = value
		return b
	}
	b.index[name] = len(p)
	b.o.Params = append(p, Param{Name: name, Value: value})
	return b
}

// Params sets parameters from a map, in sorted key order.
func (b *Builder) Params(params map[string]any) *Builder {
	for _, p := range sortedParams(params) {
		b.Param(p.Name, p.Value)
	}
	return b
}

// Header sets a header; names are case-insensitive.
func (b *Builder) Header(name, value string) *Builder {
	if b.err == nil {
		if err := headers.ValidateName(name); err != nil {
			b.err = newError("header", "", err)
		} else if err := headers.ValidateValue(name, value); err != nil {
			b.err = newError("header", "", err)
		}
	}
	if b.o.Headers == nil {
		b.o.Headers = make(map[string]string, 2)
	}
	b.o.Headers[name] = value
	return b
}

// Preview adds API previews; "-preview" suffixes are optional.
func (b *Builder) Preview(names ...string) *Builder {
	b.o.MediaType.Previews = append(b.o.MediaType.Previews, names...)
	return b
}

// Format sets the media type format, such as "raw" or "diff".
func (b *Builder) Format(format string) *Builder { b.o.MediaType.Format = format; return b }

// Data sets the raw body: any JSON value, a string, []byte or io.Reader.
func (b *Builder) Data(data any) *Builder { b.o.Data = data; return b }

// Meta sets a key of the request passthrough.
func (b *Builder) Meta(key string, value any) *Builder {
	if b.o.Request == nil {
		b.o.Request = make(map[string]any, 1)
	}
	b.o.Request[key] = value
	return b
}

// Options returns the merged options, not parsed.
func (b *Builder) Options() (Options, error) {
	if b.err != nil {
		return Options{}, b.err
	}
	m, err := b.e.merge(b.route, &b.o, true)
	if err != nil {
		return Options{}, err
	}
	return m.clone(), nil
}

// Build returns the request options.
func (b *Builder) Build() (RequestOptions, error) {
	if b.err != nil {
		return RequestOptions{}, b.err
	}
	return b.e.build(b.route, &b.o, true)
}

// Clone returns an independent copy of b, to branch a half-built call.
func (b *Builder) Clone() *Builder {
	c := *b
	c.o = b.o.clone()
	c.index = nil
	return &c
}
