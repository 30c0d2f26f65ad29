package builder_test

// How a catalogue checks and places a call's parameters: headers, required
// members, nil and empty values.

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/catalog"
	"github.com/endpointkit/endpoint/catalog/github"
	"github.com/endpointkit/endpoint/catalog/openapi"
	"github.com/endpointkit/endpoint/headers"
)

// A header parameter was written without the header checks (CR LF reached the
// headers), an array as "" and nil as "null".
var _ = Describe("a header parameter a catalogue places", Label("regression"), func() {
	c, err := openapi.Load([]byte(`{"openapi":"3.0.3","info":{"title":"t","version":"1"},"paths":{
		"/items":{"get":{"operationId":"listItems","parameters":[
			{"name":"X-Api-Key","in":"header","required":true,"schema":{"type":"string"}},
			{"name":"X-Tags","in":"header","schema":{"type":"array","items":{"type":"string"}}}],
			"responses":{"200":{"description":"ok"}}}}}}`))
	e := builder.New(builder.WithBaseURL("https://h.example"), builder.WithMethod("GET"), builder.WithCatalog(c))
	ctx := context.Background()

	BeforeEach(func() { Expect(err).NotTo(HaveOccurred()) })

	DescribeTable("with a control byte is refused, in one step and two",
		func(name string, v any) {
			call := func() *builder.Builder {
				b := e.Route("GET /items")
				if name != "X-Api-Key" {
					b = b.Param("X-Api-Key", "k")
				}
				return b.Param(name, v)
			}
			r, err := call().Build()
			Expect(errors.Is(err, headers.ErrInvalidValue)).To(BeTrue(), "Build: %v, headers %q", err, r.Headers)
			Expect(err.Error()).NotTo(ContainSubstring("SECRET"))
			var be *builder.Error
			Expect(errors.As(err, &be)).To(BeTrue())

			req, err := call().HTTPRequest(ctx)
			Expect(errors.Is(err, headers.ErrInvalidValue)).To(BeTrue(), "one step: %v, request %v", err, req)
		},
		Entry("CR LF", "X-Api-Key", "SECRET\r\nx-evil: 1"),
		Entry("DEL", "X-Api-Key", "SECRET\x7f"),
		Entry("LF in an array item", "X-Tags", []string{"a", "SECRET\nb"}),
	)

	It("sends an array comma-separated, in one step and two", func() {
		r, err := e.Route("GET /items").Param("X-Api-Key", "k").Param("X-Tags", []any{"a", nil, "b", 3}).Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(r.Headers).To(HaveKeyWithValue("x-tags", "a,b,3"))

		req, err := e.Route("GET /items").Param("X-Api-Key", "k").Param("X-Tags", []string{"a", "b"}).HTTPRequest(ctx)
		Expect(err).NotTo(HaveOccurred())
		Expect(req.Header.Values("X-Tags")).To(Equal([]string{"a,b"}))
	})

	It("sends no header for nil, nor for an array of nils or of nothing", func() {
		for _, v := range []any{nil, []any{nil}, []string{}} {
			r, err := e.Route("GET /items").Param("X-Api-Key", "k").Param("X-Tags", v).Build()
			Expect(err).NotTo(HaveOccurred(), "%#v", v)
			Expect(r.Headers).NotTo(HaveKey("x-tags"), "%#v", v)
			Expect(r.Headers).To(HaveKeyWithValue("x-api-key", "k"))
		}
	})

	It("finds a required header given as nil missing", func() {
		_, err := e.Route("GET /items").Param("X-Api-Key", nil).Build()
		Expect(errors.Is(err, catalog.ErrMissingParam)).To(BeTrue(), "%v", err)
	})

	It("refuses an array inside an array", func() {
		_, err := e.Route("GET /items").Param("X-Api-Key", "k").Param("X-Tags", []any{[]any{"a"}}).Build()
		Expect(err).To(HaveOccurred())
	})

	It("still sends a scalar as its text", func() {
		for v, want := range map[any]string{"k": "k", 12: "12", true: "true", "a\tb": "a\tb"} {
			req, err := e.Route("GET /items").Param("X-Api-Key", v).HTTPRequest(ctx)
			Expect(err).NotTo(HaveOccurred())
			Expect(req.Header).To(HaveKeyWithValue("X-Api-Key", []string{want}))
			Expect(req.Header).NotTo(HaveKey(http.CanonicalHeaderKey("x-tags")))
		}
	})
})

// A defaults parameter placed in a header replaced the call's own header, or
// brought back one the call removed.
var _ = Describe("a default header parameter and the call's header", Label("regression"), func() {
	c, err := openapi.Load([]byte(`{"openapi":"3.0.3","info":{"title":"t","version":"1"},"paths":{
		"/items":{"get":{"parameters":[
			{"name":"X-Api-Key","in":"header","required":true,"schema":{"type":"string"}}],
			"responses":{"200":{"description":"ok"}}}}}}`))
	e := builder.New(builder.WithBaseURL("https://h.example"), builder.WithCatalog(c), builder.WithParam("X-Api-Key", "default"))
	ctx := context.Background()

	BeforeEach(func() { Expect(err).NotTo(HaveOccurred()) })

	// key returns the x-api-key header of every entry point, "" where an
	// entry point fails; err is the first failure.
	key := func(call func() *builder.Builder, opts string) (got []string, err error) {
		keep := func(e error) {
			if err == nil {
				err = e
			}
		}
		r, e1 := call().Build()
		keep(e1)
		got = append(got, r.Headers["x-api-key"])
		req, e2 := call().HTTPRequest(ctx)
		keep(e2)
		if req != nil {
			got = append(got, req.Header.Get("X-Api-Key"))
		} else {
			got = append(got, "")
		}
		o, e3 := call().Merge()
		keep(e3)
		r, e4 := e.Parse(o)
		keep(e4)
		got = append(got, r.Headers["x-api-key"])
		j, e5 := json.Marshal(o)
		keep(e5)
		r, e6 := e.BuildJSON("", j)
		keep(e6)
		got = append(got, r.Headers["x-api-key"])
		r, e7 := e.BuildJSON("GET /items", []byte(opts))
		keep(e7)
		got = append(got, r.Headers["x-api-key"])
		return got, err
	}

	It("keeps the call's header", func() {
		got, err := key(func() *builder.Builder { return e.Route("GET /items").Header("X-Api-Key", "mine") },
			`{"headers":{"x-api-key":"mine"}}`)
		Expect(err).NotTo(HaveOccurred())
		Expect(got).To(HaveEach("mine"))
	})

	It("keeps a header the call removed removed: the required header is missing", func() {
		_, err := e.Route("GET /items").RemoveHeader("X-Api-Key").Build()
		Expect(errors.Is(err, catalog.ErrMissingParam)).To(BeTrue(), "%v", err)
		_, err = e.Route("GET /items").RemoveHeader("X-Api-Key").HTTPRequest(ctx)
		Expect(errors.Is(err, catalog.ErrMissingParam)).To(BeTrue(), "%v", err)
	})

	It("still sets the header from the default parameter, or the call's own", func() {
		got, err := key(func() *builder.Builder { return e.Route("GET /items") }, `{}`)
		Expect(err).NotTo(HaveOccurred())
		Expect(got).To(HaveEach("default"))
		got, err = key(func() *builder.Builder { return e.Route("GET /items").Param("X-Api-Key", "param") },
			`{"X-Api-Key":"param"}`)
		Expect(err).NotTo(HaveOccurred())
		Expect(got).To(HaveEach("param"))
	})
})

// A required body member named as a path parameter counted as given by it,
// though that parameter goes to the path: the body went without it.
var _ = Describe("a required body member named as a path parameter", Label("regression"), func() {
	c, err := openapi.Load([]byte(`{"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{
		"/vars/{name}":{"patch":{"parameters":[{"name":"name","in":"path","required":true,"schema":{"type":"string"}}],
			"requestBody":{"required":true,"content":{"application/json":{"schema":{"type":"object","required":["name","value"],
				"properties":{"name":{"type":"string"},"value":{"type":"string"}}}}}}}},
		"/opt/{name}":{"patch":{"parameters":[{"name":"name","in":"path","required":true,"schema":{"type":"string"}}],
			"requestBody":{"content":{"application/json":{"schema":{"type":"object","required":["name"],
				"properties":{"name":{"type":"string"},"value":{"type":"string"}}}}}}}}}}`))
	e := builder.New(builder.WithBaseURL("https://h.example"), builder.WithCatalog(c))
	ctx := context.Background()

	BeforeEach(func() { Expect(err).NotTo(HaveOccurred()) })

	// errs returns the error of every entry point for the call.
	errs := func(route string, params map[string]any, data any) []error {
		call := func() *builder.Builder {
			b := e.Route(route).Params(params)
			if data != nil {
				b = b.Data(data)
			}
			return b
		}
		var out []error
		for range 2 { // the first call of the route and a later one
			_, err := call().Build()
			out = append(out, err)
		}
		_, err := call().HTTPRequest(ctx)
		out = append(out, err)
		_, err = call().Merge()
		out = append(out, err)
		o := map[string]any{}
		for k, v := range params {
			o[k] = v
		}
		if data != nil {
			o["data"] = data
		}
		j, err := json.Marshal(o)
		Expect(err).NotTo(HaveOccurred())
		_, err = e.BuildJSON(route, j)
		return append(out, err)
	}

	DescribeTable("is missing unless Data has it",
		func(route string, params map[string]any, data any) {
			for _, err := range errs(route, params, data) {
				Expect(errors.Is(err, catalog.ErrMissingParam)).To(BeTrue(), "%v", err)
				var ce *catalog.Error
				Expect(errors.As(err, &ce)).To(BeTrue())
				Expect(ce.Missing).To(Equal([]string{"name"}))
			}
		},
		Entry("a required body, parameters", "PATCH /vars/{name}", map[string]any{"name": "A", "value": "v"}, nil),
		Entry("a required body, data without it", "PATCH /vars/{name}", map[string]any{"name": "A"}, map[string]any{"value": "v"}),
		Entry("an optional body sent, parameters", "PATCH /opt/{name}", map[string]any{"name": "A", "value": "v"}, nil),
		Entry("an optional body sent, data without it", "PATCH /opt/{name}", map[string]any{"name": "A"}, map[string]any{"value": "v"}),
	)

	It("is given by Data, and an optional body not sent needs none", func() {
		r, err := e.Route("PATCH /vars/{name}").Param("name", "A").Data(map[string]any{"name": "B", "value": "v"}).Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(r.URL).To(Equal("https://h.example/vars/A"))
		Expect(r.Body).To(MatchJSON(`{"name":"B","value":"v"}`))
		r, err = e.Route("PATCH /opt/{name}").Param("name", "A").Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(r.URL).To(Equal("https://h.example/opt/A"))
		_, err = e.Route("PATCH /vars/{name}").Param("name", "A").Data(`{"name":"B","value":"v"}`).Build()
		Expect(err).NotTo(HaveOccurred(), "a string body is not looked into")
	})
})

// A required query parameter given nil (JavaScript's undefined) passed the
// check and the call went out without it.
var _ = Describe("a required parameter given nil", Label("regression"), func() {
	e := endpoint.Defaults(endpoint.WithCatalog(github.Catalog()))

	It("is missing in the query, one step and two", func() {
		_, err := e.Route("GET /search/issues").Param("q", nil).Build()
		Expect(err).To(MatchError(catalog.ErrMissingParam))
		Expect(err.Error()).To(ContainSubstring(`"q"`))
		_, err = e.Route("GET /search/issues").Param("q", nil).HTTPRequest(context.Background())
		Expect(err).To(MatchError(catalog.ErrMissingParam))
	})

	It("is missing after a call with the same names passed", func() {
		_, err := e.Route("GET /search/issues").Param("q", "is:open").Build()
		Expect(err).NotTo(HaveOccurred())
		_, err = e.Route("GET /search/issues").Param("q", nil).Build()
		Expect(err).To(MatchError(catalog.ErrMissingParam))
	})

	It("is missing in the path", func() {
		_, err := e.Route("GET /repos/{owner}/{repo}").Param("owner", nil).Param("repo", "r").Build()
		Expect(err).To(MatchError(builder.ErrMissingParam))
	})
})

// A required query parameter given an empty array or object, or only nulls,
// passed the check and was left out: GET /search/issues without q.
var _ = Describe("a required query parameter given an empty list", Label("regression"), func() {
	e := endpoint.Defaults(endpoint.WithCatalog(github.Catalog()))

	DescribeTable("is missing, on every path, first call or not",
		func(q any) {
			for _, first := range []any{nil, "is:open"} {
				if first != nil {
					// A call of the same shape passed before.
					_, err := e.Route("GET /search/issues").Param("q", first).Build()
					Expect(err).NotTo(HaveOccurred())
				}
				_, err := e.Route("GET /search/issues").Param("q", q).Build()
				Expect(err).To(MatchError(catalog.ErrMissingParam))
				Expect(err.Error()).To(ContainSubstring(`"q"`))
				_, err = e.Route("GET /search/issues").Param("q", q).HTTPRequest(context.Background())
				Expect(err).To(MatchError(catalog.ErrMissingParam))
				_, err = e.Route("GET /search/issues").Param("q", q).Merge()
				Expect(err).To(MatchError(catalog.ErrMissingParam))
				j, err := json.Marshal(map[string]any{"q": q})
				Expect(err).NotTo(HaveOccurred())
				_, err = e.BuildJSON("GET /search/issues", j)
				Expect(err).To(MatchError(catalog.ErrMissingParam))
			}
		},
		Entry("[]", []string{}),
		Entry("[null]", []any{nil}),
	)

	It("is given when it holds a value, an empty string included", func() {
		for _, q := range []any{[]string{""}, []any{nil, "x"}, ""} {
			r, err := e.Route("GET /search/issues").Param("q", q).Build()
			Expect(err).NotTo(HaveOccurred())
			Expect(r.URL).To(HavePrefix("https://api.github.com/search/issues?q="))
		}
	})
})

var _ = Describe("a required styled query parameter given nothing but nulls", Label("regression"), func() {
	c, err := openapi.Load([]byte(`{"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{"/items":{"get":{
		"parameters":[
			{"name":"filter","in":"query","required":true,"style":"deepObject","schema":{"type":"object"}},
			{"name":"ids","in":"query","required":true,"style":"pipeDelimited","explode":false,"schema":{"type":"array","items":{"type":"integer"}}}],
		"responses":{"200":{"description":"ok"}}}}}}`))
	e := endpoint.Defaults(endpoint.WithCatalog(c), endpoint.WithBaseURL("https://api.example"))

	It("is missing", func() {
		Expect(err).NotTo(HaveOccurred())
		r, err := e.Route("GET /items").Param("filter", map[string]any{"a": 1}).Param("ids", []int{1, 2}).Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(r.URL).To(Equal("https://api.example/items?filter%5Ba%5D=1&ids=1%7C2"))
		for _, filter := range []any{map[string]any{}, map[string]any{"a": nil}} {
			_, err = e.Route("GET /items").Param("filter", filter).Param("ids", []int{1, 2}).Build()
			Expect(err).To(MatchError(catalog.ErrMissingParam))
			_, err = e.Route("GET /items").Param("filter", filter).Param("ids", []int{1, 2}).HTTPRequest(context.Background())
			Expect(err).To(MatchError(catalog.ErrMissingParam))
		}
		_, err = e.Route("GET /items").Param("filter", map[string]any{"a": 1}).Param("ids", []int{}).Build()
		Expect(err).To(MatchError(catalog.ErrMissingParam))
	})
})
