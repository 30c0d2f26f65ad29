package paginate_test

import (
	"net/http"
	"testing"

	"github.com/endpointkit/endpoint/paginate"
)

// githubLink is the Link header of a middle page of a GitHub list.
const githubLink = `<https://api.github.com/repositories/1300192/issues?per_page=100&page=2>; rel="prev", ` +
	`<https://api.github.com/repositories/1300192/issues?per_page=100&page=4>; rel="next", ` +
	`<https://api.github.com/repositories/1300192/issues?per_page=100&page=50>; rel="last", ` +
	`<https://api.github.com/repositories/1300192/issues?per_page=100&page=1>; rel="first"`

func BenchmarkParseLinks(b *testing.B) {
	h := http.Header{"Link": {githubLink}}
	b.ReportAllocs()
	for b.Loop() {
		links, err := paginate.ParseLinks(h)
		if err != nil || len(links) != 4 {
			b.Fatal(links, err)
		}
	}
}

func githubResponse() *http.Response {
	req, _ := http.NewRequest(http.MethodGet, "https://api.github.com/repositories/1300192/issues?per_page=100&page=3", nil)
	req.Header.Set("Authorization", "Bearer 0000000000000000000000000000000000000001")
	req.Header.Set("Accept", "application/vnd.github+json")
	req.Header.Set("X-GitHub-Api-Version", "2022-11-28")
	return &http.Response{StatusCode: 200, Header: http.Header{"Link": {githubLink}}, Request: req}
}

func BenchmarkNext(b *testing.B) {
	resp := githubResponse()
	b.ReportAllocs()
	for b.Loop() {
		next, err := paginate.Next(resp)
		if err != nil || next == nil {
			b.Fatal(next, err)
		}
	}
}

func BenchmarkDecode(b *testing.B) {
	body := []byte(`{"total_count": 3, "incomplete_results": false, "items": [{"id":1,"name":"a"},{"id":2,"name":"b"},{"id":3,"name":"c"}]}`)
	b.ReportAllocs()
	b.SetBytes(int64(len(body)))
	for b.Loop() {
		l, err := paginate.Decode(body)
		if err != nil || len(l.Items) != 3 {
			b.Fatal(l, err)
		}
	}
}
