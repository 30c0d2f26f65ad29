package endpoint

import "github.com/endpointkit/endpoint/builder"

// The defaults of the package functions: GitHub's REST API v3.
const (
	DefaultBaseURL   = "https://api.github.com"
	DefaultAccept    = "application/vnd.github.v3+json"
	DefaultUserAgent = "endpointkit-endpoint.go/" + Version
)

var root = builder.New(builder.WithOptions(builder.Options{
	Method:  "GET",
	BaseURL: DefaultBaseURL,
	Headers: map[string]string{"accept": DefaultAccept, "user-agent": DefaultUserAgent},
}), builder.WithSearchParams("q"))

// Route starts a call on GitHub's defaults:
// Route("GET /repos/{owner}/{repo}").Param("owner", "octokit").Build().
func Route(route string) *builder.Builder { return root.Route(route) }

// Build is JavaScript's endpoint(route, options) on GitHub's defaults.
func Build(route string, o builder.Options) (builder.RequestOptions, error) {
	return root.Build(route, o)
}

// Merge is JavaScript's endpoint.merge: the call over GitHub's defaults,
// not parsed.
func Merge(route string, o builder.Options) (builder.Options, error) { return root.Merge(route, o) }

// Parse is JavaScript's endpoint.parse: merged options to request
// options, with no defaults applied.
func Parse(o builder.Options) (builder.RequestOptions, error) { return root.Parse(o) }

// DefaultOptions is JavaScript's endpoint.DEFAULTS, a copy.
func DefaultOptions() builder.Options { return root.DefaultOptions() }

// Defaults is JavaScript's endpoint.defaults: a new Endpoint with opts
// layered over GitHub's defaults.
func Defaults(opts ...builder.Option) *builder.Endpoint { return root.Defaults(opts...) }
