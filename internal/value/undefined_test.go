package value_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/internal/value"
)

var _ = Describe("Value.Undefined", func() {
	null := value.Value{}
	DescribeTable("is RFC 6570's undefined",
		func(v value.Value, want bool) { Expect(v.Undefined()).To(Equal(want)) },
		Entry("null", null, true),
		Entry("an empty array", value.NewArray(nil), true),
		Entry("an array of nulls", value.NewArray([]value.Value{null, null}), true),
		Entry("an empty object", value.NewObject(nil), true),
		Entry("an object of nulls", value.NewObject([]value.Member{{Key: "a", Value: null}}), true),
		Entry("an empty string", value.Str(""), false),
		Entry("a number", value.Int(0), false),
		Entry("an array with a string", value.NewArray([]value.Value{null, value.Str("")}), false),
		Entry("an object with a number", value.NewObject([]value.Member{{Key: "a", Value: null}, {Key: "b", Value: value.Int(1)}}), false),
	)
})
