package builder_test

// Regression: the accept header grows with the square of the media type
// input. Every preview name gets ".<format>" appended (BEHAVIOUR.md 5.8),
// and the names include those found in the format itself, so a format of n
// bytes holding n/10 names such as "a-preview," writes n/10 copies of
// itself: a 256 KiB format asks for 6.9 GB, a 1 MiB one for 78 GB ("fatal
// error: runtime: out of memory", which no recover catches). A long
// preview list with a long format does the same. Found by the 1 MiB specs
// of linear_test.go. Expected: an error (a bounded format or accept
// header; real formats are short words such as "raw" or "diff"); got: the
// child process passes 1 GiB of heap or dies.

import (
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint"
)

var (
	childQuadraticFormat = registerChild("quadratic-format", func() error {
		_, err := endpoint.Route("GET /x").Preview("x").Format(strings.Repeat("a-preview,", 256<<10/10)).Build()
		return err
	})
	childQuadraticPreviews = registerChild("quadratic-previews", func() error {
		previews := make([]string, 20_000)
		for i := range previews {
			previews[i] = "p"
		}
		_, err := endpoint.Route("GET /x").Preview(previews...).Format(strings.Repeat("f", 64<<10)).Build()
		return err
	})
)

var _ = Describe("regression: accept header quadratic in the media type", func() {
	DescribeTable("refuses instead of building gigabytes",
		func(name string) {
			Expect(runChild(name)).To(Or(HavePrefix("limit:"), HavePrefix("error:")))
		},
		Entry("format full of preview names", childQuadraticFormat),
		Entry("many previews and a long format", childQuadraticPreviews),
	)
})
