package endpointtest_test

import (
	"context"
	"fmt"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/endpointtest"
)

func ExampleMatch() {
	req, _ := endpoint.Defaults(endpoint.WithHeader("authorization", "token ghp_s3cr3t")).
		Route("POST /repos/{owner}/{repo}/issues").
		Param("owner", "octokit").Param("repo", "rest.js").
		Param("title", "Found a bug").Param("labels", []string{"bug"}).
		Build()

	fmt.Println(endpointtest.Match(req,
		endpointtest.Route("POST /repos/{owner}/{repo}/issues").Where("owner", "octokit"),
		endpointtest.Header("Authorization"),
		endpointtest.JSONFields(`{"title": "Found a bug"}`),
	))

	// An *http.Request works as well, and every mismatch is listed.
	hr, _ := req.HTTPRequest(context.Background())
	fmt.Println(endpointtest.Match(hr,
		endpointtest.Route("POST /repos/{owner}/{repo}/issues").Where("repo", "octokit.js"),
		endpointtest.Header("Authorization", "token other"),
		endpointtest.JSONBody(`{"title": "Found a bug", "labels": ["bug", "ui"]}`),
	))
	// Output:
	// <nil>
	// endpointtest: POST /repos/octokit/rest.js/issues:
	// 	parameter "repo" is "rest.js", want "octokit.js"
	// 	header "Authorization" is "token [REDACTED]", want "token [REDACTED]" (the values differ)
	// 	JSON body .labels: got ["bug"], want ["bug","ui"]
}

func ExampleRouteMatcher_Params() {
	req, _ := endpoint.Route("GET /repos/{owner}/{repo}/contents/{path}").
		Param("owner", "octokit").Param("repo", "rest.js").Param("path", "docs/README.md").Param("ref", "main").
		Build()
	fmt.Println(req.URL)
	params, err := endpointtest.Route("GET /repos/{owner}/{repo}/contents/{path}").Params(req)
	fmt.Println(params, err)
	// Output:
	// https://api.github.com/repos/octokit/rest.js/contents/docs%2FREADME.md?ref=main
	// [{owner octokit} {repo rest.js} {path docs/README.md} {ref main}] <nil>
}
