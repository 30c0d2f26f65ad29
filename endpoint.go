package endpoint

import "github.com/endpointkit/endpoint/builder"

// Defaults of the root endpoint: GitHub's REST API v3.
const (
	DefaultBaseURL   = "https://api.github.com"
	DefaultAccept    = "application/vnd.github.v3+json"
	DefaultUserAgent = "endpointkit-endpoint.go/" + Version
)

// root is the default endpoint behind the package functions.
var root = builder.New(builder.WithOptions(builder.Options{
	Method:  "GET",
	BaseURL: DefaultBaseURL,
	Headers: map[string]string{"accept": DefaultAccept, "user-agent": DefaultUserAgent},
}), builder.WithSearchParams("q"))

// Route starts a call on the default endpoint (GitHub's REST API), for
// example Route("GET /repos/{owner}/{repo}").Param("owner", "octokit"):
// see [builder.Endpoint.Route] and the methods of [builder.Builder].
func Route(route string) *builder.Builder { return root.Route(route) }

// Build returns the request options for a route and options on the
// default endpoint, like JavaScript's endpoint(route, options): see
// [builder.Endpoint.Build].
func Build(route string, o builder.Options) (builder.RequestOptions, error) {
	return root.Build(route, o)
}

// Merge merges a route and options over the default endpoint's defaults
// without parsing, like JavaScript's endpoint.merge: see
// [builder.Endpoint.Merge].
func Merge(route string, o builder.Options) (builder.Options, error) { return root.Merge(route, o) }

// Parse turns merged options into request options, like JavaScript's
// endpoint.parse; it uses no defaults: see [builder.Endpoint.Parse].
func Parse(o builder.Options) (builder.RequestOptions, error) { return root.Parse(o) }

// DefaultOptions returns a copy of the default endpoint's defaults, like
// JavaScript's endpoint.DEFAULTS: see [builder.Endpoint.DefaultOptions].
func DefaultOptions() builder.Options { return root.DefaultOptions() }

// Defaults returns a new Endpoint with opts layered over the default
// endpoint's defaults, like JavaScript's endpoint.defaults: see
// [builder.Endpoint.Defaults].
func Defaults(opts ...builder.Option) *builder.Endpoint { return root.Defaults(opts...) }
