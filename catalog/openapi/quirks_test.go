package openapi_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/catalog"
	"github.com/endpointkit/endpoint/catalog/github"
	"github.com/endpointkit/endpoint/catalog/openapi"
)

// What vendors' descriptions write that a plain reading of OpenAPI gets
// wrong (issue 33's defects 1 to 7), each from a fragment of the
// description that showed it, built every way (Build, HTTPRequest,
// Parse(Merge()), Build("", Merge())).

// fragment is a description of one path item, with its operations.
func fragment(version, path, item string) []byte {
	return []byte(fmt.Sprintf(`{"openapi":%q,"info":{"title":"t","version":"1"},"paths":{%q:%s}}`, version, path, item))
}

// ok is an operation's responses, which 3.0 requires.
const ok = `"responses":{"200":{"description":"ok"}}`

// bodyOf is a JSON request body with these properties.
func bodyOf(props string) string {
	return `"requestBody":{"content":{"application/json":{"schema":{"type":"object","properties":{` + props + `}}}}}`
}

// quirk is a call of a fragment and the URL (after the base) and body
// it must give, or the error.
type quirk struct {
	doc    []byte
	route  string
	params builder.Params
	url    string
	body   string // JSON, "" for none
	err    string // the error's text, when it is refused
	opts   openapi.Options
}

var _ = Describe("vendors' descriptions, as sent", func() {
	DescribeTable("a call of a description fragment",
		func(q quirk) {
			c, err := openapi.LoadWith(q.doc, q.opts)
			Expect(err).NotTo(HaveOccurred())
			e := endpoint.Defaults(endpoint.WithCatalog(c), endpoint.WithBaseURL("https://api.example"))
			b := func() *builder.Builder {
				b := e.Route(q.route)
				for _, p := range q.params {
					b = b.Param(p.Name, p.Value)
				}
				return b
			}
			u, err := builtEveryWay(e, b)
			if q.err != "" {
				Expect(err).To(MatchError(q.err))
				return
			}
			Expect(err).NotTo(HaveOccurred())
			Expect(strings.TrimPrefix(u, "https://api.example")).To(Equal(q.url))
			ro, err := b().Build()
			Expect(err).NotTo(HaveOccurred())
			if q.body == "" {
				Expect(ro.Body).To(BeNil())
			} else {
				Expect(ro.Body).To(BeAssignableToTypeOf(json.RawMessage(nil)))
				Expect(ro.Body).To(MatchJSON(q.body))
			}
		},
		// Defect 1: a GET wrote a form list after its template, v6's way,
		// its commas encoded with its items (fields=a%2Cb%2Cc): an item
		// holding a comma was lost. Box's fields, Asana's opt_fields.
		Entry("defect 1: form, explode false, on a GET: items encoded, commas literal", quirk{
			doc:    fragment("3.0.2", "/folders/{folder_id}/items", `{"get":{"operationId":"get_folders_id_items","parameters":[{"name":"folder_id","in":"path","required":true,"schema":{"type":"string"}},{"name":"fields","in":"query","explode":false,"schema":{"type":"array","items":{"type":"string"}}},{"name":"limit","in":"query","schema":{"type":"integer"}}],`+ok+`}}`),
			route:  "GET /folders/{folder_id}/items",
			params: builder.Params{{Name: "folder_id", Value: "0"}, {Name: "fields", Value: []string{"a,b", "c"}}, {Name: "limit", Value: 5}},
			url:    "/folders/0/items?fields=a%2Cb,c&limit=5",
		}),
		Entry("defect 1: and a form object of a GET", quirk{
			doc:    fragment("3.1.0", "/items", `{"get":{"parameters":[{"name":"color","in":"query","explode":false,"schema":{"type":"object"}}],`+ok+`}}`),
			route:  "GET /items",
			params: builder.Params{{Name: "color", Value: builder.Params{{Name: "R", Value: 100}, {Name: "G", Value: "2,0"}}}},
			url:    "/items?color=R,100,G,2%2C0",
		}),
		Entry("defect 1: alike on a POST", quirk{
			doc:    fragment("3.0.2", "/files/{file_id}", `{"post":{"parameters":[{"name":"file_id","in":"path","required":true,"schema":{"type":"string"}},{"name":"fields","in":"query","explode":false,"schema":{"type":"array","items":{"type":"string"}}}],`+bodyOf(`"name":{"type":"string"}`)+`,`+ok+`}}`),
			route:  "POST /files/{file_id}",
			params: builder.Params{{Name: "file_id", Value: "7"}, {Name: "fields", Value: []string{"a,b", "c"}}, {Name: "name", Value: "n"}},
			url:    "/files/7?fields=a%2Cb,c",
			body:   `{"name":"n"}`,
		}),
		// Defect 2: Box and ReadMe name variants of a path after "#", which
		// was written into the URL: /files/7#get_shared_link?fields=…,
		// whose query a client never sends.
		Entry("defect 2: a path key with a fragment sends none", quirk{
			doc:    fragment("3.0.2", "/files/{file_id}#get_shared_link", `{"get":{"operationId":"get_files_id#get_shared_link","parameters":[{"name":"file_id","in":"path","required":true,"schema":{"type":"string"}},{"name":"fields","in":"query","required":true,"schema":{"type":"string"}}],`+ok+`}}`),
			route:  "GET /files/{file_id}#get_shared_link",
			params: builder.Params{{Name: "file_id", Value: "7"}, {Name: "fields", Value: "shared_link"}},
			url:    "/files/7?fields=shared_link",
		}),
		Entry("defect 2: nor by another name of its variable", quirk{
			doc:    fragment("3.0.2", "/files/{file_id}#get_shared_link", `{"get":{"parameters":[{"name":"file_id","in":"path","required":true,"schema":{"type":"string"}}],`+ok+`}}`),
			route:  "GET /files/{id}#get_shared_link",
			params: builder.Params{{Name: "id", Value: "7"}},
			url:    "/files/7",
		}),
		// Defect 3: OpenAI's beta operations are keyed /responses?beta=true,
		// which a route that names the key wrote twice.
		Entry("defect 3: a path key with a literal query, by the key", quirk{
			doc:    fragment("3.1.0", "/responses/{response_id}?beta=true", `{"get":{"operationId":"beta_getResponse","parameters":[{"name":"response_id","in":"path","required":true,"schema":{"type":"string"}},{"name":"include","in":"query","schema":{"type":"array","items":{"type":"string"}}}],`+ok+`}}`),
			route:  "GET /responses/{response_id}?beta=true",
			params: builder.Params{{Name: "response_id", Value: "r1"}, {Name: "include", Value: []string{"a", "b"}}},
			url:    "/responses/r1?beta=true&include=a&include=b",
		}),
		Entry("defect 3: by the key and more of the route's own query", quirk{
			doc:    fragment("3.1.0", "/responses/{response_id}?beta=true", `{"get":{"operationId":"beta_getResponse","parameters":[{"name":"response_id","in":"path","required":true,"schema":{"type":"string"}},{"name":"include","in":"query","schema":{"type":"array","items":{"type":"string"}}}],`+ok+`}}`),
			route:  "GET /responses/{response_id}?beta=true&stream=false",
			params: builder.Params{{Name: "response_id", Value: "r1"}, {Name: "include", Value: []string{"a"}}},
			url:    "/responses/r1?beta=true&stream=false&include=a",
		}),
		Entry("defect 3: by its operation ID", quirk{
			doc:    fragment("3.1.0", "/responses/{response_id}?beta=true", `{"get":{"operationId":"beta_getResponse","parameters":[{"name":"response_id","in":"path","required":true,"schema":{"type":"string"}},{"name":"include","in":"query","schema":{"type":"array","items":{"type":"string"}}}],`+ok+`}}`),
			route:  "beta_getResponse",
			params: builder.Params{{Name: "response_id", Value: "r1"}, {Name: "include", Value: []string{"a"}}},
			url:    "/responses/r1?beta=true&include=a",
		}),
		Entry("defect 3: by the key with other names, and with nothing else", quirk{
			doc:    fragment("3.1.0", "/responses/{response_id}?beta=true", `{"delete":{"operationId":"beta_deleteResponse","parameters":[{"name":"response_id","in":"path","required":true,"schema":{"type":"string"}}],`+ok+`}}`),
			route:  "DELETE /responses/{id}?beta=true",
			params: builder.Params{{Name: "id", Value: "r1"}},
			url:    "/responses/r1?beta=true",
		}),
		Entry("defect 3: a POST, whose template continues the key's query", quirk{
			doc:    fragment("3.1.0", "/responses?beta=true", `{"post":{"operationId":"beta_createResponse","parameters":[{"name":"limit","in":"query","schema":{"type":"integer"}}],`+bodyOf(`"model":{"type":"string"}`)+`,`+ok+`}}`),
			route:  "POST /responses?beta=true",
			params: builder.Params{{Name: "limit", Value: 5}, {Name: "model", Value: "m"}},
			url:    "/responses?beta=true&limit=5",
			body:   `{"model":"m"}`,
		}),
		// Defect 4: Kubernetes' proxy declares path in the path and in the
		// query; the one value a call gives was written to both.
		Entry("defect 4: a name in the path and the query is the path's, once", quirk{
			doc:    fragment("3.0.0", "/api/v1/nodes/{name}/proxy/{path}", `{"parameters":[{"in":"path","name":"name","required":true,"schema":{"type":"string"}},{"in":"path","name":"path","required":true,"schema":{"type":"string"}},{"in":"query","name":"path","schema":{"type":"string"}}],"post":{"operationId":"connectCoreV1PostNodeProxyWithPath",`+ok+`},"get":{"operationId":"connectCoreV1GetNodeProxyWithPath",`+ok+`}}`),
			route:  "POST /api/v1/nodes/{name}/proxy/{path}",
			params: builder.Params{{Name: "name", Value: "n1"}, {Name: "path", Value: "p1"}},
			url:    "/api/v1/nodes/n1/proxy/p1",
		}),
		Entry("defect 4: on a GET too", quirk{
			doc:    fragment("3.0.0", "/api/v1/nodes/{name}/proxy/{path}", `{"parameters":[{"in":"path","name":"name","required":true,"schema":{"type":"string"}},{"in":"path","name":"path","required":true,"schema":{"type":"string"}},{"in":"query","name":"path","schema":{"type":"string"}}],"get":{`+ok+`}}`),
			route:  "GET /api/v1/nodes/{name}/proxy/{path}",
			params: builder.Params{{Name: "name", Value: "n1"}, {Name: "path", Value: "p1"}},
			url:    "/api/v1/nodes/n1/proxy/p1",
		}),
		// Defect 5: GitHub's search rule kept q's "+" raw for every API,
		// which a server reads as a space.
		Entry("defect 5: q is a query parameter like any other (Okta's users)", quirk{
			doc:    fragment("3.0.3", "/api/v1/users", `{"get":{"operationId":"listUsers","parameters":[{"name":"q","in":"query","schema":{"type":"string"}},{"name":"limit","in":"query","schema":{"type":"integer"}}],`+ok+`}}`),
			route:  "GET /api/v1/users",
			params: builder.Params{{Name: "q", Value: "c++ & go"}, {Name: "limit", Value: 2}},
			url:    "/api/v1/users?q=c%2B%2B%20%26%20go&limit=2",
		}),
		// Defect 6: a body on a method the builder sends none for had its
		// members moved to the query.
		Entry("defect 6: a body member of a GET is refused, and says why", quirk{
			doc:   fragment("3.1.0", "/search", `{"get":{"operationId":"search","parameters":[{"name":"limit","in":"query","schema":{"type":"integer"}}],`+bodyOf(`"query":{"type":"string"}`)+`,`+ok+`}}`),
			route: "GET /search", params: builder.Params{{Name: "limit", Value: 1}, {Name: "query", Value: "x"}},
			err: `endpoint: check "GET /search": parameter "query": a member of the request body, which the builder sends only for POST, PUT, PATCH and DELETE, not GET: it cannot be sent, so the call is refused rather than sent without it`,
		}),
		Entry("defect 6: and so is one of an OPTIONS (Box's upload preflight), even an open body's", quirk{
			doc:   fragment("3.0.2", "/files/content", `{"options":{"operationId":"options_files_content","requestBody":{"content":{"application/json":{"schema":{"type":"object","additionalProperties":true}}}},`+ok+`}}`),
			route: "OPTIONS /files/content", params: builder.Params{{Name: "name", Value: "a.txt"}},
			err: `endpoint: check "OPTIONS /files/content": parameter "name": a member of the request body, which the builder sends only for POST, PUT, PATCH and DELETE, not OPTIONS: it cannot be sent, so the call is refused rather than sent without it`,
		}),
		Entry("defect 6: a GET without its optional body is sent", quirk{
			doc:   fragment("3.1.0", "/search", `{"get":{"parameters":[{"name":"limit","in":"query","schema":{"type":"integer"}}],`+bodyOf(`"query":{"type":"string"}`)+`,`+ok+`}}`),
			route: "GET /search", params: builder.Params{{Name: "limit", Value: 1}},
			url: "/search?limit=1",
		}),
		// What OpenAPI cannot say: an array under deepObject (Stripe's
		// expand), sent indexed when the description is loaded so.
		Entry("a deepObject array, with DeepObjectArrays", quirk{
			doc:    fragment("3.0.0", "/v1/customers", `{"get":{"operationId":"GetCustomers","parameters":[{"explode":true,"in":"query","name":"expand","schema":{"items":{"maxLength":5000,"type":"string"},"type":"array"},"style":"deepObject"},{"in":"query","name":"limit","schema":{"type":"integer"},"style":"form"}],`+ok+`}}`),
			route:  "GET /v1/customers",
			params: builder.Params{{Name: "expand", Value: []string{"data.default_source", "a b"}}, {Name: "limit", Value: 3}},
			url:    "/v1/customers?expand%5B0%5D=data.default_source&expand%5B1%5D=a%20b&limit=3",
			opts:   openapi.Options{DeepObjectArrays: true},
		}),
		Entry("a deepObject array without it: refused, saying how to send it", quirk{
			doc:    fragment("3.0.0", "/v1/customers", `{"get":{"operationId":"GetCustomers","parameters":[{"explode":true,"in":"query","name":"expand","schema":{"items":{"type":"string"},"type":"array"},"style":"deepObject"}],`+ok+`}}`),
			route:  "GET /v1/customers",
			params: builder.Params{{Name: "expand", Value: []string{"customer"}}},
			err: `endpoint: check "GET /v1/customers": parameter "expand": got array, want object (style deepObject, which OpenAPI defines for objects only): ` +
				`load the description with openapi.Options{DeepObjectArrays: true} to send expand[0]=a&expand[1]=b, or write the pairs in the route's query (?expand[]=a&expand[]=b)`,
		}),
		Entry("a deepObject array in the route's query, as that error says", quirk{
			doc:   fragment("3.0.0", "/v1/customers", `{"get":{"operationId":"GetCustomers","parameters":[{"explode":true,"in":"query","name":"expand","schema":{"items":{"type":"string"},"type":"array"},"style":"deepObject"},{"in":"query","name":"limit","schema":{"type":"integer"}}],`+ok+`}}`),
			route: "GET /v1/customers?expand[]=customer&expand[]=invoice", params: builder.Params{{Name: "limit", Value: 3}},
			url: "/v1/customers?expand[]=customer&expand[]=invoice&limit=3",
		}),
		// A cookie parameter is not sent as a parameter: the builder sends
		// no cookies, and the error says what to do.
		Entry("a cookie parameter is refused, saying to set a Cookie header", quirk{
			doc:   fragment("3.0.3", "/cookies", `{"get":{"parameters":[{"name":"sid","in":"cookie","schema":{"type":"string"}}],`+ok+`}}`),
			route: "GET /cookies", params: builder.Params{{Name: "sid", Value: "s1"}},
			err: `endpoint: check "GET /cookies": parameter "sid": a cookie parameter, which is not sent as a parameter: set it in a Cookie header`,
		}),
	)

	It("finds a variant and a beta operation by their keys, and keeps them apart from the plain operation", func() {
		c, err := openapi.Load([]byte(`{"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{
			"/files/{file_id}":{"get":{"operationId":"get_files_id",` + ok + `}},
			"/files/{file_id}#get_shared_link":{"get":{"operationId":"get_files_id#get_shared_link",` + ok + `}},
			"/responses/{response_id}":{"get":{"operationId":"getResponse",` + ok + `}},
			"/responses/{response_id}?beta=true":{"get":{"operationId":"beta_getResponse",` + ok + `}}}}`))
		Expect(err).NotTo(HaveOccurred())
		for key, id := range map[string]string{
			"/files/{file_id}": "get_files_id", "/files/{file_id}#get_shared_link": "get_files_id#get_shared_link", "/files/{id}#get_shared_link": "get_files_id#get_shared_link",
			"/responses/{response_id}": "getResponse", "/responses/{response_id}?beta=true": "beta_getResponse", "/responses/{rid}?beta=true": "beta_getResponse",
		} {
			op, err := c.Lookup("GET", key)
			Expect(err).NotTo(HaveOccurred(), key)
			Expect(op.ID).To(Equal(id), key)
		}
		byID, err := c.ByID("beta_getResponse")
		Expect(err).NotTo(HaveOccurred())
		Expect(byID.Template()).To(Equal("/responses/{response_id}?beta=true"))
		byKey, err := c.Lookup("GET", "/responses/{response_id}?beta=true")
		Expect(err).NotTo(HaveOccurred())
		Expect(byKey).To(BeIdenticalTo(byID))
		variant, err := c.ByID("get_files_id#get_shared_link")
		Expect(err).NotTo(HaveOccurred())
		Expect(variant.Path).To(Equal("/files/{file_id}#get_shared_link"))
		Expect(variant.Template()).To(Equal("/files/{file_id}"))
	})

	It("refuses a body a GET cannot send, whole, and a required one's missing members say why", func() {
		c, err := openapi.Load(fragment("3.1.0", "/search", `{"get":{"operationId":"search","requestBody":{"required":true,"content":{"application/json":{"schema":{"type":"object","required":["query"],"properties":{"query":{"type":"string"}}}}}},`+ok+`}}`))
		Expect(err).NotTo(HaveOccurred())
		e := endpoint.Defaults(endpoint.WithCatalog(c), endpoint.WithBaseURL("https://api.example"))
		_, err = e.Route("search").Build()
		Expect(err).To(MatchError(catalog.ErrMissingParam))
		Expect(err).To(MatchError(`endpoint: check "GET /search": missing required parameter "query" (the request body's, which the builder sends only for POST, PUT, PATCH and DELETE, not GET)`))
		_, err = e.Route("search").Data(map[string]any{"query": "x"}).Build()
		Expect(err).To(MatchError(catalog.ErrUnknownParam))
		_, err = e.Route("search").Data("query=x").Build()
		Expect(err).To(MatchError(builder.ErrDataNotAllowed)) // a body not looked into: the builder's own refusal
	})
})

// Issue 33's rules that the builder and the catalogue keep together: the
// builder refuses an empty value before more of the path and sets the
// catalogue's accept header, and the catalogue says which path values
// are missing and what accept a description asks for, and the builder
// writes a header parameter as StyledValue gives it.
var _ = Describe("issue 33 through the builder", func() {
	It("refuses an empty value in the middle of a path, with and without a catalogue: never a // (issue 33, the //)", func() {
		gh := endpoint.Defaults(endpoint.WithCatalog(github.Catalog()))
		for _, e := range []*builder.Endpoint{endpoint.Defaults(), gh} {
			_, err := e.Route("GET /repos/{owner}/{repo}/issues").Param("owner", "").Param("repo", "r").Build()
			Expect(err).To(MatchError(builder.ErrMissingParam))
			Expect(err).To(MatchError(ContainSubstring(`"owner"`)))
		}
		// With a catalogue, a required path parameter given "" is missing
		// wherever it stands, but for a multi-segment one (x-multi-segment).
		_, err := gh.Route("DELETE /repos/{owner}/{repo}").Param("owner", "o").Param("repo", "").Build()
		Expect(err).To(MatchError(builder.ErrMissingParam))
		ro, err := gh.Route("GET /repos/{owner}/{repo}/contents/{path}").Param("owner", "o").Param("repo", "r").Param("path", "").Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(ro.URL).To(Equal("https://api.github.com/repos/o/r/contents/")) // the root, as v6 lists it
		c, err := openapi.Load(fragment("3.1.0", "/files/{id}", `{"delete":{"parameters":[{"name":"id","in":"path","required":true,"schema":{"type":"string"}}],`+ok+`}}`))
		Expect(err).NotTo(HaveOccurred())
		_, err = endpoint.Defaults(endpoint.WithCatalog(c)).Route("DELETE /files/{id}").Param("id", "").Build()
		Expect(err).To(MatchError(builder.ErrMissingParam))
	})

	It("sends what a description other than GitHub's asks for, not GitHub's media type (issue 33, defect 10)", func() {
		okta, err := openapi.Load(fragment("3.0.3", "/api/v1/users", `{"get":{"operationId":"listUsers","parameters":[{"name":"q","in":"query","schema":{"type":"string"}}],`+
			`"responses":{"200":{"description":"ok","content":{"application/json":{"schema":{"type":"array","items":{"type":"object"}}}}}}},`+
			`"post":{"operationId":"createUser",`+bodyOf(`"profile":{"type":"object"}`)+`,"responses":{"200":{"description":"ok","content":{"application/json":{"schema":{"type":"object"}}}}}}}`))
		Expect(err).NotTo(HaveOccurred())
		e := endpoint.Defaults(endpoint.WithCatalog(okta), endpoint.WithBaseURL("https://example.okta.com"))
		for _, b := range []*builder.Builder{e.Route("GET /api/v1/users").Param("q", "a"), e.Route("POST /api/v1/users").Param("profile", map[string]any{})} {
			ro, err := b.Build()
			Expect(err).NotTo(HaveOccurred())
			Expect(ro.Headers).To(HaveKeyWithValue("accept", "application/json"))
			req, err := b.HTTPRequest(context.Background())
			Expect(err).NotTo(HaveOccurred())
			Expect(req.Header.Get("Accept")).To(Equal("application/json"))
		}
		// A call's own accept header stays the call's.
		ro, err := e.Route("GET /api/v1/users").Header("accept", "application/xml").Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(ro.Headers).To(HaveKeyWithValue("accept", "application/xml"))
		// GitHub's own keeps its defaults.
		ro, err = endpoint.Defaults(endpoint.WithCatalog(github.Catalog())).Route("GET /user").Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(ro.Headers).To(HaveKeyWithValue("accept", "application/vnd.github.v3+json"))
	})

	// The template writes the key's literal query; the builder leaves out
	// of a route's query the pairs the template writes already.
	It("finds a key with a literal query as the operation itself (defect 3)", func() {
		c, err := openapi.Load(fragment("3.1.0", "/responses/{response_id}?beta=true", `{"get":{"operationId":"beta_getResponse","parameters":[{"name":"response_id","in":"path","required":true,"schema":{"type":"string"}}],`+ok+`}}`))
		Expect(err).NotTo(HaveOccurred())
		byID, err := c.ByID("beta_getResponse")
		Expect(err).NotTo(HaveOccurred())
		byKey, err := c.Lookup("GET", "/responses/{response_id}?beta=true")
		Expect(err).NotTo(HaveOccurred())
		Expect(byKey).To(BeIdenticalTo(byID))
		Expect(byKey.Template()).To(Equal("/responses/{response_id}?beta=true"))
	})

	It("writes an object header parameter as OpenAPI's simple style does (issue 33, defect 7)", func() {
		for explode, want := range map[bool]string{false: "R,100,G,200", true: "R=100,G=200"} {
			c, err := openapi.Load(fragment("3.1.0", "/anything/headers", fmt.Sprintf(`{"get":{"parameters":[{"name":"X-Color","in":"header","explode":%t,"schema":{"type":"object"}}],`+ok+`}}`, explode)))
			Expect(err).NotTo(HaveOccurred())
			e := endpoint.Defaults(endpoint.WithCatalog(c), endpoint.WithBaseURL("https://api.example"))
			b := func() *builder.Builder {
				return e.Route("GET /anything/headers").Param("X-Color", builder.Params{{Name: "R", Value: 100}, {Name: "G", Value: 200}, {Name: "B", Value: nil}})
			}
			u, err := builtEveryWay(e, b)
			Expect(err).NotTo(HaveOccurred())
			Expect(u).To(Equal("https://api.example/anything/headers"))
			ro, err := b().Build()
			Expect(err).NotTo(HaveOccurred())
			Expect(ro.Headers).To(HaveKeyWithValue("x-color", want))
			req, err := b().HTTPRequest(context.Background())
			Expect(err).NotTo(HaveOccurred())
			Expect(req.Header.Get("X-Color")).To(Equal(want))
		}
	})
})
