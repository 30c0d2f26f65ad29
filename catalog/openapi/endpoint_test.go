package openapi_test

import (
	"encoding/json"
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
