package main

import (
	"context"
	"os"
)

// noEnv is an empty environment.
func noEnv(string) (string, bool) { return "", false }

// The request options of a call, checked against GitHub's description.
func Example() {
	run(context.Background(), []string{"--compact", "repos/get", "owner=octokit", "repo=rest.js"}, noEnv, nil, os.Stdout, os.Stdout)
	// Output:
	// {"method":"get","url":"https://api.github.com/repos/octokit/rest.js","headers":{"accept":"application/vnd.github.v3+json","user-agent":"endpointkit-endpoint.go/0.1.0"}}
}

// A misspelt enum value is caught before anything is sent.
func Example_check() {
	run(context.Background(), []string{"GET /repos/{owner}/{repo}/issues", "owner=o", "repo=r", "state=opne"}, noEnv, nil, os.Stdout, os.Stdout)
	// Output:
	// endpoint: check "GET /repos/{owner}/{repo}/issues": parameter "state": "opne" is not one of open, closed, all; did you mean open?
}

// endpoint routes FILTER lists the matching operations.
func Example_routes() {
	run(context.Background(), []string{"routes", "/releases/{release_id}/assets"}, noEnv, nil, os.Stdout, os.Stdout)
	// Output:
	// GET   /repos/{owner}/{repo}/releases/{release_id}/assets  repos/list-release-assets
	// POST  /repos/{owner}/{repo}/releases/{release_id}/assets  repos/upload-release-asset
}

// name==value is a query parameter, even on POST.
func Example_query() {
	run(context.Background(), []string{"--compact", "--no-check", "POST /things", "q==a b", "title=T"}, noEnv, nil, os.Stdout, os.Stdout)
	// Output:
	// {"method":"post","url":"https://api.github.com/things?q=a%20b","headers":{"accept":"application/vnd.github.v3+json","content-type":"application/json; charset=utf-8","user-agent":"endpointkit-endpoint.go/0.1.0"},"body":{"title":"T"}}
}
