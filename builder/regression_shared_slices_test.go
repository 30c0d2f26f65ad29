package builder_test

// Regression: results share []byte and typed slices ([]int, ...) with the
// Endpoint's defaults (README difference 8: "no result shares mutable state
// with the defaults"). builder's deepCopy copies map[string]any, []any,
// []string, map[string]string and Params only, so a []byte Data or a []int
// parameter set with Defaults is handed to every call as the same backing
// array: one caller writing to its request body changes the defaults of
// every other call, and concurrent callers race. Found by the property
// "leaves the caller's inputs and the defaults unchanged, and shares
// nothing with the defaults". Expected: DEFAULTS() unchanged; got: the
// bytes and ints the caller wrote.

import (
	"encoding/json"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
)

var _ = Describe("regression: results share slices with the defaults", func() {
	It("copies []byte Data of the defaults, once where it enters and once per result", func() {
		data := []byte("default")
		e := endpoint.Defaults(endpoint.WithOptions(builder.Options{Data: data}))
		data[0] = '?'
		r, err := e.Build("POST /x", builder.Options{})
		Expect(err).NotTo(HaveOccurred())
		r.Body.([]byte)[0] = '!'
		Expect(e.DefaultOptions().Data).To(Equal([]byte("default")))
		r, err = e.Build("POST /x", builder.Options{})
		Expect(err).NotTo(HaveOccurred())
		Expect(r.Body).To(Equal([]byte("default")))
	})

	It("sends a call's own []byte Data as it is, without copying it", func() {
		data := []byte("mine")
		r, err := endpoint.Route("POST /x").Data(data).Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(&r.Body.([]byte)[0]).To(BeIdenticalTo(&data[0]))
	})

	It("refuses an io.Reader as default Data, which one request only could read", func() {
		e := endpoint.Defaults(endpoint.WithOptions(builder.Options{Data: strings.NewReader("x")}))
		Expect(e.Err()).To(MatchError(builder.ErrInvalidValue))
		_, err := e.Build("POST /x", builder.Options{})
		Expect(err).To(MatchError(builder.ErrInvalidValue))
	})

	It("converts []int and [][]string parameters, so a result shares nothing", func() {
		ids, rows := []int{1, 2}, [][]string{{"a"}}
		e := endpoint.Defaults(endpoint.WithParam("ids", ids), endpoint.WithParam("rows", rows))
		ids[0], rows[0][0] = 9, "z"
		r, err := e.Build("POST /x", builder.Options{})
		Expect(err).NotTo(HaveOccurred())
		body := r.Body.(json.RawMessage)
		Expect(string(body)).To(Equal(`{"ids":[1,2],"rows":[["a"]]}`))
		body[8] = '7'
		Expect(e.DefaultOptions().Params).To(Equal(builder.Params{{Name: "ids", Value: json.RawMessage(`[1,2]`)}, {Name: "rows", Value: json.RawMessage(`[["a"]]`)}}))
	})

	It("converts []byte inside Request to its JSON form, base64", func() {
		e := endpoint.Defaults(endpoint.WithMeta("raw", []byte("meta")))
		r, err := e.Build("GET /x", builder.Options{})
		Expect(err).NotTo(HaveOccurred())
		Expect(r.Request).To(Equal(map[string]any{"raw": "bWV0YQ=="}))
		r.Request["raw"] = "changed"
		Expect(e.DefaultOptions().Request).To(Equal(map[string]any{"raw": "bWV0YQ=="}))
	})

	It("copies []byte returned by DefaultOptions", func() {
		e := endpoint.Defaults(endpoint.WithOptions(builder.Options{Data: []byte("default")}))
		e.DefaultOptions().Data.([]byte)[0] = '!'
		Expect(e.DefaultOptions().Data).To(Equal([]byte("default")))
	})
})
