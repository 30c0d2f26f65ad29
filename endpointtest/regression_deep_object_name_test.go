package endpointtest_test

// Regression: the fake server read a deepObject's pair name[key]=value by
// splitting the name at its first "[", so a deepObject parameter whose
// own name holds a bracket (include[], as many descriptions name their
// lists) was never found: the builder sent include%5B%5D%5Ba%5D=1 and the
// server answered 422, "unknown query parameter include[][a]". Expected:
// the server accepts what the builder sends, splitting at the last "["
// (a key holds no bracket: the builder refuses one), and still refuses a
// pair no member of the object would give.

import (
	"context"
	"net/http"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/catalog/openapi"
	"github.com/endpointkit/endpoint/endpointtest"
)

var _ = Describe("regression: a deepObject parameter whose name holds a bracket", func() {
	c, err := openapi.Load([]byte(`{"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{
		"/items":{"get":{"operationId":"listItems","parameters":[
			{"name":"include[]","in":"query","style":"deepObject","schema":{"type":"object","properties":{"n":{"type":"integer"}}}},
			{"name":"filter","in":"query","style":"deepObject","schema":{"type":"object"}}],
			"responses":{"200":{"description":"ok"}}}}}}`))

	It("is read as the builder writes it, and tampered pairs are refused", func() {
		Expect(err).NotTo(HaveOccurred())
		rec := newRecorder()
		srv := endpointtest.NewServer(rec, endpointtest.WithCatalog(c))
		srv.Handle("GET /items", endpointtest.JSON(`[]`))
		e := builder.New(builder.WithBaseURL(srv.URL), builder.WithCatalog(c))
		req, err := e.Route("listItems").Param("include[]", builder.Params{{Name: "a", Value: "x"}, {Name: "n", Value: 2}}).
			Param("filter", map[string]any{"s": "open"}).HTTPRequest(context.Background())
		Expect(err).NotTo(HaveOccurred())
		Expect(req.URL.RawQuery).To(Equal("include%5B%5D%5Ba%5D=x&include%5B%5D%5Bn%5D=2&filter%5Bs%5D=open"))
		resp, err := srv.Client().Do(req)
		Expect(err).NotTo(HaveOccurred())
		readBody(resp)
		Expect(resp.StatusCode).To(Equal(http.StatusOK))
		Expect(srv.Requests()[0].Err).NotTo(HaveOccurred())
		Expect(rec.errors).To(BeEmpty())

		for _, q := range []string{
			"include%5B%5D%5Bn%5D=x",       // a member of the wrong type
			"filter%5Ba%5D%5Bb%5D=1",       // the key a][b, which the builder refuses
			"filter%5B%5D=1",               // the empty key
			"include%5Bn%5D=2",             // a name the description does not have
			"include%5B%5D%5B%5D%5Bn%5D=2", // nor this one
		} {
			resp, err := http.Get(srv.URL + "/items?" + q)
			Expect(err).NotTo(HaveOccurred())
			readBody(resp)
			Expect(resp.StatusCode).To(Equal(http.StatusUnprocessableEntity), q)
		}
	})
})
