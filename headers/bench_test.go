package headers_test

import (
	"testing"

	"github.com/endpointkit/endpoint/headers"
)

func BenchmarkMerge(b *testing.B) {
	defaults := headers.Set{"accept": "application/vnd.github.v3+json", "user-agent": "octokit-endpoint.js/6.0.12"}
	layer := headers.Set{"authorization": "token 0000000000000000000000000000000000000001"}
	call := headers.Set{"x-github-api-version": "2022-11-28", "accept": "application/vnd.github.raw+json"}
	b.ReportAllocs()
	for b.Loop() {
		if len(headers.Merge(defaults, layer, call)) != 4 {
			b.Fatal("bad merge")
		}
	}
}

func BenchmarkFromMap(b *testing.B) {
	in := map[string]string{"Accept": "application/json", "User-Agent": "my-app/1.2.3", "X-GitHub-Api-Version": "2022-11-28"}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := headers.FromMap(in); err != nil {
			b.Fatal(err)
		}
	}
}
