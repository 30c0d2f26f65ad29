package openapi_test

import (
	"errors"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/catalog"
	"github.com/endpointkit/endpoint/catalog/openapi"
)

// A required header parameter was never required: a call without it
// passed the check. It is present as a parameter (sent as the header),
// as a header of the call, or as one of the defaults.
var _ = Describe("a required header parameter", func() {
	c, err := openapi.Load([]byte(`{"openapi":"3.0.3","info":{"title":"t","version":"1"},"paths":{
		"/items":{"get":{"operationId":"listItems","parameters":[
			{"name":"X-Api-Key","in":"header","required":true,"schema":{"type":"string"}},
			{"name":"X-Trace","in":"header","schema":{"type":"string"}}],
			"responses":{"200":{"description":"ok"}}}}}}`))
	var e *builder.Endpoint
	BeforeEach(func() {
		Expect(err).NotTo(HaveOccurred())
		e = builder.New(builder.WithCatalog(c), builder.WithBaseURL("https://api.example"))
	})

	It("is missing when no header sets it, and named in the error", func() {
		_, err := e.Route("GET /items").Build()
		Expect(errors.Is(err, catalog.ErrMissingParam)).To(BeTrue(), "%v", err)
		Expect(err).To(MatchError(ContainSubstring("X-Api-Key")))
		_, err = e.Defaults(builder.WithHeader("x-api-key", "k")).Route("GET /items").RemoveHeader("X-Api-Key").Build() // removed for the call
		Expect(errors.Is(err, catalog.ErrMissingParam)).To(BeTrue(), "%v", err)
	})

	It("is given as a parameter, a header of the call or a default, in any case", func() {
		ro, err := e.Route("listItems").Param("X-Api-Key", "k1").Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(ro.Headers).To(HaveKeyWithValue("x-api-key", "k1"))
		ro, err = e.Route("GET /items").Header("X-API-KEY", "k2").Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(ro.Headers).To(HaveKeyWithValue("x-api-key", "k2"))
		d := e.Defaults(builder.WithHeader("x-api-key", "k3"))
		ro, err = d.Route("GET /items").Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(ro.Headers).To(HaveKeyWithValue("x-api-key", "k3"))
		Expect(c.Operations()[0].Required()).To(ConsistOf("X-Api-Key"))
	})
})
