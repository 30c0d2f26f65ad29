package builder_test

import (
	"context"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/catalog/github"
)

// With a catalogue, a route's literal query was put after the {?…}
// expression the operation's template ends with for a method with a body:
// the URL had two "?" (…/assets?name=a?x=1), silently.
var _ = Describe("a literal query in a route checked by a catalogue", func() {
	gh := builder.New(builder.WithBaseURL("https://api.github.com"), builder.WithCatalog(github.Catalog()))
	const upload = "POST /repos/{owner}/{repo}/releases/{release_id}/assets"
	params := func(b *builder.Builder) *builder.Builder {
		return b.Param("owner", "o").Param("repo", "r").Param("release_id", 1).Data([]byte("z"))
	}

	DescribeTable("comes before the operation's query parameters, with one ?",
		func(query string, withName bool, want string) {
			b := params(gh.Route(upload + query))
			if withName {
				b = b.Param("name", "a.bin")
			}
			ro, err := b.Build()
			Expect(err).NotTo(HaveOccurred())
			Expect(ro.URL).To(Equal(want))
			req, err := b.HTTPRequest(context.Background())
			Expect(err).NotTo(HaveOccurred())
			Expect(req.URL.String()).To(Equal(want))
			o, err := b.Merge()
			Expect(err).NotTo(HaveOccurred())
			ro, err = gh.Parse(o)
			Expect(err).NotTo(HaveOccurred())
			Expect(ro.URL).To(Equal(want))
		},
		Entry("with a parameter", "?x=1", true, "https://uploads.github.com/repos/o/r/releases/1/assets?x=1&name=a.bin"),
		Entry("a trailing &", "?x=1&", true, "https://uploads.github.com/repos/o/r/releases/1/assets?x=1&name=a.bin"),
		Entry("a bare ?", "?", true, "https://uploads.github.com/repos/o/r/releases/1/assets?name=a.bin"),
	)

	It("is kept as it is where the template has no query expression", func() {
		ro, err := gh.Route("GET /user/repos?per_page=100").Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(ro.URL).To(Equal("https://api.github.com/user/repos?per_page=100"))
	})
})
