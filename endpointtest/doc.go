// Package endpointtest is a test kit for code that calls a REST API
// such as GitHub's: a fake API server whose handlers are registered by
// route, written as the builder takes it, and matchers that check a
// request against a route, its query, headers and JSON body. It is named
// like net/http/httptest and works with plain testing and with Ginkgo
// (the Gomega matchers are in endpointtest/matchers, so that this
// package never links Gomega).
//
// # A fake server
//
// NewServer starts a server that the test's Cleanup closes. Register a
// reply per route; any client pointed at srv.URL talks to it: net/http,
// this module's builder (endpoint.Defaults(endpoint.WithBaseURL(srv.URL))),
// go-github (github.WithURLs, or WithEnterpriseURLs: requests under
// /api/v3 and /api/uploads are matched without that prefix) or resty.
//
//	func TestListIssues(t *testing.T) {
//		srv := endpointtest.NewServer(t, endpointtest.WithCatalog(github.Catalog()))
//		srv.Handle("GET /repos/{owner}/{repo}/issues", endpointtest.File("testdata/issues.json").Paginated())
//		srv.Handle("POST /repos/{owner}/{repo}/issues", endpointtest.Func(func(c *endpointtest.Call) endpointtest.Reply {
//			title, _ := c.Get("title")
//			return endpointtest.JSON(map[string]any{"number": 76, "title": title}).WithStatus(201)
//		}))
//
//		gh := endpoint.Defaults(endpoint.WithBaseURL(srv.URL))
//		issues, err := ListAllIssues(ctx, gh, "octokit", "rest.js") // the code under test
//		...
//		calls := srv.Calls("GET /repos/{owner}/{repo}/issues")
//		// len(calls) pages were fetched; calls[0].Params holds owner, repo, per_page …
//	}
//
// Routes are matched in reverse: the path of a request is read back into
// the template's variables, and the query values come with them, so a
// [Func] reply finds them in [Call.Params] (path, then query, in order)
// and the JSON body's members in [Call.Fields] (in order). When several
// routes fit, a literal segment beats a variable: "GET
// /repos/{owner}/{repo}/issues" serves /repos/a/b/issues even with "GET
// /repos/{owner}/{repo}/{x}" registered; [Server.Handle] gives the whole
// rule. A request no route fits fails the test and is answered 404.
//
// # Checking against the API
//
// With [WithCatalog] every request is checked against an API description
// (catalog/github's Catalog for GitHub, catalog/openapi for any OpenAPI
// document): the route must exist, and every parameter must be one the
// operation takes, where it takes it, with an allowed type and value;
// none it requires may be missing. A call that departs fails the test,
// saying what was sent and what was probably meant, and is answered 404
// or 422 with GitHub's error body. A misspelt route, a missing body field
// and a wrong enum value read:
//
//	endpointtest: GET /repos/octokit/rest.js/isues: no operation of api.github.com matches this method and path; did you mean GET /repos/{owner}/{repo}/issues?
//	endpointtest: POST /repos/octokit/rest.js/issues: missing required body field "title" for POST /repos/{owner}/{repo}/issues
//	endpointtest: GET /repos/octokit/rest.js/issues?state=opne: query parameter "state" of GET /repos/{owner}/{repo}/issues: "opne" is not one of open, closed, all; did you mean open?
//
// # Recording
//
// Every request is recorded in order: [Server.Requests] returns them
// all, [Server.Calls] those of one route. A [Call] holds the method,
// path, query, headers and body as sent, and the parameters found.
// Printing a Call (String, or fmt with any verb) masks the authorization,
// cookie and other credential headers, credential query values
// (access_token, client_secret …) and credential keys of a JSON body;
// so do every failure message and error of the package.
//
// # Canned replies
//
// A [Reply] is JSON ([JSON], [File] for a fixture in testdata), a status
// ([Status]; from 400 up with GitHub's {"message", "documentation_url"}
// body, see [GitHubError]), or a function of the call ([Func]);
// [Sequence] answers successive calls differently. [Reply.Paginated]
// serves a fixture array one page at a time as GitHub does, honouring
// per_page (default 30, at most 100) and page, with a Link header of
// absolute URLs on the server, so paginate.Items, go-github and octokit
// walk it. [Reply.WithRateLimit] and the server option [WithRateLimit]
// write the x-ratelimit-* headers.
//
// # Matchers
//
// [Match] checks an *http.Request, a builder.RequestOptions or a recorded
// Call and lists every difference, values masked where they are
// credentials:
//
//	err := endpointtest.Match(req,
//		endpointtest.Route("GET /repos/{owner}/{repo}/issues").Where("owner", "octokit"),
//		endpointtest.Query("state", "open"),
//		endpointtest.Header("Accept", "application/vnd.github.v3+json"),
//	)
//
// [JSONBody] compares a body to a JSON value up to member order;
// [JSONFields] wants some members only. [RouteMatcher.Params] returns the
// parameters a route finds in a request.
//
// # Fixtures that compose
//
// [LoadFixtures] reads a directory of options files in the octokit JSON
// shape; [Fixtures.Defaults] layers the named ones, a base file then a
// per-test file, over an Endpoint's defaults, and the test adds its own
// options over them with Defaults as usual.
package endpointtest
