package builder

import (
	"github.com/endpointkit/endpoint/headers"
)

// Options are request options before parsing, in the shape of
// @octokit/endpoint's options: what Merge returns and Parse takes, and
// one defaults layer (WithOptions). The zero value of each field means
// "not set", so a layer never clears what an earlier layer set by
// leaving a field empty.
//
// Values (Params, Data, Request) may be any Go value encoding/json can
// marshal; they are converted once, where they enter, as encoding/json
// would marshal them, and nothing keeps a reference to them (a []byte or
// io.Reader Data aside, which is sent as it is). Options that Merge
// returns hold converted values: nil, bool, string, int64, uint64,
// float64 and json.Number for scalars, and json.RawMessage holding the
// JSON text of arrays and objects, members in order.
//
// Options from Merge of an Endpoint made WithCatalog also hold, unseen,
// the catalogue and the operation it resolved the call to, so that Parse
// of them sends what Build does. JSON, octokit's shape, has no place for
// them: Options decoded from JSON, or copied field by field, are parsed
// as options without a catalogue, as JavaScript's endpoint.parse parses
// them, so that what the catalogue alone says is not applied (a query
// parameter's style, such as pipeDelimited or deepObject; a name its
// template holds encoded, {%24id}; a colon in its path, which is then
// v6's :name). Endpoint.Build("", o) and Endpoint.BuildJSON resolve and
// check such options against the Endpoint's catalogue again, and send
// what Build did.
type Options struct {
	// Method is the HTTP method, kept in the case it was given.
	Method string
	// BaseURL is joined in front of URL unless URL is absolute.
	BaseURL string
	// URL is an RFC 6570 template; ":name" placeholders in its path work
	// too. Beside a route string, Build and Merge take URL as the
	// parameter "url": the route decides the URL.
	URL string
	// Headers are request headers; names are compared case-insensitively
	// and stored lower-case.
	Headers headers.Set
	// RemoveHeaders names headers to remove from those the layers below
	// set (in JSON: a header whose value is null).
	RemoveHeaders []string
	// MediaType amends the accept header.
	MediaType MediaType
	// Data is the whole request body: a string (of any string type),
	// []byte or io.Reader is sent as it is, anything else as JSON, even
	// when that JSON is a string. Merge gives such a string as a
	// json.RawMessage, so that Parse sends it the same way; in options
	// JSON it is a string, which is the raw body there.
	Data any
	// Request is passed through to RequestOptions.Request. Options from
	// Merge, DefaultOptions or JSON remember the order of its members and
	// write them in it; keys added to the map since follow, sorted.
	Request map[string]any
	// Params fill the URL template, then the query string or the JSON
	// body, in order.
	Params Params

	// keys is the order of the keys in the octokit JSON shape, when these
	// Options came from Merge, DefaultOptions or JSON.
	keys []string
	// requestKeys is the order of Request's members then (a map has
	// none); keys added since follow, sorted.
	requestKeys []string
	// catalog checks the calls of an Endpoint (WithCatalog).
	catalog Catalog
	// search names the query parameters of search syntax (WithSearchParams).
	search []string
	// op is the operation catalog resolved these Options to, when Merge
	// made them: Parse writes its query styles.
	op Operation
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

// Params are parameters in the order they were given. Setting a name
// again replaces its value in place.
type Params []Param

// Get returns the value of the parameter called name.
func (p Params) Get(name string) (any, bool) {
	for i := range p {
		if p[i].Name == name {
			return p[i].Value, true
		}
	}
	return nil, false
}

// With returns a copy of p with name set to value: in place when present,
// else appended. p itself is never changed.
func (p Params) With(name string, value any) Params {
	out := make(Params, len(p), len(p)+1)
	copy(out, p)
	for i := range out {
		if out[i].Name == name {
			out[i].Value = value
			return out
		}
	}
	return append(out, Param{Name: name, Value: value})
}

// RequestOptions are the parsed result: everything needed to send a
// request. HTTPRequest turns them into an *http.Request.
type RequestOptions struct {
	// Method is lower-case ("get"); HTTPRequest upper-cases it.
	Method string
	// URL is the absolute (or base-relative) URL with its query string.
	URL string
	// Headers have lower-case names.
	Headers headers.Set
	// Body is nil, or, for POST, PUT, PATCH and DELETE: the Data string,
	// []byte or io.Reader as given; json.RawMessage holding the JSON body
	// (Data of another kind, or the leftover parameters as an object, in
	// order); or "" for a bodiless PUT or PATCH.
	Body any
	// Request is Options.Request, merged over the defaults', passed
	// through.
	Request map[string]any
}
