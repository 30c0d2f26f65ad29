package endpointtest_test

import (
	"context"
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
