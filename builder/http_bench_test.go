package builder_test

import (
	"context"
	"encoding/json"
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

// benchGET is benchmark A of BENCHMARKS.md: a GET with a query string and
// three headers, no body.
func benchGET(b *testing.B) builder.RequestOptions {
	b.Helper()
	ro, err := builder.New(builder.WithOptions(builder.Options{
		Method:  "GET",
		BaseURL: "https://api.github.com",
		Headers: map[string]string{"accept": "application/vnd.github.v3+json", "user-agent": "bench", "authorization": "token abc"},
	})).Route("GET /repos/{owner}/{repo}/issues").
		Param("owner", "octokit").Param("repo", "rest.js").Param("per_page", 100).Param("state", "open").
		Build()
	if err != nil {
		b.Fatal(err)
	}
	return ro
}

func BenchmarkHTTPRequest(b *testing.B) {
	for _, c := range []struct {
		name string
		ro   func(*testing.B) builder.RequestOptions
	}{{"post-json", benchRequest}, {"get", benchGET}} {
		b.Run(c.name, func(b *testing.B) {
			ro := c.ro(b)
			ctx := context.Background()
			b.ReportAllocs()
			for b.Loop() {
				if _, err := ro.HTTPRequest(ctx); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// benchBody is a nested body of the kinds of values JSON bodies hold.
var benchBody = map[string]any{
	"name": "web", "active": true, "events": []any{"push", "pull_request"},
	"config": map[string]any{"url": "https://example.com/hook?a=1&b=<2>", "content_type": "json", "insecure_ssl": "0"},
	"count":  42, "ratio": 0.25, "labels": []string{"bug", "ui"},
}

func BenchmarkBodyReader(b *testing.B) {
	ro := builder.RequestOptions{Method: "post", URL: "https://x.test/", Body: benchBody}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ro.BodyReader(); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkMarshalJSON(b *testing.B) {
	ro := benchRequest(b)
	o := builder.Options{
		Method: "POST", URL: "/repos/{owner}/{repo}/hooks", Headers: map[string]string{"accept": "application/json"},
		Params: builder.Params{{Name: "owner", Value: "o"}, {Name: "repo", Value: "r"}, {Name: "config", Value: benchBody}},
	}
	for _, c := range []struct {
		name string
		m    json.Marshaler
	}{{"RequestOptions", ro}, {"Options", o}, {"Params", o.Params}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := c.m.MarshalJSON(); err != nil {
					b.Fatal(err)
				}
			}
		})
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
