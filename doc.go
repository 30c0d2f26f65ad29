// Package endpoint turns a REST route plus parameters into plain request
// options — method, URL, headers and body — the way JavaScript's
// @octokit/endpoint v6 does. It sends nothing: hand the result to net/http,
// resty, go-github's Client.Do or anything else.
//
// The functions here are the JavaScript API one to one ([Route] and
// [Build], [Merge], [Parse], [Defaults], [DefaultOptions]); they return the
// types of package [builder], where every method is documented:
// [builder.Builder] for one call, [builder.Endpoint] for a set of
// defaults, [builder.RequestOptions] for the result. Read them with
// go doc github.com/endpointkit/endpoint/builder Builder.Param, or on
// pkg.go.dev; every feature has an Example there.
//
// # A call
//
// A route is "METHOD /path", where the path is an RFC 6570 URI template;
// ":name" placeholders work too. Relative URLs are joined to the base URL,
// https://api.github.com by default, with exactly one slash:
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
// [builder.RequestOptions.HTTPRequest] turns the result into an
// *http.Request; [builder.Builder.HTTPRequest] does both steps at once,
// faster. An absolute URL, such as an upload_url from an API response, is
// used as it is.
//
// # Parameters
//
// Parameters fill the template first; a value for a variable that forms a
// whole path segment is one segment, so "docs/README.md" becomes
// "docs%2FREADME.md". Parameters the template does not mention go to a
// JSON body, in the order given, for POST, PUT, PATCH and DELETE, and to
// the query string for every other method. [builder.Builder.Data] sets
// the whole body instead: a string or []byte is sent as it is, an
// io.Reader is streamed, anything else is JSON. Values are converted
// once, where they enter, as encoding/json would marshal them, and encoded
// exactly once. A nil value is JSON null in a body ({"milestone":null}
// clears a milestone), is left out of a query string, and is a missing
// value in a path ([builder.ErrMissingParam]).
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
// [WithOptions] takes a whole layer, for example one decoded from JSON in
// the octokit shape; [WithEnterprise] points an Endpoint at a GitHub
// Enterprise Server host. The zero [builder.Endpoint] has no defaults at
// all: no method, no base URL, no headers, so it builds relative URLs for
// a caller that joins them itself; use [Defaults] for GitHub.
//
// # Checking calls against the API
//
// With a route catalogue, every call is checked against an OpenAPI
// description before anything is built, and its parameters go where the
// description puts them:
//
//	gh := endpoint.Defaults(endpoint.WithCatalog(github.Catalog()))
//	_, err := gh.Route("GET /repos/{owner}/{repo}/issues").Param("stat", "open")…Build()
//	// endpoint: check "GET /repos/{owner}/{repo}/issues": parameter "stat": unknown parameter; did you mean state?
//
// See [WithCatalog] and packages catalog, catalog/github and
// catalog/openapi. Package paginate walks the pages of a list, pinned to
// the first request's host; package endpointtest is a fake API server for
// tests.
//
// # Errors
//
// Every error is a *[builder.Error] (for errors.As) that says which
// operation and input failed, and wraps a sentinel for errors.Is:
// [builder.ErrMissingParam], [builder.ErrInvalidRoute], the template,
// headers, media and catalog packages' own, and so on. Calls never panic,
// never change what the caller passed in and never return partial
// results.
//
// # Credentials
//
// fmt never prints a credential: the values of the authorization,
// proxy-authorization, cookie and set-cookie headers, of the parameters
// named in [builder.SensitiveParams], and URL user information show as
// [REDACTED] in %v, %+v, %#v, %s and String, in RequestOptions, Options
// and errors. json.Marshal and [builder.RequestOptions.Curl] keep the real
// values, because they are meant to be sent.
package endpoint
