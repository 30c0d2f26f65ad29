package builder_test

// Regression: a parameter value within MaxDepth whose maps are shared
// between branches (30 maps, each holding the next one under two keys)
// stands for 2^30 leaves. Build walks all of them in the depth check and
// then deep-copies every one into the body: minutes of CPU and gigabytes
// of memory from an input of 30 small maps. Expected: ErrLimit (a bound on
// the values one call may carry, not only on their depth); got: the child
// process passes 1 GiB of heap, or no result within 20 seconds.

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint"
)

var childSharedWithinDepth = registerChild("shared-within-depth", func() error {
	_, err := endpoint.Route("POST /x").Param("v", sharedChain(30)).Build()
	return err
})

var _ = Describe("regression: value shared between branches within MaxDepth", func() {
	It("gives ErrLimit instead of expanding 2^30 copies", func() {
		Expect(runChild(childSharedWithinDepth)).To(HavePrefix("limit:"))
	})
})
