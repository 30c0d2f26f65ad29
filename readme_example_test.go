package endpoint_test

// The README's snippets, compiled and run (readme_test.go holds the README
// to them).

import (
	"context"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/http/httptest"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/catalog/github"
	"github.com/endpointkit/endpoint/endpointtest"
	"github.com/endpointkit/endpoint/paginate"
)

// Example_build turns a route and parameters into request options.
func Example_build() {
	req, err := endpoint.Route("GET /repos/{owner}/{repo}/contents/{path}").
		Param("owner", "octokit").
		Param("repo", "rest.js").
		Param("path", "docs/README.md").
		Param("ref", "main").
		Format("raw").
		Build()
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(req.Method, req.URL)
	fmt.Println(req.Headers["accept"])
	// Output:
	// get https://api.github.com/repos/octokit/rest.js/contents/docs%2FREADME.md?ref=main
	// application/vnd.github.v3.raw
}

// Example_send builds an *http.Request in one step over defaults that
// carry the token, and sends it with net/http.
func Example_send() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		w.WriteHeader(http.StatusCreated)
		fmt.Fprintf(w, "%s", body)
	}))
	defer srv.Close()
	ctx, token, baseURL := context.Background(), "t0k3n", srv.URL

	gh := endpoint.Defaults(
		endpoint.WithBaseURL(baseURL), // "https://api.github.com" is the default
		endpoint.WithHeader("authorization", "Bearer "+token),
		endpoint.WithHeader("x-github-api-version", "2022-11-28"),
	)
	req, err := gh.Route("POST /repos/{owner}/{repo}/issues").
		Param("owner", "octokit").
		Param("repo", "rest.js").
		Param("title", "Found a bug").
		Param("labels", []string{"bug"}).
		HTTPRequest(ctx)
	if err != nil {
		log.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		log.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	fmt.Println(req.Method, req.URL.Path, req.Header.Get("Content-Type"))
	fmt.Println(resp.Status, string(body))
	// Output:
	// POST /repos/octokit/rest.js/issues application/json; charset=utf-8
	// 201 Created {"title":"Found a bug","labels":["bug"]}
}

// Example_catalog checks every call against GitHub's description.
func Example_catalog() {
	gh := endpoint.Defaults(endpoint.WithCatalog(github.Catalog()))

	_, err := gh.Route("GET /repos/{owner}/{repo}/issues").
		Param("owner", "octokit").Param("repo", "rest.js").Param("stat", "open").Build()
	fmt.Println(err)
	_, err = gh.Route("GET /repos/{owner}/{repo}/issues").
		Param("owner", "octokit").Param("repo", "rest.js").Param("state", "opne").Build()
	fmt.Println(err)
	req, err := gh.Route("repos/get").Param("owner", "octokit").Param("repo", "rest.js").Build()
	fmt.Println(req.Method, req.URL, err)
	// Output:
	// endpoint: check "GET /repos/{owner}/{repo}/issues": parameter "stat": unknown parameter; did you mean state?
	// endpoint: check "GET /repos/{owner}/{repo}/issues": parameter "state": "opne" is not one of open, closed, all; did you mean open?
	// get https://api.github.com/repos/octokit/rest.js <nil>
}

// Example_paginate walks every page of a list, never leaving the first
// request's host.
func Example_paginate() {
	srv := endpointtest.NewServer(nil)
	defer srv.Close()
	srv.Handle("GET /repos/{owner}/{repo}/issues", endpointtest.JSON(`[{"number":1,"title":"a"},{"number":2,"title":"b"},{"number":3,"title":"c"}]`).Paginated())
	ctx, client := context.Background(), srv.Client()

	type Issue struct {
		Number int    `json:"number"`
		Title  string `json:"title"`
	}
	gh := endpoint.Defaults(endpoint.WithBaseURL(srv.URL))
	req, err := gh.Route("GET /repos/{owner}/{repo}/issues").
		Param("owner", "golang").Param("repo", "go").Param("per_page", 2).HTTPRequest(ctx)
	if err != nil {
		log.Fatal(err)
	}
	for issue, err := range paginate.Items[Issue](ctx, client, req) {
		if err != nil {
			log.Fatal(err) // a next link to another host is paginate.ErrForeignHost, sent nowhere
		}
		fmt.Println(issue.Number, issue.Title)
	}
	// Output:
	// 1 a
	// 2 b
	// 3 c
}

// testTracker is a test of code that calls GitHub, against the fake
// server: each request is checked against GitHub's description.
func testTracker(t endpointtest.T) {
	srv := endpointtest.NewServer(t, endpointtest.WithCatalog(github.Catalog())) // closed by t.Cleanup
	srv.Handle("POST /repos/{owner}/{repo}/issues", endpointtest.Func(func(c *endpointtest.Call) endpointtest.Reply {
		title, _ := c.Get("title")
		return endpointtest.JSON(map[string]any{"number": 76, "title": title}).WithStatus(201)
	}))
	gh := endpoint.Defaults(endpoint.WithBaseURL(srv.URL))

	req, err := gh.Route("POST /repos/{owner}/{repo}/issues").
		Param("owner", "octokit").Param("repo", "rest.js").Param("title", "Found a bug").HTTPRequest(context.Background())
	if err != nil {
		t.Fatalf("%v", err)
	}
	resp, err := srv.Client().Do(req)
	if err != nil {
		t.Fatalf("%v", err)
	}
	resp.Body.Close()

	calls := srv.Calls("POST /repos/{owner}/{repo}/issues")
	if len(calls) != 1 || resp.StatusCode != 201 {
		t.Errorf("%d calls, status %d", len(calls), resp.StatusCode)
	}
	for _, c := range calls {
		if err := endpointtest.MatchCall(c, endpointtest.JSONFields(`{"title":"Found a bug"}`)); err != nil {
			t.Errorf("%v", err)
		}
	}
}
