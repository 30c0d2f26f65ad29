package openapi_test

import (
	"encoding/json"
	"strconv"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/catalog/openapi"
)

// Regression: merging a oneOf's or anyOf's branches copied what the
// branches merged so far held at every step, and only schemas counted
// against MaxSchemas: a 630 KB oneOf of 20,000 one-property branches
// took 45 s and allocated 110 GB to load. Merges count now, and such a
// document fails with ErrLoad as one of too many schemas does. Found by
// hostile documents; 5,000 parts here load in about 3 s without the
// fix, and copy 12.5 million members.
var _ = Describe("regression: a composition of many parts", func() {
	doc := func(keyword string, n int) []byte {
		parts := make([]any, n)
		for i := range parts {
			parts[i] = map[string]any{"type": "object", "properties": map[string]any{"p" + strconv.Itoa(i): map[string]any{"type": "string"}}}
		}
		data, err := json.Marshal(map[string]any{
			"openapi": "3.0.3", "info": map[string]any{"title": "t", "version": "1"},
			"paths": map[string]any{"/x": map[string]any{"post": map[string]any{
				"operationId": "x",
				"requestBody": map[string]any{"content": map[string]any{"application/json": map[string]any{"schema": map[string]any{keyword: parts}}}},
				"responses":   map[string]any{"200": map[string]any{"description": "ok"}},
			}}},
		})
		Expect(err).NotTo(HaveOccurred())
		return data
	}

	DescribeTable("fails with ErrLoad past MaxSchemas",
		func(keyword string) {
			_, err := openapi.Load(doc(keyword, 5_000))
			Expect(err).To(MatchError(openapi.ErrLoad))
			Expect(err.Error()).To(ContainSubstring("schemas expand to more than"))
		},
		Entry("oneOf", "oneOf"),
		Entry("anyOf", "anyOf"),
	)

	It("loads a composition of a few hundred parts whole", func() {
		c, err := openapi.Load(doc("allOf", 300))
		Expect(err).NotTo(HaveOccurred())
		op, err := c.ByID("x")
		Expect(err).NotTo(HaveOccurred())
		Expect(op.Params).To(HaveLen(300))
	})
})
