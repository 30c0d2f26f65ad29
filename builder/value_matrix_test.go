package builder_test

// The value model at the edge (issue 11): every kind of Go value a caller
// may pass, merged pairwise through every entry point, never panics, the
// later value wins (deep-merged when both are objects), and the request is
// the one the values' JSON would give.

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/headers"
)

type kindTagged struct {
	Zeta  int               `json:"zeta"`
	Alpha string            `json:"alpha,omitempty"`
	Skip  string            `json:"-"`
	Inner map[string]string `json:"inner"`
}

// valueKinds are the kinds of issue 11's matrix, plus typed maps and
// slices and a pointer to a map.
func valueKinds() []struct {
	name string
	v    any
} {
	when := time.Date(2024, 2, 29, 13, 4, 5, 0, time.UTC)
	m := map[string]int{"b": 2, "a": 1}
	return []struct {
		name string
		v    any
	}{
		{"nil", nil},
		{"string", "s t/r"},
		{"int", 42},
		{"float", 0.1},
		{"bool", true},
		{"[]string", []string{"a", "b"}},
		{"[]any", []any{"x", 1, nil}},
		{"map[string]any", map[string]any{"k": "v", "n": map[string]any{"d": 1}}},
		{"map[string]string", map[string]string{"k": "w", "z": "y"}},
		{"struct with tags", kindTagged{Zeta: 1, Alpha: "a", Skip: "no", Inner: map[string]string{"x": "y"}}},
		{"pointer to struct", &kindTagged{Zeta: 2, Inner: map[string]string{"k": "p"}}},
		{"json.RawMessage", json.RawMessage(`{"zeta":9,"k":"raw"}`)},
		{"time.Time", when},
		{"map[string]int", m},
		{"pointer to map", &m},
		{"[]int", []int{3, 1}},
	}
}

// viaJSON is v as the JSON text it would marshal to, which the model must
// treat exactly like v.
func viaJSON(v any) any {
	if v == nil {
		return nil
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		panic(err)
	}
	return json.RawMessage(bytes.TrimSpace(b.Bytes()))
}

// entryPoints set a value a as the defaults' and b as the call's (or the
// later layer's), each a different way in, and build a POST whose body
// holds the result under "v".
var entryPoints = map[string]func(a, b any) (builder.RequestOptions, error){
	"Param over WithParam": func(a, b any) (builder.RequestOptions, error) {
		return endpoint.Defaults(endpoint.WithParam("v", a)).Route("POST /x").Param("v", b).Build()
	},
	"stacked Defaults layers": func(a, b any) (builder.RequestOptions, error) {
		return endpoint.Defaults(endpoint.WithParam("v", a)).Defaults(endpoint.WithParam("v", b)).Route("POST /x").Build()
	},
	"Options over WithOptions (Build)": func(a, b any) (builder.RequestOptions, error) {
		e := endpoint.Defaults(endpoint.WithOptions(builder.Options{Params: builder.Params{{Name: "v", Value: a}}}))
		return e.Build("POST /x", builder.Options{Params: builder.Params{{Name: "v", Value: b}}})
	},
	"Parse of Merge": func(a, b any) (builder.RequestOptions, error) {
		e := endpoint.Defaults(endpoint.WithOptions(builder.Options{Params: builder.Params{{Name: "v", Value: a}}}))
		m, err := e.Merge("POST /x", builder.Options{Params: builder.Params{{Name: "v", Value: b}}})
		if err != nil {
			return builder.RequestOptions{}, err
		}
		return endpoint.Parse(m)
	},
	"Request over WithRequest": func(a, b any) (builder.RequestOptions, error) {
		// The passthrough: its merged value is written as the body.
		r, err := endpoint.Defaults(endpoint.WithMeta("v", a)).Route("GET /x").Meta("v", b).Build()
		if err != nil {
			return r, err
		}
		return endpoint.Route("POST /x").Param("v", r.Request["v"]).Build()
	},
	"nested in a Param": func(a, b any) (builder.RequestOptions, error) {
		e := endpoint.Defaults(endpoint.WithParam("v", map[string]any{"in": a}))
		return e.Route("POST /x").Param("v", map[string]any{"in": b}).Build()
	},
}

var _ = Describe("the value model at the edge", func() {
	kinds := valueKinds()
	for name, build := range entryPoints {
		It(fmt.Sprintf("merges every pair of %d value kinds through %s like their JSON, without a panic", len(kinds), name), func() {
			for _, a := range kinds {
				for _, b := range kinds {
					var r, want builder.RequestOptions
					var err, wantErr error
					Expect(func() {
						r, err = build(a.v, b.v)
						want, wantErr = build(viaJSON(a.v), viaJSON(b.v))
					}).NotTo(Panic(), "%s over %s", b.name, a.name)
					Expect(err).NotTo(HaveOccurred(), "%s over %s", b.name, a.name)
					Expect(wantErr).NotTo(HaveOccurred(), "%s over %s via JSON", b.name, a.name)
					Expect(r.Body).To(Equal(want.Body), "%s over %s", b.name, a.name)
				}
			}
		})
	}

	It("lets the later value win, and deep-merges two objects", func() {
		r, err := entryPoints["Param over WithParam"](map[string]string{"a": "1", "b": "2"}, kindTagged{Zeta: 3, Inner: map[string]string{"x": "y"}})
		Expect(err).NotTo(HaveOccurred())
		Expect(string(r.Body.(json.RawMessage))).To(Equal(`{"v":{"a":"1","b":"2","zeta":3,"inner":{"x":"y"}}}`))
		r, err = entryPoints["Param over WithParam"]([]int{1, 2}, "s")
		Expect(err).NotTo(HaveOccurred())
		Expect(string(r.Body.(json.RawMessage))).To(Equal(`{"v":"s"}`))
		r, err = entryPoints["Param over WithParam"]("s", nil)
		Expect(err).NotTo(HaveOccurred())
		Expect(string(r.Body.(json.RawMessage))).To(Equal(`{"v":null}`))
	})

	It("reads a json.RawMessage as the one value it holds", func() {
		r, err := endpoint.Route("GET /x/{p}").Param("p", json.RawMessage(`"abc"`)).Param("r", json.RawMessage(`42`)).Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(r.URL).To(Equal("https://api.github.com/x/abc?r=42"))
	})

	It("reports a nil Option where Defaults is called, and on every call", func() {
		e := endpoint.Defaults(endpoint.WithHeader("a", "b"), nil)
		Expect(e.Err()).To(MatchError(builder.ErrInvalidOption))
		_, err := e.Route("GET /x").Build()
		Expect(err).To(MatchError(builder.ErrInvalidOption))
		Expect(endpoint.Defaults().Err()).NotTo(HaveOccurred())
	})

	It("refuses an empty parameter name", func() {
		_, err := endpoint.Route("GET /x").Param("", 1).Build()
		Expect(err).To(MatchError(builder.ErrInvalidParam))
		_, err = endpoint.Build("POST /x", builder.Options{Params: builder.Params{{Name: "", Value: 1}}})
		Expect(err).To(MatchError(builder.ErrInvalidParam))
		var o builder.Options
		err = json.Unmarshal([]byte(`{"":1}`), &o)
		Expect(err).To(MatchError(builder.ErrInvalidParam))
	})

	It("turns a panicking or failing marshaler into an error where it enters", func() {
		for _, v := range []any{panicMarshaler{}, failMarshaler{}, []any{1, panicMarshaler{}}} {
			_, err := endpoint.Route("POST /x").Param("v", v).Build()
			Expect(err).To(MatchError(builder.ErrInvalidValue))
			_, err = endpoint.Route("POST /x").Data(v).Build()
			Expect(err).To(MatchError(builder.ErrInvalidValue))
			e := endpoint.Defaults(endpoint.WithParam("v", v))
			Expect(e.Err()).To(MatchError(builder.ErrInvalidValue))
		}
	})

	It("lets the last of two spellings of a header win, in the builder and in options JSON", func() {
		r, err := endpoint.Route("GET /x").Header("x-a", "1").Header("X-A", "2").Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(r.Headers).To(HaveKeyWithValue("x-a", "2"))
		var o builder.Options
		Expect(json.Unmarshal([]byte(`{"headers":{"X-A":"1","x-a":"2"}}`), &o)).To(Succeed())
		Expect(o.Headers).To(Equal(headers.Set{"x-a": "2"}))
		// A Go map has no order: two spellings there are an error.
		_, err = endpoint.Build("GET /x", builder.Options{Headers: map[string]string{"X-A": "1", "x-a": "2"}})
		Expect(err).To(HaveOccurred())
	})
})

type panicMarshaler struct{}

func (panicMarshaler) MarshalJSON() ([]byte, error) { panic("boom") }

type failMarshaler struct{}

func (failMarshaler) MarshalJSON() ([]byte, error) { return nil, fmt.Errorf("nope") }

// A json.RawMessage that is not JSON failed with no exported sentinel; other
// Marshalers get ErrInvalidValue.
var _ = Describe("a json.RawMessage that is not JSON", Label("regression"), func() {
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
