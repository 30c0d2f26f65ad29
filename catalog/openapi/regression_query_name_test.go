package openapi_test

import (
	"context"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/catalog/openapi"
)

// A method with a body takes its query parameters through the catalogue's
// {?…} expression, and a name that is no RFC 6570 variable name there
// (OpenAI's include[], OData's $filter) made the template invalid: no call
// of the operation could be built.
var _ = Describe("a query parameter whose name is no template variable name", func() {
	c, err := openapi.Load([]byte(`{"openapi":"3.0.3","info":{"title":"t","version":"1"},"paths":{
		"/runs":{"post":{"operationId":"createRun",
			"parameters":[{"name":"include[]","in":"query","schema":{"type":"array","items":{"type":"string"}}},
				{"name":"$filter","in":"query","schema":{"type":"string"}},{"name":"plain","in":"query","schema":{"type":"string"}}],
			"requestBody":{"content":{"application/json":{"schema":{"type":"object","properties":{"model":{"type":"string"}}}}}},
			"responses":{"200":{"description":"ok"}}},
			"get":{"operationId":"listRuns",
			"parameters":[{"name":"include[]","in":"query","schema":{"type":"array","items":{"type":"string"}}}],
			"responses":{"200":{"description":"ok"}}}}}}`))
	var e *builder.Endpoint
	BeforeEach(func() {
		Expect(err).NotTo(HaveOccurred())
		e = builder.New(builder.WithCatalog(c), builder.WithBaseURL("https://api.example"))
	})
	const want = "https://api.example/runs?include%5B%5D=a&include%5B%5D=b&%24filter=x%20eq%201&plain=p" // an array query parameter explodes by default

	It("goes to the query of a POST, by route and by ID, in one step and two", func() {
		for _, route := range []string{"POST /runs", "createRun"} {
			for range 2 { // the second call may take the route memo's way
				ro, err := e.Route(route).Param("include[]", []string{"a", "b"}).Param("$filter", "x eq 1").
					Param("plain", "p").Param("model", "m").Build()
				Expect(err).NotTo(HaveOccurred(), route)
				Expect(ro.URL).To(Equal(want))
				Expect(ro.Body).To(MatchJSON(`{"model":"m"}`))
			}
			req, err := e.Route(route).Param("include[]", []string{"a", "b"}).Param("$filter", "x eq 1").
				Param("plain", "p").Param("model", "m").HTTPRequest(context.Background())
			Expect(err).NotTo(HaveOccurred())
			Expect(req.URL.String()).To(Equal(want))
			Expect(req.URL.Query()["include[]"]).To(Equal([]string{"a", "b"}))
			Expect(req.URL.Query().Get("$filter")).To(Equal("x eq 1"))
		}
		ro, err := e.BuildJSON("createRun", []byte(`{"include[]":["a","b"],"$filter":"x eq 1","plain":"p","model":"m"}`))
		Expect(err).NotTo(HaveOccurred())
		Expect(ro.URL).To(Equal(want))
	})

	It("agrees with Parse(Merge(…))", func() {
		o, err := e.Route("POST /runs").Param("include[]", []string{"a", "b"}).Param("$filter", "x eq 1").Param("plain", "p").Merge()
		Expect(err).NotTo(HaveOccurred())
		ro, err := e.Parse(o)
		Expect(err).NotTo(HaveOccurred())
		Expect(ro.URL).To(Equal(want))
	})

	It("goes to a GET's query too", func() {
		ro, err := e.Route("GET /runs").Param("include[]", []string{"a", "b"}).Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(ro.URL).To(Equal("https://api.example/runs?include%5B%5D=a&include%5B%5D=b"))
	})
})
