package openapi_test

import (
	"errors"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/catalog"
	"github.com/endpointkit/endpoint/catalog/openapi"
)

// A multipart or form body takes no parameters, and a member given as one
// was refused as a plain unknown parameter, as if misspelt.
var _ = Describe("a member of a form or multipart body given as a parameter", func() {
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
