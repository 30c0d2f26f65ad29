package openapi_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/catalog"
	"github.com/endpointkit/endpoint/catalog/openapi"
)

// An array query parameter was always sent with its items joined by
// commas (ids=1%2C2), as @octokit/endpoint sends arrays; OpenAPI's
// default for a query is style form with explode (ids=1&ids=2), and a
// server that reads it so took the joined items for one value, silently.
var _ = Describe("an array query parameter of an API description", func() {
	doc := []byte(`{"openapi":"3.0.3","info":{"title":"t","version":"1"},"paths":{
		"/items":{"get":{"operationId":"listItems","parameters":[
			{"name":"ids","in":"query","schema":{"type":"array","items":{"type":"integer"}}},
			{"name":"tags","in":"query","explode":false,"schema":{"type":"array","items":{"type":"string"}}},
			{"name":"pipes","in":"query","style":"pipeDelimited","schema":{"type":"array","items":{"type":"string"}}},
			{"name":"q","in":"query","schema":{"type":"string"}}],
			"responses":{"200":{"description":"ok"}}},
		"post":{"operationId":"addItems","parameters":[
			{"name":"ids","in":"query","schema":{"type":"array","items":{"type":"integer"}}}],
			"requestBody":{"content":{"application/json":{"schema":{"type":"object","properties":{"name":{"type":"string"}}}}}},
			"responses":{"200":{"description":"ok"}}}}}}`)
	build := func(c *catalog.Catalog, route string, params map[string]any) string {
		GinkgoHelper()
		e := builder.New(builder.WithCatalog(c), builder.WithBaseURL("https://api.example"))
		ro, err := e.Route(route).Params(params).Build()
		Expect(err).NotTo(HaveOccurred())
		o, err := e.Route(route).Params(params).Merge()
		Expect(err).NotTo(HaveOccurred())
		again, err := e.Parse(o)
		Expect(err).NotTo(HaveOccurred())
		Expect(again.URL).To(Equal(ro.URL), "Parse(Merge(…))")
		return ro.URL
	}

	It("is exploded as the description says, and joined where it says explode: false", func() {
		c, err := openapi.Load(doc)
		Expect(err).NotTo(HaveOccurred())
		Expect(build(c, "GET /items", map[string]any{"ids": []int{1, 2}, "q": "x"})).To(Equal("https://api.example/items?ids=1&ids=2&q=x"))
		Expect(build(c, "listItems", map[string]any{"ids": []int{1}})).To(Equal("https://api.example/items?ids=1"))
		Expect(build(c, "GET /items", map[string]any{"tags": []string{"a", "b"}})).To(Equal("https://api.example/items?tags=a,b"))
		Expect(build(c, "GET /items?x=1", map[string]any{"ids": []int{1, 2}})).To(Equal("https://api.example/items?x=1&ids=1&ids=2"))
		Expect(build(c, "POST /items", map[string]any{"ids": []int{1, 2}, "name": "n"})).To(Equal("https://api.example/items?ids=1&ids=2"))
	})

	It("is joined with commas with JoinArrays, as catalog/github loads GitHub's", func() {
		c, err := openapi.LoadWith(doc, openapi.Options{JoinArrays: true})
		Expect(err).NotTo(HaveOccurred())
		Expect(build(c, "GET /items", map[string]any{"ids": []int{1, 2}})).To(Equal("https://api.example/items?ids=1%2C2"))
		Expect(build(c, "POST /items", map[string]any{"ids": []int{1, 2}, "name": "n"})).To(Equal("https://api.example/items?ids=1,2"))
	})

	It("keeps its explode through the compact form", func() {
		c, err := openapi.Load(doc)
		Expect(err).NotTo(HaveOccurred())
		back, err := catalog.Decode(c.Encode())
		Expect(err).NotTo(HaveOccurred())
		Expect(back.Encode()).To(Equal(c.Encode()))
		Expect(build(back, "GET /items", map[string]any{"ids": []int{1, 2}})).To(Equal("https://api.example/items?ids=1&ids=2"))
		op, err := back.ByID("listItems")
		Expect(err).NotTo(HaveOccurred())
		explode := map[string]bool{}
		for _, p := range op.Params {
			explode[p.Name] = p.Explode
		}
		Expect(explode).To(Equal(map[string]bool{"ids": true, "tags": false, "pipes": false, "q": false}))
	})
})
