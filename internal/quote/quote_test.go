package quote_test

import (
	"strings"
	"unicode/utf8"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/internal/quote"
)

var _ = Describe("Cut", func() {
	DescribeTable("keeps short text and cuts long text on a rune boundary",
		func(s string, max int, want string) {
			Expect(quote.Cut(s, max)).To(Equal(want))
		},
		Entry("short", "abc", 3, "abc"),
		Entry("long", "abcdef", 3, "abc…"),
		Entry("inside a rune", "aé", 2, "a…"),
		Entry("after a rune", "éa", 2, "é…"),
		Entry("zero", "ab", 0, "…"),
	)

	It("always returns valid UTF-8 from valid UTF-8, at most max bytes before the mark", func() {
		s := strings.Repeat("€a", 50)
		for max := 0; max <= len(s); max++ {
			got := quote.Cut(s, max)
			Expect(utf8.ValidString(got)).To(BeTrue())
			Expect(len(strings.TrimSuffix(got, "…"))).To(BeNumerically("<=", max))
		}
	})
})
