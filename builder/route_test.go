package builder_test

// Routes: a method, a path template or an operation ID.

import (
	"errors"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/catalog/github"
	"github.com/endpointkit/endpoint/template"
)

// An operation ID after a method took the operation's method: "GET repos/delete"
// sent a DELETE.
var _ = Describe("an operation ID after a method", Label("regression"), func() {
	gh := builder.New(builder.WithBaseURL("https://api.github.com"), builder.WithMethod("GET"), builder.WithCatalog(github.Catalog()))

	It("must name the operation's method", func() {
		_, err := gh.Route("GET repos/delete").Param("owner", "o").Param("repo", "r").Build()
		Expect(errors.Is(err, builder.ErrInvalidRoute)).To(BeTrue(), "%v", err)
		Expect(err).To(MatchError(`endpoint: check "GET repos/delete": invalid route: the operation is DELETE, not GET`))
		_, err = gh.BuildJSON("", []byte(`{"method":"post","url":"repos/get","owner":"o","repo":"r"}`))
		Expect(errors.Is(err, builder.ErrInvalidRoute)).To(BeTrue(), "%v", err)
		_, err = gh.Route("GET repos/delete").Param("owner", "o").Param("repo", "r").Merge()
		Expect(errors.Is(err, builder.ErrInvalidRoute)).To(BeTrue(), "%v", err)
	})

	It("takes the operation's method alone, or the same one in any case", func() {
		for _, route := range []string{"repos/delete", "DELETE repos/delete", "delete repos/delete"} {
			ro, err := gh.Route(route).Param("owner", "o").Param("repo", "r").Build()
			Expect(err).NotTo(HaveOccurred(), route)
			Expect(ro.Method).To(Equal("delete"), route)
			Expect(ro.URL).To(Equal("https://api.github.com/repos/o/r"))
		}
		ro, err := gh.Route("GET repos/get").Param("owner", "o").Param("repo", "r").Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(ro.Method).To(Equal("get"))
	})
})

// The method of such a route was repeated whole in the reason: a 64 KiB
// method made a 64 KiB message.
var _ = Describe("a long method before an operation ID", Label("regression"), func() {
	It("is cut short in the reason", func() {
		gh := builder.New(builder.WithBaseURL("https://api.github.com"), builder.WithCatalog(github.Catalog()))
		_, err := gh.Route(strings.Repeat("G", 1<<16)+" repos/get").Param("owner", "o").Param("repo", "r").Build()
		Expect(errors.Is(err, builder.ErrInvalidRoute)).To(BeTrue(), "%v", err)
		Expect(len(err.Error())).To(BeNumerically("<", 400), "%.400s", err.Error())
		Expect(err.Error()).To(ContainSubstring("the operation is GET, not GGG"))
	})
})

// "{org}/repos" with org="" asked for /repos instead of failing as
// "/{org}/repos" does (FuzzRoute/5886543c616c0d69).
var _ = Describe("an empty first segment of a route without a leading slash", Label("regression"), func() {
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
