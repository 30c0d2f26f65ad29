package catalog_test

import (
	"context"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/catalog"
	"github.com/endpointkit/endpoint/catalog/github"
)

// An array for a parameter whose schema is a string of listed values
// passed when each item was one of them, but it is sent as its items
// joined: state=["open","closed"] went out as state=open%2Cclosed, which
// is none of open, closed, all.
var _ = Describe("an array for a parameter of listed scalar values", func() {
	gh := github.Catalog()
	issues, err := gh.Lookup("GET", "/repos/{owner}/{repo}/issues")

	It("is refused when it holds more than one item, one step and two, first call or not", func() {
		Expect(err).NotTo(HaveOccurred())
		err := issues.Check("state", []string{"open", "closed"})
		Expect(err).To(MatchError(catalog.ErrEnum))
		Expect(err.Error()).To(Equal(`catalog: GET /repos/{owner}/{repo}/issues: parameter "state": "open,closed" is not one of open, closed, all (an array is sent as its items joined)`))
		e := endpoint.Defaults(endpoint.WithCatalog(gh))
		call := func(state any) *builder.Builder {
			return e.Route("GET /repos/{owner}/{repo}/issues").Param("owner", "o").Param("repo", "r").Param("state", state)
		}
		for _, first := range []any{nil, "open"} {
			if first != nil {
				_, err := call(first).Build()
				Expect(err).NotTo(HaveOccurred())
			}
			_, err := call([]string{"open", "closed"}).Build()
			Expect(err).To(MatchError(catalog.ErrEnum))
			_, err = call([]string{"open", "closed"}).HTTPRequest(context.Background())
			Expect(err).To(MatchError(catalog.ErrEnum))
			_, err = call([]string{"open", "closed"}).Merge()
			Expect(err).To(MatchError(catalog.ErrEnum))
			_, err = e.BuildJSON("GET /repos/{owner}/{repo}/issues", []byte(`{"owner":"o","repo":"r","state":["open","closed"]}`))
			Expect(err).To(MatchError(catalog.ErrEnum))
		}
	})

	It("passes with one item, which is sent as it is", func() {
		Expect(issues.Check("state", []string{"open"})).To(Succeed())
		r, err := endpoint.Defaults(endpoint.WithCatalog(gh)).Route("GET /repos/{owner}/{repo}/issues").
			Param("owner", "o").Param("repo", "r").Param("state", []string{"closed"}).Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(r.URL).To(Equal("https://api.github.com/repos/o/r/issues?state=closed"))
	})

	It("keeps the value of a credential out of the error", func() {
		c, err := catalog.New(catalog.Info{}, []catalog.Operation{{Method: "GET", Path: "/x", Params: []catalog.Param{
			{Name: "token", In: catalog.Query, Schema: catalog.Schema{Type: catalog.String, Enum: []string{"s3cret1", "s3cret2"}}},
		}}})
		Expect(err).NotTo(HaveOccurred())
		op, err := c.Lookup("GET", "/x")
		Expect(err).NotTo(HaveOccurred())
		err = op.Check("token", []string{"s3cret1", "s3cret2"})
		Expect(err).To(MatchError(catalog.ErrEnum))
		Expect(err.Error()).To(ContainSubstring(`parameter "token": the value is not one of`))
		Expect(err.Error()).NotTo(ContainSubstring("s3cret1,s3cret2"))
	})
})
