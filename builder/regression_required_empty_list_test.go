package builder_test

import (
	"context"
	"encoding/json"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/catalog"
	"github.com/endpointkit/endpoint/catalog/github"
	"github.com/endpointkit/endpoint/catalog/openapi"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// A required query parameter given an empty array or object, or one of
// nulls, passed the catalogue's check and was left out of the URL, as
// RFC 6570 leaves out such a value: GET /search/issues went out without
// q. It is missing, as nil is (regression_required_nil_test.go).
var _ = Describe("a required query parameter given an empty list", func() {
	e := endpoint.Defaults(endpoint.WithCatalog(github.Catalog()))

	DescribeTable("is missing, on every path, first call or not",
		func(q any) {
			for _, first := range []any{nil, "is:open"} {
				if first != nil {
					// A call of the same shape passed before.
					_, err := e.Route("GET /search/issues").Param("q", first).Build()
					Expect(err).NotTo(HaveOccurred())
				}
				_, err := e.Route("GET /search/issues").Param("q", q).Build()
				Expect(err).To(MatchError(catalog.ErrMissingParam))
				Expect(err.Error()).To(ContainSubstring(`"q"`))
				_, err = e.Route("GET /search/issues").Param("q", q).HTTPRequest(context.Background())
				Expect(err).To(MatchError(catalog.ErrMissingParam))
				_, err = e.Route("GET /search/issues").Param("q", q).Merge()
				Expect(err).To(MatchError(catalog.ErrMissingParam))
				j, err := json.Marshal(map[string]any{"q": q})
				Expect(err).NotTo(HaveOccurred())
				_, err = e.BuildJSON("GET /search/issues", j)
				Expect(err).To(MatchError(catalog.ErrMissingParam))
			}
		},
		Entry("[]", []string{}),
		Entry("[null]", []any{nil}),
	)

	It("is given when it holds a value, an empty string included", func() {
		for _, q := range []any{[]string{""}, []any{nil, "x"}, ""} {
			r, err := e.Route("GET /search/issues").Param("q", q).Build()
			Expect(err).NotTo(HaveOccurred())
			Expect(r.URL).To(HavePrefix("https://api.github.com/search/issues?q="))
		}
	})
})

var _ = Describe("a required styled query parameter given nothing but nulls", func() {
	c, err := openapi.Load([]byte(`{"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{"/items":{"get":{
		"parameters":[
			{"name":"filter","in":"query","required":true,"style":"deepObject","schema":{"type":"object"}},
			{"name":"ids","in":"query","required":true,"style":"pipeDelimited","explode":false,"schema":{"type":"array","items":{"type":"integer"}}}],
		"responses":{"200":{"description":"ok"}}}}}}`))
	e := endpoint.Defaults(endpoint.WithCatalog(c), endpoint.WithBaseURL("https://api.example"))

	It("is missing", func() {
		Expect(err).NotTo(HaveOccurred())
		r, err := e.Route("GET /items").Param("filter", map[string]any{"a": 1}).Param("ids", []int{1, 2}).Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(r.URL).To(Equal("https://api.example/items?filter%5Ba%5D=1&ids=1%7C2"))
		for _, filter := range []any{map[string]any{}, map[string]any{"a": nil}} {
			_, err = e.Route("GET /items").Param("filter", filter).Param("ids", []int{1, 2}).Build()
			Expect(err).To(MatchError(catalog.ErrMissingParam))
			_, err = e.Route("GET /items").Param("filter", filter).Param("ids", []int{1, 2}).HTTPRequest(context.Background())
			Expect(err).To(MatchError(catalog.ErrMissingParam))
		}
		_, err = e.Route("GET /items").Param("filter", map[string]any{"a": 1}).Param("ids", []int{}).Build()
		Expect(err).To(MatchError(catalog.ErrMissingParam))
	})
})
