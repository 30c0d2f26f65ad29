package endpoint_test

import (
	"testing"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
)

// The requests of BENCHMARKS.md: A is a GET with two path and two query
// parameters, B a POST with a three-key JSON body.
var benchEndpoint = endpoint.Defaults(endpoint.WithHeader("authorization", "token 0000000000000000000000000000000000000001"))

func BenchmarkBuildGET(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		_, err := benchEndpoint.Route("GET /repos/{owner}/{repo}/issues").
			Param("owner", "octokit").Param("repo", "rest.js").
			Param("state", "open").Param("per_page", 100).Build()
		if err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkBuildPOST(b *testing.B) {
	b.ReportAllocs()
	labels := []string{"bug"}
	for b.Loop() {
		_, err := benchEndpoint.Route("POST /repos/{owner}/{repo}/issues").
			Param("owner", "octokit").Param("repo", "rest.js").
			Param("title", "t").Param("body", "b").Param("labels", labels).Build()
		if err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkBuildOptions(b *testing.B) {
	b.ReportAllocs()
	o := builder.Options{Params: builder.Params{
		{Name: "owner", Value: "octokit"}, {Name: "repo", Value: "rest.js"},
		{Name: "state", Value: "open"}, {Name: "per_page", Value: 100}}}
	for b.Loop() {
		if _, err := benchEndpoint.Build("GET /repos/{owner}/{repo}/issues", o); err != nil {
			b.Fatal(err)
		}
	}
}
