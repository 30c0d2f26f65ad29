package catalog_test

import (
	"fmt"

	"github.com/endpointkit/endpoint/catalog/github"
)

// Check names the parameter a typo meant and the values an enum allows.
func ExampleOperation_Check() {
	list, _ := github.Catalog().Lookup("GET", "/repos/{owner}/{repo}/issues")
	fmt.Println(list.Check("stat", "open"))
	fmt.Println(list.Check("state", "opne"))
	fmt.Println(list.Check("per_page", "30"), list.Check("per_page", "thirty"))
	// Output:
	// catalog: GET /repos/{owner}/{repo}/issues: parameter "stat": unknown parameter; did you mean state?
	// catalog: GET /repos/{owner}/{repo}/issues: parameter "state": "opne" is not one of open, closed, all; did you mean open?
	// <nil> catalog: GET /repos/{owner}/{repo}/issues: parameter "per_page": got string "thirty", want integer
}

// Validate checks a whole call, including what is missing.
func ExampleOperation_Validate() {
	create, _ := github.Catalog().Lookup("POST", "/repos/{owner}/{repo}/issues")
	fmt.Println(create.Validate(map[string]any{"owner": "octokit", "repo": "rest.js", "body": "It breaks."}))
	fmt.Println(create.Validate(map[string]any{"owner": "octokit", "repo": "rest.js", "title": "Found a bug", "labels": []string{"bug"}}))
	// Output:
	// catalog: POST /repos/{owner}/{repo}/issues: missing required parameter "title"
	// <nil>
}

// Template adds the query parameters of a method with a body, so that an
// engine that sends leftover parameters in the body keeps them in the URL.
func ExampleOperation_Template() {
	up, _ := github.Catalog().ByID("repos/upload-release-asset")
	fmt.Println(up.Method, up.Template())
	// Output:
	// POST /repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}
}

// SplitTemplate says where the query expression Template adds begins.
func ExampleOperation_SplitTemplate() {
	up, _ := github.Catalog().ByID("repos/upload-release-asset")
	path, query := up.SplitTemplate()
	fmt.Println(path)
	fmt.Println(query)
	// Output:
	// /repos/{owner}/{repo}/releases/{release_id}/assets
	// {?name,label}
}
