package endpointtest_test

import (
	"bytes"
	"context"
	"io"
	"net/http"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/endpointtest"
)

// onlyReader hides every method of its reader but Read, so that
// http.NewRequest sets no GetBody.
type onlyReader struct{ r io.Reader }

func (o onlyReader) Read(p []byte) (int, error) { return o.r.Read(p) }

// Regression: CallOf refuses a request whose body is larger than
// MaxBodySize, but it had already read the body: one without GetBody was
// closed and replaced by its first MaxBodySize+1 bytes, and one whose
// GetBody shares its reader (the builder's, for a seekable body) was left
// past those bytes. A request a transport checked with Match and then
// sent went out truncated, or from the middle of its body. Expected: the
// request's body unchanged, whole and from its start, when CallOf fails.
var _ = Describe("regression: CallOf on a body too large to inspect", func() {
	big := bytes.Repeat([]byte("x"), endpointtest.MaxBodySize+10)

	DescribeTable("leaves the request's body whole",
		func(make func() *http.Request) {
			req := make()
			_, err := endpointtest.CallOf(req)
			Expect(err).To(MatchError(endpointtest.ErrRequest))
			got, err := io.ReadAll(req.Body)
			Expect(err).NotTo(HaveOccurred())
			Expect(len(got)).To(Equal(len(big)))
			Expect(bytes.Equal(got, big)).To(BeTrue(), "the body as it was")
		},
		Entry("without GetBody", func() *http.Request {
			req, err := http.NewRequest("POST", "https://h.example/x", onlyReader{bytes.NewReader(big)})
			Expect(err).NotTo(HaveOccurred())
			Expect(req.GetBody).To(BeNil())
			return req
		}),
		Entry("a GetBody sharing the reader (the builder's)", func() *http.Request {
			req, err := builder.RequestOptions{Method: "post", URL: "https://h.example/x",
				Body: bytes.NewReader(big)}.HTTPRequest(context.Background())
			Expect(err).NotTo(HaveOccurred())
			return req
		}),
	)
})
