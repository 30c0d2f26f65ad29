package builder

import "github.com/endpointkit/endpoint/headers"

// Options are request options before parsing, in @octokit/endpoint's
// shape: what Merge returns and Parse takes, and a layer of defaults
// (WithOptions). An empty field is not set, so never clears a layer's.
//
// Values (Params, Data, Request) may be anything encoding/json marshals,
// converted once where they enter and not kept (a raw Data aside).
// Options from Merge hold nil, bool, string, int64, uint64, float64,
// json.Number, and json.RawMessage for arrays and objects.
//
// Options from Merge WithCatalog also hold, unseen, the catalogue and the
// operation, so that Parse sends what Build does. Decoded from JSON or
// copied field by field, they are parsed without them, as endpoint.parse
// does (no OpenAPI styles, encoded names, or literal colons); Build("", o)
// and BuildJSON check and route them again.
type Options struct {
	Method string // in the case it was given
	// BaseURL is joined in front of URL unless URL is absolute.
	BaseURL string
	// URL is an RFC 6570 template (":name" works in its path). Beside a
	// route, Build and Merge take it as the parameter "url".
	URL     string
	Headers headers.Set // names lower-cased
	// RemoveHeaders names headers to remove from the layers below (in
	// JSON, a header whose value is null).
	RemoveHeaders []string
	// MediaType amends the accept header.
	MediaType MediaType
	// Data is the whole body: a string (of any string type), []byte or
	// io.Reader as it is, anything else as JSON (a JSON string from Merge
	// as a json.RawMessage).
	Data any
	// Request is the meta information passed to RequestOptions.Request;
	// Options from Merge or JSON keep its order, new keys after, sorted.
	Request map[string]any
	// Params fill the URL template, then the query or the JSON body.
	Params Params

	keys        []string  // the order of the keys, from Merge, DefaultOptions or JSON
	requestKeys []string  // the order of Request's members then
	catalog     Catalog   // WithCatalog
	search      []string  // WithSearchParams
	op          Operation // the catalogue's, for Parse of Merge's Options
}

// MediaType selects a response format and API previews, which amend the
// accept header.
type MediaType struct {
	Format   string   // "raw", "diff" …
	Previews []string // with or without "-preview"
}

// Param is one named parameter of Params.
type Param struct {
	Name  string
	Value any
}

// Params are parameters in their order, which a map has not.
type Params []Param

// Get returns the value of the parameter name.
func (p Params) Get(name string) (any, bool) {
	for i := range p {
		if p[i].Name == name {
			return p[i].Value, true
		}
	}
	return nil, false
}

// With returns a copy of p with name set to value, in its place or
// appended.
func (p Params) With(name string, value any) Params {
	out := append(make(Params, 0, len(p)+1), p...)
	for i := range out {
		if out[i].Name == name {
			out[i].Value = value
			return out
		}
	}
	return append(out, Param{Name: name, Value: value})
}

// RequestOptions are @octokit/endpoint's result: everything needed to
// send the request, with any client (HTTPRequest for net/http).
type RequestOptions struct {
	Method  string      // lower-case (v6 upper-cases; see the README's differences)
	URL     string      // absolute, or relative when the base URL is
	Headers headers.Set // names lower-case
	// Body is nil, or for POST, PUT, PATCH and DELETE the Data string,
	// []byte or io.Reader as given, a json.RawMessage (other Data, or the
	// parameters the URL did not take), or "" for a bodiless PUT or PATCH.
	Body    any
	Request map[string]any // the meta information, merged over the defaults
}
