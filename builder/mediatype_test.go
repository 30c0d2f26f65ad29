package builder_test

// The accept header the media type (format, previews) writes.

import (
	"context"
	"errors"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/media"
)

// RemoveHeader("accept").Format("raw") sent "accept: " with an empty value.
var _ = Describe("a format over a removed accept header", Label("regression"), func() {
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

// CR, LF or NUL reached the accept header through Format or Previews, checked
// before media.Accept wrote them (F20).
var _ = Describe("header injection through the media type", Label("regression"), func() {
	DescribeTable("refuses a control character in a format or preview",
		func(build func() (builder.RequestOptions, error)) {
			r, err := build()
			Expect(strings.ContainsAny(r.Headers["accept"], "\r\n\x00")).To(BeFalse(), "accept %q", r.Headers["accept"])
			Expect(errors.Is(err, media.ErrInvalidName)).To(BeTrue(), "want media.ErrInvalidName, got %v (accept %q)", err, r.Headers["accept"])
		},
		Entry("Format with CR LF", func() (builder.RequestOptions, error) {
			return endpoint.Route("GET /x").Format("raw\r\nX-Injected: 1").Build()
		}),
		Entry("Preview with CR LF", func() (builder.RequestOptions, error) {
			return endpoint.Route("GET /x").Preview("x\r\nX-Injected: 1").Build()
		}),
		Entry("Preview with NUL", func() (builder.RequestOptions, error) {
			return endpoint.Route("GET /x").Preview("x\x00").Build()
		}),
		Entry("WithPreviews on defaults", func() (builder.RequestOptions, error) {
			return endpoint.Defaults(endpoint.WithPreviews("a\nb")).Build("GET /x", builder.Options{})
		}),
		Entry("WithFormat on defaults", func() (builder.RequestOptions, error) {
			return endpoint.Defaults(endpoint.WithFormat("diff\r\n")).Build("GET /x", builder.Options{})
		}),
		Entry("Parse with a bad format", func() (builder.RequestOptions, error) {
			return endpoint.Parse(builder.Options{Method: "GET", URL: "/x", BaseURL: "https://api.github.com",
				Headers: map[string]string{"accept": "application/vnd.github.v3+json"}, MediaType: builder.MediaType{Format: "raw\n"}})
		}),
	)
})
