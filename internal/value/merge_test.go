package value_test

import (
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/internal/value"
)

func js(v value.Value) string { return string(value.AppendJSON(nil, v)) }

var _ = Describe("Merge", func() {
	DescribeTable("as @octokit/endpoint's mergeDeep",
		func(base, layer, want string) {
			b, l := decode(base), decode(layer)
			bj, lj := js(b), js(l)
			Expect(js(value.Merge(b, l))).To(Equal(want))
			Expect(js(b)).To(Equal(bj), "base unchanged")
			Expect(js(l)).To(Equal(lj), "layer unchanged")
		},
		Entry("objects merge deeply; base order, new keys after", `{"a":1,"o":{"x":1,"y":2},"c":3}`, `{"d":4,"o":{"z":3,"x":9},"a":5}`, `{"a":5,"o":{"x":9,"y":2,"z":3},"c":3,"d":4}`),
		Entry("arrays are replaced", `{"l":[1,2]}`, `{"l":[3]}`, `{"l":[3]}`),
		Entry("null replaces", `{"a":{"b":1}}`, `{"a":null}`, `{"a":null}`),
		Entry("an object replaces a string", `{"a":"s"}`, `{"a":{"b":1}}`, `{"a":{"b":1}}`),
		Entry("a scalar replaces an object", `{"a":{"b":1}}`, `{"a":2}`, `{"a":2}`),
		Entry("empty layer keeps base", `{"a":1}`, `{}`, `{"a":1}`),
		Entry("empty base takes layer", `{}`, `{"a":1}`, `{"a":1}`),
		Entry("non-objects: layer wins", `1`, `"x"`, `"x"`),
	)

	It("stays linear and indexed for wide objects", func() {
		var b, l strings.Builder
		b.WriteString("{")
		l.WriteString("{")
		for i := range 2000 {
			if i > 0 {
				b.WriteString(",")
				l.WriteString(",")
			}
			b.WriteString(`"b` + strings.Repeat("x", i%50) + `y` + string(rune('a'+i%26)) + `":1`)
			l.WriteString(`"l` + strings.Repeat("x", i%50) + `y` + string(rune('a'+i%26)) + `":2`)
		}
		b.WriteString("}")
		l.WriteString("}")
		m := value.Merge(decode(b.String()), decode(l.String()))
		first := m.Members()[0].Key
		v, ok := m.Get(first)
		Expect(ok).To(BeTrue())
		Expect(v.Text()).To(Equal("1"))
	})
})

var _ = Describe("Redact", func() {
	It("masks sensitive keys at any depth and copies only what changes", func() {
		v := decode(`{"a":1,"l":[{"TOKEN":"x","n":{"token":"y"}}],"token":"z","b":{"c":2}}`)
		before := js(v)
		r := value.Redact(v)
		Expect(js(r)).To(Equal(`{"a":1,"l":[{"TOKEN":"[REDACTED]","n":{"token":"[REDACTED]"}}],"token":"[REDACTED]","b":{"c":2}}`))
		Expect(js(v)).To(Equal(before))
	})

	It("returns a value without sensitive keys as it is", func() {
		v := decode(`{"a":[1,{"b":2}]}`)
		Expect(js(value.Redact(v))).To(Equal(js(v)))
	})
})
