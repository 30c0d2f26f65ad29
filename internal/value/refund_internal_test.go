package value

import (
	"encoding/json"
	"time"

	. "github.com/onsi/ginkgo/v2"
	"github.com/onsi/gomega"
)

// refundProbe has a field encoding/json leaves out, which converting
// counts and the value does not hold.
type refundProbe struct {
	A []int          `json:"a"`
	B map[string]any `json:"b,omitempty"`
	C *refundProbe   `json:"c,omitempty"`
}

var _ = Describe("Budget.Refund", func() {
	shared := map[string]any{"k": []any{1, 2}}
	DescribeTable("gives back at most what converting the value spent, all of it for JSON's own shapes",
		func(x any, exact bool) {
			var b Budget
			v, err := b.Of(x, 0)
			gomega.Expect(err).NotTo(gomega.HaveOccurred())
			spent := b.spent
			gomega.Expect(nodes(v)).To(gomega.BeNumerically("<=", spent))
			if exact {
				gomega.Expect(nodes(v)).To(gomega.Equal(spent))
			}
			b.Refund(v)
			gomega.Expect(b.spent).To(gomega.Equal(spent - nodes(v)))
		},
		Entry("a string", "x", true),
		Entry("a list", []any{1, "a", nil, []any{true}}, true),
		Entry("nested maps", map[string]any{"a": map[string]any{"b": []string{"x", "y"}}}, true),
		Entry("a map shared by two branches", map[string]any{"x": shared, "y": shared}, true),
		Entry("JSON text", json.RawMessage(`{"a":[1,{"b":2}],"c":{}}`), true),
		Entry("a struct with an empty omitempty field", refundProbe{A: []int{1}}, false),
		Entry("nested structs", &refundProbe{A: []int{1}, C: &refundProbe{B: map[string]any{"z": 1}}}, false),
		Entry("a time", time.Unix(0, 0), false),
	)

	It("never leaves the budget below zero", func() {
		var b Budget
		v, err := Of([]any{1, 2, 3})
		gomega.Expect(err).NotTo(gomega.HaveOccurred())
		b.Refund(v) // v was not converted with b
		gomega.Expect(b.spent).To(gomega.BeZero())
	})
})
