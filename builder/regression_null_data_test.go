package builder_test

// Data whose JSON is null (a nil slice, map or pointer, json.RawMessage
// "null") was a body "null" for Build and the one-step path, but no data
// at all for Merge, options JSON and so Parse(Merge(...)): Build and
// Parse(Merge) sent different requests, and the value hid the defaults'
// Data and made the call's parameters an ErrDataWithParams. It is now not
// set, as nil is.

import (
	"context"
	"encoding/json"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
)

var _ = Describe("regression: data whose JSON is null", func() {
	nulls := []any{[]int(nil), map[string]any(nil), (*int)(nil), (*string)(nil), json.RawMessage("null")}

	It("is not set, as nil is, in Build, the one-step request and Parse(Merge)", func() {
		e := builder.New(builder.WithBaseURL("https://h"))
		for _, d := range nulls {
			r, err := e.Route("POST /x").Data(d).Build()
			Expect(err).NotTo(HaveOccurred(), "%#v", d)
			Expect(r.Body).To(BeNil(), "%#v", d)
			Expect(r.Headers).To(HaveKeyWithValue("content-length", "0"), "%#v", d)

			m, err := e.Route("POST /x").Data(d).Merge()
			Expect(err).NotTo(HaveOccurred())
			p, err := e.Parse(m)
			Expect(err).NotTo(HaveOccurred())
			Expect(p).To(Equal(r), "%#v", d)

			req, err := e.Route("POST /x").Data(d).HTTPRequest(context.Background())
			Expect(err).NotTo(HaveOccurred())
			Expect(req.Body).To(BeNil(), "%#v", d)
			Expect(req.ContentLength).To(BeZero())
		}
	})

	It("neither hides the defaults' data nor turns the call's parameters into an error", func() {
		withData := builder.New(builder.WithBaseURL("https://h"), builder.WithOptions(builder.Options{Data: "default"}))
		plain := builder.New(builder.WithBaseURL("https://h"))
		for _, d := range nulls {
			r, err := withData.Route("POST /x").Data(d).Build()
			Expect(err).NotTo(HaveOccurred())
			Expect(r.Body).To(Equal("default"), "%#v", d)

			r, err = plain.Route("POST /x").Data(d).Param("a", 1).Build()
			Expect(err).NotTo(HaveOccurred(), "%#v", d)
			Expect(r.Body).To(Equal(json.RawMessage(`{"a":1}`)), "%#v", d)
		}
	})
})
