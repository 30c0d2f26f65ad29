package builder_test

// Regression: a parameter a catalogue places in a header (in: header)
// was written as its value's text without the checks every other header
// gets, so that:
//   - CR, LF and other control bytes reached the headers: Build returned
//     "x-api-key: k\r\nx-evil: 1" (a header injection for any client that
//     sends RequestOptions.Headers), and the one-step HTTPRequest an
//     *http.Request net/http refuses only when it is sent, while Build
//     followed by HTTPRequest refused it: one step and two disagreed;
//   - an array was sent as an empty header (its Text is ""), not
//     comma-separated as the catalogue's check says it is sent;
//   - nil was sent as the text "null", where nil is no value.
// Expected: headers.ErrInvalidValue (value never quoted) in one step and
// two; arrays joined with commas (OpenAPI's simple style); nil, and an
// array of nothing but nils, sends no header, so a required one is
// missing.

import (
	"context"
	"errors"
	"net/http"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/catalog"
	"github.com/endpointkit/endpoint/catalog/openapi"
	"github.com/endpointkit/endpoint/headers"
)

var _ = Describe("regression: a header parameter a catalogue places", func() {
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
