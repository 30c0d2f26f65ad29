package openapi_test

import (
	"context"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/catalog/openapi"
)

// A path parameter whose name is no RFC 6570 variable name ($id, id-)
// made the catalogue's template, the description's path as written,
// invalid: no call of the operation could be built, as was the case for
// such a query parameter of a method with a body.
var _ = Describe("a path parameter whose name is no template variable name", func() {
	c, err := openapi.Load([]byte(`{"openapi":"3.0.3","info":{"title":"t","version":"1"},"paths":{
		"/things/{$id}":{"get":{"operationId":"getThing",
			"parameters":[{"name":"$id","in":"path","required":true,"schema":{"type":"string"}},{"name":"q","in":"query","schema":{"type":"string"}}],
			"responses":{"200":{"description":"ok"}}},
			"patch":{"operationId":"updateThing",
			"parameters":[{"name":"$id","in":"path","required":true,"schema":{"type":"string"}}],
			"requestBody":{"content":{"application/json":{"schema":{"type":"object","properties":{"name":{"type":"string"}}}}}},
			"responses":{"200":{"description":"ok"}}}},
		"/parts/{part-}/{id}":{"get":{"operationId":"getPart",
			"parameters":[{"name":"part-","in":"path","required":true,"schema":{"type":"string"}},{"name":"id","in":"path","required":true,"schema":{"type":"integer"}}],
			"responses":{"200":{"description":"ok"}}}}}}`))
	var e *builder.Endpoint
	BeforeEach(func() {
		Expect(err).NotTo(HaveOccurred())
		e = builder.New(builder.WithCatalog(c), builder.WithBaseURL("https://api.example"))
	})

	DescribeTable("fills the path from the parameter as given, every way",
		func(route string, params builder.Params, want, body string) {
			b := func() *builder.Builder {
				b := e.Route(route)
				for _, p := range params {
					b = b.Param(p.Name, p.Value)
				}
				return b
			}
			for range 2 { // the second call may take the route memo's way
				ro, err := b().Build()
				Expect(err).NotTo(HaveOccurred())
				Expect(ro.URL).To(Equal(want))
				if body != "" {
					Expect(ro.Body).To(MatchJSON(body))
				}
				req, err := b().HTTPRequest(context.Background())
				Expect(err).NotTo(HaveOccurred())
				Expect(req.URL.String()).To(Equal(want))
			}
			o, err := b().Merge()
			Expect(err).NotTo(HaveOccurred())
			ro, err := e.Parse(o)
			Expect(err).NotTo(HaveOccurred())
			Expect(ro.URL).To(Equal(want))
			ro, err = e.Build("", o)
			Expect(err).NotTo(HaveOccurred())
			Expect(ro.URL).To(Equal(want))
		},
		Entry("by route", "GET /things/{$id}", builder.Params{{Name: "$id", Value: "a b"}, {Name: "q", Value: "x"}}, "https://api.example/things/a%20b?q=x", ""),
		Entry("by ID", "getThing", builder.Params{{Name: "$id", Value: "7"}}, "https://api.example/things/7", ""),
		Entry("with a body", "updateThing", builder.Params{{Name: "$id", Value: "7"}, {Name: "name", Value: "n"}}, "https://api.example/things/7", `{"name":"n"}`),
		Entry("beside another", "getPart", builder.Params{{Name: "id", Value: 2}, {Name: "part-", Value: "p"}}, "https://api.example/parts/p/2", ""),
	)
})
