package endpointtest_test

import (
	"context"
	"fmt"
	"net/http"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/endpointtest"
	"github.com/endpointkit/endpoint/paginate"
)

// A fixture of 75 issues served 30 a page, walked by paginate.Items.
func ExampleReply_Paginated() {
	t := &printT{}
	defer t.done()

	srv := endpointtest.NewServer(t)
	srv.Handle("GET /repos/{owner}/{repo}/issues", endpointtest.File("testdata/issues.json").Paginated())

	ro, _ := endpoint.Defaults(endpoint.WithBaseURL(srv.URL)).
		Route("GET /repos/{owner}/{repo}/issues").Param("owner", "octokit").Param("repo", "rest.js").Build()
	req, _ := ro.HTTPRequest(context.Background())
	type issue struct {
		Number int `json:"number"`
	}
	n := 0
	for it, err := range paginate.Items[issue](context.Background(), srv.Client(), req) {
		if err != nil {
			fmt.Println(err)
			return
		}
		if n == 0 || n == 74 {
			fmt.Println("issue", it.Number)
		}
		n++
	}
	fmt.Println(n, "issues")
	for _, c := range srv.Calls("GET /repos/{owner}/{repo}/issues") {
		fmt.Println(c.Path + "?" + c.RawQuery)
	}
	// Output:
	// issue 75
	// issue 1
	// 75 issues
	// /repos/octokit/rest.js/issues?
	// /repos/octokit/rest.js/issues?page=2
	// /repos/octokit/rest.js/issues?page=3
}

// A flaky endpoint: the first call fails, the next ones succeed.
func ExampleSequence() {
	t := &printT{}
	defer t.done()

	srv := endpointtest.NewServer(t)
	srv.Handle("GET /rate_limit", endpointtest.Sequence(
		endpointtest.GitHubError(http.StatusServiceUnavailable, "Server Error"),
		endpointtest.JSON(`{"resources":{}}`).WithRateLimit(endpointtest.RateLimit{Limit: 5000, Remaining: 4999, Used: 1}),
	))
	gh := endpoint.Defaults(endpoint.WithBaseURL(srv.URL))
	for range 3 {
		fmt.Println(do(srv, gh.Route("GET /rate_limit")))
	}
	// Output:
	// 503 {"message":"Server Error","documentation_url":"https://docs.github.com/rest"}
	// 200 {"resources":{}}
	// 200 {"resources":{}}
}
