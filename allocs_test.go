package endpoint_test

import (
	"testing"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint"
)

// Allocation counts are exact, unlike timings, so the hot path's budget is
// a spec: a change that adds an allocation per call fails here first.
var _ = Describe("allocations per Build", func() {
	gh := endpoint.Defaults(endpoint.WithHeader("authorization", "token 0000000000000000000000000000000000000001"))

	It("builds request A (GET, 2 path and 2 query parameters) in at most 4", func() {
		if testing.CoverMode() != "" || raceEnabled {
			Skip("instrumented build")
		}
		allocs := testing.AllocsPerRun(200, func() {
			_, _ = gh.Route("GET /repos/{owner}/{repo}/issues").
				Param("owner", "octokit").Param("repo", "rest.js").
				Param("state", "open").Param("per_page", 100).Build()
		})
		Expect(allocs).To(BeNumerically("<=", 4))
	})

	It("builds request B (POST, three-key JSON body) in at most 9", func() {
		if testing.CoverMode() != "" || raceEnabled {
			Skip("instrumented build")
		}
		labels := []string{"bug"}
		allocs := testing.AllocsPerRun(200, func() {
			_, _ = gh.Route("POST /repos/{owner}/{repo}/issues").
				Param("owner", "octokit").Param("repo", "rest.js").
				Param("title", "t").Param("body", "b").Param("labels", labels).Build()
		})
		Expect(allocs).To(BeNumerically("<=", 9))
	})
})
