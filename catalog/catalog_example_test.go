package catalog_test

import (
	"errors"
	"fmt"

	"github.com/endpointkit/endpoint/catalog"
	"github.com/endpointkit/endpoint/catalog/github"
)

// A route is found by its method and template, whatever its variables
// are called; a misspelt one gets a suggestion.
func ExampleCatalog_Lookup() {
	gh := github.Catalog()
	op, _ := gh.Lookup("GET", "/repos/{owner}/{repo}/issues")
	fmt.Println(op.ID)
	op, _ = gh.Lookup("GET", "/repos/:o/:r/issues")
	fmt.Println(op.ID, op.Required())

	_, err := gh.Lookup("GET", "/repos/{owner}/{repo}/isues")
	fmt.Println(errors.Is(err, catalog.ErrUnknownRoute))
	fmt.Println(err)
	// Output:
	// issues/list-for-repo
	// issues/list-for-repo [o r]
	// true
	// catalog: "GET /repos/{owner}/{repo}/isues": no operation has this method and path; did you mean GET /repos/{owner}/{repo}/issues?
}

// Operations are found by their operationId too.
func ExampleCatalog_ByID() {
	op, _ := github.Catalog().ByID("repos/get")
	fmt.Println(op)
	_, err := github.Catalog().ByID("repos/gett")
	fmt.Println(err)
	// Output:
	// GET /repos/{owner}/{repo}
	// catalog: "repos/gett": no operation has this ID; did you mean repos/get?
}
