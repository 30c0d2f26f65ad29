package openapi_test

// How a description's schemas become the parameters an operation checks.

import (
	"encoding/json"
	"errors"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/catalog"
	"github.com/endpointkit/endpoint/catalog/openapi"
)

// A body parameter was kept one level less deep than a path or query parameter:
// GHEC's innersource vulnerability sync lost an OSV range's event members.
var _ = Describe("the depth kept below a body parameter", Label("regression"), func() {
	// levels counts the schemas below s, s not included.
	var levels func(s catalog.Schema) int
	levels = func(s catalog.Schema) int {
		n := 0
		if s.Items != nil {
			n = max(n, 1+levels(*s.Items))
		}
		for _, p := range s.Properties {
			n = max(n, 1+levels(p.Schema))
		}
		return n
	}

	It("is MaxDepth, as below a query parameter", func() {
		// An object nested twice MaxDepth deep, alternating arrays and objects.
		schema := `{"type":"string"}`
		for i := range 2 * openapi.MaxDepth {
			if i%2 == 0 {
				schema = `{"type":"array","items":` + schema + `}`
			} else {
				schema = `{"type":"object","properties":{"x":` + schema + `}}`
			}
		}
		doc := `{"openapi":"3.0.3","info":{"title":"t","version":"1"},"paths":{"/x":{"post":{"operationId":"x",
			"parameters":[{"name":"q","in":"query","schema":` + schema + `}],
			"requestBody":{"content":{"application/json":{"schema":{"type":"object","properties":{"b":` + schema + `}}}}},
			"responses":{"200":{"description":"ok"}}}}}}`
		Expect(strings.Count(schema, `"x":`)).To(Equal(openapi.MaxDepth))
		c, err := openapi.Load([]byte(doc))
		Expect(err).NotTo(HaveOccurred())
		op := byID(c, "x")
		Expect(levels(param(op, "q").Schema)).To(Equal(openapi.MaxDepth))
		Expect(levels(param(op, "b").Schema)).To(Equal(openapi.MaxDepth))
	})
})

// A string enum beside a oneOf branch that is an object was dropped: GitHub's
// PUT …/pages took any string as source.
var _ = Describe("an enum beside a oneOf or anyOf branch that takes no scalar", Label("regression"), func() {
	It("survives the union", func() {
		op := withBody(`{"type":"object","properties":{"source":{"anyOf":[
			{"type":"string","enum":["gh-pages","master"]},
			{"type":"object","properties":{"branch":{"type":"string"}},"required":["branch"]}]}}}`)
		s := param(op, "source").Schema
		Expect(s.Type).To(Equal(catalog.String | catalog.Object))
		Expect(s.Enum).To(Equal([]string{"gh-pages", "master"}))
		Expect(op.Check("source", "master")).To(Succeed())
		Expect(op.Check("source", map[string]any{"branch": "main"})).To(Succeed())
		Expect(errors.Is(op.Check("source", "main"), catalog.ErrEnum)).To(BeTrue())
	})

	It("survives beside an array branch, in either order", func() {
		op := withBody(`{"type":"object","properties":{"labels":{"oneOf":[
			{"type":"array","items":{"type":"string"}},{"type":"string","enum":["bug","docs"]}]}}}`)
		s := param(op, "labels").Schema
		Expect(s.Enum).To(Equal([]string{"bug", "docs"}))
		Expect(op.Check("labels", []string{"anything"})).To(Succeed())
		Expect(errors.Is(op.Check("labels", "feature"), catalog.ErrEnum)).To(BeTrue())
	})

	It("is dropped beside a branch that takes other scalars", func() {
		op := withBody(`{"type":"object","properties":{"n":{"oneOf":[
			{"type":"string","enum":["all"]},{"type":"integer"}]}}}`)
		Expect(param(op, "n").Schema.Enum).To(BeEmpty())
		Expect(op.Check("n", 5)).To(Succeed())
	})
})

// A number enum was compared as text: 2.0 was refused where the description
// allows 2.
var _ = Describe("a number enum", Label("regression"), func() {
	c, err := openapi.Load([]byte(`{"openapi":"3.0.3","info":{"title":"t","version":"1"},"paths":{
		"/things":{"post":{"operationId":"things/create",
			"parameters":[{"name":"v","in":"query","schema":{"type":"number","enum":[2,0.5,100]}}],
			"requestBody":{"content":{"application/json":{"schema":{"type":"object","properties":{"n":{"type":"number","enum":[2,0.5]}}}}}},
			"responses":{"200":{"description":"ok"}}}}}}`))

	It("takes a value equal to a member, however it is written", func() {
		Expect(err).NotTo(HaveOccurred())
		e := builder.New(builder.WithCatalog(c), builder.WithBaseURL("https://api.example"))
		for _, opts := range []string{`{"n":2.0}`, `{"n":2}`, `{"n":0.50}`, `{"n":5e-1}`, `{"v":1e2}`, `{"v":2.00,"n":20e-1}`} {
			_, err := e.BuildJSON("POST /things", []byte(opts))
			Expect(err).NotTo(HaveOccurred(), opts)
		}
		_, err := e.Route("POST /things").Param("n", 2.0).Param("v", 100).Build()
		Expect(err).NotTo(HaveOccurred())
	})

	It("still refuses a value that is no member", func() {
		e := builder.New(builder.WithCatalog(c), builder.WithBaseURL("https://api.example"))
		for _, opts := range []string{`{"n":3}`, `{"n":2.01}`, `{"n":"2"}`, `{"v":1e3}`, `{"n":0.05}`} {
			_, err := e.BuildJSON("POST /things", []byte(opts))
			Expect(err).To(HaveOccurred(), opts)
			Expect(errors.Is(err, catalog.ErrEnum) || errors.Is(err, catalog.ErrType)).To(BeTrue(), "%s: %v", opts, err)
		}
	})
})

// A readOnly property also listed as required came back as a required body
// parameter of any type: no call could leave it out.
var _ = Describe("a required readOnly body property", Label("regression"), func() {
	It("stays out of the body parameters", func() {
		c, err := openapi.Load([]byte(`{"openapi":"3.0.3","info":{"title":"t","version":"1"},"paths":{"/x":{"put":{"operationId":"x",
			"requestBody":{"required":true,"content":{"application/json":{"schema":{"type":"object","required":["id","name"],
			"properties":{"id":{"type":"integer","readOnly":true},"name":{"type":"string"}}}}}},
			"responses":{"200":{"description":"ok"}}}}}}`))
		Expect(err).NotTo(HaveOccurred())
		op := byID(c, "x")
		Expect(bodyNames(op)).To(Equal([]string{"name"}))
		Expect(op.Required()).To(Equal([]string{"name"}))
		Expect(errors.Is(op.Check("id", 1), catalog.ErrUnknownParam)).To(BeTrue())

		e := builder.New(builder.WithCatalog(c))
		_, err = e.Route("PUT /x").Param("name", "n").Build()
		Expect(err).NotTo(HaveOccurred())
	})

	It("leaves an undeclared required name a parameter of any type", func() {
		op := withBody(`{"type":"object","required":["id","team_id"],
			"properties":{"id":{"type":"integer","readOnly":true}}}`)
		Expect(bodyNames(op)).To(Equal([]string{"team_id"}))
		Expect(param(op, "team_id").Required).To(BeTrue())
	})

	It("stays out when an allOf part declares it", func() {
		op := withBody(`{"allOf":[{"type":"object","properties":{"id":{"type":"integer","readOnly":true},"name":{"type":"string"}}}],
			"required":["id","name"]}`)
		Expect(bodyNames(op)).To(Equal([]string{"name"}))
		Expect(op.Required()).To(Equal([]string{"name"}))
	})
})

// A required body member the schema does not declare (Figma's team_id) was refused
// as unknown: no call could satisfy the description.
var _ = Describe("a required body member the schema does not declare", Label("regression"), func() {
	It("is a required body parameter of any type", func() {
		c, err := openapi.Load([]byte(`{"openapi":"3.0.3","info":{"title":"t","version":"1"},"paths":{"/x":{"put":{"operationId":"x",
			"requestBody":{"required":true,"content":{"application/json":{"schema":{"type":"object","required":["event_type","team_id"],
			"properties":{"event_type":{"type":"string"},"endpoint":{"type":"string"}}}}}},
			"responses":{"200":{"description":"ok"}}}}}}`))
		Expect(err).NotTo(HaveOccurred())
		op := byID(c, "x")
		p := param(op, "team_id")
		Expect(p.In).To(Equal(catalog.Body))
		Expect(p.Required).To(BeTrue())
		Expect(p.Schema).To(Equal(catalog.Schema{}))
		Expect(op.Check("team_id", "123")).To(Succeed())
		Expect(op.Check("team_id", 123)).To(Succeed())
		// Other members are still refused, as typos.
		Expect(errors.Is(op.Check("team", "123"), catalog.ErrUnknownParam)).To(BeTrue())

		e := builder.New(builder.WithCatalog(c))
		_, err = e.Route("PUT /x").Param("event_type", "PING").Build()
		Expect(errors.Is(err, catalog.ErrMissingParam)).To(BeTrue(), "%v", err)
		ro, err := e.Route("PUT /x").Param("event_type", "PING").Param("team_id", "123").Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(json.Marshal(ro.Body)).To(MatchJSON(`{"event_type":"PING","team_id":"123"}`))
	})

	It("stays a property's name when a oneOf branch requires a declared property", func() {
		op := withBody(`{"type":"object","properties":{"title":{"type":"string"},"category":{"type":"string"}},
			"oneOf":[{"required":["title","category"]},{"required":["title","slug"]}]}`)
		Expect(param(op, "title").Required).To(BeTrue())
		Expect(param(op, "category").Required).To(BeFalse())
		_, declared := op.Param("slug")
		Expect(declared).To(BeFalse(), "only one branch requires it")
	})
})
