package paginate_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/paginate"
)

// A server answering with empty pages, each with a fresh next link, kept a
// walk going until the context or MaxPages ended it; a walk now ends when
// it makes no progress.
var _ = Describe("a walk that makes no progress", func() {
	var srv *issueServer
	var ctx context.Context

	BeforeEach(func() {
		ctx = context.Background()
		srv = newIssueServer(0, false)
		DeferCleanup(srv.Close)
	})

	// endless makes every page answer with body(page) and a link to the
	// next page number, without end.
	endless := func(body func(page int) string) {
		srv.hook = func(w http.ResponseWriter, r *http.Request, page int) bool {
			w.Header().Set("Link", fmt.Sprintf(`<%s/x?page=%d>; rel="next"`, srv.URL, page+1))
			_, _ = io.WriteString(w, body(page))
			return true
		}
	}
	get := func(rawURL string) *http.Request {
		req, err := http.NewRequest(http.MethodGet, rawURL, nil)
		Expect(err).NotTo(HaveOccurred())
		return req
	}

	DescribeTable("ends with ErrNoProgress after ten pages in a row without an item, yielding each",
		func(body string) {
			endless(func(int) string { return body })
			// MaxPages only bounds the spec should the rule be missing.
			pages, _, err := walk(paginate.Pages(ctx, srv.Client(), get(srv.URL+"/x?page=1"), paginate.MaxPages(100)))
			Expect(err).To(MatchError(paginate.ErrNoProgress))
			Expect(errors.Is(err, paginate.ErrLoop)).To(BeFalse())
			Expect(pages).To(Equal([]int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}))
			Expect(srv.requests.Load()).To(BeEquivalentTo(10))
			var pe *paginate.Error
			Expect(errors.As(err, &pe)).To(BeTrue())
			Expect(pe.Op).To(Equal("next"))
			Expect(pe.Input).To(Equal(srv.URL + "/x?page=11"))
			Expect(err.Error()).To(Equal(`paginate: next "` + srv.URL + `/x?page=11": walk makes no progress: 10 pages in a row without an item (pages 1 to 10)`))
		},
		Entry("an empty array", `[]`),
		Entry("an empty array with white space", " [ \r\n\t] \n"),
		Entry("an empty body", ``),
		Entry("a blank body", " \n"),
		Entry("a search page with no items", `{"total_count": 1000, "incomplete_results": true, "items": []}`),
		Entry("a counted list with no repositories", `{"total_count": 0, "repository_selection": "all", "repositories": []}`),
	)

	It("ends Items the same way, with no item yielded", func() {
		endless(func(int) string { return `{"total_count": 5, "items": []}` })
		n := 0
		var last error
		for _, err := range paginate.Items[issue](ctx, srv.Client(), get(srv.URL+"/x?page=1"), paginate.MaxPages(100)) {
			if err != nil {
				last = err
				break
			}
			n++
		}
		Expect(n).To(BeZero())
		Expect(last).To(MatchError(paginate.ErrNoProgress))
		Expect(srv.requests.Load()).To(BeEquivalentTo(10))
	})

	It("walks on through nine empty pages in a row, any number of times", func() {
		// Pages 10, 20 and 30 hold an item; the 27 around them do not;
		// page 30 is the last.
		srv.hook = func(w http.ResponseWriter, r *http.Request, page int) bool {
			if page < 30 {
				w.Header().Set("Link", fmt.Sprintf(`<%s/x?page=%d>; rel="next"`, srv.URL, page+1))
			}
			body := "[]"
			if page%10 == 0 {
				body = `[{"number": ` + strconv.Itoa(page) + `}]`
			}
			_, _ = io.WriteString(w, body)
			return true
		}
		var got []int
		for it, err := range paginate.Items[issue](ctx, srv.Client(), get(srv.URL+"/x?page=1")) {
			Expect(err).NotTo(HaveOccurred())
			got = append(got, it.Number)
		}
		Expect(got).To(Equal([]int{10, 20, 30}))
		Expect(srv.requests.Load()).To(BeEquivalentTo(30))
	})

	It("takes an empty last page, and empty pages that MaxPages ends first, without an error", func() {
		pages, _, err := walk(paginate.Pages(ctx, srv.Client(), get(srv.URL+"/repos/o/r/issues")))
		Expect(err).NotTo(HaveOccurred())
		Expect(pages).To(Equal([]int{1})) // the server's list is empty
		endless(func(int) string { return "[]" })
		pages, _, err = walk(paginate.Pages(ctx, srv.Client(), get(srv.URL+"/x?page=1"), paginate.MaxPages(10)))
		Expect(err).NotTo(HaveOccurred())
		Expect(pages).To(HaveLen(10))
	})

	DescribeTable("counts only pages known to hold no item",
		func(body string) {
			endless(func(int) string { return body })
			pages, _, err := walk(paginate.Pages(ctx, srv.Client(), get(srv.URL+"/x?page=1"), paginate.MaxPages(25)))
			Expect(err).NotTo(HaveOccurred())
			Expect(pages).To(HaveLen(25))
		},
		Entry("a list of one item", `[0]`),
		Entry("a search page with an item", `{"total_count": 1, "items": [{}]}`),
		Entry("an object that is no list", `{"id": 1}`),
		Entry("null", `null`),
		Entry("text", `no list here`),
		Entry("array text after the list", `[] []`),
		// Documented: a padded object is not decoded.
		Entry("an object with an empty list, padded past 4 KiB", `{"total_count": 0, "items": []`+strings.Repeat(" ", 4<<10)+`}`),
	)

	It("ends a cycle of pages with items, A -> B -> A, with ErrLoop, which is also ErrNoProgress", func() {
		srv.hook = func(w http.ResponseWriter, r *http.Request, page int) bool {
			w.Header().Set("Link", fmt.Sprintf(`<%s/x?page=%d>; rel="next"`, srv.URL, 3-page))
			_, _ = io.WriteString(w, `[{"number": 1}]`)
			return true
		}
		pages, queries, err := walk(paginate.Pages(ctx, srv.Client(), get(srv.URL+"/x?page=1"), paginate.MaxPages(100)))
		Expect(err).To(MatchError(paginate.ErrLoop))
		Expect(err).To(MatchError(paginate.ErrNoProgress))
		Expect(err.Error()).To(Equal(`paginate: next "` + srv.URL + `/x?page=1": next link points at a page already fetched (after page 2)`))
		Expect(pages).To(Equal([]int{1, 2}))
		Expect(queries).To(Equal([]string{"page=1", "page=2"}))
		Expect(srv.requests.Load()).To(BeEquivalentTo(2))
	})

	It("leaves a long walk over distinct pages with items alone", func() {
		long := newIssueServer(300, false)
		DeferCleanup(long.Close)
		var got []int
		for it, err := range paginate.Items[issue](ctx, long.Client(), get(long.URL+"/repos/o/r/issues"), paginate.PerPage(1)) {
			Expect(err).NotTo(HaveOccurred())
			got = append(got, it.Number)
		}
		Expect(got).To(HaveLen(300))
		Expect(got[299]).To(Equal(300))
		Expect(long.requests.Load()).To(BeEquivalentTo(300))
	})

	It("keeps ErrLoop's text, and ErrLoop matches ErrNoProgress", func() {
		Expect(paginate.ErrLoop.Error()).To(Equal("next link points at a page already fetched"))
		Expect(errors.Is(paginate.ErrLoop, paginate.ErrNoProgress)).To(BeTrue())
		Expect(errors.Is(paginate.ErrNoProgress, paginate.ErrLoop)).To(BeFalse())
	})
})
