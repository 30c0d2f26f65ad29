package builder_test

// Regression (FuzzOptionsJSON, builder/testdata/fuzz/FuzzOptionsJSON/
// 04244c7150d258ac): the dot-segment check covers the expanded template but
// not the base URL in front of it. {"baseUrl":"../0000","url":"0"} builds
// "../0000/0", and a base URL such as "https://ghe.example.com/api/../v3"
// (a configuration value, often from an environment variable) builds
// "https://ghe.example.com/api/../v3/x", which every URL normaliser turns
// into /v3/x. Expected: an error (ErrDotSegment or ErrInvalidBaseURL), as
// for the same segment in the template; got: the URL.

import (
	"errors"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/template"
)

var _ = Describe("regression: dot segment in the base URL", func() {
	DescribeTable("is refused like one in the template",
		func(base, url string) {
			r, err := endpoint.Build("", builder.Options{Method: "GET", BaseURL: base, URL: url})
			Expect(errors.Is(err, template.ErrDotSegment) || errors.Is(err, builder.ErrInvalidBaseURL)).To(BeTrue(),
				"want ErrDotSegment or ErrInvalidBaseURL; got URL %q, error %v", r.URL, err)
		},
		Entry("the fuzz input: relative base ../0000", "../0000", "0"),
		Entry("absolute base with ..", "https://ghe.example.com/api/../v3", "/x"),
		Entry("absolute base with .", "https://ghe.example.com/./api/v3/", "/x"),
		Entry("absolute base with %2e%2e", "https://ghe.example.com/api/%2e%2e/v3", "/x"),
		Entry("base ending in ..", "https://ghe.example.com/api/..", "/x"),
	)

	It("still allows dots inside base URL segments", func() {
		r, err := endpoint.Build("", builder.Options{Method: "GET", BaseURL: "https://ghe.example.com/api.v3/..x/", URL: "/x"})
		Expect(err).NotTo(HaveOccurred())
		Expect(r.URL).To(Equal("https://ghe.example.com/api.v3/..x/x"))
	})
})
