package builder_test

// Regression: WithCatalog told catalogues apart by comparing them with ==
// when their type was comparable (catalog_memo.go). A comparable type may
// hold a value that is not: a struct that wraps a Catalog interface (a
// decorator) holding a func-typed catalogue. == on two such values panics,
// so a second Endpoint with such a catalogue, or Defaults on one, crashed
// the program: "comparing uncomparable type". Expected: no panic; such a
// catalogue is used as one of an uncomparable type is (no route memo).

import (
	"context"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/catalog/github"
)

// catalogFunc is a catalogue written as a function: a type that cannot
// be compared.
type catalogFunc func(method, url string) (builder.Operation, error)

func (f catalogFunc) Resolve(method, url string) (builder.Operation, error) { return f(method, url) }
func (catalogFunc) Accept() string                                          { return "" }

// wrappedCatalog is a comparable struct around any catalogue.
type wrappedCatalog struct{ builder.Catalog }

var _ = Describe("regression: a catalogue of a comparable type holding an uncomparable value", func() {
	gh := github.Catalog()
	wrapped := func() builder.Catalog {
		return wrappedCatalog{catalogFunc(func(m, u string) (builder.Operation, error) { return gh.Resolve(m, u) })}
	}

	It("makes Endpoints and derives them without a panic, and checks calls", func() {
		var e1, e2, e3 *builder.Endpoint
		Expect(func() {
			e1 = builder.New(builder.WithBaseURL("https://api.github.com"), builder.WithCatalog(wrapped()))
			e2 = e1.Defaults(builder.WithHeader("x-a", "1"))
			e3 = builder.New(builder.WithBaseURL("https://api.github.com"), builder.WithCatalog(wrapped()))
		}).NotTo(Panic())
		for _, e := range []*builder.Endpoint{e1, e2, e3} {
			Expect(e.Err()).NotTo(HaveOccurred())
			r, err := e.Route("GET /repos/{owner}/{repo}/issues").Param("owner", "o").Param("repo", "r").Param("state", "open").Build()
			Expect(err).NotTo(HaveOccurred())
			Expect(r.URL).To(Equal("https://api.github.com/repos/o/r/issues?state=open"))
			_, err = e.Route("GET /repos/{owner}/{repo}/issues").Param("owner", "o").Param("repo", "r").Param("state", "opne").HTTPRequest(context.Background())
			Expect(err).To(MatchError(ContainSubstring("did you mean open")))
		}
	})
})
