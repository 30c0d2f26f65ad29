package builder_test

// Regression: a json.RawMessage that is not valid JSON, given as a
// parameter, data or request value (or inside a []any or map[string]any),
// failed with an error that wrapped no exported sentinel: the internal
// JSON decoder's syntax error ("endpoint: param "a": expected a string at
// offset 1"), which errors.Is could match with nothing the package
// exports. encoding/json refuses the same value as an error calling its
// MarshalJSON, which a value of any other Marshaler type already gets as
// ErrInvalidValue. Expected: ErrInvalidValue, naming the type; a raw
// message nested too deep stays ErrLimit.

import (
	"context"
	"encoding/json"
	"errors"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
)

var _ = Describe("regression: a json.RawMessage that is not JSON", func() {
	e := builder.New(builder.WithBaseURL("https://h.example"))

	DescribeTable("is ErrInvalidValue wherever it enters",
		func(call func(raw json.RawMessage) *builder.Builder) {
			for _, raw := range []string{"{", "", " 1 2", `{"a":1,}`, "nul"} {
				_, err := call(json.RawMessage(raw)).Build()
				Expect(errors.Is(err, builder.ErrInvalidValue)).To(BeTrue(), "%q: %v", raw, err)
				var be *builder.Error
				Expect(errors.As(err, &be)).To(BeTrue())
				Expect(err.Error()).To(ContainSubstring("json.RawMessage"))

				_, err = call(json.RawMessage(raw)).HTTPRequest(context.Background())
				Expect(errors.Is(err, builder.ErrInvalidValue)).To(BeTrue(), "one step, %q: %v", raw, err)
			}
		},
		Entry("a parameter", func(raw json.RawMessage) *builder.Builder {
			return e.Route("POST /x").Param("a", raw)
		}),
		Entry("data", func(raw json.RawMessage) *builder.Builder {
			return e.Route("POST /x").Data(raw)
		}),
		Entry("a request value", func(raw json.RawMessage) *builder.Builder {
			return e.Route("POST /x").Meta("a", raw)
		}),
		Entry("inside a list", func(raw json.RawMessage) *builder.Builder {
			return e.Route("GET /x").Param("a", []any{raw})
		}),
		Entry("inside a map", func(raw json.RawMessage) *builder.Builder {
			return e.Route("POST /x").Param("a", map[string]any{"b": raw})
		}),
	)

	It("in Options too", func() {
		_, err := e.Build("POST /x", builder.Options{Params: builder.Params{{Name: "a", Value: json.RawMessage("{")}}})
		Expect(errors.Is(err, builder.ErrInvalidValue)).To(BeTrue(), "%v", err)
	})

	It("keeps ErrLimit for a raw message nested too deep, and takes valid ones", func() {
		deep := json.RawMessage(strings.Repeat("[", builder.MaxDepth+1) + strings.Repeat("]", builder.MaxDepth+1))
		_, err := e.Route("POST /x").Param("a", deep).Build()
		Expect(errors.Is(err, builder.ErrLimit)).To(BeTrue(), "%v", err)
		Expect(errors.Is(err, builder.ErrInvalidValue)).To(BeFalse())

		r, err := e.Route("POST /x").Param("a", json.RawMessage(` {"b": [1, 2]} `)).Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(string(r.Body.(json.RawMessage))).To(Equal(`{"a":{"b":[1,2]}}`))
	})
})
