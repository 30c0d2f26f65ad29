package openapi_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/catalog/openapi"
)

// Regression: a parameter whose $ref resolves to nothing (one to itself)
// was left out of its operation without a word, so a call never sent or
// checked it. Found by hostile documents.
var _ = Describe("regression: a parameter $ref to itself", func() {
	It("fails to load, naming the reference", func() {
		doc := `{"openapi": "3.0.3", "info": {"title": "t", "version": "1"},
			"paths": {"/x": {"get": {"operationId": "x",
				"parameters": [{"$ref": "#/components/parameters/P"}],
				"responses": {"200": {"description": "ok"}}}}},
			"components": {"parameters": {"P": {"$ref": "#/components/parameters/P"}}}}`
		c, err := openapi.Load([]byte(doc))
		if err == nil {
			op, lerr := c.ByID("x")
			Expect(lerr).NotTo(HaveOccurred())
			Fail("loaded, the parameter left out of " + op.String())
		}
		Expect(err).To(MatchError(openapi.ErrLoad))
		Expect(err.Error()).To(ContainSubstring("#/components/parameters/P"))
	})
})
