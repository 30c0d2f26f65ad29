package openapi_test

import (
	"errors"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/catalog"
	"github.com/endpointkit/endpoint/catalog/openapi"
)

// A cookie parameter (in: cookie) given with Param passed the check and,
// since the builder sends no cookies, went where an undeclared member
// goes: into the query string of a GET (GET /session?sid=…) and the JSON
// body of a POST, where the server never looks for it and every log sees
// it.
var _ = Describe("a cookie parameter given as a parameter", func() {
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
