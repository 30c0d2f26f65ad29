package endpointtest_test

import (
	"encoding/json"
	"net/http"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/endpointtest"
)

// Call.Clone copied Fields but not the json.RawMessage of an array or
// object field: a copy from Requests, or the one a Func reply gets,
// changed in place changed the call the server had recorded.
var _ = Describe("copies of a recorded call", func() {
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
