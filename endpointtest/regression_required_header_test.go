package endpointtest_test

import (
	"context"
	"net/http"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/catalog/openapi"
	"github.com/endpointkit/endpoint/endpointtest"
)

// A catalogue now requires its required header parameters; the fake
// server must count a request's headers as given, and report a missing
// one.
var _ = Describe("a fake server over a description with a required header parameter", func() {
	c, err := openapi.Load([]byte(`{"openapi":"3.0.3","info":{"title":"t","version":"1"},"paths":{
		"/items":{"get":{"operationId":"listItems","parameters":[
			{"name":"X-Api-Key","in":"header","required":true,"schema":{"type":"string"}}],
			"responses":{"200":{"description":"ok"}}}}}}`))

	send := func(withKey bool) (int, *recorder) {
		GinkgoHelper()
		Expect(err).NotTo(HaveOccurred())
		t := newRecorder()
		srv := endpointtest.NewServer(t, endpointtest.WithCatalog(c))
		srv.Handle("GET /items", endpointtest.JSON(`[]`))
		b := builder.New(builder.WithBaseURL(srv.URL)).Route("GET /items")
		if withKey {
			b = b.Header("X-Api-Key", "k")
		}
		req, err := b.HTTPRequest(context.Background())
		Expect(err).NotTo(HaveOccurred())
		resp, err := srv.Client().Do(req)
		Expect(err).NotTo(HaveOccurred())
		resp.Body.Close()
		return resp.StatusCode, t
	}

	It("takes a request that sends it", func() {
		status, t := send(true)
		Expect(status).To(Equal(http.StatusOK))
		Expect(t.errors).To(BeEmpty())
	})

	It("reports a request that does not", func() {
		status, t := send(false)
		Expect(status).To(Equal(http.StatusUnprocessableEntity))
		Expect(t.errors).To(ContainElement(ContainSubstring(`missing required header "X-Api-Key"`)))
	})
})
