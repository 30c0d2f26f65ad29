package endpointtest_test

import (
	"errors"
	"fmt"

	"github.com/endpointkit/endpoint/endpointtest"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// Values a caller may hold without meaning to: a nil *Call, *Server or
// *Error, as a helper that failed returns them.
var _ = Describe("nil values", func() {
	It("take a nil *Call for a call of nothing", func() {
		var c *endpointtest.Call
		v, ok := c.Get("state")
		Expect(v).To(BeNil())
		Expect(ok).To(BeFalse())
		Expect(c.Query()).To(BeEmpty())
		var body map[string]any
		Expect(c.DecodeBody(&body)).To(MatchError(endpointtest.ErrRequest))
		Expect(body).To(BeNil())
		Expect(c.Clone()).To(BeNil())
		Expect(c.String()).To(Equal("<nil>"))
		for _, format := range []string{"%v", "%s", "%+v", "%#v", "%q"} {
			Expect(fmt.Sprintf(format, c)).To(Equal("<nil>"), format)
		}
	})

	It("take a nil *Server for one with no routes and no calls", func() {
		var s *endpointtest.Server
		s.Handle("GET /repos/{owner}/{repo}", endpointtest.Status(204))
		s.Handle("GET /x/{", endpointtest.Status(204))
		Expect(s.Requests()).To(BeNil())
		Expect(s.Calls("GET /repos/{owner}/{repo}")).To(BeNil())
		Expect(s.Calls("GET /x/{")).To(BeNil())
		s.Reset()
		Expect(s.Client()).To(BeNil())
		Expect(s.Err()).To(Succeed())
		s.Close()
	})

	It("take a zero Server, which NewServer did not start, for one with no calls", func() {
		var s endpointtest.Server
		s.Handle("GET /repos/{owner}/{repo}", endpointtest.Status(204))
		Expect(s.Requests()).To(BeEmpty())
		Expect(s.Calls("GET /repos/{owner}/{repo}")).To(BeEmpty())
		s.Reset()
		Expect(s.Client()).To(BeNil())
		Expect(s.Err()).To(Succeed())
		s.Close()
	})

	It("print a nil *Error as <nil>, wrapping nothing", func() {
		var e *endpointtest.Error
		Expect(e.Error()).To(Equal("<nil>"))
		Expect(fmt.Sprintf("%v %s", e, error(e))).NotTo(ContainSubstring("PANIC"))
		Expect(e.Unwrap()).To(BeNil())
		Expect(errors.Is(e, endpointtest.ErrMismatch)).To(BeFalse())
		var target *endpointtest.Error
		Expect(errors.As(error(e), &target)).To(BeTrue())
		Expect(target).To(BeNil())
	})
})
