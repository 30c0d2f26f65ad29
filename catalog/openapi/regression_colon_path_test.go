package openapi_test

import (
	"context"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/catalog/openapi"
)

// A colon in a description's path is literal (Google's custom methods:
// /v1/models/{model}:generateContent, /v1/documents:analyzeEntities), but
// the builder read the operation's template as a route, whose :name is
// v6's placeholder: the URL lost the method, silently
// (https://api.example/v1/models/gemini), and the call went to another
// operation.
var _ = Describe("a colon in a description's path", func() {
	c, err := openapi.Load([]byte(`{"openapi":"3.0.3","info":{"title":"t","version":"1"},"paths":{
		"/v1/models/{model}:generateContent":{"post":{"operationId":"models/generate-content",
			"parameters":[{"name":"model","in":"path","required":true,"schema":{"type":"string"}},{"name":"alt","in":"query","schema":{"type":"string"}}],
			"requestBody":{"content":{"application/json":{"schema":{"type":"object","properties":{"prompt":{"type":"string"}}}}}},
			"responses":{"200":{"description":"ok"}}}},
		"/v1/documents:analyzeEntities":{"get":{"operationId":"documents/analyze-entities",
			"parameters":[{"name":"q","in":"query","schema":{"type":"string"}}],"responses":{"200":{"description":"ok"}}}}}}`))

	DescribeTable("stays in the URL",
		func(route string, params map[string]any, want, body string) {
			Expect(err).NotTo(HaveOccurred())
			e := builder.New(builder.WithCatalog(c), builder.WithBaseURL("https://api.example"))
			for range 2 { // the second call takes the route memo's way
				ro, err := e.Route(route).Params(params).Build()
				Expect(err).NotTo(HaveOccurred())
				Expect(ro.URL).To(Equal(want))
				if body != "" {
					Expect(ro.Body).To(MatchJSON(body))
				}
			}
		},
		Entry("after a variable", "POST /v1/models/{model}:generateContent",
			map[string]any{"model": "gemini", "prompt": "hi", "alt": "json"}, "https://api.example/v1/models/gemini:generateContent?alt=json", `{"prompt":"hi"}`),
		Entry("after a variable, by ID", "models/generate-content",
			map[string]any{"model": "gemini", "prompt": "hi"}, "https://api.example/v1/models/gemini:generateContent", `{"prompt":"hi"}`),
		Entry("after a variable, renamed", "POST /v1/models/{m}:generateContent",
			map[string]any{"m": "gemini"}, "https://api.example/v1/models/gemini:generateContent", ""),
		Entry("after a literal", "GET /v1/documents:analyzeEntities",
			map[string]any{"q": "x"}, "https://api.example/v1/documents:analyzeEntities?q=x", ""),
		Entry("after a literal, by ID", "documents/analyze-entities",
			map[string]any{}, "https://api.example/v1/documents:analyzeEntities", ""),
	)

	It("stays in the URL of an http.Request, and of Parse(Merge())", func() {
		e := builder.New(builder.WithCatalog(c), builder.WithBaseURL("https://api.example"))
		req, err := e.Route("models/generate-content").Param("model", "gemini").HTTPRequest(context.Background())
		Expect(err).NotTo(HaveOccurred())
		Expect(req.URL.String()).To(Equal("https://api.example/v1/models/gemini:generateContent"))
		o, err := e.Route("GET /v1/documents:analyzeEntities").Param("q", "x").Merge()
		Expect(err).NotTo(HaveOccurred())
		ro, err := e.Parse(o)
		Expect(err).NotTo(HaveOccurred())
		Expect(ro.URL).To(Equal("https://api.example/v1/documents:analyzeEntities?q=x"))
	})

	It("is still v6's placeholder in a route built without a catalogue", func() {
		ro, err := builder.New(builder.WithBaseURL("https://api.example")).Route("GET /orgs/:org/repos").Param("org", "o").Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(ro.URL).To(Equal("https://api.example/orgs/o/repos"))
	})
})
