package openapi_test

import (
	"encoding/json"
	"errors"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/catalog"
	"github.com/endpointkit/endpoint/catalog/openapi"
)

// A body schema that lists a name in required without declaring it among
// its properties (Figma's PUT /v2/webhooks/{webhook_id} requires team_id
// that way) refused that member as an unknown parameter, beside
// properties and without additionalProperties: no call could satisfy the
// description, and the catalogue did not ask for the member either.
var _ = Describe("a required body member the schema does not declare", func() {
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
