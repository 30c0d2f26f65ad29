package builder_test

// Regression: a call that removed the accept header and set a format
// (RemoveHeader("accept").Format("raw"), or headers {accept: null} with
// mediaType.format in the ES module) sent "accept: " with an empty value:
// the format had no accept to amend. v6 throws a TypeError there. Now no
// accept is sent, as the removal says; previews still make one.

import (
	"context"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
)

var _ = Describe("regression: a format over a removed accept header", func() {
	ep := builder.New(builder.WithBaseURL("https://api.example.com"), builder.WithHeader("accept", "application/vnd.github.v3+json"))

	It("sends no accept header on any path", func() {
		call := func() *builder.Builder { return ep.Route("GET /x").RemoveHeader("accept").Format("raw") }
		ro, err := call().Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(ro.Headers).NotTo(HaveKey("accept"))

		o, err := call().Merge()
		Expect(err).NotTo(HaveOccurred())
		parsed, err := ep.Parse(o)
		Expect(err).NotTo(HaveOccurred())
		Expect(parsed.Headers).NotTo(HaveKey("accept"))

		req, err := call().HTTPRequest(context.Background())
		Expect(err).NotTo(HaveOccurred())
		Expect(req.Header).NotTo(HaveKey("Accept"))
	})

	It("keeps an accept header given empty, and previews still make one", func() {
		ro, err := ep.Route("GET /x").Header("accept", "").Format("raw").Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(ro.Headers).To(HaveKeyWithValue("accept", ""))

		ro, err = ep.Route("GET /x").RemoveHeader("accept").Preview("mercy").Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(ro.Headers).To(HaveKeyWithValue("accept", "application/vnd.github.mercy-preview+json"))
	})
})
