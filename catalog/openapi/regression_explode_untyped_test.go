package openapi_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/catalog/openapi"
)

// A query parameter whose schema has no type ({}) allows an array, and
// OpenAPI's default for a query (form, explode) sends one pair per item;
// it was sent with its items joined by commas (ids=a%2Cb), as only an
// explode: false parameter should be.
var _ = Describe("a query parameter whose schema has no type", func() {
	doc := []byte(`{"openapi":"3.0.3","info":{"title":"t","version":"1"},"paths":{
		"/items":{"get":{"parameters":[
			{"name":"ids","in":"query","schema":{}},
			{"name":"tags","in":"query","explode":false,"schema":{}}],
			"responses":{"200":{"description":"ok"}}}}}}`)

	It("explodes an array by default, and joins it where the description says explode: false", func() {
		c, err := openapi.Load(doc)
		Expect(err).NotTo(HaveOccurred())
		e := builder.New(builder.WithCatalog(c), builder.WithBaseURL("https://api.example"))
		for _, tc := range []struct {
			params map[string]any
			want   string
		}{
			{map[string]any{"ids": []string{"a", "b"}}, "https://api.example/items?ids=a&ids=b"},
			{map[string]any{"ids": "x"}, "https://api.example/items?ids=x"},
			{map[string]any{"tags": []string{"a", "b"}}, "https://api.example/items?tags=a,b"},
		} {
			ro, err := e.Route("GET /items").Params(tc.params).Build()
			Expect(err).NotTo(HaveOccurred())
			Expect(ro.URL).To(Equal(tc.want))
			o, err := e.Route("GET /items").Params(tc.params).Merge()
			Expect(err).NotTo(HaveOccurred())
			again, err := e.Parse(o)
			Expect(err).NotTo(HaveOccurred())
			Expect(again.URL).To(Equal(tc.want), "Parse(Merge(…))")
		}
	})
})
