package openapi_test

import (
	"fmt"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/catalog"
	"github.com/endpointkit/endpoint/catalog/openapi"
)

// Merging the enums of oneOf branches or allOf parts searched one for
// each value of the other: two enums of 32,000 values took 2 s to merge,
// 100,000 about 20 s, for a document of 1.6 MB.
var _ = Describe("merging large enums", func() {
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
		// The spec asserts the result, not the time (see the root
		// package's linear_test.go): a quadratic merge takes 20 s.
		c, err := openapi.Load([]byte(doc))
		Expect(err).NotTo(HaveOccurred())
		return c
	}
	const n = 100_000

	It("is linear for oneOf: the union, in order", func() {
		op, err := load("oneOf", n).Lookup("GET", "/x")
		Expect(err).NotTo(HaveOccurred())
		p, _ := op.Param("q")
		Expect(p.Schema.Enum).To(HaveLen(n + n/2))
		Expect(p.Schema.Enum[n]).To(Equal(fmt.Sprintf("v%d", n)))
	})

	It("is linear for allOf: the values both allow", func() {
		op, err := load("allOf", n).Lookup("GET", "/x")
		Expect(err).NotTo(HaveOccurred())
		p, _ := op.Param("q")
		Expect(p.Schema.Enum).To(HaveLen(n / 2))
		Expect(p.Schema.Enum[0]).To(Equal(fmt.Sprintf("v%d", n/2)))
	})
})
