package builder_test

// Regression: a parameter or Data value that refers to itself more than
// once hangs Build. The depth check (builder/limits.go depth) keeps
// walking every branch down to MaxDepth+1, so a map with two references to
// itself costs 2^33 steps before ErrLimit, and a value shared between two
// branches of each of 40 nested maps the same. Found by the cyclic-value
// limit spec of issue #5. Expected: ErrLimit at once; got: no result
// within 20 seconds.

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
)

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

var _ = Describe("regression: cyclic value with two self-references", func() {
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
