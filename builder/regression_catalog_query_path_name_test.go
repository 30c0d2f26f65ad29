package builder_test

// Regression: with a catalogue, a route with a literal query was parsed
// whole as a template without a catalogue, to refuse a query that is no
// template (a stray "{"). That refused the path too where the route names
// it as the description writes it and the description's names are no
// template variable names: "GET /d/{$x}?a=1" failed with "unacceptable
// variable name", though "GET /d/{$x}" builds. Expected: the catalogue
// judges the path; only the query must be a template, and its errors stay
// those of a parse without a catalogue.

import (
	"context"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/catalog/openapi"
	"github.com/endpointkit/endpoint/template"
)

var _ = Describe("regression: a literal query after a description's path that is no template", func() {
	c, err := openapi.Load([]byte(`{"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{
		"/d/{$x}/{id.v}":{"get":{"operationId":"getD","parameters":[
			{"name":"$x","in":"path","required":true,"schema":{"type":"string"}},
			{"name":"id.v","in":"path","required":true,"schema":{"type":"string"}},
			{"name":"q","in":"query","schema":{"type":"string"}}],"responses":{"200":{"description":"ok"}}},
		"post":{"operationId":"postD","parameters":[
			{"name":"$x","in":"path","required":true,"schema":{"type":"string"}},
			{"name":"id.v","in":"path","required":true,"schema":{"type":"string"}},
			{"name":"q","in":"query","schema":{"type":"string"}}],"responses":{"200":{"description":"ok"}}}}}}`))

	It("builds in every way, the query kept", func() {
		Expect(err).NotTo(HaveOccurred())
		e := builder.New(builder.WithBaseURL("https://api.example"), builder.WithCatalog(c))
		for _, method := range []string{"GET", "POST"} {
			b := func() *builder.Builder {
				return e.Route(method+" /d/{$x}/{id.v}?a=1{&q}&b=2").Param("$x", "v").Param("id.v", "w").Param("q", "s")
			}
			ro, err := b().Build()
			Expect(err).NotTo(HaveOccurred(), method)
			Expect(ro.URL).To(Equal("https://api.example/d/v/w?a=1&b=2&q=s"), method)
			req, err := b().HTTPRequest(context.Background())
			Expect(err).NotTo(HaveOccurred())
			Expect(req.URL.String()).To(Equal(ro.URL))
			merged, err := b().Merge()
			Expect(err).NotTo(HaveOccurred())
			parsed, err := e.Parse(merged)
			Expect(err).NotTo(HaveOccurred())
			Expect(parsed).To(Equal(ro))
		}
	})

	It("still refuses a query that is no template, as without a catalogue", func() {
		e := builder.New(builder.WithBaseURL("https://api.example"), builder.WithCatalog(c))
		for _, route := range []string{"GET /d/{$x}/{id.v}?a={", "GET /d/{$x}/{id.v}?a=}", "GET /d/{$x}/{id.v}?a={b", "GET /d/{$x/{id.v}?a=1"} {
			_, err := e.Route(route).Param("$x", "v").Param("id.v", "w").Build()
			Expect(err).To(MatchError(template.ErrSyntax), route)
			_, err = e.Route(route).Param("$x", "v").Param("id.v", "w").HTTPRequest(context.Background())
			Expect(err).To(MatchError(template.ErrSyntax), route)
		}
	})
})
