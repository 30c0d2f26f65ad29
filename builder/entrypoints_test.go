package builder_test

// The entry points of one call (the Builder, Endpoint.Build, BuildJSON,
// Merge, Parse of Merge's options and of their JSON) agree on its error
// and its limits, and what one returns another takes back.

import (
	"context"
	"encoding/json"
	"errors"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
)

var _ = Describe("the entry points of one call", func() {
	e := builder.New(builder.WithBaseURL("https://api.github.com"), builder.WithMethod("GET"),
		builder.WithHeader("accept", "application/vnd.github.v3+json"), builder.WithHeader("user-agent", "ua"))

	DescribeTable("report a bad route before anything else of the call (differential, 28 in 100,000)",
		func(route string, set func(*builder.Builder) *builder.Builder, o builder.Options, text string) {
			_, buildErr := set(e.Route(route)).Build()
			_, mergeErr := set(e.Route(route)).Merge()
			_, httpErr := set(e.Route(route)).HTTPRequest(context.Background())
			_, optsErr := e.Build(route, o)
			_, jsonErr := e.BuildJSON(route, []byte(text))
			_, emErr := e.Merge(route, o)
			for i, err := range []error{buildErr, mergeErr, httpErr, optsErr, jsonErr, emErr} {
				Expect(errors.Is(err, builder.ErrInvalidRoute)).To(BeTrue(), "entry point %d: %v", i, err)
			}
		},
		Entry("a bad header name", "GET\t/x", func(b *builder.Builder) *builder.Builder { return b.Header("bad name", "v") },
			builder.Options{Headers: map[string]string{"bad name": "v"}}, `{"headers":{"bad name":"v"}}`),
		Entry("a host without a scheme and a header value with a NUL", "GET x.y:8/z", func(b *builder.Builder) *builder.Builder { return b.Header("x", "a\x00b") },
			builder.Options{Headers: map[string]string{"x": "a\x00b"}}, `{"headers":{"x":"a\u0000b"}}`),
		Entry("an empty parameter name", "GET /x y", func(b *builder.Builder) *builder.Builder { return b.Param("", 1) },
			builder.Options{Params: builder.Params{{Name: "", Value: 1}}}, `{"":1}`),
		Entry("a bad format", "G ET /x", func(b *builder.Builder) *builder.Builder { return b.Format("a b") },
			builder.Options{MediaType: builder.MediaType{Format: "a b"}}, `{"mediaType":{"format":"a b"}}`),
	)

	// nested is "x" inside depth arrays.
	nested := func(depth int) any {
		var v any = "x"
		for range depth {
			v = []any{v}
		}
		return v
	}
	// list is n ones.
	list := func(n int) []int { return make([]int, n) }

	DescribeTable("marshal what Build returns, its body one level deeper than a parameter (differential, 26 in 100,000)",
		func(v any) {
			r, err := e.Route("POST /x").Param("p", v).Build()
			Expect(err).NotTo(HaveOccurred())
			text, err := r.MarshalJSON()
			Expect(err).NotTo(HaveOccurred())
			var back struct{ Body json.RawMessage }
			Expect(json.Unmarshal(text, &back)).To(Succeed())
			Expect(back.Body).To(MatchJSON(r.Body))
		},
		Entry("a parameter nested MaxDepth deep", nested(builder.MaxDepth)),
		Entry("a parameter of MaxNodes-1 values", list(builder.MaxNodes-1)),
	)

	It("reads back Merge's options just below MaxNodes and parses them alike (differential, 41 in 100,000)", Label("regression"), func() {
		for n := builder.MaxNodes - scaled(20); n < builder.MaxNodes; n++ { // the last values below the limit
			m, err := e.Merge("POST /x", builder.Options{Params: builder.Params{{Name: "list", Value: list(n)}}})
			Expect(err).NotTo(HaveOccurred(), "%d", n)
			want, wantErr := e.Parse(m)
			text, err := m.MarshalJSON()
			Expect(err).NotTo(HaveOccurred(), "%d: Merge's options marshal", n)
			var back builder.Options
			Expect(json.Unmarshal(text, &back)).To(Succeed(), "%d", n)
			got, err := e.Parse(back)
			Expect(err == nil).To(Equal(wantErr == nil), "%d: %v, %v", n, err, wantErr)
			Expect(got.Body).To(Equal(want.Body), "%d", n)
		}
	})
})
