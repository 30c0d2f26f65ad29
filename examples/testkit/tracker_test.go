package testkit_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/catalog/github"
	"github.com/endpointkit/endpoint/endpointtest"
	"github.com/endpointkit/endpoint/examples/testkit"
	gogithub "github.com/google/go-github/v93/github"
)

// newServer is the fake GitHub: 250 issues from a fixture, served a page
// at a time, and issue creation, every request checked against GitHub's
// API description.
func newServer(t *testing.T) *endpointtest.Server {
	srv := endpointtest.NewServer(t, endpointtest.WithCatalog(github.Catalog()))
	srv.Handle("GET /repos/{owner}/{repo}/issues", endpointtest.File("testdata/issues.json").Paginated())
	srv.Handle("POST /repos/{owner}/{repo}/issues", endpointtest.Func(func(c *endpointtest.Call) endpointtest.Reply {
		title, _ := c.Get("title")
		return endpointtest.JSON(map[string]any{"number": 251, "title": title, "state": "open"}).WithStatus(http.StatusCreated)
	}))
	return srv
}

// The two trackers under test, each pointed at the fake server.
var trackers = []struct {
	name string
	auth string // the authorization header the client sends
	make func(t *testing.T, srv *endpointtest.Server) testkit.Tracker
}{
	{"net/http", "token fixture-token", func(t *testing.T, srv *endpointtest.Server) testkit.Tracker {
		// Options from fixtures (the token, the API version), then the
		// test's own: the server's URL.
		fx := endpointtest.LoadFixtures(t, "testdata/options")
		gh := fx.Defaults(nil, "base").Defaults(endpoint.WithBaseURL(srv.URL))
		return testkit.HTTPTracker{Client: srv.Client(), Endpoint: gh, PerPage: 100}
	}},
	{"go-github", "Bearer fixture-token", func(t *testing.T, srv *endpointtest.Server) testkit.Tracker {
		base := srv.URL + "/"
		c, err := gogithub.NewClient(gogithub.WithHTTPClient(srv.Client()), gogithub.WithURLs(&base, &base), gogithub.WithAuthToken("fixture-token"))
		if err != nil {
			t.Fatal(err)
		}
		return testkit.GitHubTracker{Client: c, PerPage: 100}
	}},
	{"go-github, GHES URLs", "Bearer fixture-token", func(t *testing.T, srv *endpointtest.Server) testkit.Tracker {
		// WithEnterpriseURLs puts the API under /api/v3/; the server
		// matches routes without that prefix.
		c, err := gogithub.NewClient(gogithub.WithHTTPClient(srv.Client()), gogithub.WithEnterpriseURLs(srv.URL+"/", srv.URL+"/"), gogithub.WithAuthToken("fixture-token"))
		if err != nil {
			t.Fatal(err)
		}
		return testkit.GitHubTracker{Client: c, PerPage: 100}
	}},
}

func TestListIssues(t *testing.T) {
	for _, tc := range trackers {
		t.Run(tc.name, func(t *testing.T) {
			srv := newServer(t)
			issues, err := tc.make(t, srv).ListIssues(context.Background(), "octokit", "rest.js")
			if err != nil {
				t.Fatal(err)
			}
			if len(issues) != 250 || issues[0].Number != 250 || issues[249].Number != 1 {
				t.Fatalf("got %d issues, want 250 from #250 down to #1", len(issues))
			}

			// Three pages of 100, 100 and 50, each asked for with the
			// same query and the token.
			calls := srv.Calls("GET /repos/{owner}/{repo}/issues")
			if len(calls) != 3 {
				t.Fatalf("%d requests, want 3", len(calls))
			}
			for i, c := range calls {
				err := endpointtest.MatchCall(c,
					endpointtest.Route("GET /repos/{owner}/{repo}/issues").Where("owner", "octokit").Where("repo", "rest.js"),
					endpointtest.Query("state", "all"),
					endpointtest.Query("per_page", "100"),
					endpointtest.Header("Authorization", tc.auth),
				)
				if err != nil {
					t.Errorf("page %d: %v", i+1, err)
				}
			}
			if err := endpointtest.MatchCall(calls[2], endpointtest.Query("page", "3")); err != nil {
				t.Error(err)
			}
		})
	}
}

func TestCreateIssue(t *testing.T) {
	for _, tc := range trackers {
		t.Run(tc.name, func(t *testing.T) {
			srv := newServer(t)
			issue, err := tc.make(t, srv).CreateIssue(context.Background(), "octokit", "rest.js", testkit.NewIssue{Title: "Found a bug", Labels: []string{"bug"}})
			if err != nil {
				t.Fatal(err)
			}
			if issue != (testkit.Issue{Number: 251, Title: "Found a bug", State: "open"}) {
				t.Errorf("got %+v", issue)
			}
			calls := srv.Calls("POST /repos/{owner}/{repo}/issues")
			if len(calls) != 1 {
				t.Fatalf("%d requests, want 1", len(calls))
			}
			// The body, members in any order; the client adds nothing else.
			if err := endpointtest.MatchCall(calls[0], endpointtest.JSONBody(`{"labels": ["bug"], "title": "Found a bug"}`)); err != nil {
				t.Error(err)
			}
		})
	}
}
