package github_test

import (
	"fmt"

	"github.com/endpointkit/endpoint/catalog/github"
)

// The three typos of issue #14, caught before they reach GitHub: a
// misspelt route, a missing body field, and a value outside an enum.
func Example_typos() {
	gh := github.Catalog()

	_, err := gh.Lookup("GET", "/repos/{owner}/{repo}/isues")
	fmt.Println(err)

	create, _ := gh.Lookup("POST", "/repos/{owner}/{repo}/issues")
	fmt.Println(create.Validate(map[string]any{"owner": "octokit", "repo": "rest.js", "body": "It breaks."}))

	list, _ := gh.Lookup("GET", "/repos/{owner}/{repo}/issues")
	fmt.Println(list.Validate(map[string]any{"owner": "octokit", "repo": "rest.js", "state": "opne"}))
	// Output:
	// catalog: "GET /repos/{owner}/{repo}/isues": no operation has this method and path; did you mean GET /repos/{owner}/{repo}/issues?
	// catalog: POST /repos/{owner}/{repo}/issues: missing required parameter "title"
	// catalog: GET /repos/{owner}/{repo}/issues: parameter "state": "opne" is not one of open, closed, all; did you mean open?
}

// Each embedded catalogue records the description it was made from.
func ExampleCatalog() {
	for _, c := range []interface {
		Len() int
	}{github.Catalog(), github.GHEC(), github.GHES()} {
		fmt.Println(c.Len())
	}
	fmt.Println(github.Catalog().Info().Source)
	// Output:
	// 1223
	// 1471
	// 1039
	// @octokit/openapi@23.0.2 generated/api.github.com.deref.json
}
