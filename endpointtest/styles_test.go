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

// A catalogue's parameter styles (label and matrix paths; pipeDelimited,
// spaceDelimited, deepObject and exploded form objects in the query) are
// read back by the fake server as the builder writes them: the request
// matches its operation, its values are checked in their style, and a
// handler registered with the description's path receives the values
// without the style's punctuation.
var _ = Describe("a fake server over an API description with parameter styles", func() {
	c, err := openapi.Load([]byte(`{"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{
		"/users/{id}":{"get":{"operationId":"getUser","parameters":[{"name":"id","in":"path","required":true,"style":"label","schema":{"type":"integer"}}],"responses":{"200":{"description":"ok"}}}},
		"/points/{at}":{"get":{"operationId":"getPoint","parameters":[{"name":"at","in":"path","required":true,"style":"matrix","explode":true,"schema":{"type":"object","properties":{"x":{"type":"integer"},"y":{"type":"integer"}}}}],"responses":{"200":{"description":"ok"}}}},
		"/tags/{names}":{"get":{"operationId":"getTags","parameters":[{"name":"names","in":"path","required":true,"style":"label","explode":true,"schema":{"type":"array","items":{"type":"integer"}}}],"responses":{"200":{"description":"ok"}}}},
		"/items":{"get":{"operationId":"listItems","parameters":[
			{"name":"ids","in":"query","style":"pipeDelimited","schema":{"type":"array","items":{"type":"integer"}}},
			{"name":"words","in":"query","style":"spaceDelimited","schema":{"type":"array","items":{"type":"string"}}},
			{"name":"filter","in":"query","style":"deepObject","schema":{"type":"object","properties":{"status":{"type":"string","enum":["open","closed"]},"limit":{"type":"integer"}}}},
			{"name":"color","in":"query","schema":{"type":"object","properties":{"R":{"type":"integer"},"G":{"type":"integer"},"B":{"type":"integer"}}}}],
			"responses":{"200":{"description":"ok"}}}}}}`))
	var srv *endpointtest.Server
	var t *recorderT
	var e *builder.Endpoint
	BeforeEach(func() {
		Expect(err).NotTo(HaveOccurred())
		t = &recorderT{newRecorder()}
		srv = endpointtest.NewServer(t.r, endpointtest.WithCatalog(c))
		e = builder.New(builder.WithBaseURL(srv.URL), builder.WithCatalog(c))
	})
	send := func(b *builder.Builder) *http.Response {
		GinkgoHelper()
		req, err := b.HTTPRequest(context.Background())
		Expect(err).NotTo(HaveOccurred())
		resp, err := srv.Client().Do(req)
		Expect(err).NotTo(HaveOccurred())
		readBody(resp)
		return resp
	}
	filter := builder.Params{{Name: "status", Value: "open"}, {Name: "limit", Value: 5}}

	It("matches styled paths, and checks styled values, as the builder writes them", func() {
		srv.Handle("GET /users/{id}", endpointtest.JSON(`{}`))
		srv.Handle("GET /points/{at}", endpointtest.JSON(`{}`))
		srv.Handle("GET /tags/{names}", endpointtest.JSON(`{}`))
		srv.Handle("GET /items", endpointtest.JSON(`[]`))
		for _, b := range []*builder.Builder{
			e.Route("GET /users/{id}").Param("id", 5),
			e.Route("getPoint").Param("at", builder.Params{{Name: "x", Value: 1}, {Name: "y", Value: 2}}),
			e.Route("getTags").Param("names", []int{1, 2, 3}),
			e.Route("GET /items").Param("ids", []int{1, 2, 3}).Param("words", []string{"a b", "c"}).Param("filter", filter),
			e.Route("GET /items").Param("color", builder.Params{{Name: "R", Value: 100}, {Name: "G", Value: 200}}),
		} {
			Expect(send(b).StatusCode).To(Equal(http.StatusOK))
		}
		Expect(t.r.errors).To(BeEmpty())
		calls := srv.Requests()
		Expect(calls[0].Path).To(Equal("/users/.5"))
		Expect(calls[0].Params).To(Equal(builder.Params{{Name: "id", Value: "5"}}))
		Expect(calls[1].Path).To(Equal("/points/;x=1;y=2"))
		Expect(calls[1].Params).To(Equal(builder.Params{{Name: "at", Value: map[string]string{"x": "1", "y": "2"}}}))
		Expect(calls[2].Path).To(Equal("/tags/.1.2.3"))
		Expect(calls[3].RawQuery).To(Equal("ids=1%7C2%7C3&words=a%20b%20c&filter%5Bstatus%5D=open&filter%5Blimit%5D=5"))
		Expect(calls[4].RawQuery).To(Equal("R=100&G=200"))
		for _, c := range calls {
			Expect(c.Err).NotTo(HaveOccurred())
			Expect(c.Operation).NotTo(BeNil())
		}
	})

	It("refuses a value its style reads as wrong, naming the parameter", func() {
		srv.Handle("GET /items", endpointtest.JSON(`[]`))
		srv.Handle("GET /users/{id}", endpointtest.JSON(`{}`))
		srv.Handle("GET /tags/{names}", endpointtest.JSON(`{}`))
		for _, path := range []string{"/items?ids=1%7Cx", "/items?filter%5Bstatus%5D=opne", "/items?filter%5Bnope%5D=1&filter%5Blimit%5D=x",
			"/items?R=x", "/users/.x", "/tags/.1.x"} {
			resp, err := http.Get(srv.URL + path)
			Expect(err).NotTo(HaveOccurred())
			readBody(resp)
			Expect(resp.StatusCode).To(Equal(http.StatusUnprocessableEntity), path)
		}
		calls := srv.Requests()
		Expect(calls[0].Err).To(MatchError(ContainSubstring(`query parameter "ids" of GET /items: [1]: got string "x", want integer`)))
		Expect(calls[1].Err).To(MatchError(ContainSubstring(`query parameter "filter" of GET /items: status: "opne" is not one of open, closed`)))
		Expect(calls[2].Err).To(MatchError(ContainSubstring(`query parameter "filter" of GET /items: limit: got string "x", want integer`)))
		Expect(calls[3].Err).To(MatchError(ContainSubstring(`query parameter "color" of GET /items: R: got string "x", want integer`)))
		Expect(calls[4].Err).To(MatchError(ContainSubstring(`path parameter "id" of GET /users/{id}: got string "x", want integer`)))
		Expect(calls[5].Err).To(MatchError(ContainSubstring(`path parameter "names" of GET /tags/{names}: [1]: got string "x", want integer`)))
	})
})

// recorderT holds a recorder for a spec's BeforeEach.
type recorderT struct{ r *recorder }
