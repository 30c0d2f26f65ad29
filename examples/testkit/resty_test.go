package testkit_test

import (
	"net/http"
	"testing"

	"github.com/endpointkit/endpoint/endpointtest"
	"github.com/endpointkit/endpoint/examples/testkit"
	"github.com/endpointkit/endpoint/paginate"
	"github.com/go-resty/resty/v2"
)

// The fake server works with any client; here resty v2 fetches the last
// page and files an issue.
func TestResty(t *testing.T) {
	srv := newServer(t)
	client := resty.NewWithClient(srv.Client()).SetBaseURL(srv.URL).SetAuthToken("fixture-token").
		SetPathParams(map[string]string{"owner": "octokit", "repo": "rest.js"})

	var page []testkit.Issue
	resp, err := client.R().SetQueryParams(map[string]string{"state": "all", "per_page": "100", "page": "3"}).SetResult(&page).
		Get("/repos/{owner}/{repo}/issues")
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode() != http.StatusOK || len(page) != 50 || page[49].Number != 1 {
		t.Fatalf("%s: %d issues", resp.Status(), len(page))
	}
	links, err := paginate.ParseLinks(resp.Header())
	if err != nil {
		t.Fatal(err)
	}
	if len(links) != 2 || !links[0].HasRel("prev") || !links[1].HasRel("first") {
		t.Errorf("Link %v, want prev and first", links)
	}

	var issue testkit.Issue
	resp, err = client.R().SetBody(map[string]any{"title": "Found a bug", "labels": []string{"bug"}}).SetResult(&issue).
		Post("/repos/{owner}/{repo}/issues")
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode() != http.StatusCreated || issue.Number != 251 {
		t.Fatalf("%s: %+v", resp.Status(), issue)
	}
	err = endpointtest.MatchCall(srv.Calls("POST /repos/{owner}/{repo}/issues")[0],
		endpointtest.Header("Authorization", "Bearer fixture-token"),
		endpointtest.JSONFields(`{"title": "Found a bug"}`),
	)
	if err != nil {
		t.Error(err)
	}
}
