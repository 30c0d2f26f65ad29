package builder_test

// Regression: a cyclic value in Request (Meta, WithMeta, Options.Request)
// crashes the process with "fatal error: stack overflow", which no recover
// can catch: checkLimits never looks at Request, and deepCopy/copyMap
// recurse into it without bound. Expected: an error (ErrLimit, as for
// parameters and Data); got: the process dies.

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
)

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

var _ = Describe("regression: cyclic Request (Meta) value", func() {
	DescribeTable("gives ErrLimit instead of a fatal stack overflow",
		func(name string) {
			Expect(runChild(name)).To(HavePrefix("limit:"))
		},
		Entry("Meta on a call", childCyclicMeta),
		Entry("WithMeta on defaults", childCyclicMetaDefaults),
		Entry("Options.Request through Merge", childCyclicRequestMerge),
	)
})
