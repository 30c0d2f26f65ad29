package endpointtest_test

import (
	"context"
	"fmt"
	"io"
	"net/http"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/catalog"
	"github.com/endpointkit/endpoint/catalog/github"
	"github.com/endpointkit/endpoint/endpointtest"
)

// printT stands in for a test's t in the examples: it prints each
// failure as the test would report it.
type printT struct{ cleanups []func() }

func (*printT) Helper()                           {}
func (*printT) Errorf(format string, args ...any) { fmt.Printf("FAIL "+format+"\n", args...) }
func (*printT) Fatalf(format string, args ...any) { fmt.Printf("FATAL "+format+"\n", args...) }
func (t *printT) Cleanup(f func())                { t.cleanups = append(t.cleanups, f) }

// done runs the cleanups, as the end of a test does.
func (t *printT) done() {
	for i := len(t.cleanups) - 1; i >= 0; i-- {
		t.cleanups[i]()
	}
}

// do builds a call and sends it to srv; it returns the status and body.
func do(srv *endpointtest.Server, b *builder.Builder) (int, string) {
	ro, err := b.Build()
	if err != nil {
		return 0, err.Error()
	}
	req, err := ro.HTTPRequest(context.Background())
	if err != nil {
		return 0, err.Error()
	}
	resp, err := srv.Client().Do(req)
	if err != nil {
		return 0, err.Error()
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(body)
}

func ExampleNewServer() {
	t := &printT{} // in a test, t itself
	defer t.done()

	srv := endpointtest.NewServer(t)
	srv.Handle("GET /repos/{owner}/{repo}/issues", endpointtest.JSON(`[{"number":1,"title":"Found a bug"}]`))

	gh := endpoint.Defaults(endpoint.WithBaseURL(srv.URL))
	fmt.Println(do(srv, gh.Route("GET /repos/{owner}/{repo}/issues").Param("owner", "octokit").Param("repo", "rest.js").Param("state", "open")))

	calls := srv.Calls("GET /repos/{owner}/{repo}/issues")
	fmt.Println(len(calls), calls[0].Params)
	// Output:
	// 200 [{"number":1,"title":"Found a bug"}]
	// 1 [{owner octokit} {repo rest.js} {state open}]
}

// A catalogue checks every request; the three failures are the ones the
// package documentation quotes.
func ExampleWithCatalog() {
	t := &printT{}
	defer t.done()

	srv := endpointtest.NewServer(t, endpointtest.WithCatalog(github.Catalog()))
	srv.Handle("GET /repos/{owner}/{repo}/issues", endpointtest.JSON(`[]`))
	srv.Handle("POST /repos/{owner}/{repo}/issues", endpointtest.JSON(`{"number":1}`).WithStatus(http.StatusCreated))

	gh := endpoint.Defaults(endpoint.WithBaseURL(srv.URL))
	fmt.Println(do(srv, gh.Route("GET /repos/{owner}/{repo}/isues").Param("owner", "octokit").Param("repo", "rest.js")))
	fmt.Println(do(srv, gh.Route("POST /repos/{owner}/{repo}/issues").Param("owner", "octokit").Param("repo", "rest.js").Param("body", "It crashes.")))
	status, _ := do(srv, gh.Route("GET /repos/{owner}/{repo}/issues").Param("owner", "octokit").Param("repo", "rest.js").Param("state", "opne"))
	fmt.Println(status)
	// Output:
	// FAIL endpointtest: GET /repos/octokit/rest.js/isues: no operation of api.github.com matches this method and path; did you mean GET /repos/{owner}/{repo}/issues?
	// 404 {"message":"Not Found","errors":[{"code":"not_found","message":"no operation of api.github.com matches this method and path; did you mean GET /repos/{owner}/{repo}/issues?"}],"documentation_url":"https://docs.github.com/rest"}
	// FAIL endpointtest: POST /repos/octokit/rest.js/issues: missing required body field "title" for POST /repos/{owner}/{repo}/issues
	// 422 {"message":"Validation Failed","errors":[{"code":"missing_field","field":"title","message":"missing required body field \"title\" for POST /repos/{owner}/{repo}/issues","resource":"issues/create"}],"documentation_url":"https://docs.github.com/rest"}
	// FAIL endpointtest: GET /repos/octokit/rest.js/issues?state=opne: query parameter "state" of GET /repos/{owner}/{repo}/issues: "opne" is not one of open, closed, all; did you mean open?
	// 422
}

// A literal segment beats a variable, whatever the order of registration.
func ExampleServer_Handle() {
	t := &printT{}
	defer t.done()

	srv := endpointtest.NewServer(t)
	srv.Handle("GET /repos/{owner}/{repo}/{section}", endpointtest.Func(func(c *endpointtest.Call) endpointtest.Reply {
		section, _ := c.Get("section")
		return endpointtest.JSON(map[string]any{"section": section})
	}))
	srv.Handle("GET /repos/{owner}/{repo}/issues", endpointtest.JSON(`"the issues route"`))

	gh := endpoint.Defaults(endpoint.WithBaseURL(srv.URL))
	fmt.Println(do(srv, gh.Route("GET /repos/{owner}/{repo}/issues").Param("owner", "o").Param("repo", "r")))
	fmt.Println(do(srv, gh.Route("GET /repos/{owner}/{repo}/pulls").Param("owner", "o").Param("repo", "r")))
	// Output:
	// 200 "the issues route"
	// 200 {"section":"pulls"}
}

// A recorded call prints with its credentials masked.
func ExampleServer_Requests() {
	t := &printT{}
	defer t.done()

	srv := endpointtest.NewServer(t)
	srv.Handle("POST /user/keys", endpointtest.Status(http.StatusCreated))
	gh := endpoint.Defaults(endpoint.WithBaseURL(srv.URL), endpoint.WithHeader("user-agent", "my-app"), endpoint.WithHeader("authorization", "token ghp_s3cr3t"))
	do(srv, gh.Route("POST /user/keys").Param("title", "laptop").Param("key", "ssh-ed25519 AAAA"))

	for _, c := range srv.Requests() {
		fmt.Println(c.Status, c.Header.Get("Authorization") == "token ghp_s3cr3t")
		fmt.Println(c)
	}
	// Output:
	// 201 true
	// POST /user/keys
	// Accept: application/vnd.github.v3+json
	// Accept-Encoding: gzip
	// Authorization: token [REDACTED]
	// Content-Length: 43
	// Content-Type: application/json; charset=utf-8
	// User-Agent: my-app
	//
	// {"title":"laptop","key":"ssh-ed25519 AAAA"}
}

// Err says which operations of a catalogue the server leaves out: here
// one whose path is no template, which fails nothing until a request
// looks for it.
func ExampleServer_Err() {
	t := &printT{}
	defer t.done()

	c, _ := catalog.New(catalog.Info{Title: "pets"}, []catalog.Operation{
		{ID: "list", Method: "GET", Path: "/pets"},
		{ID: "odd", Method: "GET", Path: "/pets/{pet id}"},
	})
	srv := endpointtest.NewServer(t, endpointtest.WithCatalog(c))
	fmt.Println(srv.Err())
	// Output:
	// endpointtest: NewServer: operation GET /pets/{pet id} is left out: its path cannot be matched: at offset 10: invalid template: unacceptable variable name
}
