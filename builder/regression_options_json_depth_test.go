package builder_test

// Regression: options JSON counted the options object itself as a level
// of nesting, so a parameter or data value nested MaxDepth deep, which
// Build takes from Options and the Builder, was refused with ErrLimit
// once written as options JSON (by Options.MarshalJSON itself: Merge's
// options did not read back), and a request member one level less deep
// too. Expected: a value in options JSON nested as deep as the Go value
// is, the options object not counted.

import (
	"encoding/json"
	"errors"
	"fmt"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
)

var _ = Describe("regression: options JSON at the depth limit", func() {
	e := builder.New(builder.WithBaseURL("https://api.github.com"))

	DescribeTable("reads back what Merge wrote, and refuses one level more",
		func(set func(b *builder.Builder, v any) *builder.Builder, options func(v any) map[string]any, depth int) {
			b := set(e.Route("POST /x"), nestedList(depth))
			want, err := b.Build()
			Expect(err).NotTo(HaveOccurred())
			m, err := b.Merge()
			Expect(err).NotTo(HaveOccurred())
			text, err := json.Marshal(m)
			Expect(err).NotTo(HaveOccurred())
			got, err := e.BuildJSON("", text)
			Expect(err).NotTo(HaveOccurred(), "BuildJSON")
			Expect(fmt.Sprint(got.Body, got.Request)).To(Equal(fmt.Sprint(want.Body, want.Request)))
			var o builder.Options
			Expect(json.Unmarshal(text, &o)).To(Succeed(), "Options.UnmarshalJSON")

			// One level more is refused, as Build refuses it.
			_, err = set(e.Route("POST /x"), nestedList(depth+1)).Build()
			Expect(errors.Is(err, builder.ErrLimit)).To(BeTrue(), "%v", err)
			text, err = json.Marshal(options(nestedList(depth + 1)))
			Expect(err).NotTo(HaveOccurred())
			_, err = e.BuildJSON("POST /x", text)
			Expect(errors.Is(err, builder.ErrLimit)).To(BeTrue(), "%v", err)
			Expect(errors.Is(json.Unmarshal(text, &o), builder.ErrLimit)).To(BeTrue())
		},
		Entry("a parameter", func(b *builder.Builder, v any) *builder.Builder { return b.Param("p", v) },
			func(v any) map[string]any { return map[string]any{"p": v} }, builder.MaxDepth),
		Entry("data", func(b *builder.Builder, v any) *builder.Builder { return b.Data(v) },
			func(v any) map[string]any { return map[string]any{"data": v} }, builder.MaxDepth),
		Entry("a request member", func(b *builder.Builder, v any) *builder.Builder { return b.Meta("r", v) },
			func(v any) map[string]any { return map[string]any{"request": map[string]any{"r": v}} }, builder.MaxDepth-1),
	)
})
