package openapi_test

import (
	"context"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/catalog/openapi"
)

// A query parameter whose name is no template variable name (include[],
// $filter) was renamed to its encoded form (include%5B%5D) when the
// catalogue checked the call, before the check for required parameters
// and in what Merge returns: a required one was reported missing though
// given, and Merge's options showed the encoded name, which the catalogue
// then refused when they were built again (Build("", o), v6's
// endpoint(endpoint.merge(…))).
var _ = Describe("a query parameter whose name is no template variable name, after the check", func() {
	c, err := openapi.Load([]byte(`{"openapi":"3.0.3","info":{"title":"t","version":"1"},"paths":{
		"/runs":{"post":{"operationId":"createRun",
			"parameters":[{"name":"$filter","in":"query","required":true,"schema":{"type":"string"}},
				{"name":"$select","in":"query","schema":{"type":"string"}}],
			"requestBody":{"content":{"application/json":{"schema":{"type":"object","properties":{"model":{"type":"string"}}}}}},
			"responses":{"200":{"description":"ok"}}},
			"get":{"operationId":"listRuns",
			"parameters":[{"name":"include[]","in":"query","required":true,"schema":{"type":"array","items":{"type":"string"}}}],
			"responses":{"200":{"description":"ok"}}}}}}`))
	var e *builder.Endpoint
	BeforeEach(func() {
		Expect(err).NotTo(HaveOccurred())
		e = builder.New(builder.WithCatalog(c), builder.WithBaseURL("https://api.example"))
	})

	DescribeTable("is found when required, kept as given by Merge, and built the same every way",
		func(route string, params builder.Params, want string) {
			b := func() *builder.Builder {
				b := e.Route(route)
				for _, p := range params {
					b = b.Param(p.Name, p.Value)
				}
				return b
			}
			ro, err := b().Build()
			Expect(err).NotTo(HaveOccurred())
			Expect(ro.URL).To(Equal(want))
			req, err := b().HTTPRequest(context.Background())
			Expect(err).NotTo(HaveOccurred())
			Expect(req.URL.String()).To(Equal(want))

			o, err := b().Merge()
			Expect(err).NotTo(HaveOccurred())
			for _, p := range params {
				_, ok := o.Params.Get(p.Name)
				Expect(ok).To(BeTrue(), "Merge keeps %q", p.Name)
			}
			ro, err = e.Parse(o)
			Expect(err).NotTo(HaveOccurred())
			Expect(ro.URL).To(Equal(want))
			ro, err = e.Build("", o)
			Expect(err).NotTo(HaveOccurred())
			Expect(ro.URL).To(Equal(want))
		},
		Entry("a POST's", "POST /runs", builder.Params{{Name: "$filter", Value: "x eq 1"}}, "https://api.example/runs?%24filter=x%20eq%201"),
		Entry("by its ID", "createRun", builder.Params{{Name: "$filter", Value: "x eq 1"}}, "https://api.example/runs?%24filter=x%20eq%201"),
		Entry("beside an optional one", "POST /runs", builder.Params{{Name: "$select", Value: "id"}, {Name: "$filter", Value: "x eq 1"}},
			"https://api.example/runs?%24filter=x%20eq%201&%24select=id"),
		Entry("a GET's exploded array", "GET /runs", builder.Params{{Name: "include[]", Value: []string{"a", "b"}}}, "https://api.example/runs?include%5B%5D=a&include%5B%5D=b"),
		Entry("with a literal query", "GET /runs?x=1", builder.Params{{Name: "include[]", Value: []string{"a"}}}, "https://api.example/runs?x=1&include%5B%5D=a"),
	)

	It("is still missing when it is not given", func() {
		_, err := e.Route("POST /runs").Param("model", "m").Build()
		Expect(err).To(MatchError(ContainSubstring(`missing required parameter "$filter"`)))
	})
})
