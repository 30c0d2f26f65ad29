// Package endpoint turns a REST route plus parameters into plain request
// options — method, URL, headers and body — the way JavaScript's
// @octokit/endpoint v6 does. It sends nothing: hand the result to net/http
// (RequestOptions.HTTPRequest), resty, or anything else.
//
// # Routes
//
// A route is "METHOD /path", where the path is an RFC 6570 URI template;
// ":name" placeholders work too. Relative URLs are joined to the base URL,
// https://api.github.com by default, with exactly one slash:
//
//	req, err := endpoint.Route("GET /repos/{owner}/{repo}/issues").
//		Param("owner", "octokit").
//		Param("repo", "rest.js").
//		Build()
//	// req.Method == "get"
//	// req.URL    == "https://api.github.com/repos/octokit/rest.js/issues"
//
// An absolute URL, such as an upload_url taken from an API response, is
// used as it is.
//
// # Parameters
//
// Parameters fill the template first; a value for a variable that forms a
// whole path segment is one segment, so "a/b" becomes "a%2Fb". Parameters
// the template does not mention go to the query string for GET and HEAD,
// and to a JSON body, in the order given, for POST, PUT, PATCH and DELETE.
// Data sets the whole body instead: a string or []byte is sent as it is, an
// io.Reader is streamed, anything else is JSON. Values are raw and are
// encoded exactly once.
//
// # Defaults
//
// Defaults returns a new, immutable Endpoint with options layered over the
// package defaults; later layers win, headers merge by lower-cased name,
// previews accumulate:
//
//	gh := endpoint.Defaults(
//		endpoint.WithHeader("authorization", "token "+token),
//		endpoint.WithHeader("x-github-api-version", "2022-11-28"),
//	)
//
// WithOptions takes a whole layer, for example one decoded from JSON in the
// octokit shape with Options.UnmarshalJSON. WithEnterprise points an
// Endpoint at a GitHub Enterprise Server host; EnterpriseUploadsURL and
// EnterpriseGraphQLURL give that host's other two API roots. Nothing is
// ever guessed from a host name.
//
// # Media types
//
// Preview and Format amend the accept header, as octokit's mediaType does:
// Preview("mercy") gives "application/vnd.github.mercy-preview+json", and
// Format("raw") turns it into "application/vnd.github.v3.raw".
//
// # Errors
//
// Every error wraps a sentinel (ErrMissingParam, ErrMissingURL,
// ErrInvalidMethod, ErrInvalidHost, …) for errors.Is, and *Error (for
// errors.As) says which operation and input failed. Calls never panic,
// never change what the caller passed in and never return partial results.
//
// # Credentials
//
// fmt never prints a credential: the values of the authorization,
// proxy-authorization, cookie and set-cookie headers, and of access_token,
// client_secret, refresh_token and token parameters, show as [REDACTED] in
// %v, %+v, %#v, %s and String, in RequestOptions, Options and errors.
// json.Marshal and RequestOptions.Curl keep the real values, because they
// are meant to be sent.
package endpoint
