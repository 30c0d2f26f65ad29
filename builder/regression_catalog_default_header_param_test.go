package builder_test

// Regression: a defaults layer's parameter that a catalogue places in a
// header (in: header) replaced the header the call itself set, or brought
// back the one the call removed: with Defaults(WithParam("X-Api-Key",
// "default")), a call with Header("X-Api-Key", "mine") sent
// "x-api-key: default". A call's own setting beats its defaults' for every
// other header and parameter. Expected: the call's header stays (and a
// removed one stays removed, so a required one is missing); a default
// parameter still sets the header when the call does not name it, and the
// call's own parameter still sets it.

import (
	"context"
	"encoding/json"
	"errors"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/catalog"
	"github.com/endpointkit/endpoint/catalog/openapi"
)

var _ = Describe("regression: a default header parameter and the call's header", func() {
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
