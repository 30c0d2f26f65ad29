package builder_test

import (
	"context"
	"encoding/json"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/catalog/github"
)

// With a catalogue, an absolute route lost its server: the catalogue found
// the operation by the route's path and the call went to the Endpoint's
// base URL, silently. "GET https://ghe.example.com/api/v3/repos/{owner}/{repo}"
// on GHES' catalogue went to https://api.github.com/repos/o/r, with the
// defaults' authorization. The route's server is kept, as without a
// catalogue, and an operation's own server (uploads) is derived from it.
var _ = Describe("an absolute route checked by a catalogue", func() {
	DescribeTable("goes to the server it names, on every path",
		func(base string, cat builder.Catalog, route string, want string) {
			e := builder.New(builder.WithBaseURL(base), builder.WithCatalog(cat))
			b := e.Route(route).Param("owner", "o").Param("repo", "r")
			if route[0] == 'P' {
				b = b.Param("release_id", 7).Param("name", "a.zip").Data([]byte("z"))
			}
			for range 2 { // the first call and a later one of the same shape
				ro, err := b.Build()
				Expect(err).NotTo(HaveOccurred())
				Expect(ro.URL).To(Equal(want))
				req, err := b.HTTPRequest(context.Background())
				Expect(err).NotTo(HaveOccurred())
				Expect(req.URL.String()).To(Equal(want))
				o, err := b.Merge()
				Expect(err).NotTo(HaveOccurred())
				// The base URL, a client's home for its token, is still the Endpoint's.
				Expect(o.BaseURL).NotTo(HavePrefix("https://ghe.example.com"))
				ro, err = e.Parse(o)
				Expect(err).NotTo(HaveOccurred())
				Expect(ro.URL).To(Equal(want))
				// Through JSON, which does not carry the operation: resolved again.
				j, err := json.Marshal(o)
				Expect(err).NotTo(HaveOccurred())
				ro, err = e.BuildJSON("", j)
				Expect(err).NotTo(HaveOccurred())
				Expect(ro.URL).To(Equal(want))
			}
			if route[0] == 'G' {
				ro, err := e.BuildJSON(route, []byte(`{"owner":"o","repo":"r"}`))
				Expect(err).NotTo(HaveOccurred())
				Expect(ro.URL).To(Equal(want))
			}
		},
		Entry("GHES' server, on the default base URL", "https://api.github.com", github.GHES(),
			"GET https://ghe.example.com/api/v3/repos/{owner}/{repo}", "https://ghe.example.com/api/v3/repos/o/r"),
		Entry("GHES' server, with a literal query", "https://api.github.com", github.GHES(),
			"GET https://ghe.example.com/api/v3/repos/{owner}/{repo}?x=1", "https://ghe.example.com/api/v3/repos/o/r?x=1"),
		Entry("GHES' uploads, derived from the route's server", "https://api.github.com", github.GHES(),
			"POST https://ghe.example.com/api/v3/repos/{owner}/{repo}/releases/{release_id}/assets",
			"https://ghe.example.com/api/uploads/repos/o/r/releases/7/assets?name=a.zip"),
		Entry("api.github.com, on a test server's base URL", "http://127.0.0.1:8080", github.Catalog(),
			"GET https://api.github.com/repos/{owner}/{repo}", "https://api.github.com/repos/o/r"),
		Entry("api.github.com's uploads", "http://127.0.0.1:8080", github.Catalog(),
			"POST https://api.github.com/repos/{owner}/{repo}/releases/{release_id}/assets",
			"https://uploads.github.com/repos/o/r/releases/7/assets?name=a.zip"),
		Entry("a host the description does not list", "https://api.github.com", github.Catalog(),
			"GET http://other.example/repos/:owner/:repo", "http://other.example/repos/o/r"),
	)
})
