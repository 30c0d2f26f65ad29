package endpointtest_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/catalog"
	"github.com/endpointkit/endpoint/catalog/openapi"
	"github.com/endpointkit/endpoint/endpointtest"
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
