package builder_test

// Regression: a {+url} value with a scheme other than http or https, such
// as "a://../c", is joined after the base URL as a path, but the template's
// dot-segment check skipped its "a://.." as an authority: Build gave
// "https://api.github.com/a://../c", whose ".." a URL normaliser removes
// with the empty segment before it (leaving /a:/c). Expected:
// template.ErrDotSegment, as for any dot segment in the built path.

import (
	"context"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/template"
)

var _ = Describe("regression: a dot segment after a non-http scheme", func() {
	DescribeTable("is refused with ErrDotSegment",
		func(route string, params builder.Params) {
			r, err := endpoint.Build(route, builder.Options{Params: params})
			Expect(err).To(MatchError(template.ErrDotSegment), "got URL %q", r.URL)
			b := endpoint.Route(route)
			for _, p := range params {
				b = b.Param(p.Name, p.Value)
			}
			_, err = b.HTTPRequest(context.Background())
			Expect(err).To(MatchError(template.ErrDotSegment))
		},
		Entry("{+url}", "GET {+url}", builder.Params{{Name: "url", Value: "a:/../c"}}),
		Entry("{+url} then a literal", "GET {+url}/x", builder.Params{{Name: "url", Value: "a:/.."}}),
		Entry("a literal", "GET x:/{a}/..", builder.Params{{Name: "a", Value: "b"}}),
	)

	DescribeTable("is refused for its empty segment first, a value's own //",
		func(route string, params builder.Params) {
			r, err := endpoint.Build(route, builder.Options{Params: params})
			Expect(err).To(MatchError(template.ErrEmptySegment), "got URL %q", r.URL)
		},
		Entry("{+url}", "GET {+url}", builder.Params{{Name: "url", Value: "a://../c"}}),
		Entry("{+url} then a literal", "GET {+url}/x", builder.Params{{Name: "url", Value: "a://.."}}),
	)

	It("still takes an http(s) {+url} whatever its case", func() {
		r, err := endpoint.Route("GET {+url}").Param("url", "HTTPS://h.example/a").Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(r.URL).To(Equal("HTTPS://h.example/a"))
	})
})
