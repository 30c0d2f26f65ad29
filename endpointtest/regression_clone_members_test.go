package endpointtest_test

import (
	"net/http"
	"sync"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/endpointtest"
)

// Call.Clone copied a path variable's []string but not the members of
// an exploded matrix object (map[string]string): a copy from Requests or
// Calls, changed in place, changed the call the server had recorded, and
// raced with another goroutine reading the calls.
var _ = Describe("copies of a recorded call with an object path variable", func() {
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
