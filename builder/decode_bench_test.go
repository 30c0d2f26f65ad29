package builder_test

import (
	"testing"

	"github.com/endpointkit/endpoint/builder"
)

// benchOptionsJSON are options as JSON.stringify writes them: the wasm
// bridge's call of BENCHMARKS.md A (four parameters), a POST with a body
// parameter list, and options with every reserved key, an escaped string
// (an opaque-value token) and nested data.
var benchOptionsJSON = []struct{ name, json string }{
	{"get", `{"owner":"octokit","repo":"rest.js","state":"open","per_page":100}`},
	{"post", `{"owner":"octokit","repo":"rest.js","title":"Found a bug","body":"details","labels":["bug"]}`},
	{"full", `{"method":"POST","baseUrl":"https://api.github.com","url":"/repos/{owner}/{repo}/hooks",` +
		`"headers":{"Accept":"application/vnd.github.v3+json","user-agent":"bench","x-n":5},` +
		`"mediaType":{"format":"raw","previews":["squirrel-girl"]},` +
		`"request":{"timeout":0,"hook":"\u0000endpointkit:1"},"owner":"o","repo":"r",` +
		`"config":{"url":"https://example.com/hook?a=1&b=2","content_type":"json","insecure_ssl":"0"},` +
		`"events":["push","pull_request"],"active":true}`},
}

// BenchmarkOptionsUnmarshalJSON times UnmarshalJSON and, beside it, the
// reference decoder it falls back to (what UnmarshalJSON was before it
// had a fast path).
func BenchmarkOptionsUnmarshalJSON(b *testing.B) {
	for _, c := range benchOptionsJSON {
		data := []byte(c.json)
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				var o builder.Options
				if err := o.UnmarshalJSON(data); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(c.name+"/reference", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				if _, err := builder.UnmarshalOptions(data); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
