package endpointtest_test

import (
	"io"
	"net/http"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/endpointtest"
)

// CallOf of an *http.Request without GetBody reads the body and gives the
// request an equal one, over the very bytes it put in the Call's Body: a
// test that changed the call it inspected (c.Body[i] = …) changed the
// body the request would then send. Expected: the request's body as it
// was; got: the byte written into the Call.
var _ = Describe("regression: CallOf shares a body it had to read with the request", func() {
	It("gives the request a body of its own", func() {
		req, err := http.NewRequest("POST", "http://x/y", io.NopCloser(strings.NewReader(`{"a":1}`)))
		Expect(err).NotTo(HaveOccurred())
		Expect(req.GetBody).To(BeNil())
		c, err := endpointtest.CallOf(req)
		Expect(err).NotTo(HaveOccurred())
		copy(c.Body, `{"b":2}`)
		body, err := io.ReadAll(req.Body)
		Expect(err).NotTo(HaveOccurred())
		Expect(string(body)).To(Equal(`{"a":1}`))
	})
})
