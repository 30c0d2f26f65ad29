package paginate_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/paginate"
)

func raws(elems ...string) []json.RawMessage {
	out := make([]json.RawMessage, len(elems))
	for i, e := range elems {
		out[i] = json.RawMessage(e)
	}
	return out
}

var _ = Describe("Decode", func() {
	DescribeTable("list pages",
		func(body string, want paginate.List) {
			got, err := paginate.Decode([]byte(body))
			Expect(err).NotTo(HaveOccurred())
			Expect(*got).To(Equal(want))
		},
		Entry("an array", ` [1, {"a":2}, "x"] `, paginate.List{Items: raws(`1`, `{"a":2}`, `"x"`)}),
		Entry("an empty array", `[]`, paginate.List{Items: raws()}),
		Entry("search results",
			`{"total_count": 40, "incomplete_results": true, "items": [{"id":1},{"id":2}]}`,
			paginate.List{Items: raws(`{"id":1}`, `{"id":2}`), Key: "items", TotalCount: 40, IncompleteResults: true}),
		Entry("installation repositories",
			`{"total_count": 1, "repository_selection": "selected", "repositories": [{"id":7}]}`,
			paginate.List{Items: raws(`{"id":7}`), Key: "repositories", TotalCount: 1, RepositorySelection: "selected"}),
		Entry("workflow runs, array first",
			`{"workflow_runs": [], "total_count": 0}`,
			paginate.List{Items: raws(), Key: "workflow_runs"}),
		Entry("installations",
			`{"total_count": 2, "installations": [{"id":1},{"id":2}]}`,
			paginate.List{Items: raws(`{"id":1}`, `{"id":2}`), Key: "installations", TotalCount: 2}),
	)

	DescribeTable("anything else",
		func(body, problem string) {
			got, err := paginate.Decode([]byte(body))
			Expect(got).To(BeNil())
			Expect(err.Error()).To(HavePrefix("paginate: decode: "))
			Expect(err.Error()).To(ContainSubstring(problem))
			var pe *paginate.Error
			Expect(errors.As(err, &pe)).To(BeTrue())
		},
		Entry("empty body", ``, "page is not a list: empty body"),
		Entry("null", `null`, "page is not a list: body is neither a JSON array nor an object"),
		Entry("a number", ` 42`, "page is not a list: body is neither a JSON array nor an object"),
		Entry("an object without total_count", `{"items": []}`, `page is not a list: object without "total_count"`),
		Entry("a plain object", `{"id": 1, "name": "x"}`, `page is not a list: object without "total_count"`),
		Entry("total_count only", `{"total_count": 0}`, `page is not a list: object with "total_count" but no array`),
		Entry("the combined commit status", `{"state":"success","statuses":[],"sha":"abc","total_count":0,"url":"https://api.github.com/x"}`,
			`page is not a list: object with more than one key besides total_count: "sha", "state", "statuses", "url"`),
		Entry("many keys", `{"total_count":0,"a":[],"b":[],"c":[],"d":[],"e":[]}`,
			`besides total_count: "a", "b", "c", "d", …`),
		Entry("the array is an object", `{"total_count": 1, "items": {"id": 1}}`, `page is not a list: "items" is not an array`),
		Entry("the array is null", `{"total_count": 0, "items": null}`, `page is not a list: "items" is not an array`),
		Entry("total_count a string", `{"total_count": "1", "items": []}`, `page is not a list: "total_count" is not an integer`),
		Entry("incomplete_results a string", `{"total_count": 1, "incomplete_results": "no", "items": []}`, `page is not a list: "incomplete_results" is not a boolean`),
		Entry("repository_selection a number", `{"total_count": 1, "repository_selection": 1, "items": []}`, `page is not a list: "repository_selection" is not a string`),
		Entry("invalid JSON in an array", `[1,`, "unexpected end of JSON input"),
		Entry("invalid JSON in an object", `{"total_count": 1,}`, "invalid character '}'"),
	)

	It("wraps ErrNotList for shapes and the json error for syntax", func() {
		_, err := paginate.Decode([]byte(`{"items": []}`))
		Expect(err).To(MatchError(paginate.ErrNotList))
		_, err = paginate.Decode([]byte(`[1,`))
		var se *json.SyntaxError
		Expect(errors.As(err, &se)).To(BeTrue())
		Expect(errors.Is(err, paginate.ErrNotList)).To(BeFalse())
	})
})

var _ = Describe("Items", func() {
	var srv *issueServer
	var ctx context.Context
	BeforeEach(func() {
		ctx = context.Background()
		srv = newIssueServer(7, false)
		DeferCleanup(srv.Close)
	})

	numbers := func(seq func(func(issue, error) bool)) ([]int, error) {
		var out []int
		for it, err := range seq {
			if err != nil {
				return out, err
			}
			out = append(out, it.Number)
		}
		return out, nil
	}

	It("yields every item of every page, in order", func() {
		req, _ := http.NewRequest(http.MethodGet, srv.URL+"/repos/o/r/issues", nil)
		got, err := numbers(paginate.Items[issue](ctx, srv.Client(), req, paginate.PerPage(3)))
		Expect(err).NotTo(HaveOccurred())
		Expect(got).To(Equal([]int{1, 2, 3, 4, 5, 6, 7}))
		Expect(srv.requests.Load()).To(BeEquivalentTo(3))
	})

	It("skips a nil Option", func() {
		req, _ := http.NewRequest(http.MethodGet, srv.URL+"/repos/o/r/issues", nil)
		got, err := numbers(paginate.Items[issue](ctx, srv.Client(), req, nil, paginate.PerPage(3)))
		Expect(err).NotTo(HaveOccurred())
		Expect(got).To(Equal([]int{1, 2, 3, 4, 5, 6, 7}))
	})

	It("normalises search-shaped pages", func() {
		srv.search = true
		req, _ := http.NewRequest(http.MethodGet, srv.URL+"/repos/o/r/issues?per_page=2", nil)
		got, err := numbers(paginate.Items[issue](ctx, srv.Client(), req))
		Expect(err).NotTo(HaveOccurred())
		Expect(got).To(Equal([]int{1, 2, 3, 4, 5, 6, 7}))
		Expect(srv.requests.Load()).To(BeEquivalentTo(4))
	})

	It("stops sending when the loop breaks", func() {
		req, _ := http.NewRequest(http.MethodGet, srv.URL+"/repos/o/r/issues?per_page=3", nil)
		var got []int
		for it, err := range paginate.Items[issue](ctx, srv.Client(), req) {
			Expect(err).NotTo(HaveOccurred())
			got = append(got, it.Number)
			if it.Number == 4 {
				break
			}
		}
		Expect(got).To(Equal([]int{1, 2, 3, 4}))
		Expect(srv.requests.Load()).To(BeEquivalentTo(2))
	})

	It("ends with a decode error naming the page", func() {
		srv.hook = func(w http.ResponseWriter, r *http.Request, page int) bool {
			if page != 2 {
				return false
			}
			_, _ = io.WriteString(w, `{"message": "not a list"}`)
			return true
		}
		req, _ := http.NewRequest(http.MethodGet, srv.URL+"/repos/o/r/issues?per_page=3&client_secret=s3cr3t", nil)
		got, err := numbers(paginate.Items[issue](ctx, srv.Client(), req))
		Expect(got).To(Equal([]int{1, 2, 3}))
		Expect(err).To(MatchError(paginate.ErrNotList))
		Expect(err.Error()).To(Equal(`paginate: decode "` + srv.URL + `/repos/o/r/issues?per_page=3&page=2": page is not a list: object without "total_count"`))
	})

	It("reports items of the wrong type with encoding/json's error", func() {
		srv.hook = func(w http.ResponseWriter, r *http.Request, page int) bool {
			_, _ = io.WriteString(w, `[{"number": "one"}]`)
			return true
		}
		req, _ := http.NewRequest(http.MethodGet, srv.URL+"/x", nil)
		_, err := numbers(paginate.Items[issue](ctx, srv.Client(), req))
		var te *json.UnmarshalTypeError
		Expect(errors.As(err, &te)).To(BeTrue())
		Expect(err.Error()).To(HavePrefix(`paginate: decode "`))
	})

	It("passes status errors through", func() {
		req, _ := http.NewRequest(http.MethodGet, srv.URL+"/missing", nil)
		_, err := numbers(paginate.Items[issue](ctx, srv.Client(), req))
		var se *paginate.StatusError
		Expect(errors.As(err, &se)).To(BeTrue())
		Expect(se.StatusCode).To(Equal(404))
		Expect(strings.TrimSpace(string(se.Body))).To(Equal("404 page not found"))
	})
})
