package builder_test

// Regression: Builder.Meta(key, v) converted v as a value of its own,
// at depth 0, where the request passthrough is an object and v one of its
// members, at depth 1, as Options.Request counts it. A member nested
// MaxDepth deep built with the Builder, while Parse of the Builder's own
// Merge, Build("", Merge) and Build with Options.Request holding the same
// member failed with ErrLimit: Build == Parse(Merge) did not hold.
// Expected: the member counted at depth 1 on every path.

import (
	"errors"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
)

var _ = Describe("regression: a request member at the depth limit", func() {
	e := builder.New(builder.WithBaseURL("https://api.github.com"))

	DescribeTable("is accepted or refused alike by the Builder and by Options",
		func(depth int) {
			v := nestedList(depth)
			b := e.Route("GET /x").Meta("timeout", v)
			_, errBuilder := b.Build()
			_, errOptions := e.Build("GET /x", builder.Options{Request: map[string]any{"timeout": v}})
			Expect(errors.Is(errBuilder, builder.ErrLimit)).To(Equal(errors.Is(errOptions, builder.ErrLimit)), "Builder: %v; Options: %v", errBuilder, errOptions)
			if errBuilder == nil {
				m, err := b.Merge()
				Expect(err).NotTo(HaveOccurred())
				_, err = e.Parse(m)
				Expect(err).NotTo(HaveOccurred(), "Parse(Merge)")
				_, err = e.Build("", m)
				Expect(err).NotTo(HaveOccurred(), "Build(\"\", Merge)")
			}
		},
		Entry("one level under the limit", builder.MaxDepth-2),
		Entry("at the limit: the object and MaxDepth-1 levels", builder.MaxDepth-1),
		Entry("one level past", builder.MaxDepth),
		Entry("two levels past", builder.MaxDepth+1),
	)
})

// nestedList returns "x" in depth lists, one in another.
func nestedList(depth int) any {
	var v any = "x"
	for range depth {
		v = []any{v}
	}
	return v
}
