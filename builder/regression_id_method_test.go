package builder_test

import (
	"errors"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/catalog/github"
)

// An operation ID after a method took the operation's method whatever the
// route said: "GET repos/delete" sent a DELETE.
var _ = Describe("an operation ID after a method", func() {
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

// Regression: the method of such a route was repeated whole in the
// reason, after the route quoted cut short: a 64 KiB method made a 64 KiB
// message. It is cut as the route is.
var _ = Describe("regression: a long method before an operation ID", func() {
	It("is cut short in the reason", func() {
		gh := builder.New(builder.WithBaseURL("https://api.github.com"), builder.WithCatalog(github.Catalog()))
		_, err := gh.Route(strings.Repeat("G", 1<<16)+" repos/get").Param("owner", "o").Param("repo", "r").Build()
		Expect(errors.Is(err, builder.ErrInvalidRoute)).To(BeTrue(), "%v", err)
		Expect(len(err.Error())).To(BeNumerically("<", 400), "%.400s", err.Error())
		Expect(err.Error()).To(ContainSubstring("the operation is GET, not GGG"))
	})
})
