package paginate

import (
	"net/url"
	"strconv"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// A walk's memory of its pages grew by a hash a page without end; it now
// holds two generations of at most rememberedPages each.
var _ = It("remembers at least the last rememberedPages pages of a walk, and never more than twice that", func() {
	page := func(i int) *url.URL { return &url.URL{Path: "/x", RawQuery: "page=" + strconv.Itoa(i)} }
	var w walked
	const pages = 3*rememberedPages + 5
	most := 0
	for i := range pages {
		w.add(page(i))
		most = max(most, len(w.cur)+len(w.prev))
	}
	Expect(most).To(Equal(2 * rememberedPages))
	for i := pages - rememberedPages; i < pages; i++ {
		Expect(w.has(page(i))).To(BeTrue(), "page %d", i)
	}
	Expect(w.has(page(0))).To(BeFalse()) // forgotten
	Expect(w.has(page(pages))).To(BeFalse())
	// A page added again costs nothing.
	n := len(w.cur)
	w.add(page(pages - 1))
	Expect(len(w.cur)).To(Equal(n))
})
