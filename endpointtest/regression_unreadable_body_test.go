package endpointtest_test

import (
	"bufio"
	"bytes"
	"fmt"
	"net"
	"net/http"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/endpointtest"
)

// Regression: the server answered every body it could not read 413
// "Request body too large", a malformed chunked body of a few bytes
// included, so that a client under test was told its request was too
// large when it was broken. Expected: 413 for a body past MaxBodySize
// only, 400 for one that cannot be read; the call recorded with
// ErrRequest either way.
var _ = Describe("regression: a request body the server cannot read", func() {
	It("is answered 400, not 413, when it is malformed", func() {
		srv := endpointtest.NewServer(newRecorder())
		srv.Handle("POST /x", endpointtest.Status(201))
		conn, err := net.Dial("tcp", srv.Listener.Addr().String())
		Expect(err).NotTo(HaveOccurred())
		defer conn.Close()
		_, err = fmt.Fprint(conn, "POST /x HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n")
		Expect(err).NotTo(HaveOccurred())
		resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
		Expect(err).NotTo(HaveOccurred())
		defer resp.Body.Close()
		Expect(resp.StatusCode).To(Equal(http.StatusBadRequest))
		calls := srv.Requests()
		Expect(calls).To(HaveLen(1))
		Expect(calls[0].Status).To(Equal(http.StatusBadRequest))
		Expect(calls[0].Err).To(MatchError(endpointtest.ErrRequest))
		Expect(calls[0].Err.Error()).To(ContainSubstring("reading the body: invalid byte in chunk length"))
	})

	It("is answered 413 when it is larger than MaxBodySize", func() {
		srv := endpointtest.NewServer(newRecorder())
		srv.Handle("POST /x", endpointtest.Status(201))
		body := bytes.Repeat([]byte("x"), endpointtest.MaxBodySize+1)
		resp, err := srv.Client().Post(srv.URL+"/x", "text/plain", bytes.NewReader(body))
		Expect(err).NotTo(HaveOccurred())
		defer resp.Body.Close()
		Expect(resp.StatusCode).To(Equal(http.StatusRequestEntityTooLarge))
		calls := srv.Requests()
		Expect(calls).To(HaveLen(1))
		Expect(calls[0].Err).To(MatchError(endpointtest.ErrRequest))
	})
})
