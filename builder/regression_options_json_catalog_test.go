package builder_test

// Options from Merge of an Endpoint made WithCatalog carry the catalogue
// and the resolved operation, which Parse uses to write the operation's
// query styles, encoded names and colon paths; JSON has no place for
// them. Found by the style review: json.Marshal(Merge()), decoded and
// given to Parse, sent a pipeDelimited array as ids=1%2C2 (the builder's
// ids=1%7C2), a POST's deepObject as f=a,1 (f%5Ba%5D=1), and refused a
// path parameter named $x ("missing value"). This is documented (see
// Options) rather than changed: JSON is octokit's shape and Parse is
// JavaScript's parse, which knows no catalogue; the spec holds the
// documented way back, Build("", decoded) and BuildJSON(merged JSON),
// to sending exactly what Build sent.

import (
	"encoding/json"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/catalog/openapi"
)

var _ = Describe("Merge's options with a catalogue, through JSON", func() {
	c, err := openapi.Load([]byte(`{"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{
		"/d/{$x}/a:b/{id}":{"get":{"operationId":"getD","parameters":[
			{"name":"$x","in":"path","required":true,"schema":{"type":"string"}},
			{"name":"id","in":"path","required":true,"style":"matrix","schema":{"type":"array"}},
			{"name":"include[]","in":"query","schema":{"type":"array"}},
			{"name":"ids","in":"query","style":"pipeDelimited","schema":{"type":"array"}},
			{"name":"filter","in":"query","style":"deepObject","schema":{"type":"object"}},
			{"name":"color","in":"query","style":"form","explode":false,"schema":{"type":"object"}}],"responses":{"200":{"description":"ok"}}},
		"post":{"operationId":"postD","parameters":[
			{"name":"$x","in":"path","required":true,"schema":{"type":"string"}},
			{"name":"id","in":"path","required":true,"style":"label","explode":true,"schema":{"type":"array"}},
			{"name":"f","in":"query","style":"deepObject","schema":{"type":"object"}},
			{"name":"s","in":"query","style":"spaceDelimited","schema":{"type":"array"}}],
			"requestBody":{"content":{"application/json":{"schema":{"type":"object"}}}},"responses":{"200":{"description":"ok"}}}}}}`))

	It("is built again by Build and BuildJSON as Build built it", func() {
		Expect(err).NotTo(HaveOccurred())
		e := builder.New(builder.WithBaseURL("https://api.example"), builder.WithCatalog(c))
		for _, b := range []func() *builder.Builder{
			func() *builder.Builder {
				return e.Route("getD").Param("$x", "v").Param("id", []int{1, 2}).Param("include[]", []string{"a", "b"}).
					Param("ids", []int{1, 2}).Param("filter", builder.Params{{Name: "a", Value: 1}}).
					Param("color", builder.Params{{Name: "R", Value: 1}, {Name: "G", Value: 2}})
			},
			func() *builder.Builder {
				return e.Route("GET /d/{$x}/a:b/{id}?lit=1").Param("$x", "v").Param("id", []string{"z"}).Param("ids", []int{3})
			},
			func() *builder.Builder {
				return e.Route("postD").Param("$x", "v").Param("id", []string{"a", "b"}).Param("f", map[string]any{"a": 1}).
					Param("s", []string{"x", "y"}).Param("title", "t")
			},
		} {
			ro, err := b().Build()
			Expect(err).NotTo(HaveOccurred())
			merged, err := b().Merge()
			Expect(err).NotTo(HaveOccurred())
			parsed, err := e.Parse(merged)
			Expect(err).NotTo(HaveOccurred())
			Expect(parsed).To(Equal(ro))

			j, err := json.Marshal(merged)
			Expect(err).NotTo(HaveOccurred())
			var decoded builder.Options
			Expect(json.Unmarshal(j, &decoded)).To(Succeed())
			again, err := e.Build("", decoded)
			Expect(err).NotTo(HaveOccurred())
			Expect(again).To(Equal(ro), string(j))
			fromJSON, err := e.BuildJSON("", j)
			Expect(err).NotTo(HaveOccurred())
			Expect(fromJSON).To(Equal(ro), string(j))
		}
	})
})
