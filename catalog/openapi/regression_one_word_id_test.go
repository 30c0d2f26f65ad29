package openapi_test

import (
	"context"
	"errors"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/catalog"
	"github.com/endpointkit/endpoint/catalog/openapi"
)

// Most API descriptions but GitHub's name operations with one word
// (findPets, createRun); a route that was one word was refused as an
// invalid route, so no such operation could be built by its ID.
var _ = Describe("an operation ID of one word", func() {
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
