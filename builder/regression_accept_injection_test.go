package builder_test

// Regression: CR, LF or NUL reach the accept header through
// MediaType.Format or MediaType.Previews. Headers are validated before
// media.Accept writes the format and preview names into accept, and not
// after, so Format("raw\r\nX-Injected: 1") builds a request whose accept
// header carries a second header line (F20). Found by the property "never
// puts CR, LF or NUL in a header name or value". Expected: an error
// wrapping media.ErrInvalidName (format and preview names are validated
// before they reach accept); got: success
// with accept "application/vnd.github.v3.raw\r\nX-Injected: 1".

import (
	"errors"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/media"
)

var _ = Describe("regression: header injection through the media type", func() {
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
