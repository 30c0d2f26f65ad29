package builder_test

// Regression: Builder.Merge did not check what the merge of the call over
// the defaults adds up to: headers past MaxHeaders, parameters past
// MaxParams, previews past MaxPreviews, each within the limit in the
// call and in the defaults alone. It returned options that Parse, Build
// and MarshalJSON refused, where Endpoint.Merge of the same call, and the
// Builder's own Build, fail with ErrLimit. Expected: Builder.Merge fails
// as Endpoint.Merge does.

import (
	"errors"
	"fmt"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
)

var _ = Describe("regression: Builder.Merge past a limit the merge reaches", func() {
	names := func(prefix string, n int) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = fmt.Sprintf("%s%d", prefix, i)
		}
		return out
	}
	base := builder.New(builder.WithBaseURL("https://api.github.com"))

	DescribeTable("fails as Build and Endpoint.Merge fail",
		func(e *builder.Endpoint, set func(b *builder.Builder) *builder.Builder, o builder.Options) {
			b := set(e.Route("POST /x"))
			_, err := b.Build()
			Expect(errors.Is(err, builder.ErrLimit)).To(BeTrue(), "Build: %v", err)
			_, err = e.Merge("POST /x", o)
			Expect(errors.Is(err, builder.ErrLimit)).To(BeTrue(), "Endpoint.Merge: %v", err)
			_, err = b.Merge()
			Expect(errors.Is(err, builder.ErrLimit)).To(BeTrue(), "Builder.Merge: %v", err)
		},
		Entry("headers", base.Defaults(builder.WithHeader("a", "1"), builder.WithHeader("b", "2")),
			func(b *builder.Builder) *builder.Builder {
				for _, n := range names("h", builder.MaxHeaders-1) {
					b.Header(n, "v")
				}
				return b
			},
			builder.Options{Headers: func() map[string]string {
				hs := map[string]string{}
				for _, n := range names("h", builder.MaxHeaders-1) {
					hs[n] = "v"
				}
				return hs
			}()}),
		Entry("parameters", base.Defaults(builder.WithOptions(builder.Options{Params: func() builder.Params {
			var ps builder.Params
			for _, n := range names("d", builder.MaxParams-1) {
				ps = append(ps, builder.Param{Name: n, Value: 1})
			}
			return ps
		}()})),
			func(b *builder.Builder) *builder.Builder { return b.Param("new", 1).Param("newer", 2) },
			builder.Options{Params: builder.Params{{Name: "new", Value: 1}, {Name: "newer", Value: 2}}}),
		Entry("previews", base.Defaults(builder.WithPreviews(names("d", builder.MaxPreviews/2)...)),
			func(b *builder.Builder) *builder.Builder { return b.Preview(names("q", builder.MaxPreviews/2+1)...) },
			builder.Options{MediaType: builder.MediaType{Previews: names("q", builder.MaxPreviews/2+1)}}),
	)
})
