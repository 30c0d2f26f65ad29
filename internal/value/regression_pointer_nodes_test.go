package value_test

// Regression: the walk that bounds a Go value before encoding/json
// marshals it spent a node for every pointer and interface it passed, and
// one for every field of a struct, unexported ones included, and for a
// nil slice or a []byte, though none of them is a node of the JSON. A []*int, or a []any inside a struct or
// a map[string][]any, of 60,000 items was ErrLimit ("more than 100000
// values"), while the same items as []int or []any, and the JSON of any of
// them, converted. The walk now spends no more than the JSON does.

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/internal/value"
)

type holdsAny struct {
	Items []any
	//lint:ignore U1000 an unexported field, which encoding/json does not write
	a, b, c int
}

var _ = Describe("regression: pointers and interfaces against MaxNodes", func() {
	anys := func(n int) []any {
		s := make([]any, n)
		for i := range s {
			s[i] = i
		}
		return s
	}
	ptrs := func(n int) []*int {
		x := 7
		s := make([]*int, n)
		for i := range s {
			s[i] = &x
		}
		return s
	}
	structs := func(n int) []holdsAny {
		return make([]holdsAny, n)
	}

	// Each shape with n items, and the n at which its JSON is exactly
	// MaxNodes nodes (arrays, objects and members).
	DescribeTable("takes a value whose JSON is within the limit, and refuses one past it",
		func(shape func(n int) any, fits int) {
			_, err := value.Of(shape(fits))
			Expect(err).NotTo(HaveOccurred())
			_, err = value.Of(shape(fits + 1))
			Expect(err).To(MatchError(value.ErrLimit))
		},
		Entry("[]*int", func(n int) any { return ptrs(n) }, value.MaxNodes-1),
		Entry("a struct holding a []any", func(n int) any { return holdsAny{Items: anys(n)} }, value.MaxNodes-3),
		Entry("map[string][]any", func(n int) any { return map[string][]any{"a": anys(n)} }, value.MaxNodes-3),
		Entry("*[]any", func(n int) any { s := anys(n); return &s }, value.MaxNodes-1),
		// 1 + n×(item 1 + object 1 + member 1): Items is nil, null
		Entry("structs with unexported fields", func(n int) any { return structs(n) }, (value.MaxNodes-1)/3),
	)

	It("still ends on a loop of pointers and interfaces", func() {
		var x any
		p := &x
		x = &p
		_, err := value.Of(x)
		Expect(err).To(MatchError(value.ErrLimit))
	})
})
