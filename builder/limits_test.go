package builder_test

// The limits on what one call carries (MaxParams, MaxDepth, MaxNodes, …):
// reached, a call fails with ErrLimit, on every entry point alike.

import (
	"errors"
	"fmt"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
)

// Builder.Merge did not check what the merge adds up to, returning options that
// Parse and Build refuse.
var _ = Describe("Builder.Merge past a limit the merge reaches", Label("regression"), func() {
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

// Builder.Meta counted its value at depth 0, where Options.Request counts a
// member at depth 1: Build == Parse(Merge) did not hold.
var _ = Describe("a request member at the depth limit", Label("regression"), func() {
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

func selfRef() map[string]any {
	m := map[string]any{}
	m["self"] = m
	return m
}

var (
	childCyclicMeta = registerChild("cyclic-meta", func() error {
		_, err := endpoint.Route("GET /x").Meta("m", selfRef()).Build()
		return err
	})
	childCyclicMetaDefaults = registerChild("cyclic-meta-defaults", func() error {
		_, err := endpoint.Defaults(endpoint.WithMeta("m", selfRef())).Build("GET /x", builder.Options{})
		return err
	})
	childCyclicRequestMerge = registerChild("cyclic-request-merge", func() error {
		_, err := endpoint.Merge("GET /x", builder.Options{Request: selfRef()})
		return err
	})
)

// A cyclic Request (Meta) value crashed the process with a stack overflow; a
// child process runs it.
var _ = Describe("cyclic Request (Meta) value", Label("regression"), func() {
	DescribeTable("gives ErrLimit instead of a fatal stack overflow",
		func(name string) {
			Expect(runChild(name)).To(HavePrefix("limit:"))
		},
		Entry("Meta on a call", childCyclicMeta),
		Entry("WithMeta on defaults", childCyclicMetaDefaults),
		Entry("Options.Request through Merge", childCyclicRequestMerge),
	)
})

// twoSelfRefs is {"a": itself, "b": itself}.
func twoSelfRefs() map[string]any {
	m := map[string]any{}
	m["a"], m["b"] = m, m
	return m
}

// sharedChain is 40 nested maps, each holding the next one twice: 41 maps
// in memory, 2^40 paths.
func sharedChain(levels int) any {
	var v any = "leaf"
	for range levels {
		v = map[string]any{"a": v, "b": v}
	}
	return v
}

var (
	childCyclicParam = registerChild("cyclic-param", func() error {
		_, err := endpoint.Route("POST /x").Param("v", twoSelfRefs()).Build()
		return err
	})
	childCyclicData = registerChild("cyclic-data", func() error {
		_, err := endpoint.Route("POST /x").Data(twoSelfRefs()).Build()
		return err
	})
	childCyclicList = registerChild("cyclic-list", func() error {
		l := []any{nil, nil}
		l[0], l[1] = l, l
		_, err := endpoint.Route("POST /x").Param("v", l).Build()
		return err
	})
	childCyclicDefault = registerChild("cyclic-default", func() error {
		_, err := endpoint.Defaults(endpoint.WithParam("v", twoSelfRefs())).Build("POST /x", builder.Options{})
		return err
	})
	childSharedDeep = registerChild("shared-deep", func() error {
		_, err := endpoint.Route("POST /x").Param("v", sharedChain(40)).Build()
		return err
	})
)

// A value that refers to itself twice made the depth check walk 2^33 branches
// before ErrLimit.
var _ = Describe("cyclic value with two self-references", Label("regression"), func() {
	DescribeTable("gives ErrLimit instead of hanging",
		func(name string) {
			Expect(runChild(name)).To(HavePrefix("limit:"))
		},
		Entry("map parameter", childCyclicParam),
		Entry("map data", childCyclicData),
		Entry("list parameter", childCyclicList),
		Entry("defaults parameter", childCyclicDefault),
		Entry("40 levels of a map shared by two keys", childSharedDeep),
	)
})

var childSharedWithinDepth = registerChild("shared-within-depth", func() error {
	_, err := endpoint.Route("POST /x").Param("v", sharedChain(30)).Build()
	return err
})

// 30 maps each holding the next twice stand for 2^30 leaves, which Build walked
// and copied.
var _ = Describe("value shared between branches within MaxDepth", Label("regression"), func() {
	It("gives ErrLimit instead of expanding 2^30 copies", func() {
		Expect(runChild(childSharedWithinDepth)).To(HavePrefix("limit:"))
	})
})
