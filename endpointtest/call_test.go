package endpointtest_test

// CallOf and Call.Clone: what a recorded call shares with the request it
// was read from and with its copies.

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/endpointtest"
)

// onlyReader hides every method of its reader but Read, so that
// http.NewRequest sets no GetBody.
type onlyReader struct{ r io.Reader }

func (o onlyReader) Read(p []byte) (int, error) { return o.r.Read(p) }

// CallOf refused a body past MaxBodySize after reading it: the request then went
// out truncated, or from the middle of its body.
var _ = Describe("CallOf on a body too large to inspect", Label("regression"), func() {
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

// CallOf gave a request without GetBody a body over the very bytes of the Call's
// Body: changing the Call changed what the request sent.
var _ = Describe("CallOf shares a body it had to read with the request", Label("regression"), func() {
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

// CallOf read the body through GetBody, which for the builder's seekable bodies
// seeks the same reader: a checked request went out empty.
var _ = Describe("CallOf on a request whose GetBody shares its body", Label("regression"), func() {
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

// Call.Clone shared the json.RawMessage of array and object fields with the
// recorded call.
var _ = Describe("copies of a recorded call", Label("regression"), func() {
	post := func(srv *endpointtest.Server) {
		GinkgoHelper()
		resp, err := http.Post(srv.URL+"/x", "application/json", strings.NewReader(`{"labels":["bug"],"meta":{"a":1}}`))
		Expect(err).NotTo(HaveOccurred())
		readBody(resp)
	}

	It("do not share a body field's JSON with the record", func() {
		srv := endpointtest.NewServer(GinkgoT())
		srv.Handle("POST /x", endpointtest.Status(204))
		post(srv)
		c := srv.Requests()[0]
		for _, f := range c.Fields {
			raw := f.Value.(json.RawMessage)
			raw[1] = 'X'
		}
		Expect(c.Clone().Fields[0].Value).To(BeEquivalentTo(`[Xbug"]`)) // a clone of the changed copy is a copy too
		fresh := srv.Requests()[0]
		Expect(fresh.Fields[0].Value).To(BeEquivalentTo(`["bug"]`))
		Expect(fresh.Fields[1].Value).To(BeEquivalentTo(`{"a":1}`))
		Expect(srv.Calls("POST /x")[0].Fields[0].Value).To(BeEquivalentTo(`["bug"]`))
	})

	It("do not let a Func reply change the record", func() {
		srv := endpointtest.NewServer(GinkgoT())
		srv.Handle("POST /x", endpointtest.Func(func(c *endpointtest.Call) endpointtest.Reply {
			c.Fields[0].Value.(json.RawMessage)[1] = 'X'
			return endpointtest.Status(204)
		}))
		post(srv)
		Expect(srv.Requests()[0].Fields[0].Value).To(BeEquivalentTo(`["bug"]`))
	})
})

// Call.Clone shared an exploded matrix object's members with the recorded call
// (and raced with readers of the calls).
var _ = Describe("copies of a recorded call with an object path variable", Label("regression"), func() {
	get := func(srv *endpointtest.Server) {
		GinkgoHelper()
		resp, err := http.Get(srv.URL + "/points/;x=1;y=2")
		Expect(err).NotTo(HaveOccurred())
		readBody(resp)
	}

	It("do not share the object's members with the record", func() {
		srv := endpointtest.NewServer(GinkgoT())
		srv.Handle("GET /points/{;p*}", endpointtest.Status(204))
		get(srv)
		c := srv.Requests()[0]
		members, ok := c.Params[0].Value.(map[string]string)
		Expect(ok).To(BeTrue(), "%#v", c.Params)
		members["x"] = "changed"
		Expect(srv.Requests()[0].Params[0].Value).To(Equal(map[string]string{"x": "1", "y": "2"}))
		Expect(srv.Calls("GET /points/{;p*}")[0].Params[0].Value).To(Equal(map[string]string{"x": "1", "y": "2"}))
		Expect(c.Clone().Params[0].Value).To(Equal(map[string]string{"x": "changed", "y": "2"}))
	})

	It("can be changed while other goroutines read the calls", func() {
		srv := endpointtest.NewServer(GinkgoT())
		srv.Handle("GET /points/{;p*}", endpointtest.Status(204))
		get(srv)
		var wg sync.WaitGroup
		for g := range 8 {
			wg.Go(func() {
				for i := range 50 {
					if (g+i)%2 == 0 {
						srv.Requests()[0].Params[0].Value.(map[string]string)["x"] = "changed"
					} else {
						_ = srv.Calls("GET /points/{;p*}")[0].Params[0].Value.(map[string]string)["x"]
					}
				}
			})
		}
		wg.Wait()
		Expect(srv.Requests()[0].Params[0].Value).To(Equal(map[string]string{"x": "1", "y": "2"}))
	})
})
