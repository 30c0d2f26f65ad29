package main

import (
	"context"
	"fmt"
	"log"

	gogithub "github.com/google/go-github/v93/github"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/catalog/github"
	"github.com/endpointkit/endpoint/endpointtest"
)

// Example builds a request with endpointkit, checked against GitHub's
// description, and sends it with go-github's Client.Do, which decodes the
// answer into its own types and reads the rate limit. Both packages are
// named github: go-github's is imported as gogithub. A fake server plays
// the API; against GitHub, base is "https://api.github.com".
func Example() {
	srv := endpointtest.NewServer(nil, endpointtest.WithCatalog(github.Catalog()),
		endpointtest.WithRateLimit(endpointtest.RateLimit{Limit: 5000}))
	defer srv.Close()
	srv.Handle("GET /repos/{owner}/{repo}/issues", endpointtest.JSON(`[{"number": 1347, "title": "Found a bug"}]`))
	ctx := context.Background()

	base := srv.URL
	client, err := gogithub.NewClient(gogithub.WithURLs(&base, &base), gogithub.WithAuthToken("ghp_example"))
	if err != nil {
		log.Fatal(err)
	}
	gh := endpoint.Defaults(endpoint.WithBaseURL(base), endpoint.WithCatalog(github.Catalog()))

	req, err := gh.Route("GET /repos/{owner}/{repo}/issues").
		Param("owner", "octokit").Param("repo", "rest.js").Param("state", "open").
		HTTPRequest(ctx)
	if err != nil {
		log.Fatal(err)
	}
	var issues []*gogithub.Issue
	resp, err := client.Do(req, &issues)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(req.Method, req.URL.RequestURI())
	fmt.Printf("#%d %s\n", issues[0].GetNumber(), issues[0].GetTitle())
	fmt.Println("rate limit left:", resp.Rate.Remaining)
	// Output:
	// GET /repos/octokit/rest.js/issues?state=open
	// #1347 Found a bug
	// rate limit left: 4999
}
