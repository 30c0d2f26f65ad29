package builder_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/endpointkit/endpoint/builder"
)

// benchRequest is benchmark B of BENCHMARKS.md: a POST with a JSON body
// and a token.
func benchRequest(b *testing.B) builder.RequestOptions {
	b.Helper()
	ro, err := builder.New(builder.WithOptions(builder.Options{
		Method:  "GET",
		BaseURL: "https://api.github.com",
		Headers: map[string]string{"accept": "application/vnd.github.v3+json", "user-agent": "bench", "authorization": "token abc"},
	})).Route("POST /repos/{owner}/{repo}/issues").
		Param("owner", "octokit").Param("repo", "rest.js").
		Param("title", "Found a bug").Param("body", "details").Param("labels", []string{"bug"}).
		Build()
	if err != nil {
		b.Fatal(err)
	}
	return ro
}

func BenchmarkHTTPRequest(b *testing.B) {
	ro := benchRequest(b)
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ro.HTTPRequest(ctx); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkCurl(b *testing.B) {
	ro := benchRequest(b)
	b.ReportAllocs()
	for b.Loop() {
		if ro.Curl() == "" {
			b.Fatal("empty")
		}
	}
}

func BenchmarkRedactedString(b *testing.B) {
	ro := benchRequest(b)
	b.ReportAllocs()
	for b.Loop() {
		if fmt.Sprint(ro) == "" {
			b.Fatal("empty")
		}
	}
}

func BenchmarkRedactURL(b *testing.B) {
	for _, u := range []string{
		"https://api.github.com/repos/octokit/rest.js/issues?per_page=100&state=open",
		"https://api.github.com/user?access_token=abc&per_page=1",
	} {
		b.Run(u[len(u)-10:], func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if builder.RedactURL(u) == "" {
					b.Fatal("empty")
				}
			}
		})
	}
}
