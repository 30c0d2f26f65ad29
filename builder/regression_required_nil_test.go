package builder_test

import (
	"context"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/catalog"
	"github.com/endpointkit/endpoint/catalog/github"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// A nil parameter is one not given (JavaScript's undefined): a query
// leaves it out. So a required query parameter given nil is missing, as
// a required path parameter given nil is; the catalogue's check said
// it was there and the call went out without it.
var _ = Describe("a required parameter given nil", func() {
	e := endpoint.Defaults(endpoint.WithCatalog(github.Catalog()))

	It("is missing in the query, one step and two", func() {
		_, err := e.Route("GET /search/issues").Param("q", nil).Build()
		Expect(err).To(MatchError(catalog.ErrMissingParam))
		Expect(err.Error()).To(ContainSubstring(`"q"`))
		_, err = e.Route("GET /search/issues").Param("q", nil).HTTPRequest(context.Background())
		Expect(err).To(MatchError(catalog.ErrMissingParam))
	})

	It("is missing after a call with the same names passed", func() {
		_, err := e.Route("GET /search/issues").Param("q", "is:open").Build()
		Expect(err).NotTo(HaveOccurred())
		_, err = e.Route("GET /search/issues").Param("q", nil).Build()
		Expect(err).To(MatchError(catalog.ErrMissingParam))
	})

	It("is missing in the path", func() {
		_, err := e.Route("GET /repos/{owner}/{repo}").Param("owner", nil).Param("repo", "r").Build()
		Expect(err).To(MatchError(builder.ErrMissingParam))
	})
})
