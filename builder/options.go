package builder

import (
	"github.com/endpointkit/endpoint/headers"
)

// Options are request options before parsing: what Merge returns and Parse
// takes. The zero value of each field means "not set", so a layer or a call
// never clears what an earlier layer set by leaving a field empty.
type Options struct {
	// Method is the HTTP method, kept in the case it was given.
	Method string
	// BaseURL is joined in front of URL unless URL is absolute.
	BaseURL string
	// URL is an RFC 6570 template; ":name" placeholders in its path work too.
	URL string
	// Headers are request headers; names are compared case-insensitively
	// and stored lower-case by Merge.
	Headers headers.Set
	// MediaType amends the accept header.
	MediaType MediaType
	// Data is the raw request body. When set, it is the whole body.
	Data any
	// Request is passed through to RequestOptions.Request untouched.
	Request map[string]any
	// Params fill the URL template, then the query string or the JSON body.
	Params Params
}

// MediaType selects a response format and API previews.
type MediaType struct {
	// Format, such as "raw" or "diff", rewrites vendor types in accept.
	Format string
	// Previews are preview names with or without the "-preview" suffix.
	Previews []string
}

// Param is one named parameter.
type Param struct {
	Name  string
	Value any
}

// Params are parameters in the order they were given. A name appears once;
// setting it again replaces the value in place.
type Params []Param

// Get returns the value of the parameter called name.
func (p Params) Get(name string) (any, bool) {
	if i := p.index(name); i >= 0 {
		return p[i].Value, true
	}
	return nil, false
}

func (p Params) index(name string) int {
	for i := range p {
		if p[i].Name == name {
			return i
		}
	}
	return -1
}

// With returns a copy of p with name set to value: in place when present,
// else appended. p itself is never changed.
func (p Params) With(name string, value any) Params {
	out := make(Params, len(p), len(p)+1)
	copy(out, p)
	return out.set(name, value)
}

// set assigns in place; callers own p.
func (p Params) set(name string, value any) Params {
	if i := p.index(name); i >= 0 {
		p[i].Value = value
		return p
	}
	return append(p, Param{Name: name, Value: value})
}

// RequestOptions are the parsed result: everything needed to send a request.
type RequestOptions struct {
	// Method is lower-case ("get"); HTTPRequest upper-cases it.
	Method string
	// URL is the absolute (or base-relative) URL with its query string.
	URL string
	// Headers have lower-case names.
	Headers headers.Set
	// Body is nil, or set for PATCH, POST, PUT and DELETE: the Data value, a
	// Params object of leftover parameters, or "" for bodiless PUT/PATCH.
	Body any
	// Request is Options.Request, passed through.
	Request map[string]any
}
