package openapi_test

import (
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/catalog"
	"github.com/endpointkit/endpoint/catalog/openapi"
)

// MaxDepth is how deep schemas are kept below a parameter, but a body
// parameter, a property of the body schema, was converted one level
// down from it and kept one level less than a path or query parameter:
// GHEC's POST /enterprises/{enterprise}/innersource-vulnerabilities/sync
// lost the members of vulnerabilities[].affected[].ranges[].events[]
// (introduced, fixed, last_affected, limit), eight levels below the
// parameter.
var _ = Describe("regression: the depth kept below a body parameter", func() {
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
