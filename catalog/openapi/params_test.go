package openapi_test

// Where a description's parameters go: headers, cookies, form bodies.

import (
	"errors"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/catalog"
	"github.com/endpointkit/endpoint/catalog/openapi"
)

// A cookie parameter given with Param went into a GET's query or a POST's body,
// where the server never looks and every log sees it.
var _ = Describe("a cookie parameter given as a parameter", Label("regression"), func() {
	c, err := openapi.Load([]byte(`{"openapi":"3.0.3","info":{"title":"t","version":"1"},"paths":{
		"/session":{"get":{"operationId":"session/get","parameters":[
			{"name":"sid","in":"cookie","required":true,"schema":{"type":"string"}},
			{"name":"q","in":"query","schema":{"type":"string"}}],"responses":{"200":{"description":"ok"}}},
		"post":{"operationId":"session/create","parameters":[{"name":"sid","in":"cookie","schema":{"type":"string"}}],
			"requestBody":{"content":{"application/json":{"schema":{"type":"object"}}}},"responses":{"200":{"description":"ok"}}}}}}`))

	DescribeTable("is refused, never sent in the query or the body",
		func(route string) {
			Expect(err).NotTo(HaveOccurred())
			e := builder.New(builder.WithCatalog(c), builder.WithBaseURL("https://api.example"))
			ro, berr := e.Route(route).Param("sid", "s3cret-session").Build()
			Expect(berr).To(HaveOccurred(), "built %s %v", ro.URL, ro.Body)
			Expect(berr.Error()).To(ContainSubstring("cookie"))
			Expect(berr.Error()).NotTo(ContainSubstring("s3cret-session"))
			var ce *catalog.Error
			Expect(errors.As(berr, &ce)).To(BeTrue())
		},
		Entry("GET", "GET /session"),
		Entry("GET, by ID", "session/get"),
		Entry("POST, whose body takes any member", "POST /session"),
	)

	It("is still a parameter the operation declares, checked as text", func() {
		op := byID(c, "session/get")
		Expect(op.Check("sid", "abc")).To(Succeed())
		in, _ := op.In("sid")
		Expect(in).To(Equal(catalog.Cookie))
		// The builder does not ask for it: it travels in a Cookie header.
		e := builder.New(builder.WithCatalog(c), builder.WithBaseURL("https://api.example"))
		ro, err := e.Route("GET /session").Param("q", "x").Header("Cookie", "sid=abc").Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(ro.URL).To(Equal("https://api.example/session?q=x"))
	})
})

// A member of a form or multipart body given as a parameter was refused as a
// plain unknown parameter, as if misspelt.
var _ = Describe("a member of a form or multipart body given as a parameter", Label("regression"), func() {
	c, err := openapi.Load([]byte(`{"openapi":"3.0.3","info":{"title":"t","version":"1"},"paths":{
		"/files":{"post":{"operationId":"files/upload",
			"requestBody":{"content":{"multipart/form-data":{"schema":{"type":"object","properties":{"file":{"type":"string","format":"binary"},"purpose":{"type":"string"}}}}}},
			"responses":{"200":{"description":"ok"}}}},
		"/token":{"post":{"operationId":"token/create",
			"requestBody":{"content":{"application/x-www-form-urlencoded":{"schema":{"type":"object","properties":{"grant_type":{"type":"string"}}}}}},
			"responses":{"200":{"description":"ok"}}}}}}`))

	DescribeTable("is refused with what to do instead",
		func(route, name, media string) {
			Expect(err).NotTo(HaveOccurred())
			e := builder.New(builder.WithCatalog(c), builder.WithBaseURL("https://api.example"))
			_, err := e.Route(route).Param(name, "x").Build()
			Expect(errors.Is(err, catalog.ErrUnknownParam)).To(BeTrue(), "%v", err)
			Expect(err).To(MatchError(ContainSubstring("the body is " + media + ", which parameters do not fill: send it as data")))
		},
		Entry("multipart", "POST /files", "purpose", "multipart/form-data"),
		Entry("a form", "token/create", "grant_type", "application/x-www-form-urlencoded"),
	)

	It("is sent whole as data", func() {
		e := builder.New(builder.WithCatalog(c), builder.WithBaseURL("https://api.example"))
		ro, err := e.Route("token/create").Header("content-type", "application/x-www-form-urlencoded").Data("grant_type=x").Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(ro.Body).To(Equal("grant_type=x"))
	})
})

// A required header parameter was never required: a call without it passed.
var _ = Describe("a required header parameter", Label("regression"), func() {
	c, err := openapi.Load([]byte(`{"openapi":"3.0.3","info":{"title":"t","version":"1"},"paths":{
		"/items":{"get":{"operationId":"listItems","parameters":[
			{"name":"X-Api-Key","in":"header","required":true,"schema":{"type":"string"}},
			{"name":"X-Trace","in":"header","schema":{"type":"string"}}],
			"responses":{"200":{"description":"ok"}}}}}}`))
	var e *builder.Endpoint
	BeforeEach(func() {
		Expect(err).NotTo(HaveOccurred())
		e = builder.New(builder.WithCatalog(c), builder.WithBaseURL("https://api.example"))
	})

	It("is missing when no header sets it, and named in the error", func() {
		_, err := e.Route("GET /items").Build()
		Expect(errors.Is(err, catalog.ErrMissingParam)).To(BeTrue(), "%v", err)
		Expect(err).To(MatchError(ContainSubstring("X-Api-Key")))
		_, err = e.Defaults(builder.WithHeader("x-api-key", "k")).Route("GET /items").RemoveHeader("X-Api-Key").Build() // removed for the call
		Expect(errors.Is(err, catalog.ErrMissingParam)).To(BeTrue(), "%v", err)
	})

	It("is given as a parameter, a header of the call or a default, in any case", func() {
		ro, err := e.Route("listItems").Param("X-Api-Key", "k1").Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(ro.Headers).To(HaveKeyWithValue("x-api-key", "k1"))
		ro, err = e.Route("GET /items").Header("X-API-KEY", "k2").Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(ro.Headers).To(HaveKeyWithValue("x-api-key", "k2"))
		d := e.Defaults(builder.WithHeader("x-api-key", "k3"))
		ro, err = d.Route("GET /items").Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(ro.Headers).To(HaveKeyWithValue("x-api-key", "k3"))
		Expect(c.Operations()[0].Required()).To(ConsistOf("X-Api-Key"))
	})
})
