package matchers_test

import (
	"fmt"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/endpointtest/matchers"
	"github.com/onsi/gomega"
)

func Example() {
	req, _ := endpoint.Route("GET /repos/{owner}/{repo}/issues").
		Param("owner", "octokit").Param("repo", "rest.js").Param("state", "opne").
		Build()

	// In a spec: Expect(req).To(matchers.HaveQuery("state", "open")).
	g := gomega.NewGomega(func(message string, _ ...int) { fmt.Println(message) })
	g.Expect(req).To(matchers.MatchRoute("GET /repos/{owner}/{repo}/issues").Where("owner", "octokit"))
	g.Expect(req).To(matchers.HaveQuery("state", "open"))
	// Output:
	// endpointtest: GET /repos/octokit/rest.js/issues?state=opne: query "state" is "opne", want "open"
}
