package endpointtest_test

import (
	"context"
	"io"
	"net/http"
	"testing"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/catalog/github"
	"github.com/endpointkit/endpoint/endpointtest"
)

// BenchmarkRouteParams reads a request back into a route's parameters:
// whole-segment matching, and the uritemplate module for {base}...{head}.
func BenchmarkRouteParams(b *testing.B) {
	for _, bc := range []struct {
		name, route, url string
	}{
		{"segments", "GET /repos/{owner}/{repo}/issues/{issue_number}/comments", "https://api.github.com/repos/octokit/rest.js/issues/42/comments?per_page=100&page=2"},
		{"module", "GET /repos/{owner}/{repo}/compare/{base}...{head}", "https://api.github.com/repos/octokit/rest.js/compare/main...feature"},
	} {
		b.Run(bc.name, func(b *testing.B) {
			m := endpointtest.Route(bc.route)
			req := builder.RequestOptions{Method: "get", URL: bc.url}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := m.Params(req); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkServer sends one call to a server with a handler for every
// operation of api.github.com, without and with the catalogue's check:
// the cost of finding the route among 1,200 and of the check, over an
// HTTP round trip on the loopback.
func BenchmarkServer(b *testing.B) {
	for _, withCatalog := range []bool{false, true} {
		name := "routes"
		var opts []endpointtest.Option
		if withCatalog {
			name = "routes+catalogue"
			opts = append(opts, endpointtest.WithCatalog(github.Catalog()))
		}
		b.Run(name, func(b *testing.B) {
			srv := endpointtest.NewServer(b, opts...)
			for _, op := range github.Catalog().Operations() {
				srv.Handle(op.Method+" "+op.Template(), endpointtest.Status(http.StatusNoContent))
			}
			ro, err := endpoint.Defaults(endpoint.WithBaseURL(srv.URL)).Route("GET /repos/{owner}/{repo}/issues").
				Param("owner", "octokit").Param("repo", "rest.js").Param("state", "open").Param("per_page", 100).Build()
			if err != nil {
				b.Fatal(err)
			}
			client := srv.Client()
			b.ReportAllocs()
			for b.Loop() {
				srv.Reset()
				req, err := ro.HTTPRequest(context.Background())
				if err != nil {
					b.Fatal(err)
				}
				resp, err := client.Do(req)
				if err != nil {
					b.Fatal(err)
				}
				_, _ = io.Copy(io.Discard, resp.Body)
				_ = resp.Body.Close()
				if resp.StatusCode != http.StatusNoContent {
					b.Fatal(resp.Status)
				}
			}
		})
	}
}
