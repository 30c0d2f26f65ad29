package openapi_test

import (
	"errors"

	"github.com/endpointkit/endpoint/catalog"
	"github.com/endpointkit/endpoint/catalog/openapi"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// withBody loads a description of one operation, PUT /x, whose JSON
// request body has the schema given (JSON text).
func withBody(schema string) *catalog.Operation {
	GinkgoHelper()
	doc := `{"openapi":"3.0.3","info":{"title":"t","version":"1"},"paths":{"/x":{"put":{"operationId":"x",
		"requestBody":{"required":true,"content":{"application/json":{"schema":` + schema + `}}},
		"responses":{"200":{"description":"ok"}}}}}}`
	c, err := openapi.Load([]byte(doc))
	Expect(err).NotTo(HaveOccurred())
	return byID(c, "x")
}

var _ = Describe("additionalProperties of a request body", func() {
	It("takes other members when it is a schema, and checks them against it", func() {
		op := withBody(`{"type":"object","additionalProperties":{"type":"array","items":{"type":"string"}}}`)
		Expect(op.Body.Additional).To(Equal(&catalog.Schema{Type: catalog.Array, Items: &catalog.Schema{Type: catalog.String}}))
		Expect(op.Check("octo-repo", []string{"/src/x.rs"})).To(Succeed())
		Expect(errors.Is(op.Check("octo-repo", "/src/x.rs"), catalog.ErrType)).To(BeTrue())
	})

	It("takes any other member when it is true, still checking the declared ones", func() {
		op := withBody(`{"type":"object","properties":{"state":{"type":"string","enum":["open"]}},"additionalProperties":true}`)
		Expect(op.Body.Additional).To(Equal(&catalog.Schema{}))
		Expect(op.Check("anything", 1)).To(Succeed())
		Expect(errors.Is(op.Check("state", "opne"), catalog.ErrEnum)).To(BeTrue())
	})

	It("takes any member of an object schema with no properties and no additionalProperties", func() {
		op := withBody(`{"type":"object"}`)
		Expect(op.Body.Additional).To(Equal(&catalog.Schema{}))
		Expect(op.Check("anything", map[string]any{"x": 1})).To(Succeed())
	})

	DescribeTable("refuses other members, as unknown parameters",
		func(schema string) {
			op := withBody(schema)
			Expect(op.Body.Additional).To(BeNil())
			err := op.Check("stat", "open")
			Expect(errors.Is(err, catalog.ErrUnknownParam)).To(BeTrue(), "%v", err)
		},
		Entry("when it is false", `{"type":"object","additionalProperties":false}`),
		Entry("when the schema declares properties and leaves it out: a typo check",
			`{"type":"object","properties":{"state":{"type":"string"}}}`),
		Entry("when only oneOf branches allow them, beside declared properties",
			`{"type":"object","properties":{"state":{"type":"string"},"conclusion":{"type":"string"}},
			  "anyOf":[{"properties":{"state":{"enum":["completed"]}},"required":["conclusion"],"additionalProperties":true},
			           {"properties":{"state":{"enum":["queued"]}},"additionalProperties":true}]}`),
		Entry("when the branches declare properties",
			`{"type":"object","oneOf":[{"properties":{"a":{"type":"string"}}},{"properties":{"b":{"type":"string"}},"additionalProperties":false}]}`),
		Entry("when a branch only lists required names", `{"type":"object","properties":{"state":{"type":"string"}},"anyOf":[{"required":["state"]}]}`),
	)

	It("takes other members when an allOf part or a oneOf branch allows them", func() {
		op := withBody(`{"allOf":[{"type":"object","additionalProperties":{"type":"integer"}}]}`)
		Expect(op.Body.Additional).To(Equal(&catalog.Schema{Type: catalog.Integer}))
		op = withBody(`{"oneOf":[{"type":"array"},{"type":"object","additionalProperties":{"type":"string"}}]}`)
		Expect(op.Body.Additional).To(Equal(&catalog.Schema{Type: catalog.String}))
		Expect(op.Check("k", "v")).To(Succeed())
	})

	It("leaves the members of a nested object unchecked, whatever its additionalProperties", func() {
		// GitHub deletes a gist file given null, which the schema of files' values does not allow.
		op := withBody(`{"type":"object","properties":{"files":{"type":"object","additionalProperties":{"type":"object","properties":{"content":{"type":"string"}}}}}}`)
		Expect(op.Check("files", map[string]any{"hello.py": nil, "a.txt": map[string]any{"content": "x"}})).To(Succeed())
		Expect(op.Check("files", map[string]any{"hello.py": 1})).To(Succeed())
	})
})

var _ = Describe("required names in oneOf, anyOf and allOf parts", func() {
	required := func(schema string) []string {
		GinkgoHelper()
		return withBody(schema).Required()
	}
	props := `"type":"object","properties":{"state":{"type":"string"},"assignee":{"type":"string"},"note":{"type":"string"}}`

	It("requires the names of a union's only branch, though the branch declares no properties", func() {
		Expect(required(`{` + props + `,"anyOf":[{"required":["state"]}]}`)).To(Equal([]string{"state"}))
		Expect(required(`{` + props + `,"oneOf":[{"required":["state","note"]}]}`)).To(Equal([]string{"state", "note"}))
	})

	It("requires a name only when every branch requires it", func() {
		Expect(required(`{` + props + `,"anyOf":[{"required":["state"]},{"required":["assignee"]}]}`)).To(BeEmpty())
		Expect(required(`{` + props + `,"oneOf":[{"required":["state","note"]},{"required":["note","assignee"]}]}`)).To(Equal([]string{"note"}))
	})

	It("does not count a branch that cannot be an object", func() {
		Expect(required(`{"oneOf":[{` + props + `,"required":["state"]},{"type":"array"}]}`)).To(Equal([]string{"state"}))
	})

	It("requires the names of an allOf part, whichever part declares the property", func() {
		Expect(required(`{` + props + `,"allOf":[{"required":["assignee"]}]}`)).To(Equal([]string{"assignee"}))
		Expect(required(`{"allOf":[{"required":["note"]},{` + props + `}]}`)).To(Equal([]string{"note"}))
	})

	It("leaves a required name that no property declares out of the parameters", func() {
		op := withBody(`{` + props + `,"anyOf":[{"required":["nothing"]}]}`)
		Expect(op.Required()).To(BeEmpty())
		_, ok := op.Param("nothing")
		Expect(ok).To(BeFalse())
	})
})

var _ = Describe("nullable beside oneOf", func() {
	It("lets the value be null as well as what a branch allows", func() {
		op := withBody(`{"type":"object","properties":{"milestone":{"nullable":true,"oneOf":[{"type":"string"},{"type":"integer"}]}}}`)
		Expect(op.Check("milestone", nil)).To(Succeed())
		Expect(op.Check("milestone", 3)).To(Succeed())
		Expect(errors.Is(op.Check("milestone", true), catalog.ErrType)).To(BeTrue())
		// Without nullable, null is refused.
		op = withBody(`{"type":"object","properties":{"milestone":{"oneOf":[{"type":"string"},{"type":"integer"}]}}}`)
		Expect(errors.Is(op.Check("milestone", nil), catalog.ErrType)).To(BeTrue())
	})
})
