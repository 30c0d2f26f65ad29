package openapi_test

import (
	"context"
	"encoding/json"
	"errors"
	"os"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/catalog"
	"github.com/endpointkit/endpoint/catalog/openapi"
)

// An Endpoint checked against an OpenAPI 3.1 description that is not
// GitHub's: header parameters, its own servers, nullable enums.
var _ = Describe("an Endpoint with an OpenAPI 3.1 catalogue", func() {
	var pets *builder.Endpoint

	BeforeEach(func() {
		data, err := os.ReadFile("testdata/petstore-3.1.json")
		Expect(err).NotTo(HaveOccurred())
		c, err := openapi.Load(data)
		Expect(err).NotTo(HaveOccurred())
		pets = endpoint.Defaults(endpoint.WithBaseURL(c.DefaultServer()), endpoint.WithCatalog(c))
	})

	It("routes a header parameter to the headers and query ones to the query", func() {
		r, err := pets.Route("GET /pets").Param("status", "sold").Param("limit", 5).Param("X-Request-Id", "a").Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(r.URL).To(Equal("https://pets.example.com/v2/pets?status=sold&limit=5"))
		Expect(r.Headers).To(HaveKeyWithValue("x-request-id", "a"))
	})

	It("checks a header parameter's enum", func() {
		_, err := pets.Route("GET /pets").Param("X-Request-Id", "c").Build()
		Expect(err).To(MatchError(catalog.ErrEnum))
	})

	It("sends an operation with its own server there", func() {
		r, err := pets.Route("pets/upload-photo").Param("petId", 3).Param("caption", "hi").Data([]byte("jpg")).Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(r.Method).To(Equal("post"))
		Expect(r.URL).To(Equal("https://uploads.pets.example.com/v2/pets/3/photo?caption=hi"))
	})

	It("checks body types, nullable values and required fields", func() {
		r, err := pets.Route("POST /pets").Param("name", "Rex").Param("kind", "dog").Param("tag", nil).Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(string(r.Body.(json.RawMessage))).To(Equal(`{"name":"Rex","kind":"dog","tag":null}`))
		_, err = pets.Route("POST /pets").Param("name", "Rex").Param("kind", "dog").Param("age", "old").Build()
		Expect(err).To(MatchError(catalog.ErrType))
		_, err = pets.Route("POST /pets").Param("name", "Rex").Build()
		Expect(err).To(MatchError(catalog.ErrMissingParam))
	})
})

// A colon in a description's path (Google's {model}:generateContent) was read as
// v6's :name: the URL lost the method, silently.
var _ = Describe("a colon in a description's path", Label("regression"), func() {
	c, err := openapi.Load([]byte(`{"openapi":"3.0.3","info":{"title":"t","version":"1"},"paths":{
		"/v1/models/{model}:generateContent":{"post":{"operationId":"models/generate-content",
			"parameters":[{"name":"model","in":"path","required":true,"schema":{"type":"string"}},{"name":"alt","in":"query","schema":{"type":"string"}}],
			"requestBody":{"content":{"application/json":{"schema":{"type":"object","properties":{"prompt":{"type":"string"}}}}}},
			"responses":{"200":{"description":"ok"}}}},
		"/v1/documents:analyzeEntities":{"get":{"operationId":"documents/analyze-entities",
			"parameters":[{"name":"q","in":"query","schema":{"type":"string"}}],"responses":{"200":{"description":"ok"}}}}}}`))

	DescribeTable("stays in the URL",
		func(route string, params map[string]any, want, body string) {
			Expect(err).NotTo(HaveOccurred())
			e := builder.New(builder.WithCatalog(c), builder.WithBaseURL("https://api.example"))
			for range 2 { // the second call takes the route memo's way
				ro, err := e.Route(route).Params(params).Build()
				Expect(err).NotTo(HaveOccurred())
				Expect(ro.URL).To(Equal(want))
				if body != "" {
					Expect(ro.Body).To(MatchJSON(body))
				}
			}
		},
		Entry("after a variable", "POST /v1/models/{model}:generateContent",
			map[string]any{"model": "gemini", "prompt": "hi", "alt": "json"}, "https://api.example/v1/models/gemini:generateContent?alt=json", `{"prompt":"hi"}`),
		Entry("after a variable, by ID", "models/generate-content",
			map[string]any{"model": "gemini", "prompt": "hi"}, "https://api.example/v1/models/gemini:generateContent", `{"prompt":"hi"}`),
		Entry("after a variable, renamed", "POST /v1/models/{m}:generateContent",
			map[string]any{"m": "gemini"}, "https://api.example/v1/models/gemini:generateContent", ""),
		Entry("after a literal", "GET /v1/documents:analyzeEntities",
			map[string]any{"q": "x"}, "https://api.example/v1/documents:analyzeEntities?q=x", ""),
		Entry("after a literal, by ID", "documents/analyze-entities",
			map[string]any{}, "https://api.example/v1/documents:analyzeEntities", ""),
	)

	It("stays in the URL of an http.Request, and of Parse(Merge())", func() {
		e := builder.New(builder.WithCatalog(c), builder.WithBaseURL("https://api.example"))
		req, err := e.Route("models/generate-content").Param("model", "gemini").HTTPRequest(context.Background())
		Expect(err).NotTo(HaveOccurred())
		Expect(req.URL.String()).To(Equal("https://api.example/v1/models/gemini:generateContent"))
		o, err := e.Route("GET /v1/documents:analyzeEntities").Param("q", "x").Merge()
		Expect(err).NotTo(HaveOccurred())
		ro, err := e.Parse(o)
		Expect(err).NotTo(HaveOccurred())
		Expect(ro.URL).To(Equal("https://api.example/v1/documents:analyzeEntities?q=x"))
	})

	It("is still v6's placeholder in a route built without a catalogue", func() {
		ro, err := builder.New(builder.WithBaseURL("https://api.example")).Route("GET /orgs/:org/repos").Param("org", "o").Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(ro.URL).To(Equal("https://api.example/orgs/o/repos"))
	})
})

// A one-word operation ID (findPets), as most descriptions but GitHub's have,
// was refused as an invalid route.
var _ = Describe("an operation ID of one word", Label("regression"), func() {
	c, err := openapi.Load([]byte(`{"openapi":"3.0.3","info":{"title":"t","version":"1"},"paths":{
		"/pets":{"get":{"operationId":"findPets",
			"parameters":[{"name":"limit","in":"query","schema":{"type":"integer"}}],"responses":{"200":{"description":"ok"}}},
			"post":{"operationId":"addPet",
			"requestBody":{"content":{"application/json":{"schema":{"type":"object","required":["name"],"properties":{"name":{"type":"string"}}}}}},
			"responses":{"200":{"description":"ok"}}}},
		"/user":{"get":{"operationId":"getUser","responses":{"200":{"description":"ok"}}}}}}`))
	var e *builder.Endpoint
	BeforeEach(func() {
		Expect(err).NotTo(HaveOccurred())
		e = builder.New(builder.WithCatalog(c), builder.WithBaseURL("https://api.example"), builder.WithMethod("GET"))
	})

	It("is a route with a catalogue, in every way to build", func() {
		ro, err := e.Route("findPets").Param("limit", 5).Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(ro.Method).To(Equal("get"))
		Expect(ro.URL).To(Equal("https://api.example/pets?limit=5"))

		ro, err = e.Route("addPet").Param("name", "rex").Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(ro.Method).To(Equal("post"))
		Expect(ro.URL).To(Equal("https://api.example/pets"))
		Expect(ro.Body).To(MatchJSON(`{"name":"rex"}`))

		req, err := e.Route("addPet").Param("name", "rex").HTTPRequest(context.Background())
		Expect(err).NotTo(HaveOccurred())
		Expect(req.Method).To(Equal("POST"))
		Expect(req.URL.String()).To(Equal("https://api.example/pets"))

		o, err := e.Route("findPets").Param("limit", 5).Merge()
		Expect(err).NotTo(HaveOccurred())
		ro, err = e.Parse(o)
		Expect(err).NotTo(HaveOccurred())
		Expect(ro.URL).To(Equal("https://api.example/pets?limit=5"))
	})

	It("is still checked: an unknown parameter is the catalogue's error", func() {
		_, err := e.Route("findPets").Param("limt", 5).Build()
		Expect(errors.Is(err, catalog.ErrUnknownParam)).To(BeTrue(), "%v", err)
		_, err = e.Route("addPet").Param("nmae", "rex").Build()
		Expect(errors.Is(err, catalog.ErrUnknownParam)).To(BeTrue(), "%v", err)
		Expect(err).To(MatchError(ContainSubstring("name")))
	})

	It("is a path first after a method, and an unknown word stays an error", func() {
		_, err := e.Route("GET user").Build()
		Expect(err).To(MatchError(ContainSubstring("did you mean GET /user")))
		_, err = e.Route("nosuchOperation").Build()
		Expect(err).To(HaveOccurred())
	})

	It("is no route without a catalogue", func() {
		_, err := builder.New(builder.WithBaseURL("https://api.example")).Route("findPets").Build()
		Expect(errors.Is(err, builder.ErrInvalidRoute)).To(BeTrue(), "%v", err)
	})
})

// A path parameter whose name is no RFC 6570 variable name ($id, id-) made the
// operation's template invalid: no call could be built.
var _ = Describe("a path parameter whose name is no template variable name", Label("regression"), func() {
	c, err := openapi.Load([]byte(`{"openapi":"3.0.3","info":{"title":"t","version":"1"},"paths":{
		"/things/{$id}":{"get":{"operationId":"getThing",
			"parameters":[{"name":"$id","in":"path","required":true,"schema":{"type":"string"}},{"name":"q","in":"query","schema":{"type":"string"}}],
			"responses":{"200":{"description":"ok"}}},
			"patch":{"operationId":"updateThing",
			"parameters":[{"name":"$id","in":"path","required":true,"schema":{"type":"string"}}],
			"requestBody":{"content":{"application/json":{"schema":{"type":"object","properties":{"name":{"type":"string"}}}}}},
			"responses":{"200":{"description":"ok"}}}},
		"/parts/{part-}/{id}":{"get":{"operationId":"getPart",
			"parameters":[{"name":"part-","in":"path","required":true,"schema":{"type":"string"}},{"name":"id","in":"path","required":true,"schema":{"type":"integer"}}],
			"responses":{"200":{"description":"ok"}}}}}}`))
	var e *builder.Endpoint
	BeforeEach(func() {
		Expect(err).NotTo(HaveOccurred())
		e = builder.New(builder.WithCatalog(c), builder.WithBaseURL("https://api.example"))
	})

	DescribeTable("fills the path from the parameter as given, every way",
		func(route string, params builder.Params, want, body string) {
			b := func() *builder.Builder {
				b := e.Route(route)
				for _, p := range params {
					b = b.Param(p.Name, p.Value)
				}
				return b
			}
			for range 2 { // the second call may take the route memo's way
				ro, err := b().Build()
				Expect(err).NotTo(HaveOccurred())
				Expect(ro.URL).To(Equal(want))
				if body != "" {
					Expect(ro.Body).To(MatchJSON(body))
				}
				req, err := b().HTTPRequest(context.Background())
				Expect(err).NotTo(HaveOccurred())
				Expect(req.URL.String()).To(Equal(want))
			}
			o, err := b().Merge()
			Expect(err).NotTo(HaveOccurred())
			ro, err := e.Parse(o)
			Expect(err).NotTo(HaveOccurred())
			Expect(ro.URL).To(Equal(want))
			ro, err = e.Build("", o)
			Expect(err).NotTo(HaveOccurred())
			Expect(ro.URL).To(Equal(want))
		},
		Entry("by route", "GET /things/{$id}", builder.Params{{Name: "$id", Value: "a b"}, {Name: "q", Value: "x"}}, "https://api.example/things/a%20b?q=x", ""),
		Entry("by ID", "getThing", builder.Params{{Name: "$id", Value: "7"}}, "https://api.example/things/7", ""),
		Entry("with a body", "updateThing", builder.Params{{Name: "$id", Value: "7"}, {Name: "name", Value: "n"}}, "https://api.example/things/7", `{"name":"n"}`),
		Entry("beside another", "getPart", builder.Params{{Name: "id", Value: 2}, {Name: "part-", Value: "p"}}, "https://api.example/parts/p/2", ""),
	)
})

// A query name that is no variable name (include[], $filter) made a body method's
// {?…} template invalid: no call could be built.
var _ = Describe("a query parameter whose name is no template variable name", Label("regression"), func() {
	c, err := openapi.Load([]byte(`{"openapi":"3.0.3","info":{"title":"t","version":"1"},"paths":{
		"/runs":{"post":{"operationId":"createRun",
			"parameters":[{"name":"include[]","in":"query","schema":{"type":"array","items":{"type":"string"}}},
				{"name":"$filter","in":"query","schema":{"type":"string"}},{"name":"plain","in":"query","schema":{"type":"string"}}],
			"requestBody":{"content":{"application/json":{"schema":{"type":"object","properties":{"model":{"type":"string"}}}}}},
			"responses":{"200":{"description":"ok"}}},
			"get":{"operationId":"listRuns",
			"parameters":[{"name":"include[]","in":"query","schema":{"type":"array","items":{"type":"string"}}}],
			"responses":{"200":{"description":"ok"}}}}}}`))
	var e *builder.Endpoint
	BeforeEach(func() {
		Expect(err).NotTo(HaveOccurred())
		e = builder.New(builder.WithCatalog(c), builder.WithBaseURL("https://api.example"))
	})
	const want = "https://api.example/runs?include%5B%5D=a&include%5B%5D=b&%24filter=x%20eq%201&plain=p" // an array query parameter explodes by default

	It("goes to the query of a POST, by route and by ID, in one step and two", func() {
		for _, route := range []string{"POST /runs", "createRun"} {
			for range 2 { // the second call may take the route memo's way
				ro, err := e.Route(route).Param("include[]", []string{"a", "b"}).Param("$filter", "x eq 1").
					Param("plain", "p").Param("model", "m").Build()
				Expect(err).NotTo(HaveOccurred(), route)
				Expect(ro.URL).To(Equal(want))
				Expect(ro.Body).To(MatchJSON(`{"model":"m"}`))
			}
			req, err := e.Route(route).Param("include[]", []string{"a", "b"}).Param("$filter", "x eq 1").
				Param("plain", "p").Param("model", "m").HTTPRequest(context.Background())
			Expect(err).NotTo(HaveOccurred())
			Expect(req.URL.String()).To(Equal(want))
			Expect(req.URL.Query()["include[]"]).To(Equal([]string{"a", "b"}))
			Expect(req.URL.Query().Get("$filter")).To(Equal("x eq 1"))
		}
		ro, err := e.BuildJSON("createRun", []byte(`{"include[]":["a","b"],"$filter":"x eq 1","plain":"p","model":"m"}`))
		Expect(err).NotTo(HaveOccurred())
		Expect(ro.URL).To(Equal(want))
	})

	It("agrees with Parse(Merge(…))", func() {
		o, err := e.Route("POST /runs").Param("include[]", []string{"a", "b"}).Param("$filter", "x eq 1").Param("plain", "p").Merge()
		Expect(err).NotTo(HaveOccurred())
		ro, err := e.Parse(o)
		Expect(err).NotTo(HaveOccurred())
		Expect(ro.URL).To(Equal(want))
	})

	It("goes to a GET's query too", func() {
		ro, err := e.Route("GET /runs").Param("include[]", []string{"a", "b"}).Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(ro.URL).To(Equal("https://api.example/runs?include%5B%5D=a&include%5B%5D=b"))
	})
})

// Such a query name was renamed to its encoded form by the check: a required one
// was missing though given, and Merge's options did not build again.
var _ = Describe("a query parameter whose name is no template variable name, after the check", Label("regression"), func() {
	c, err := openapi.Load([]byte(`{"openapi":"3.0.3","info":{"title":"t","version":"1"},"paths":{
		"/runs":{"post":{"operationId":"createRun",
			"parameters":[{"name":"$filter","in":"query","required":true,"schema":{"type":"string"}},
				{"name":"$select","in":"query","schema":{"type":"string"}}],
			"requestBody":{"content":{"application/json":{"schema":{"type":"object","properties":{"model":{"type":"string"}}}}}},
			"responses":{"200":{"description":"ok"}}},
			"get":{"operationId":"listRuns",
			"parameters":[{"name":"include[]","in":"query","required":true,"schema":{"type":"array","items":{"type":"string"}}}],
			"responses":{"200":{"description":"ok"}}}}}}`))
	var e *builder.Endpoint
	BeforeEach(func() {
		Expect(err).NotTo(HaveOccurred())
		e = builder.New(builder.WithCatalog(c), builder.WithBaseURL("https://api.example"))
	})

	DescribeTable("is found when required, kept as given by Merge, and built the same every way",
		func(route string, params builder.Params, want string) {
			b := func() *builder.Builder {
				b := e.Route(route)
				for _, p := range params {
					b = b.Param(p.Name, p.Value)
				}
				return b
			}
			ro, err := b().Build()
			Expect(err).NotTo(HaveOccurred())
			Expect(ro.URL).To(Equal(want))
			req, err := b().HTTPRequest(context.Background())
			Expect(err).NotTo(HaveOccurred())
			Expect(req.URL.String()).To(Equal(want))

			o, err := b().Merge()
			Expect(err).NotTo(HaveOccurred())
			for _, p := range params {
				_, ok := o.Params.Get(p.Name)
				Expect(ok).To(BeTrue(), "Merge keeps %q", p.Name)
			}
			ro, err = e.Parse(o)
			Expect(err).NotTo(HaveOccurred())
			Expect(ro.URL).To(Equal(want))
			ro, err = e.Build("", o)
			Expect(err).NotTo(HaveOccurred())
			Expect(ro.URL).To(Equal(want))
		},
		Entry("a POST's", "POST /runs", builder.Params{{Name: "$filter", Value: "x eq 1"}}, "https://api.example/runs?%24filter=x%20eq%201"),
		Entry("by its ID", "createRun", builder.Params{{Name: "$filter", Value: "x eq 1"}}, "https://api.example/runs?%24filter=x%20eq%201"),
		Entry("beside an optional one", "POST /runs", builder.Params{{Name: "$select", Value: "id"}, {Name: "$filter", Value: "x eq 1"}},
			"https://api.example/runs?%24filter=x%20eq%201&%24select=id"),
		Entry("a GET's exploded array", "GET /runs", builder.Params{{Name: "include[]", Value: []string{"a", "b"}}}, "https://api.example/runs?include%5B%5D=a&include%5B%5D=b"),
		Entry("with a literal query", "GET /runs?x=1", builder.Params{{Name: "include[]", Value: []string{"a"}}}, "https://api.example/runs?x=1&include%5B%5D=a"),
	)

	It("is still missing when it is not given", func() {
		_, err := e.Route("POST /runs").Param("model", "m").Build()
		Expect(err).To(MatchError(ContainSubstring(`missing required parameter "$filter"`)))
	})
})
