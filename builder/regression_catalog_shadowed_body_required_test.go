package builder_test

// Regression: a body property the body schema requires, named as a path
// (or query, or header) parameter of the same operation, counted as given
// by that parameter, which goes to the path: PATCH /vars/{name} with a
// required body of name and value, called with Param("name", "A") and
// Param("value", "v"), sent {"value":"v"} without the body's name, no
// error. A parameter of that name always goes to the path (the first
// location wins), so only Data gives the body's member. Expected:
// catalog.ErrMissingParam naming "name" unless Data has it, on every
// entry point, first call or not; an optional body's required member
// likewise once a body is sent.

import (
	"context"
	"encoding/json"
	"errors"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/catalog"
	"github.com/endpointkit/endpoint/catalog/openapi"
)

var _ = Describe("regression: a required body member named as a path parameter", func() {
	c, err := openapi.Load([]byte(`{"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{
		"/vars/{name}":{"patch":{"parameters":[{"name":"name","in":"path","required":true,"schema":{"type":"string"}}],
			"requestBody":{"required":true,"content":{"application/json":{"schema":{"type":"object","required":["name","value"],
				"properties":{"name":{"type":"string"},"value":{"type":"string"}}}}}}}},
		"/opt/{name}":{"patch":{"parameters":[{"name":"name","in":"path","required":true,"schema":{"type":"string"}}],
			"requestBody":{"content":{"application/json":{"schema":{"type":"object","required":["name"],
				"properties":{"name":{"type":"string"},"value":{"type":"string"}}}}}}}}}}`))
	e := builder.New(builder.WithBaseURL("https://h.example"), builder.WithCatalog(c))
	ctx := context.Background()

	BeforeEach(func() { Expect(err).NotTo(HaveOccurred()) })

	// errs returns the error of every entry point for the call.
	errs := func(route string, params map[string]any, data any) []error {
		call := func() *builder.Builder {
			b := e.Route(route).Params(params)
			if data != nil {
				b = b.Data(data)
			}
			return b
		}
		var out []error
		for range 2 { // the first call of the route and a later one
			_, err := call().Build()
			out = append(out, err)
		}
		_, err := call().HTTPRequest(ctx)
		out = append(out, err)
		_, err = call().Merge()
		out = append(out, err)
		o := map[string]any{}
		for k, v := range params {
			o[k] = v
		}
		if data != nil {
			o["data"] = data
		}
		j, err := json.Marshal(o)
		Expect(err).NotTo(HaveOccurred())
		_, err = e.BuildJSON(route, j)
		return append(out, err)
	}

	DescribeTable("is missing unless Data has it",
		func(route string, params map[string]any, data any) {
			for _, err := range errs(route, params, data) {
				Expect(errors.Is(err, catalog.ErrMissingParam)).To(BeTrue(), "%v", err)
				var ce *catalog.Error
				Expect(errors.As(err, &ce)).To(BeTrue())
				Expect(ce.Missing).To(Equal([]string{"name"}))
			}
		},
		Entry("a required body, parameters", "PATCH /vars/{name}", map[string]any{"name": "A", "value": "v"}, nil),
		Entry("a required body, data without it", "PATCH /vars/{name}", map[string]any{"name": "A"}, map[string]any{"value": "v"}),
		Entry("an optional body sent, parameters", "PATCH /opt/{name}", map[string]any{"name": "A", "value": "v"}, nil),
		Entry("an optional body sent, data without it", "PATCH /opt/{name}", map[string]any{"name": "A"}, map[string]any{"value": "v"}),
	)

	It("is given by Data, and an optional body not sent needs none", func() {
		r, err := e.Route("PATCH /vars/{name}").Param("name", "A").Data(map[string]any{"name": "B", "value": "v"}).Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(r.URL).To(Equal("https://h.example/vars/A"))
		Expect(r.Body).To(MatchJSON(`{"name":"B","value":"v"}`))
		r, err = e.Route("PATCH /opt/{name}").Param("name", "A").Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(r.URL).To(Equal("https://h.example/opt/A"))
		_, err = e.Route("PATCH /vars/{name}").Param("name", "A").Data(`{"name":"B","value":"v"}`).Build()
		Expect(err).NotTo(HaveOccurred(), "a string body is not looked into")
	})
})
