package openapi_test

import (
	"encoding/json"
	"strconv"
	"testing"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/catalog"
	"github.com/endpointkit/endpoint/catalog/openapi"
)

// Regression: converting a description looked each name up in a list
// scan after scan, so the time grew with the product of two lists'
// lengths: a body schema's required names against its properties, and
// against the body parameters found so far (every name required but not
// declared adds one); a oneOf's branches' required names against each
// other's; an allOf's parts' properties against the properties merged so
// far. Required names count nowhere against MaxSchemas, and these
// documents, 3 MB or less, took minutes (the first 3m21s) where
// kin-openapi reads them in about a second. Found by hostile documents.
// Each load must end within loadBound, far above what it takes now even
// under the race detector.
var _ = Describe("regression: long required lists and many merged properties", func() {
	const loadBound = 60 * time.Second
	// size is a list's length: a tenth under -short and the race
	// detector, where the old code would still end in time (CI runs the
	// full size without either: .ci/run).
	size := func(full int) int {
		if testing.Short() || raceEnabled {
			return full / 10
		}
		return full
	}

	load := func(schema any, components map[string]any) *catalog.Operation {
		GinkgoHelper()
		data, err := json.Marshal(map[string]any{
			"openapi": "3.0.3", "info": map[string]any{"title": "t", "version": "1"},
			"paths": map[string]any{"/x": map[string]any{"post": map[string]any{
				"operationId": "x",
				"requestBody": map[string]any{"content": map[string]any{"application/json": map[string]any{"schema": schema}}},
				"responses":   map[string]any{"200": map[string]any{"description": "ok"}},
			}}},
			"components": map[string]any{"schemas": components},
		})
		Expect(err).NotTo(HaveOccurred())
		type result struct {
			c   *catalog.Catalog
			err error
		}
		done := make(chan result, 1)
		go func() {
			c, err := openapi.Load(data)
			done <- result{c, err}
		}()
		var r result
		Eventually(done).WithTimeout(loadBound).WithPolling(10*time.Millisecond).Should(Receive(&r),
			"a %d-byte description still loading after %s", len(data), loadBound)
		Expect(r.err).NotTo(HaveOccurred())
		op, err := r.c.ByID("x")
		Expect(err).NotTo(HaveOccurred())
		return op
	}
	names := func(prefix string, n int) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = prefix + strconv.Itoa(i)
		}
		return out
	}
	props := func(names []string) map[string]any {
		m := make(map[string]any, len(names))
		for _, n := range names {
			m[n] = map[string]any{}
		}
		return m
	}

	It("requires 300,000 names beside 3,000 properties, each once", func() {
		declared, undeclared := names("p", 3_000), names("r", size(300_000))
		required := append(append([]string{}, undeclared...), declared[:10]...)
		required = append(required, undeclared[:10]...) // named twice
		op := load(map[string]any{"type": "object", "properties": props(declared), "required": required}, nil)
		Expect(op.Params).To(HaveLen(len(declared) + len(undeclared)))
		Expect(param(op, "p9").Required).To(BeTrue())
		Expect(param(op, "p10").Required).To(BeFalse())
		Expect(op.Params[len(declared)]).To(Equal(catalog.Param{Name: "r0", In: catalog.Body, Required: true}))
		Expect(op.Params[len(op.Params)-1].Name).To(Equal("r" + strconv.Itoa(len(undeclared)-1)))
	})

	It("keeps the names every oneOf branch requires, 300,000 of them", func() {
		x := map[string]any{"type": "object", "properties": props(names("r", 5)), "required": names("r", size(300_000))}
		ref := map[string]any{"$ref": "#/components/schemas/X"}
		op := load(map[string]any{"oneOf": []any{ref, ref}}, map[string]any{"X": x})
		Expect(op.Params).To(HaveLen(5))
		for _, p := range op.Params {
			Expect(p.Required).To(BeTrue(), p.Name)
		}
	})

	It("merges the properties of 120 allOf parts of 2,000 each", func() {
		schemas := map[string]any{}
		var parts []any
		nParts := size(120)
		for i := range nParts {
			name := "S" + strconv.Itoa(i)
			schemas[name] = map[string]any{"type": "object", "properties": props(names(name+"_", 2_000))}
			parts = append(parts, map[string]any{"$ref": "#/components/schemas/" + name})
		}
		last := "S" + strconv.Itoa(nParts-1) + "_1999"
		parts = append(parts, map[string]any{"required": []string{"S0_0", last}})
		op := load(map[string]any{"allOf": parts}, schemas)
		Expect(op.Params).To(HaveLen(nParts * 2_000))
		Expect(param(op, "S0_0").Required).To(BeTrue())
		Expect(param(op, "S0_1").Required).To(BeFalse())
		Expect(param(op, last).Required).To(BeTrue())
	})
})
