package builder_test

// Regression: fmt prints Options' JSON (data, a request member, a
// parameter) as its text, but RequestOptions printed a member of Request
// that Build gives as a json.RawMessage (an object or a list, from
// WithRequest or Builder.Request) as a list of bytes: %v gave
// `map[retry:[123 34 109 97 120 34 58 51 125]]` and %#v
// `json.RawMessage{0x7b, …}`. Expected: its text, as Options prints it.

import (
	"encoding/json"
	"fmt"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
)

var _ = Describe("regression: RequestOptions prints a request member's JSON as bytes", func() {
	It("prints it as its text, with every verb, as Options does", func() {
		e := builder.New(builder.WithBaseURL("https://h.example"), builder.WithMeta("retry", map[string]any{"max": 3}))
		r, err := e.Route("GET /x").Meta("hook", []any{"a"}).Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(r.Request["retry"]).To(Equal(json.RawMessage(`{"max":3}`)))

		Expect(fmt.Sprintf("%v", r)).To(HaveSuffix(` map[hook:["a"] retry:{"max":3}]}`))
		Expect(r.String()).To(HaveSuffix(` map[hook:["a"] retry:{"max":3}]}`))
		Expect(fmt.Sprintf("%+v", r)).To(HaveSuffix(` Request:map[hook:["a"] retry:{"max":3}]}`))
		Expect(fmt.Sprintf("%#v", r)).To(HaveSuffix(`Request:map[string]interface {}{"hook":"[\"a\"]", "retry":"{\"max\":3}"}}`))
		Expect(r.Request["retry"]).To(Equal(json.RawMessage(`{"max":3}`)), "r is unchanged")
	})
})
