package endpointtest_test

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/endpointtest"
)

// Regression: CallOf (and so Match) read an *http.Request's body through
// GetBody, taking it for a copy, as http.NewRequest makes it. The
// builder's HTTPRequest never copies a seekable body (a *bytes.Reader, an
// *os.File): its GetBody seeks that same reader back, so reading it left
// the request's Body at its end. A request checked with Match and then
// sent went out with an empty body (net/http: "ContentLength=7 with Body
// length 0"). Expected: the request's body readable in full after
// CallOf, whatever its GetBody shares.
var _ = Describe("regression: CallOf on a request whose GetBody shares its body", func() {
	const body = `{"a":1}`
	ctx := context.Background()
	e := builder.New(builder.WithBaseURL("https://h.example"))

	DescribeTable("leaves the body to be sent",
		func(make func() *http.Request) {
			req := make()
			Expect(endpointtest.Match(req, endpointtest.JSONBody(map[string]any{"a": 1}))).To(Succeed())
			Expect(endpointtest.Match(req, endpointtest.JSONFields(map[string]any{"a": 1}))).To(Succeed(), "a second look")

			got, err := io.ReadAll(req.Body)
			Expect(err).NotTo(HaveOccurred())
			Expect(string(got)).To(Equal(body))
			Expect(req.ContentLength).To(BeEquivalentTo(len(body)))
		},
		Entry("a *bytes.Reader, two steps", func() *http.Request {
			req, err := builder.RequestOptions{Method: "post", URL: "https://h.example/x",
				Headers: map[string]string{"content-type": "application/json"},
				Body:    bytes.NewReader([]byte(body))}.HTTPRequest(ctx)
			Expect(err).NotTo(HaveOccurred())
			return req
		}),
		Entry("a *strings.Reader, one step", func() *http.Request {
			req, err := e.Route("POST /x").Header("content-type", "application/json").Data(strings.NewReader(body)).HTTPRequest(ctx)
			Expect(err).NotTo(HaveOccurred())
			return req
		}),
		Entry("an *os.File", func() *http.Request {
			path := filepath.Join(GinkgoT().TempDir(), "body.json")
			Expect(os.WriteFile(path, []byte(body), 0o600)).To(Succeed())
			f, err := os.Open(path)
			Expect(err).NotTo(HaveOccurred())
			DeferCleanup(f.Close)
			req, err := e.Route("POST /x").Header("content-type", "application/json").Data(f).HTTPRequest(ctx)
			Expect(err).NotTo(HaveOccurred())
			return req
		}),
		Entry("http.NewRequest's own copy", func() *http.Request {
			req, err := http.NewRequest("POST", "https://h.example/x", strings.NewReader(body))
			Expect(err).NotTo(HaveOccurred())
			req.Header.Set("content-type", "application/json")
			return req
		}),
	)
})
