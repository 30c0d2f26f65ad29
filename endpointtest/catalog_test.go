package endpointtest_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/catalog"
	"github.com/endpointkit/endpoint/catalog/github"
	"github.com/endpointkit/endpoint/catalog/openapi"
	"github.com/endpointkit/endpoint/endpointtest"
	"github.com/endpointkit/endpoint/template"
)

// description wraps paths in an OpenAPI 3.1 document and loads it.
func description(paths string) (*catalog.Catalog, error) {
	return openapi.Load([]byte(`{"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{` + paths + `}}`))
}

var _ = Describe("a fake server checking requests against a description", func() {
	// DigitalOcean's agent routes: the path names {uuid}, and the body
	// has a uuid member too, which the builder sends only from Data.
	shadowed, shadowedErr := description(`
		"/agents/{uuid}":{"put":{"operationId":"updateAgent",
			"parameters":[{"name":"uuid","in":"path","required":true,"schema":{"type":"string"}}],
			"requestBody":{"required":true,"content":{"application/json":{"schema":{"type":"object","required":["uuid"],
				"properties":{"uuid":{"type":"string"},"name":{"type":"string"}}}}}},
			"responses":{"200":{"description":"ok"}}}},
		"/keys":{"post":{"operationId":"createKey",
			"parameters":[{"name":"id","in":"query","schema":{"type":"integer"}}],
			"requestBody":{"content":{"application/json":{"schema":{"type":"object",
				"properties":{"id":{"type":"integer"},"label":{"type":"string"}}}}}},
			"responses":{"200":{"description":"ok"}}}}`)

	// built asks the builder for the request; raw writes one it refuses.
	built := func(b func(e *builder.Endpoint) *builder.Builder) func(e *builder.Endpoint, base string) *http.Request {
		return func(e *builder.Endpoint, _ string) *http.Request {
			req, err := b(e).HTTPRequest(context.Background())
			Expect(err).NotTo(HaveOccurred())
			return req
		}
	}
	raw := func(method, path, body string) func(e *builder.Endpoint, base string) *http.Request {
		return func(_ *builder.Endpoint, base string) *http.Request {
			req, err := http.NewRequest(method, base+path, strings.NewReader(body))
			Expect(err).NotTo(HaveOccurred())
			req.Header.Set("Content-Type", "application/json")
			return req
		}
	}

	DescribeTable("reads a body member named like a path or query parameter as the body's",
		func(request func(e *builder.Endpoint, base string) *http.Request, problems ...string) {
			Expect(shadowedErr).NotTo(HaveOccurred())
			t := newRecorder()
			srv := endpointtest.NewServer(t, endpointtest.WithCatalog(shadowed))
			srv.Handle("PUT /agents/{uuid}", endpointtest.JSON(`{}`))
			srv.Handle("POST /keys", endpointtest.JSON(`{}`))
			e := builder.New(builder.WithBaseURL(srv.URL), builder.WithCatalog(shadowed))
			resp, err := srv.Client().Do(request(e, srv.URL))
			Expect(err).NotTo(HaveOccurred())
			readBody(resp)
			if len(problems) == 0 {
				Expect(t.joined()).To(BeEmpty())
				Expect(resp.StatusCode).To(Equal(http.StatusOK))
				return
			}
			Expect(t.Errors()).To(Equal(problems))
			Expect(resp.StatusCode).To(Equal(http.StatusUnprocessableEntity))
		},
		Entry("the path's uuid, and the body's from Data", built(func(e *builder.Endpoint) *builder.Builder {
			return e.Route("PUT /agents/{uuid}").Param("uuid", "a1").Data(map[string]any{"uuid": "a1", "name": "n"})
		})),
		Entry("the query's id, and the body's from Data", built(func(e *builder.Endpoint) *builder.Builder {
			return e.Route("POST /keys").Param("id", 1).Data(map[string]any{"id": 2, "label": "l"})
		})),
		Entry("the body's only, its query parameter left out", built(func(e *builder.Endpoint) *builder.Builder {
			return e.Route("POST /keys").Data(map[string]any{"id": 2})
		})),
		Entry("the body's, checked against the body's schema", raw("PUT", "/agents/a1", `{"uuid": 7}`),
			`endpointtest: PUT /agents/a1: body field "uuid" of PUT /agents/{uuid}: got integer 7, want string`),
		Entry("the body's, missing where the body requires it, whatever the path holds", raw("PUT", "/agents/a1", `{"name": "n"}`),
			`endpointtest: PUT /agents/a1: missing required body field "uuid" for PUT /agents/{uuid}`),
		Entry("the query's, still checked as the query's", raw("POST", "/keys?id=x", `{"id": 2}`),
			`endpointtest: POST /keys?id=x: query parameter "id" of POST /keys: got string "x", want integer`),
	)
})

var _ = Describe("a fake server over operations it cannot tell apart", func() {
	// item is a path item of operations, each written by op.
	item := func(path string, ops ...string) string {
		return fmt.Sprintf(`%q:{%s}`, path, strings.Join(ops, ","))
	}
	op := func(method, id string, params ...string) string {
		return fmt.Sprintf(`%q:{"operationId":%q,"parameters":[%s],"responses":{"200":{"description":"ok"}}}`,
			method, id, strings.Join(params, ","))
	}
	pathParam := func(name, typ string) string {
		return fmt.Sprintf(`{"name":%q,"in":"path","required":true,"schema":{"type":%q}}`, name, typ)
	}
	queryParam := func(name string) string {
		return fmt.Sprintf(`{"name":%q,"in":"query","schema":{"type":"string"}}`, name)
	}

	DescribeTable("lists in Err those it leaves out, and reads each request as the operation it keeps",
		func(paths []string, leftOut []string, requests map[string]string) {
			c, err := description(strings.Join(paths, ","))
			Expect(err).NotTo(HaveOccurred())
			t := newRecorder()
			srv := endpointtest.NewServer(t, endpointtest.WithCatalog(c))
			Expect(t.joined()).To(BeEmpty())
			if leftOut == nil {
				Expect(srv.Err()).To(Succeed())
			} else {
				Expect(srv.Err()).To(MatchError(endpointtest.ErrRoute))
				Expect(srv.Err().(*endpointtest.Error).Problems).To(Equal(leftOut))
			}
			for request, id := range requests {
				method, target, _ := strings.Cut(request, " ")
				req, err := http.NewRequest(method, srv.URL+target, nil)
				Expect(err).NotTo(HaveOccurred())
				resp, err := srv.Client().Do(req)
				Expect(err).NotTo(HaveOccurred())
				readBody(resp)
				calls := srv.Requests()
				Expect(calls[len(calls)-1].Operation).NotTo(BeNil(), request)
				Expect(calls[len(calls)-1].Operation.ID).To(Equal(id), request)
			}
		},
		Entry("a path variable named otherwise, under the same method",
			[]string{
				item("/files/{fileId}", op("get", "getFile", pathParam("fileId", "integer"))),
				item("/files/{fileName}", op("get", "getFileByName", pathParam("fileName", "string")), op("delete", "deleteFile", pathParam("fileName", "string"))),
			},
			[]string{"operation GET /files/{fileName} is left out: its path matches the same requests as GET /files/{fileId}"},
			map[string]string{"GET /files/7": "getFile", "DELETE /files/a.txt": "deleteFile"}),
		Entry("a fragment, which is never sent",
			[]string{
				item("/files/{id}", op("get", "getFile", pathParam("id", "string"))),
				item("/files/{id}#shared_link", op("get", "getSharedLink", pathParam("id", "string"), queryParam("fields"))),
			},
			[]string{"operation GET /files/{id}#shared_link is left out: its path matches the same requests as GET /files/{id}: a fragment is never sent"},
			map[string]string{"GET /files/7": "getFile"}),
		Entry("a fragment alone: the path without it",
			[]string{item("/files/{id}#shared_link", op("get", "getSharedLink", pathParam("id", "string"), queryParam("fields")))},
			nil,
			map[string]string{"GET /files/7?fields=shared_link": "getSharedLink"}),
		Entry("a literal query, which the request that carries it is read by",
			[]string{
				item("/responses", op("post", "create")),
				item("/responses?beta=true", op("post", "createBeta", queryParam("limit"))),
			},
			nil,
			map[string]string{"POST /responses": "create", "POST /responses?beta=true&limit=5": "createBeta", "POST /responses?limit=5&beta=true": "createBeta"}),
		Entry("a literal query, listed first",
			[]string{
				item("/responses?beta=true", op("post", "createBeta", queryParam("limit"))),
				item("/responses", op("post", "create")),
			},
			nil,
			map[string]string{"POST /responses": "create", "POST /responses?beta=true": "createBeta"}),
		Entry("the same literal query twice",
			[]string{
				item("/responses?beta=true", op("post", "createBeta")),
				item("/responses?beta=true#v2", op("post", "createBetaV2")),
			},
			[]string{"operation POST /responses?beta=true#v2 is left out: its path matches the same requests as POST /responses?beta=true: a fragment is never sent"},
			map[string]string{"POST /responses?beta=true": "createBeta"}),
	)
})

// One operation the server cannot match failed NewServer and made every reply a
// 500; it is now left out, and said so.
var _ = Describe("a catalogue with operations the server cannot match", Label("regression"), func() {
	str := catalog.Schema{Type: catalog.String}
	c, err := catalog.New(catalog.Info{Title: "t"}, []catalog.Operation{
		{ID: "ok", Method: "GET", Path: "/ok/{id}", Params: []catalog.Param{{Name: "id", In: catalog.Path, Required: true, Schema: str}}},
		{ID: "bad", Method: "GET", Path: "/bad/{a b}"},
		{ID: "worse", Method: "POST", Path: "/worse/%zz"},
		{ID: "thing", Method: "GET", Path: "/things/{$id}", Params: []catalog.Param{{Name: "$id", In: catalog.Path, Required: true, Schema: str}}},
		{ID: "twin", Method: "GET", Path: "/things/{%24id}"}, // the same template as thing's
	})
	var (
		t   *recorder
		srv *endpointtest.Server
	)
	BeforeEach(func() {
		Expect(err).NotTo(HaveOccurred())
		t = newRecorder()
		srv = endpointtest.NewServer(t, endpointtest.WithCatalog(c))
	})
	get := func(path string) int {
		resp, err := srv.Client().Get(srv.URL + path)
		Expect(err).NotTo(HaveOccurred())
		readBody(resp)
		return resp.StatusCode
	}

	It("fails nothing at NewServer, and serves the other operations", func() {
		Expect(t.Fatals()).To(BeEmpty())
		Expect(t.Errors()).To(BeEmpty())
		srv.Handle("GET /ok/{id}", endpointtest.JSON(`{}`))
		srv.Handle("GET /things/{id}", endpointtest.JSON(`{}`))
		Expect(get("/ok/1")).To(Equal(http.StatusOK))
		Expect(get("/things/7")).To(Equal(http.StatusOK))
		Expect(t.Errors()).To(BeEmpty())
		calls := srv.Requests()
		Expect(calls).To(HaveLen(2))
		Expect(calls[1].Operation.ID).To(Equal("thing"))
	})

	It("lists them in Err, with the errors behind them", func() {
		err := srv.Err()
		Expect(err).To(MatchError(endpointtest.ErrRoute))
		var e *endpointtest.Error
		Expect(errors.As(err, &e)).To(BeTrue())
		Expect(e.Request).To(Equal("NewServer"))
		Expect(e.Problems).To(Equal([]string{
			`operation GET /bad/{a b} is left out: its path cannot be matched: at offset 7: invalid template: unacceptable variable name`,
			`operation POST /worse/%zz is left out: its path cannot be matched: at offset 7: invalid template: incomplete pct-encodeed`,
			`operation GET /things/{%24id} is left out: its path matches the same requests as GET /things/{$id}`,
		}))
		Expect(errors.Is(err, template.ErrSyntax)).To(BeTrue())
		var te *template.Error
		Expect(errors.As(err, &te)).To(BeTrue())
		Expect(te.Template).To(Equal("/bad/{a b}"))
		// Each call's own: changing one changes nothing for the next.
		e.Problems[0] = "changed"
		Expect(srv.Err().(*endpointtest.Error).Problems[0]).To(HavePrefix("operation GET /bad/{a b}"))
	})

	It("names those of a request's method when it finds no operation", func() {
		Expect(get("/bad/x")).To(Equal(http.StatusNotFound))
		Expect(t.Errors()).To(Equal([]string{"endpointtest: GET /bad/x: no operation of t matches this method and path" +
			" (the server leaves out GET /bad/{a b}, GET /things/{%24id}, whose path it cannot match: see Server.Err)"}))
		calls := srv.Requests()
		Expect(calls[0].Err).To(MatchError(endpointtest.ErrAPI))
	})

	It("says nothing of them to a request of another method", func() {
		resp, err := srv.Client().Head(srv.URL + "/bad/x")
		Expect(err).NotTo(HaveOccurred())
		readBody(resp)
		Expect(t.Errors()).To(HaveLen(1))
		Expect(t.Errors()[0]).NotTo(ContainSubstring("leaves out"))
	})

	It("has no Err when every operation is matched, or without a catalogue", func() {
		Expect(endpointtest.NewServer(t, endpointtest.WithCatalog(github.Catalog())).Err()).To(Succeed())
		Expect(endpointtest.NewServer(t).Err()).To(Succeed())
	})

	It("has the failed option's error in Err", func() {
		srv := endpointtest.NewServer(t, endpointtest.WithCatalog(nil))
		Expect(srv.Err()).To(MatchError(endpointtest.ErrRoute))
		Expect(srv.Err()).To(MatchError("endpointtest: NewServer: WithCatalog: nil catalogue"))
	})
})

// Paths were compiled as routes: {$id} failed NewServer, and {model}:generateContent
// matched its method as a variable.
var _ = Describe("a fake server over paths the builder reads as RFC 6570 alone", Label("regression"), func() {
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

// The server counts a request's headers as its required header parameters.
var _ = Describe("a fake server over a description with a required header parameter", Label("regression"), func() {
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
