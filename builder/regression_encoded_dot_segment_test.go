package builder_test

// Regression: a percent-encoded dot segment passes the dot-segment check
// (F19: "checked after decoding"; google/go-github#4291). Reserved
// expansion keeps valid %XX triplets, so {+x} with x="%2e%2e" builds
// /a/%2e%2e/b, and the WHATWG URL parser (browsers, Node's fetch) treats
// "%2e%2e", ".%2e" and "%2e." in any case as "..": the request goes to /b.
// A literal encoded dot segment in the template is the same segment.
// Found by the property "keeps scheme, host and port, the segment count,
// and has no dot segments" once plain dot segments were refused.
// Expected: ErrDotSegment; got: the URL with the encoded segment.

import (
	"errors"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/template"
)

var _ = Describe("regression: percent-encoded dot segment", func() {
	DescribeTable("is refused with ErrDotSegment",
		func(route string, params builder.Params) {
			r, err := endpoint.Build(route, builder.Options{Params: params})
			Expect(errors.Is(err, template.ErrDotSegment)).To(BeTrue(), "want ErrDotSegment; got URL %q, error %v", r.URL, err)
		},
		Entry("{+x} = %2e%2e", "GET /a/{+x}/b", builder.Params{{Name: "x", Value: "%2e%2e"}}),
		Entry("{+x} = %2E%2E", "GET /a/{+x}/b", builder.Params{{Name: "x", Value: "%2E%2E"}}),
		Entry("{+x} = .%2e", "GET /a/{+x}", builder.Params{{Name: "x", Value: ".%2e"}}),
		Entry("{+x} = %2e.", "GET /a/{+x}", builder.Params{{Name: "x", Value: "%2e."}}),
		Entry("{+x} = %2e", "GET /a/{+x}/b", builder.Params{{Name: "x", Value: "%2e"}}),
		Entry("{+x} = x/%2e%2e/y", "GET /a/{+x}", builder.Params{{Name: "x", Value: "x/%2e%2e/y"}}),
		Entry("literal %2e%2e", "GET /a/%2e%2e/b", nil),
		Entry("literal .%2E", "GET /a/.%2E/b", nil),
	)

	DescribeTable("still allows encoded dots that are not a whole segment",
		func(route string, params builder.Params, want string) {
			r, err := endpoint.Build(route, builder.Options{Params: params})
			Expect(err).NotTo(HaveOccurred())
			Expect(r.URL).To(Equal(want))
		},
		Entry("%2e%2e%2e", "GET /a/{+x}", builder.Params{{Name: "x", Value: "%2e%2e%2e"}}, "https://api.github.com/a/%2e%2e%2e"),
		Entry("a%2e%2e", "GET /a/{+x}", builder.Params{{Name: "x", Value: "a%2e%2e"}}, "https://api.github.com/a/a%2e%2e"),
		Entry("simple expansion encodes the %", "GET /a/{x}", builder.Params{{Name: "x", Value: "%2e%2e"}}, "https://api.github.com/a/%252e%252e"),
		Entry("in the query", "GET /a{?x}", builder.Params{{Name: "x", Value: "%2e%2e"}}, "https://api.github.com/a?x=%252e%252e"),
	)
})
