package endpoint

import "github.com/endpointkit/endpoint/builder"

// Types of the builder package, so that users import only this package.
type (
	// Endpoint builds requests over a fixed set of defaults; see Defaults.
	Endpoint = builder.Endpoint
	// Builder assembles one call fluently; see Route.
	Builder = builder.Builder
	// Options are merged, unparsed request options.
	Options = builder.Options
	// MediaType selects a response format and API previews.
	MediaType = builder.MediaType
	// Param is one named parameter.
	Param = builder.Param
	// Params are parameters in the order they were given.
	Params = builder.Params
	// RequestOptions are the result: method, URL, headers, body, request.
	RequestOptions = builder.RequestOptions
	// Option sets part of a defaults layer.
	Option = builder.Option
	// Error carries the operation and input an error came from.
	Error = builder.Error
)

// Defaults of the root endpoint: GitHub's REST API v3.
const (
	DefaultBaseURL   = "https://api.github.com"
	DefaultAccept    = "application/vnd.github.v3+json"
	DefaultUserAgent = "endpointkit-endpoint.go/" + Version
)

// root is the default endpoint behind the package functions.
var root = builder.New(builder.WithOptions(Options{
	Method:  "GET",
	BaseURL: DefaultBaseURL,
	Headers: map[string]string{"accept": DefaultAccept, "user-agent": DefaultUserAgent},
}))

// Route starts a call on the default endpoint, for example
// Route("GET /repos/{owner}/{repo}").Param("owner", "octokit").
func Route(route string) *Builder { return root.Route(route) }

// Build returns the request options for a route and options, like
// JavaScript's endpoint(route, options). The route may be "" when o
// carries the method and URL.
func Build(route string, o Options) (RequestOptions, error) { return root.Build(route, o) }

// Merge merges a route and options over the defaults without parsing.
func Merge(route string, o Options) (Options, error) { return root.Merge(route, o) }

// Parse turns merged options into request options; it uses no defaults.
func Parse(o Options) (RequestOptions, error) { return root.Parse(o) }

// DEFAULTS returns a copy of the default endpoint's defaults.
func DEFAULTS() Options { return root.DEFAULTS() }

// Defaults returns a new Endpoint with opts layered over the defaults.
func Defaults(opts ...Option) *Endpoint { return root.Defaults(opts...) }
