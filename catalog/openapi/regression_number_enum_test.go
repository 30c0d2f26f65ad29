package openapi_test

import (
	"errors"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/catalog"
	"github.com/endpointkit/endpoint/catalog/openapi"
)

// A number enum was compared as text: 2.0 (options JSON, a float) was
// refused where the description allows 2.
var _ = Describe("a number enum", func() {
	c, err := openapi.Load([]byte(`{"openapi":"3.0.3","info":{"title":"t","version":"1"},"paths":{
		"/things":{"post":{"operationId":"things/create",
			"parameters":[{"name":"v","in":"query","schema":{"type":"number","enum":[2,0.5,100]}}],
			"requestBody":{"content":{"application/json":{"schema":{"type":"object","properties":{"n":{"type":"number","enum":[2,0.5]}}}}}},
			"responses":{"200":{"description":"ok"}}}}}}`))

	It("takes a value equal to a member, however it is written", func() {
		Expect(err).NotTo(HaveOccurred())
		e := builder.New(builder.WithCatalog(c), builder.WithBaseURL("https://api.example"))
		for _, opts := range []string{`{"n":2.0}`, `{"n":2}`, `{"n":0.50}`, `{"n":5e-1}`, `{"v":1e2}`, `{"v":2.00,"n":20e-1}`} {
			_, err := e.BuildJSON("POST /things", []byte(opts))
			Expect(err).NotTo(HaveOccurred(), opts)
		}
		_, err := e.Route("POST /things").Param("n", 2.0).Param("v", 100).Build()
		Expect(err).NotTo(HaveOccurred())
	})

	It("still refuses a value that is no member", func() {
		e := builder.New(builder.WithCatalog(c), builder.WithBaseURL("https://api.example"))
		for _, opts := range []string{`{"n":3}`, `{"n":2.01}`, `{"n":"2"}`, `{"v":1e3}`, `{"n":0.05}`} {
			_, err := e.BuildJSON("POST /things", []byte(opts))
			Expect(err).To(HaveOccurred(), opts)
			Expect(errors.Is(err, catalog.ErrEnum) || errors.Is(err, catalog.ErrType)).To(BeTrue(), "%s: %v", opts, err)
		}
	})
})
