package openapi_test

import (
	"encoding/json"
	"runtime"
	"strconv"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/catalog/openapi"
)

// Regression: an allOf's merge indexed the properties merged so far
// again for every part, and copied the required names merged so far, so
// that a 630 KB allOf of 20,000 one-property parts took 10 s to load, in
// the square of the parts' number. The index is now kept from part to
// part. Found by hostile documents. What a load allocates shows the
// square without timing anything: four times the parts must cost about
// four times the bytes, not sixteen.
var _ = Describe("regression: an allOf of many parts", func() {
	doc := func(n int) []byte {
		parts := make([]any, n)
		for i := range parts {
			name := "p" + strconv.Itoa(i)
			parts[i] = map[string]any{"type": "object", "properties": map[string]any{name: map[string]any{"type": "string"}}, "required": []string{name}}
		}
		data, err := json.Marshal(map[string]any{
			"openapi": "3.0.3", "info": map[string]any{"title": "t", "version": "1"},
			"paths": map[string]any{"/x": map[string]any{"post": map[string]any{
				"operationId": "x",
				"requestBody": map[string]any{"content": map[string]any{"application/json": map[string]any{"schema": map[string]any{"allOf": parts}}}},
				"responses":   map[string]any{"200": map[string]any{"description": "ok"}},
			}}},
		})
		Expect(err).NotTo(HaveOccurred())
		return data
	}
	// allocated is what loading data allocates, in bytes.
	allocated := func(data []byte, n int) uint64 {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		c, err := openapi.Load(data)
		runtime.ReadMemStats(&after)
		Expect(err).NotTo(HaveOccurred())
		op, err := c.ByID("x")
		Expect(err).NotTo(HaveOccurred())
		Expect(op.Params).To(HaveLen(n))
		Expect(op.Params[n-1].Required).To(BeTrue())
		return after.TotalAlloc - before.TotalAlloc
	}

	It("loads in bytes that grow with the parts, not their square", func() {
		small, large := 1_500, 6_000
		a, b := allocated(doc(small), small), allocated(doc(large), large)
		Expect(float64(b)/float64(a)).To(BeNumerically("<", 8), "%d parts: %d bytes; %d parts: %d bytes", small, a, large, b)
	})
})
