package endpointtest_test

import (
	"errors"
	"net/http"
	"strconv"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/catalog/github"
	"github.com/endpointkit/endpoint/endpointtest"
)

// With a catalogue, the server gathered each query name's values by
// walking the whole query once per name: a query of n names took time in
// n squared (16,000 names: 0.5 s; 100,000: about 20 s).
var _ = Describe("a query of many names, checked against a catalogue", func() {
	It("is checked in time linear in its length", func() {
		rec := newRecorder()
		srv := endpointtest.NewServer(rec, endpointtest.WithCatalog(github.Catalog()))
		srv.Handle("GET /repos/{owner}/{repo}/issues", endpointtest.JSON(`[]`))
		const n = 100_000
		var q strings.Builder
		q.WriteString("state=open&q0=1&state=opne")
		for i := 1; i < n; i++ {
			q.WriteString("&q" + strconv.FormatInt(int64(i), 36) + "=1")
		}
		// The spec asserts the result, not the time (see the root
		// package's linear_test.go): a quadratic check takes 20 s.
		resp, err := http.Get(srv.URL + "/repos/o/r/issues?" + q.String())
		Expect(err).NotTo(HaveOccurred())
		readBody(resp)
		Expect(resp.StatusCode).To(Equal(http.StatusUnprocessableEntity))
		c := srv.Requests()[0]
		Expect(errors.Is(c.Err, endpointtest.ErrAPI)).To(BeTrue())
		var e *endpointtest.Error
		Expect(errors.As(c.Err, &e)).To(BeTrue())
		Expect(len(e.Problems)).To(Equal(n + 1)) // every unknown name, and state's wrong value
		Expect(e.Problems[0]).To(ContainSubstring(`query parameter "state" of GET /repos/{owner}/{repo}/issues: [1]: "opne" is not one of`))
		Expect(e.Problems[1]).To(HavePrefix(`unknown query parameter "q0" for GET /repos/{owner}/{repo}/issues`))
	})
})
