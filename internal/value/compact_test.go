package value_test

import (
	"bytes"
	"encoding/json"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/internal/value"
)

var _ = Describe("Compact", func() {
	DescribeTable("gives what encoding/json's Compact gives",
		func(src string) {
			var want bytes.Buffer
			Expect(json.Compact(&want, []byte(src))).To(Succeed())
			got, err := value.Compact([]byte("prefix:"), []byte(src))
			Expect(err).NotTo(HaveOccurred())
			Expect(string(got)).To(Equal("prefix:" + want.String()))
		},
		Entry("compact already", `{"a":[1,2,{"b":null}],"c":"d"}`),
		Entry("white space between tokens", " {\n\t\"a\" : [ 1 , 2 ] ,\r\n \"b\" : true } "),
		Entry("white space and quotes inside strings", `{ "a b" : " x \" y \\ " }`),
		Entry("escapes kept as they are", `["\u00e9", "\/", "\n", "é"]`),
		Entry("numbers kept as written", `[1E+2, -0.0, 1e-7, 10000000000000000000000]`),
		Entry("a scalar", ` "x" `),
	)

	DescribeTable("refuses what is not one JSON value, and leaves dst alone",
		func(src string) {
			dst := []byte("keep")
			got, err := value.Compact(dst, []byte(src))
			Expect(err).To(MatchError(value.ErrSyntax))
			Expect(string(got)).To(Equal("keep"))
			var b bytes.Buffer
			Expect(json.Compact(&b, []byte(src))).NotTo(Succeed(), "encoding/json agrees")
		},
		Entry("empty", ``),
		Entry("two values", `1 2`),
		Entry("unclosed", `{"a":1`),
		Entry("a bare word", `nope`),
		Entry("a trailing comma", `[1,]`),
	)
})
