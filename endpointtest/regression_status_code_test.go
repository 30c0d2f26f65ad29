package endpointtest_test

import (
	"errors"
	"net/http"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/endpointtest"
)

// Regression: a reply whose status net/http cannot write (below 100 or
// above 999: Status(99), WithStatus(1000), a Func reply's Status(-1))
// made WriteHeader panic on the server's goroutine. net/http recovered
// it, printed a stack trace and dropped the connection, so the client saw
// a bare EOF and the test no failure naming the reply. Expected: the
// failure reported as a failed reply (ErrFixture, naming the status) and
// a 500 in GitHub's error shape, as a Func that panics gets.
var _ = Describe("regression: a reply with a status net/http cannot write", func() {
	DescribeTable("is reported and answered 500",
		func(reply endpointtest.Reply, want string) {
			t := newRecorder()
			srv := endpointtest.NewServer(t)
			srv.Handle("GET /x", reply)

			resp, err := srv.Client().Get(srv.URL + "/x")
			Expect(err).NotTo(HaveOccurred(), "the connection was dropped")
			resp.Body.Close()
			Expect(resp.StatusCode).To(Equal(http.StatusInternalServerError))
			Expect(t.joined()).To(ContainSubstring(want))

			calls := srv.Calls("GET /x")
			Expect(calls).To(HaveLen(1))
			Expect(errors.Is(calls[0].Err, endpointtest.ErrFixture)).To(BeTrue(), "%v", calls[0].Err)
		},
		Entry("Status(99)", endpointtest.Status(99), "status 99"),
		Entry("WithStatus(1000)", endpointtest.JSON(`[]`).WithStatus(1000), "status 1000"),
		Entry("a Func's Status(-1)", endpointtest.Func(func(*endpointtest.Call) endpointtest.Reply {
			return endpointtest.Status(-1)
		}), "status -1"),
		Entry("in a Sequence", endpointtest.Sequence(endpointtest.Status(42)), "status 42"),
	)

	It("still writes every status from 100 to 999, and 0 as 200", func() {
		srv := endpointtest.NewServer(GinkgoT())
		srv.Handle("GET /a", endpointtest.Status(0))
		srv.Handle("GET /b", endpointtest.Status(999))
		for path, want := range map[string]int{"/a": 200, "/b": 999} {
			resp, err := srv.Client().Get(srv.URL + path)
			Expect(err).NotTo(HaveOccurred())
			resp.Body.Close()
			Expect(resp.StatusCode).To(Equal(want))
		}
	})
})
