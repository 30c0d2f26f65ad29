package builder_test

// Regression (FuzzRoute, testdata/fuzz/FuzzRoute/5886543c616c0d69): a
// route that starts with {x} rather than "/" is joined to the base URL
// after a "/", so {x} is its first segment. With x = "" the expansion
// "/repos" already started with a slash and the join added none: the
// segment vanished and "{org}/repos" asked for /repos instead of failing
// as "/{org}/repos" does. An empty value before more of the path is
// ErrMissingParam anywhere in the path (issue 33).

import (
	"errors"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/template"
)

var _ = Describe("regression: an empty first segment of a route without a leading slash", func() {
	DescribeTable("is refused as it is after a leading slash",
		func(route string) {
			for _, r := range []string{route, "GET /" + route[len("GET "):]} {
				got, err := endpoint.Route(r).Param("org", "").Param("b", "").Build()
				Expect(errors.Is(err, template.ErrMissing)).To(BeTrue(), "%s: URL %q, error %v", r, got.URL, err)
			}
		},
		Entry("the fuzz input", "GET {org}/"),
		Entry("a segment after it", "GET {org}/repos"),
		Entry("two expressions that make the segment", "GET {org}{b}/repos"),
		Entry("a segment further on", "GET orgs/{org}/repos"),
	)

	DescribeTable("keeps what was allowed",
		func(route string, org any, want string) {
			r, err := endpoint.Route(route).Param("org", org).Build()
			Expect(err).NotTo(HaveOccurred())
			Expect(r.URL).To(Equal(gh + want))
		},
		Entry("a value", "GET {org}/repos", "o", "/o/repos"),
		Entry("an empty last segment", "GET {org}", "", "/"),
		Entry("an empty value before a query", "GET {org}?x=1", "", "/?x=1"),
		Entry("an undefined {/org}", "GET {/org}/repos", nil, "/repos"),
	)
})
