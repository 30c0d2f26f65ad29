package endpoint_test

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
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint"
)

var _ = Describe("regression: results share slices with the defaults", func() {
	It("copies []byte Data", func() {
		e := endpoint.Defaults(endpoint.WithOptions(endpoint.Options{Data: []byte("default")}))
		r, err := e.Build("POST /x", endpoint.Options{})
		Expect(err).NotTo(HaveOccurred())
		r.Body.([]byte)[0] = '!'
		Expect(e.DEFAULTS().Data).To(Equal([]byte("default")))
	})

	It("copies []int and [][]string parameters", func() {
		e := endpoint.Defaults(endpoint.WithParam("ids", []int{1, 2}), endpoint.WithParam("rows", [][]string{{"a"}}))
		r, err := e.Build("POST /x", endpoint.Options{})
		Expect(err).NotTo(HaveOccurred())
		body := r.Body.(endpoint.Params)
		body[0].Value.([]int)[0] = -7
		body[1].Value.([][]string)[0][0] = "changed"
		Expect(e.DEFAULTS().Params).To(Equal(endpoint.Params{{Name: "ids", Value: []int{1, 2}}, {Name: "rows", Value: [][]string{{"a"}}}}))
	})

	It("copies []byte inside Request", func() {
		e := endpoint.Defaults(endpoint.WithMeta("raw", []byte("meta")))
		r, err := e.Build("GET /x", endpoint.Options{})
		Expect(err).NotTo(HaveOccurred())
		r.Request["raw"].([]byte)[0] = '!'
		Expect(e.DEFAULTS().Request).To(Equal(map[string]any{"raw": []byte("meta")}))
	})

	It("copies []byte returned by DEFAULTS", func() {
		e := endpoint.Defaults(endpoint.WithOptions(endpoint.Options{Data: []byte("default")}))
		e.DEFAULTS().Data.([]byte)[0] = '!'
		Expect(e.DEFAULTS().Data).To(Equal([]byte("default")))
	})
})
