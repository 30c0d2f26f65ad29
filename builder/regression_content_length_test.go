package builder_test

// Regression: HTTPRequest's check of a content-length header quoted a
// value it could not read whole (a 64 KiB header, a 64 KiB message), and
// read "+3" as 3, where RFC 9110's Content-Length is digits alone (net/http
// refuses the sign on what it receives). Expected: the value quoted cut
// short, and a sign refused as any other non-length is, in one step and
// two.

import (
	"context"
	"errors"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
)

var _ = Describe("regression: a content-length header that is not a length", func() {
	e := builder.New(builder.WithBaseURL("https://h.example"))

	DescribeTable("is refused, quoted cut short",
		func(v string) {
			two := builder.RequestOptions{Method: "post", URL: "https://h.example/x",
				Headers: map[string]string{"content-length": v}, Body: "abc"}
			_, err2 := two.HTTPRequest(context.Background())
			_, err1 := e.Route("POST /x").Header("content-length", v).Data("abc").HTTPRequest(context.Background())
			for _, err := range []error{err1, err2} {
				Expect(errors.Is(err, builder.ErrRequest)).To(BeTrue(), "%.200v", err)
				Expect(err.Error()).To(ContainSubstring("is not a length"))
				Expect(len(err.Error())).To(BeNumerically("<", 200), "%.300s", err.Error())
			}
		},
		Entry("64 KiB of digits", strings.Repeat("1", 1<<16)),
		Entry("64 KiB of letters", strings.Repeat("x", 1<<16)),
		Entry("a plus sign", "+3"),
		Entry("a plus sign and spaces", " +3 "),
	)

	It("still takes digits with spaces around them", func() {
		req, err := e.Route("POST /x").Header("content-length", " 3 ").Data("abc").HTTPRequest(context.Background())
		Expect(err).NotTo(HaveOccurred())
		Expect(req.ContentLength).To(BeEquivalentTo(3))
	})
})
