package builder_test

// Regression: a file the system gives no size (an empty regular file, or
// one of /proc's) is streamed with an unknown length, and, as any reader
// of unknown length, should be sized by a content-length header (GitHub's
// upload endpoint wants one). HTTPRequest took its GetBody for a known
// length and refused the header: `content-length header 0, body has -1
// bytes`, for an empty release asset sent with the size the caller read
// from Stat. Expected: the header sizes the body, in one step and two.

import (
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strconv"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
)

var _ = Describe("regression: a content-length header for a file of unknown size", func() {
	e := builder.New(builder.WithBaseURL("https://h.example"))

	open := func(content string) *os.File {
		name := filepath.Join(GinkgoT().TempDir(), "asset")
		Expect(os.WriteFile(name, []byte(content), 0o600)).To(Succeed())
		f, err := os.Open(name)
		Expect(err).NotTo(HaveOccurred())
		DeferCleanup(f.Close)
		return f
	}

	It("sizes an empty file by a content-length header of 0", func() {
		f := open("")
		two := builder.RequestOptions{Method: "post", URL: "https://h.example/x",
			Headers: map[string]string{"content-length": "0"}, Body: f}
		req2, err := two.HTTPRequest(context.Background())
		Expect(err).NotTo(HaveOccurred())
		req1, err := e.Route("POST /x").Header("content-length", "0").Data(f).HTTPRequest(context.Background())
		Expect(err).NotTo(HaveOccurred())
		for _, req := range []*http.Request{req1, req2} {
			Expect(req.ContentLength).To(BeZero())
			Expect(io.ReadAll(req.Body)).To(BeEmpty())
			Expect(req.GetBody).NotTo(BeNil())
			again, err := req.GetBody()
			Expect(err).NotTo(HaveOccurred())
			Expect(io.ReadAll(again)).To(BeEmpty())
		}
	})

	It("sizes a file /proc gives no size by its content-length header", func() {
		want, err := os.ReadFile("/proc/self/cmdline")
		if err != nil || len(want) == 0 {
			Skip("no /proc/self/cmdline here")
		}
		f, err := os.Open("/proc/self/cmdline")
		Expect(err).NotTo(HaveOccurred())
		DeferCleanup(f.Close)
		req, err := e.Route("POST /x").Header("content-length", strconv.Itoa(len(want))).Data(f).HTTPRequest(context.Background())
		Expect(err).NotTo(HaveOccurred())
		Expect(req.ContentLength).To(BeEquivalentTo(len(want)))
		Expect(io.ReadAll(req.Body)).To(Equal(want))
		again, err := req.GetBody()
		Expect(err).NotTo(HaveOccurred())
		Expect(io.ReadAll(again)).To(Equal(want))
	})
})
