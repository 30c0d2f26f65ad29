package openapi_test

import (
	"errors"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/catalog"
	"github.com/endpointkit/endpoint/catalog/openapi"
)

// A readOnly property is left out of a request body, since a request never
// sends it; but a body schema that also listed it in required (a resource
// schema shared by a response and a request, its id readOnly and
// required) brought it back as a required body parameter of any type,
// through the rule for required names the schema does not declare: no
// call could leave it out.
var _ = Describe("regression: a required readOnly body property", func() {
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
