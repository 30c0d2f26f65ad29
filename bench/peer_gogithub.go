package bench

import (
	"context"
	"fmt"
	"net/http"
	"net/url"

	"github.com/google/go-github/v92/github"
	"github.com/google/go-querystring/query"
)

// GitHub is the long-lived go-github client. Its authorization normally
// comes from a transport at send time, so the per-request option below
// adds it instead: the request must carry it before it is sent.
var GitHub = mustGitHub()

func mustGitHub() *github.Client {
	c, err := github.NewClient(github.WithUserAgent(UserAgent))
	if err != nil {
		panic(err) // static options; cannot fail
	}
	return c
}

var (
	ghAuth github.RequestOption = func(r *http.Request) { r.Header.Set("Authorization", Authorization) }
	// go-github sends "application/json"; the shared request wants the
	// charset too.
	ghContentType github.RequestOption = func(r *http.Request) { r.Header.Set("Content-Type", ContentType) }
)

// GoGitHubA builds A the way IssuesService.ListByRepo does, stopping
// before Do.
func GoGitHubA(ctx context.Context, owner, repo string) (*http.Request, error) {
	u, err := addOptions(fmt.Sprintf("repos/%v/%v/issues", owner, repo), &github.IssueListByRepoOptions{
		State:       State,
		ListOptions: github.ListOptions{PerPage: PerPage},
	})
	if err != nil {
		return nil, err
	}
	return GitHub.NewRequest(ctx, http.MethodGet, u, nil, ghAuth)
}

// GoGitHubB builds B the way IssuesService.Create does, stopping before Do.
func GoGitHubB(ctx context.Context, owner, repo string) (*http.Request, error) {
	u := fmt.Sprintf("repos/%v/%v/issues", owner, repo)
	body := github.CreateIssueRequest{Title: IssueTitle, Body: new(IssueBody), Labels: []string{IssueLabel}}
	return GitHub.NewRequest(ctx, http.MethodPost, u, body, ghAuth, ghContentType)
}

// addOptions is go-github's unexported addOptions (github.go), copied.
func addOptions(s string, opts any) (string, error) {
	u, err := url.Parse(s)
	if err != nil {
		return s, err
	}
	qs, err := query.Values(opts)
	if err != nil {
		return s, err
	}
	u.RawQuery = qs.Encode()
	return u.String(), nil
}
