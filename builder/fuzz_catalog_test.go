package builder_test

// FuzzCatalogRoute: any route string and value, built on GitHub's
// catalogue, fails with a typed error or gives a request; never a panic,
// and Build followed by RequestOptions.HTTPRequest agrees with the one
// step. Run with
//
//	go test -run '^$' -fuzz '^FuzzCatalogRoute$' -fuzztime 2m ./builder/

import (
	"context"
	"errors"
	"testing"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/catalog/github"
)

func FuzzCatalogRoute(f *testing.F) {
	for _, s := range [][2]string{
		{"GET /repos/{owner}/{repo}/issues", "octokit"},
		{"GET /repos/{owner}/{repo}/issues?x=1{&state}&c=2", "open"},
		{"GET /repos/{owner}/{repo}/issues?x={", "o"},
		{"POST /repos/{owner}/{repo}/issues", "a b"},
		{"POST /repos/{owner}/{repo}/releases/{release_id}/assets?x=1", "1"},
		{"GET /repos/:owner/:repo", "../x"},
		{"repos/get", "o"},
		{"GET repos/get", "o"},
		{"GET /search/issues?q=x", "is:open"},
		{"GET https://evil.example/user", "x"},
		{"GET /user?access_token=tok", "x"},
		{"GET /orgs/{org}/teams/{team_slug}", "%2e%2e"},
	} {
		f.Add(s[0], s[1])
	}
	e := endpoint.Defaults(endpoint.WithCatalog(github.Catalog()))
	ctx := context.Background()
	names := []string{"owner", "repo", "org", "state", "q", "title", "release_id", "name", "per_page"}
	f.Fuzz(func(t *testing.T, route, value string) {
		b := e.Route(route)
		for _, n := range names {
			b.Param(n, value)
		}
		ro, err := b.Build()
		req, oneErr := b.HTTPRequest(ctx)
		var be *builder.Error
		if err != nil {
			if !errors.As(err, &be) {
				t.Fatalf("Build(%q): %T is no *builder.Error: %v", route, err, err)
			}
			if oneErr == nil {
				t.Fatalf("Build(%q) failed (%v), the one step did not", route, err)
			}
			return
		}
		two, twoErr := ro.HTTPRequest(ctx)
		if (oneErr == nil) != (twoErr == nil) {
			t.Fatalf("%q: one step %v, two steps %v", route, oneErr, twoErr)
		}
		if oneErr == nil && (req.URL.String() != two.URL.String() || req.Method != two.Method) {
			t.Fatalf("%q: one step %s %s, two steps %s %s", route, req.Method, req.URL, two.Method, two.URL)
		}
	})
}
