// Package endpoint turns a REST route plus parameters into plain request
// options (method, URL, headers, body) the way JavaScript's
// @octokit/endpoint v6 does. It sends nothing: hand the result to net/http,
// resty, go-github's Client.Do or anything else.
//
// The functions here are the JavaScript API one to one ([Route], [Build],
// [Merge], [Parse], [Defaults], [DefaultOptions]) on GitHub's defaults;
// they return package [builder]'s types, where every method is documented
// with an Example: [builder.Builder] for one call, [builder.Endpoint] for
// a set of defaults, [builder.RequestOptions] for the result.
//
// # A call
//
// A route is "METHOD /path", the path an RFC 6570 URI template (":name"
// works too), joined to the base URL, https://api.github.com by default:
//
//	req, err := endpoint.Route("GET /repos/{owner}/{repo}/contents/{path}").
//		Param("owner", "octokit").
//		Param("repo", "rest.js").
//		Param("path", "docs/README.md").
//		Param("ref", "main").
//		Format("raw").
//		Build()
//	// req.Method  "get"
//	// req.URL     "https://api.github.com/repos/octokit/rest.js/contents/docs%2FREADME.md?ref=main"
//	// req.Headers accept: application/vnd.github.v3.raw, user-agent: endpointkit-endpoint.go/0.1.0
//
// [builder.RequestOptions.HTTPRequest] makes an *http.Request of the
// result; [builder.Builder.HTTPRequest] does both steps at once, faster.
// An absolute URL, such as an upload_url from a response, is used as it is.
//
// # Parameters
//
// Parameters fill the template first, a whole path segment each
// ("docs/README.md" becomes "docs%2FREADME.md"). The others go to a JSON
// body, in order, for POST, PUT, PATCH and DELETE, and to the query string
// for every other method. [builder.Builder.Data] sets the whole body
// instead: a string or []byte as it is, an io.Reader streamed, anything
// else as JSON. Values are converted once, as encoding/json would marshal
// them. A nil value is null in a body ({"milestone":null} clears a
// milestone), left out of a query, and missing in a path
// ([builder.ErrMissingParam]).
//
// # Defaults
//
// [Defaults] returns a new, immutable [builder.Endpoint] with options
// layered over the package defaults; later layers win, headers merge by
// lower-cased name, previews accumulate:
//
//	gh := endpoint.Defaults(
//		endpoint.WithHeader("authorization", "Bearer "+token),
//		endpoint.WithHeader("x-github-api-version", "2022-11-28"),
//	)
//	req, err := gh.Route("GET /user/repos").Param("per_page", 100).Build()
//
// [WithOptions] takes a whole layer (one decoded from octokit's JSON, say);
// [WithEnterprise] points at a GitHub Enterprise Server. The zero
// [builder.Endpoint] has no defaults at all and builds relative URLs.
//
// # Checking calls against the API
//
// With a catalogue ([WithCatalog]; packages catalog, catalog/github,
// catalog/openapi), every call is checked against an OpenAPI description
// before it is built, and its parameters go where the description says:
//
//	gh := endpoint.Defaults(endpoint.WithCatalog(github.Catalog()))
//	_, err := gh.Route("GET /repos/{owner}/{repo}/issues").Param("stat", "open")…Build()
//	// endpoint: check "GET /repos/{owner}/{repo}/issues": parameter "stat": unknown parameter; did you mean state?
//
// Package paginate walks the pages of a list, pinned to the first
// request's host; package endpointtest is a fake API server for tests.
//
// # Errors and credentials
//
// Every error is a *[builder.Error] that names the input at fault and
// wraps a sentinel for errors.Is ([builder.ErrMissingParam], …, and the
// template, headers, media and catalog packages' own). Calls never panic,
// never change what the caller passed in, and never return partial
// results. fmt never prints a credential: the authorization,
// proxy-authorization, cookie and set-cookie headers, the parameters in
// [builder.SensitiveParams] and URL user information show as [REDACTED]
// in every verb, in options, results and errors; json.Marshal and
// [builder.RequestOptions.Curl] keep the real values, because they are
// meant to be sent.
package endpoint
