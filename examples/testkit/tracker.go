package testkit

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"

	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/paginate"
	"github.com/google/go-github/v93/github"
)

// Issue is the part of a GitHub issue the tracker uses.
type Issue struct {
	Number int    `json:"number"`
	Title  string `json:"title"`
	State  string `json:"state"`
}

// NewIssue is what CreateIssue files.
type NewIssue struct {
	Title  string
	Body   string
	Labels []string
}

// Tracker lists and files the issues of a repository: the code under test.
type Tracker interface {
	// ListIssues returns every issue, open and closed, fetching every page.
	ListIssues(ctx context.Context, owner, repo string) ([]Issue, error)
	// CreateIssue files an issue and returns it as GitHub made it.
	CreateIssue(ctx context.Context, owner, repo string, n NewIssue) (Issue, error)
}

// HTTPTracker is a Tracker on net/http: requests built by an endpoint
// Endpoint (which carries the token and the base URL), pages walked by
// paginate.
type HTTPTracker struct {
	Client   *http.Client
	Endpoint *builder.Endpoint
	// PerPage is the page size asked for; GitHub allows 1 to 100.
	PerPage int
}

// ListIssues implements Tracker.
func (t HTTPTracker) ListIssues(ctx context.Context, owner, repo string) ([]Issue, error) {
	ro, err := t.Endpoint.Route("GET /repos/{owner}/{repo}/issues").
		Param("owner", owner).Param("repo", repo).Param("state", "all").
		Build()
	if err != nil {
		return nil, err
	}
	req, err := ro.HTTPRequest(ctx)
	if err != nil {
		return nil, err
	}
	var out []Issue
	for issue, err := range paginate.Items[Issue](ctx, t.Client, req, paginate.PerPage(t.PerPage)) {
		if err != nil {
			return nil, err
		}
		out = append(out, issue)
	}
	return out, nil
}

// CreateIssue implements Tracker.
func (t HTTPTracker) CreateIssue(ctx context.Context, owner, repo string, n NewIssue) (Issue, error) {
	b := t.Endpoint.Route("POST /repos/{owner}/{repo}/issues").
		Param("owner", owner).Param("repo", repo).Param("title", n.Title)
	if n.Body != "" {
		b.Param("body", n.Body)
	}
	if len(n.Labels) > 0 {
		b.Param("labels", n.Labels)
	}
	ro, err := b.Build()
	if err != nil {
		return Issue{}, err
	}
	req, err := ro.HTTPRequest(ctx)
	if err != nil {
		return Issue{}, err
	}
	resp, err := t.Client.Do(req)
	if err != nil {
		return Issue{}, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return Issue{}, err
	}
	if resp.StatusCode != http.StatusCreated {
		var e struct {
			Message string `json:"message"`
		}
		_ = json.Unmarshal(body, &e)
		return Issue{}, fmt.Errorf("create issue: %s: %s", resp.Status, e.Message)
	}
	var issue Issue
	err = json.NewDecoder(bytes.NewReader(body)).Decode(&issue)
	return issue, err
}

// GitHubTracker is a Tracker on go-github.
type GitHubTracker struct {
	Client  *github.Client
	PerPage int
}

// ListIssues implements Tracker, following go-github's NextPage, which
// it reads from the Link header.
func (t GitHubTracker) ListIssues(ctx context.Context, owner, repo string) ([]Issue, error) {
	opts := &github.IssueListByRepoOptions{State: "all"}
	opts.ListOptions.PerPage = t.PerPage
	var out []Issue
	for {
		issues, resp, err := t.Client.Issues.ListByRepo(ctx, owner, repo, opts)
		if err != nil {
			return nil, err
		}
		for _, i := range issues {
			out = append(out, Issue{Number: i.GetNumber(), Title: i.GetTitle(), State: i.GetState()})
		}
		if resp.NextPage == 0 {
			return out, nil
		}
		opts.ListOptions.Page = resp.NextPage
	}
}

// CreateIssue implements Tracker.
func (t GitHubTracker) CreateIssue(ctx context.Context, owner, repo string, n NewIssue) (Issue, error) {
	req := github.CreateIssueRequest{Title: n.Title, Labels: n.Labels}
	if n.Body != "" {
		req.Body = &n.Body
	}
	i, _, err := t.Client.Issues.Create(ctx, owner, repo, req)
	if err != nil {
		return Issue{}, err
	}
	return Issue{Number: i.GetNumber(), Title: i.GetTitle(), State: i.GetState()}, nil
}
