package openapi_test

// Hostile descriptions: loads stay linear in the document and bounded by
// MaxSchemas, whatever its compositions, lists and enums.

import (
	"encoding/json"
	"errors"
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/catalog"
	"github.com/endpointkit/endpoint/catalog/openapi"
)

// Names were looked up by a scan per name: required lists against properties, oneOf
// branches against each other, allOf parts' properties against those merged so far.
var _ = Describe("long required lists and many merged properties", Label("regression", "long"), func() {
	const loadBound = 60 * time.Second
	// size is a list's length: a twentieth but with ENDPOINTKIT_LONG=1 (less
	// under -short and -race), where the old code would still end in time
	// (CI runs the full size: .ci/run).
	size := func(full int) int { return sized(full, full/20) }

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

	It(fmt.Sprintf("requires %d names beside 3,000 properties, each once", size(300_000)), func() {
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

	It(fmt.Sprintf("keeps the names every oneOf branch requires, %d of them", size(300_000)), func() {
		x := map[string]any{"type": "object", "properties": props(names("r", 5)), "required": names("r", size(300_000))}
		ref := map[string]any{"$ref": "#/components/schemas/X"}
		op := load(map[string]any{"oneOf": []any{ref, ref}}, map[string]any{"X": x})
		Expect(op.Params).To(HaveLen(5))
		for _, p := range op.Params {
			Expect(p.Required).To(BeTrue(), p.Name)
		}
	})

	nParts := max(size(120), 4)
	It(fmt.Sprintf("merges the properties of %d allOf parts of 2,000 each", nParts), func() {
		schemas := map[string]any{}
		var parts []any
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

// An allOf indexed its merged properties again for every part: 20,000 parts
// (630 KB) took 10 s. What a load allocates shows the square untimed.
var _ = Describe("an allOf of many parts", Label("regression", "long"), func() {
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
		if raceEnabled {
			Skip("allocation counts under -race are the detector's; go test without it checks them")
		}
		small, large := sized(1_500, 750), sized(6_000, 3_000) // old code: 10× from 750 to 3,000
		a, b := allocated(doc(small), small), allocated(doc(large), large)
		Expect(float64(b)/float64(a)).To(BeNumerically("<", 8), "%d parts: %d bytes; %d parts: %d bytes", small, a, large, b)
	})
})

// Merging a oneOf's or anyOf's branches copied the merge so far at every step,
// uncounted: 20,000 branches took 45 s and 110 GB. Merges count against MaxSchemas.
var _ = Describe("a composition of many parts", Label("regression", "long"), func() {
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

	// 2,237 branches merge past MaxSchemas. Getting there takes the same
	// time at any size past it (0.6 s, five times that under -race): the
	// spec checks a limit, not concurrency, and runs without -race.
	branches := max(sized(5_000, 3_000), 3_000)
	DescribeTable(fmt.Sprintf("fails with ErrLoad past MaxSchemas (%d branches)", branches),
		func(keyword string) {
			if raceEnabled {
				Skip("a limit, not concurrency: go test without -race checks it")
			}
			if keyword == "anyOf" && !long {
				Skip("merged by the same code as oneOf: CI's long step checks it")
			}
			_, err := openapi.Load(doc(keyword, branches))
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

// Merging two enums searched one for each value of the other: 100,000 values,
// about 20 s.
var _ = Describe("merging large enums", Label("regression", "long"), func() {
	enum := func(from, to int) string {
		vs := make([]string, 0, to-from)
		for i := from; i < to; i++ {
			vs = append(vs, fmt.Sprintf(`"v%d"`, i))
		}
		return "[" + strings.Join(vs, ",") + "]"
	}
	load := func(kind string, n int) *catalog.Catalog {
		GinkgoHelper()
		doc := `{"openapi":"3.0.3","info":{"title":"t","version":"1"},"paths":{"/x":{"get":{"parameters":[{"name":"q","in":"query","schema":{"` + kind +
			`":[{"type":"string","enum":` + enum(0, n) + `},{"type":"string","enum":` + enum(n/2, n+n/2) + `}]}}],"responses":{"200":{"description":"ok"}}}}}}`
		// The spec asserts the result, not the time (see
		// builder/linear_test.go): a quadratic merge takes 20 s.
		c, err := openapi.Load([]byte(doc))
		Expect(err).NotTo(HaveOccurred())
		return c
	}
	n := sized(100_000, 20_000)

	It(fmt.Sprintf("is linear for oneOf: the union, in order (%d values each)", n), func() {
		op, err := load("oneOf", n).Lookup("GET", "/x")
		Expect(err).NotTo(HaveOccurred())
		p, _ := op.Param("q")
		Expect(p.Schema.Enum).To(HaveLen(n + n/2))
		Expect(p.Schema.Enum[n]).To(Equal(fmt.Sprintf("v%d", n)))
	})

	It(fmt.Sprintf("is linear for allOf: the values both allow (%d values each)", n), func() {
		op, err := load("allOf", n).Lookup("GET", "/x")
		Expect(err).NotTo(HaveOccurred())
		p, _ := op.Param("q")
		Expect(p.Schema.Enum).To(HaveLen(n / 2))
		Expect(p.Schema.Enum[0]).To(Equal(fmt.Sprintf("v%d", n/2)))
	})
})

// A number's exponent was read into a big.Int for every enum member (quadratic
// in its digits): 1 MiB options JSON took 20 s. Results only, never the time.
var _ = Describe("a number with a long exponent", Label("regression", "long"), func() {
	digits := sized(4<<20, 1<<20)
	It(fmt.Sprintf("is compared with an enum's members in linear time (%d MiB of exponent)", digits>>20), func() {
		members := make([]string, 32)
		for i := range members {
			members[i] = strconv.Itoa(i + 1)
		}
		c, err := openapi.Load([]byte(`{"openapi":"3.0.3","info":{"title":"t","version":"1"},"paths":{
		"/things":{"post":{"operationId":"things/create",
			"requestBody":{"content":{"application/json":{"schema":{"type":"object","properties":{"n":{"type":"number","enum":[` +
			strings.Join(members, ",") + `]}}}}}},
			"responses":{"200":{"description":"ok"}}}}}}`))
		Expect(err).NotTo(HaveOccurred())
		e := builder.New(builder.WithCatalog(c), builder.WithBaseURL("https://api.example"))
		digits := strings.Repeat("9", digits)
		for _, n := range []string{"1e" + digits, "1e-" + digits, "0.0" + digits} {
			_, err = e.BuildJSON("POST /things", []byte(`{"n":`+n+`}`))
			Expect(errors.Is(err, catalog.ErrEnum)).To(BeTrue(), "%.40s…: %v", n, err)
		}
		_, err = e.BuildJSON("POST /things", []byte(`{"n":3.2e1}`))
		Expect(err).NotTo(HaveOccurred())
	})
})

// A parameter whose $ref resolves to itself was left out of its operation without
// a word.
var _ = Describe("a parameter $ref to itself", Label("regression"), func() {
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
