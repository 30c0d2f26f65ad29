package endpointtest_test

import (
	"context"
	"net/http"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/catalog/github"
	"github.com/endpointkit/endpoint/catalog/openapi"
	"github.com/endpointkit/endpoint/endpointtest"
)

// The fake server compiled a catalogue's paths as routes, with v6's :name
// and RFC 6570's names only: one path the builder builds, {$id}, made
// NewServer fail as a whole, and a colon path
// ({model}:generateContent) was matched with a variable for its method.
var _ = Describe("a fake server over paths the builder reads as RFC 6570 alone", func() {
	c, err := openapi.Load([]byte(`{"openapi":"3.0.3","info":{"title":"t","version":"1"},"paths":{
		"/v1/models/{model}:generateContent":{"post":{"operationId":"gen","parameters":[{"name":"model","in":"path","required":true,"schema":{"type":"string"}}],"responses":{"200":{"description":"ok"}}}},
		"/things/{$id}":{"get":{"operationId":"thing","parameters":[{"name":"$id","in":"path","required":true,"schema":{"type":"string"}}],"responses":{"200":{"description":"ok"}}}}}}`))

	It("serves them, and records the parameters by their own names", func() {
		Expect(err).NotTo(HaveOccurred())
		t := newRecorder()
		srv := endpointtest.NewServer(t, endpointtest.WithCatalog(c))
		srv.Handle("POST /v1/models/{model}:generateContent", endpointtest.JSON(`{}`))
		srv.Handle("GET /things/{id}", endpointtest.JSON(`{}`))
		e := builder.New(builder.WithBaseURL(srv.URL), builder.WithCatalog(c))
		for _, b := range []*builder.Builder{e.Route("gen").Param("model", "gemini"), e.Route("thing").Param("$id", "7")} {
			req, err := b.HTTPRequest(context.Background())
			Expect(err).NotTo(HaveOccurred())
			resp, err := srv.Client().Do(req)
			Expect(err).NotTo(HaveOccurred())
			resp.Body.Close()
			Expect(resp.StatusCode).To(Equal(http.StatusOK), req.URL.String())
		}
		Expect(t.errors).To(BeEmpty())
		Expect(t.fatals).To(BeEmpty())
		calls := srv.Requests()
		Expect(calls).To(HaveLen(2))
		Expect(calls[0].Params).To(Equal(builder.Params{{Name: "model", Value: "gemini"}}))
		Expect(calls[1].Path).To(Equal("/things/7"))
	})

	It("still reads a handler's :name as v6 does, where the catalogue's path has {name}", func() {
		t := newRecorder()
		srv := endpointtest.NewServer(t, endpointtest.WithCatalog(github.Catalog()))
		srv.Handle("GET /repos/:owner/:repo/issues", endpointtest.JSON(`[]`))
		e := builder.New(builder.WithBaseURL(srv.URL))
		req, err := e.Route("GET /repos/{owner}/{repo}/issues").Param("owner", "o").Param("repo", "r").HTTPRequest(context.Background())
		Expect(err).NotTo(HaveOccurred())
		resp, err := srv.Client().Do(req)
		Expect(err).NotTo(HaveOccurred())
		resp.Body.Close()
		Expect(resp.StatusCode).To(Equal(http.StatusOK))
		Expect(t.errors).To(BeEmpty())
		Expect(srv.Requests()[0].Params).To(Equal(builder.Params{{Name: "owner", Value: "o"}, {Name: "repo", Value: "r"}}))
	})
})
