package paginate_test

import (
	"context"
	"io"
	"net/http"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/paginate"
)

// A RoundTripper may answer with a Request that has no URL (a canned
// response, a mock); Pages took it for the page's request and panicked
// on its nil URL.
var _ = Describe("Pages, given a response whose Request has no URL", func() {
	DescribeTable("walks from the request it sent instead of panicking",
		func(status int, body string, wantErr error) {
			var sent []string
			c := &http.Client{Transport: roundTrip(func(r *http.Request) (*http.Response, error) {
				sent = append(sent, r.URL.RequestURI())
				h := http.Header{}
				if len(sent) == 1 {
					h.Set("Link", `</repos/o/r/issues?page=2>; rel="next"`)
				}
				return &http.Response{StatusCode: status, Header: h, Body: io.NopCloser(strings.NewReader(body)), Request: &http.Request{}}, nil
			})}
			req, err := http.NewRequest(http.MethodGet, "https://api.github.com/repos/o/r/issues", nil)
			Expect(err).NotTo(HaveOccurred())
			var pages []*paginate.Page
			var walkErr error
			Expect(func() {
				for p, e := range paginate.Pages(context.Background(), c, req) {
					if e != nil {
						walkErr = e
						break
					}
					pages = append(pages, p)
				}
			}).NotTo(Panic())
			if wantErr != nil {
				Expect(walkErr).To(MatchError(wantErr))
				Expect(walkErr.Error()).To(ContainSubstring(`"https://api.github.com/repos/o/r/issues"`))
				return
			}
			Expect(walkErr).NotTo(HaveOccurred())
			Expect(sent).To(Equal([]string{"/repos/o/r/issues", "/repos/o/r/issues?page=2"}))
			Expect(pages).To(HaveLen(2))
			Expect(pages[0].Response.Request.URL.String()).To(Equal("https://api.github.com/repos/o/r/issues"))
		},
		Entry("a list", 200, `[1]`, nil),
		Entry("an error status", 404, `{"message":"Not Found"}`, paginate.ErrStatus),
	)
})
