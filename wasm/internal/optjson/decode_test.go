package optjson_test

import (
	"encoding/json"
	"os"
	"path/filepath"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/wasm/internal/optjson"
)

// reference decodes with Options.UnmarshalJSON, the behaviour to match.
func reference(data []byte) (endpoint.Options, error) {
	var o endpoint.Options
	err := o.UnmarshalJSON(data)
	return o, err
}

// agree checks the contract: when Decode accepts data, UnmarshalJSON
// accepts it too and returns the same Options. It reports whether Decode
// accepted.
func agree(data []byte) bool {
	got, ok := optjson.Decode(data)
	if !ok {
		Expect(got).To(Equal(endpoint.Options{}), "a refusal returns nothing")
		return false
	}
	want, err := reference(data)
	Expect(err).NotTo(HaveOccurred(), "Decode accepted what UnmarshalJSON refuses: %s", data)
	Expect(got).To(Equal(want), "input %s", data)
	return true
}

var _ = Describe("Decode", func() {
	DescribeTable("decodes JSON.stringify output exactly as UnmarshalJSON",
		func(data string) {
			Expect(agree([]byte(data))).To(BeTrue(), "Decode should accept %s", data)
		},
		Entry("empty", `{}`),
		Entry("reserved keys", `{"method":"POST","baseUrl":"https://h","url":"/x/{id}","id":1}`),
		Entry("params keep order", `{"b":1,"a":2,"c":3,"a":4}`),
		Entry("null param, null reserved", `{"a":null,"url":null,"headers":null,"mediaType":null,"data":null,"request":null}`),
		Entry("headers of every kind", `{"headers":{"Accept":"a/b","X-N":5,"X-F":-1.5e3,"X-T":true,"X-No":false,"X-Null":null}}`),
		Entry("header case collision, later wins", `{"headers":{"X-A":"1","x-a":"2"}}`),
		Entry("empty headers", `{"headers":{}}`),
		Entry("mediaType", `{"mediaType":{"format":"raw","previews":["a","b-preview"]}}`),
		Entry("mediaType empty previews", `{"mediaType":{"format":"","previews":[]}}`),
		Entry("mediaType nulls", `{"mediaType":{"format":null,"previews":null}}`),
		Entry("mediaType format reset by null", `{"mediaType":{"format":"a","format":null}}`),
		Entry("mediaType twice", `{"mediaType":{"format":"a"},"mediaType":{"previews":["x"]}}`),
		Entry("data string", `{"data":"raw body"}`),
		Entry("data object", `{"data":{"a":[1,{"b":null}],"c":true}}`),
		Entry("data empty containers", `{"data":[],"x":{}}`),
		Entry("request", `{"request":{"timeout":0,"hook":"\u0000endpointkit:1"}}`),
		Entry("numbers", `{"a":0,"b":-0,"c":1e+21,"d":1E5,"e":0.5,"f":-12.25e-7,"g":18446744073709551616}`),
		Entry("escapes", `{"a":"\"\\\/\b\f\n\r\t\u0041\u00e9\ud83d\ude00","b\n":"x"}`),
		Entry("lone surrogates", `{"a":"\ud800","b":"\udc00x","c":"\ud800\u0041"}`),
		Entry("unicode as it is", `{"a":"é😀中","ключ":"значение"}`),
		Entry("whitespace", " { \"a\" : [ 1 , 2 ] ,\n\t\"b\" : { } } \r\n"),
		Entry("nested", `{"a":{"b":{"c":{"d":[[[]]]}}}}`),
		Entry("duplicate keys in a value", `{"a":{"k":1,"k":2}}`),
		Entry("empty key", `{"":"x"}`),
	)

	DescribeTable("refuses what it is not sure of, for the fallback",
		func(data string) {
			Expect(agree([]byte(data))).To(BeFalse(), "Decode should refuse %s", data)
		},
		Entry("not an object", `[1]`),
		Entry("empty input", ``),
		Entry("trailing data", `{} {}`),
		Entry("trailing comma", `{"a":1,}`),
		Entry("method not a string", `{"method":5}`),
		Entry("header object", `{"headers":{"a":{}}}`),
		Entry("headers not an object", `{"headers":"a"}`),
		Entry("mediaType key in another case", `{"mediaType":{"Format":"raw"}}`),
		Entry("mediaType unknown key", `{"mediaType":{"x":1}}`),
		Entry("previews not an array", `{"mediaType":{"previews":"a"}}`),
		Entry("previews with null", `{"mediaType":{"previews":[null]}}`),
		Entry("request not an object", `{"request":[1]}`),
		Entry("bad number", `{"a":01}`),
		Entry("bad number sign", `{"a":+1}`),
		Entry("bad fraction", `{"a":1.}`),
		Entry("bad exponent", `{"a":1e}`),
		Entry("raw control character", "{\"a\":\"x\ny\"}"),
		Entry("invalid UTF-8", "{\"a\":\"\xff\"}"),
		Entry("bad escape", `{"a":"\x"}`),
		Entry("unterminated string", `{"a":"x`),
		Entry("bad literal", `{"a":nul}`),
		Entry("missing colon", `{"a" 1}`),
		Entry("too deep", `{"a":`+repeat("[", 300)+repeat("]", 300)+`}`),
	)

	It("accepts every options object and defaults layer of the reference vectors", func() {
		data, err := os.ReadFile(filepath.Join("..", "..", "..", "testdata", "vectors", "cases.json"))
		Expect(err).NotTo(HaveOccurred())
		var cases []struct {
			ID       string            `json:"id"`
			Defaults []json.RawMessage `json:"defaults"`
			Route    json.RawMessage   `json:"route"`
			Options  json.RawMessage   `json:"options"`
		}
		Expect(json.Unmarshal(data, &cases)).To(Succeed())
		Expect(cases).NotTo(BeEmpty())
		inputs := 0
		for _, c := range cases {
			for _, raw := range append(append([]json.RawMessage{}, c.Defaults...), c.Route, c.Options) {
				if len(raw) == 0 || raw[0] != '{' {
					continue
				}
				inputs++
				// The JSON.stringify form, as the bridge receives it.
				var v any
				Expect(json.Unmarshal(raw, &v)).To(Succeed())
				compact, err := json.Marshal(v)
				Expect(err).NotTo(HaveOccurred())
				for _, in := range [][]byte{raw, compact} {
					if _, err := reference(in); err != nil {
						Expect(agree(in)).To(BeFalse(), c.ID)
						continue
					}
					Expect(agree(in)).To(BeTrue(), "%s: Decode refused %s", c.ID, in)
				}
			}
		}
		Expect(inputs).To(BeNumerically(">", 100))
	})
})

func repeat(s string, n int) string {
	out := ""
	for range n {
		out += s
	}
	return out
}
