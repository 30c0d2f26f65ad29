package catalog_test

import (
	"testing"

	"github.com/endpointkit/endpoint/catalog/github"
	"github.com/endpointkit/endpoint/internal/value"
)

// BenchmarkValidate is the check a build would add: look the route up,
// check four parameters, and that none required is missing.
func BenchmarkValidate(b *testing.B) {
	c := github.Catalog()
	owner, repo, state, perPage := value.Str("octokit"), value.Str("rest.js"), value.Str("open"), value.Int(30)
	has := func(string) bool { return true }
	b.ReportAllocs()
	for b.Loop() {
		op, err := c.Lookup("get", "/repos/{owner}/{repo}/issues")
		if err != nil || op.CheckParam("owner", owner) != nil || op.CheckParam("repo", repo) != nil ||
			op.CheckParam("state", state) != nil || op.CheckParam("per_page", perPage) != nil || op.Missing(has) != nil {
			b.Fatal("check failed")
		}
	}
}

// BenchmarkValidateBody checks a POST with a body of five parameters.
func BenchmarkValidateBody(b *testing.B) {
	c := github.Catalog()
	vals := []struct {
		name string
		v    value.Value
	}{
		{"owner", value.Str("octokit")}, {"repo", value.Str("rest.js")}, {"title", value.Str("Found a bug")},
		{"body", value.Str("It breaks.")}, {"labels", value.NewArray([]value.Value{value.Str("bug"), value.Str("ui")})},
	}
	has := func(string) bool { return true }
	b.ReportAllocs()
	for b.Loop() {
		op, err := c.Lookup("POST", "/repos/{owner}/{repo}/issues")
		if err != nil {
			b.Fatal(err)
		}
		for _, p := range vals {
			if err := op.CheckParam(p.name, p.v); err != nil {
				b.Fatal(err)
			}
		}
		if op.Missing(has) != nil {
			b.Fatal("missing")
		}
	}
}

func BenchmarkLookup(b *testing.B) {
	c := github.Catalog()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := c.Lookup("GET", "/repos/{owner}/{repo}/issues"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLookupShape is the slow path: other variable names.
func BenchmarkLookupShape(b *testing.B) {
	c := github.Catalog()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := c.Lookup("GET", "/repos/{o}/{r}/issues"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkUnknownRoute is the error path with its suggestions.
func BenchmarkUnknownRoute(b *testing.B) {
	c := github.Catalog()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := c.Lookup("GET", "/repos/{owner}/{repo}/isues"); err == nil {
			b.Fatal("found")
		}
	}
}
