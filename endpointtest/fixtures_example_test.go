package endpointtest_test

import (
	"fmt"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/endpointtest"
)

// testdata/options/base.json sets headers and a preview for every test;
// issues/list.json a route and its parameters; the test adds its own.
func ExampleLoadFixtures() {
	t := &printT{}
	defer t.done()

	fx := endpointtest.LoadFixtures(t, "testdata/options")
	fmt.Println(fx.Names())

	gh := fx.Defaults(nil, "base", "issues/list").Defaults(endpoint.WithParam("state", "closed"))
	req, err := gh.Build("", builder.Options{})
	fmt.Println(err)
	fmt.Println(req.Method, req.URL)
	fmt.Println(req.Headers["accept"], req.Headers["x-github-api-version"])
	// Output:
	// [base issues/create issues/list]
	// <nil>
	// get https://api.github.com/repos/octokit/rest.js/issues?state=closed&per_page=100
	// application/vnd.github.mercy-preview+json 2022-11-28
}
