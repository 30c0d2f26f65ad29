package optjson_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/wasm/internal/optjson"
)

// same checks the contract: when AppendRequest writes r, it writes what
// MarshalJSON writes. It reports whether AppendRequest wrote.
func same(r endpoint.RequestOptions) bool {
	got, ok := optjson.AppendRequest([]byte("prefix:"), r)
	if !ok {
		return false
	}
	want, err := r.MarshalJSON()
	Expect(err).NotTo(HaveOccurred())
	Expect(string(got)).To(Equal("prefix:" + string(want)))
	return true
}

func decoded(s string) any {
	dec := json.NewDecoder(strings.NewReader(s))
	dec.UseNumber()
	var v any
	Expect(dec.Decode(&v)).To(Succeed())
	return v
}

var _ = Describe("AppendRequest", func() {
	hdr := map[string]string{"accept": "application/vnd.github.v3+json", "user-agent": "x", "b": "\u2028<&>\x01\"\\"}

	DescribeTable("writes what MarshalJSON writes",
		func(r endpoint.RequestOptions) {
			Expect(same(r)).To(BeTrue())
		},
		Entry("no headers", endpoint.RequestOptions{Method: "get", URL: "https://h/x"}),
		Entry("headers sorted, escaped", endpoint.RequestOptions{Method: "get", URL: "https://h/x?a=<b>", Headers: hdr}),
		Entry("empty string body", endpoint.RequestOptions{Method: "put", URL: "/x", Headers: hdr, Body: ""}),
		Entry("bytes body", endpoint.RequestOptions{Method: "post", URL: "/x", Body: []byte("a\"b\xff")}),
		Entry("reader body", endpoint.RequestOptions{Method: "post", URL: "/x", Body: strings.NewReader("x")}),
		Entry("params body", endpoint.RequestOptions{Method: "post", URL: "/x", Body: endpoint.Params{
			{Name: "title", Value: "t"}, {Name: "labels", Value: []any{"a", json.Number("1")}},
			{Name: "n", Value: nil}, {Name: "o", Value: map[string]any{"z": true, "a": false}},
		}}),
		Entry("non-ASCII param names", endpoint.RequestOptions{Method: "post", URL: "/x", Body: endpoint.Params{{Name: "é", Value: "x"}, {Name: "名前 😀", Value: "y"}}}),
		Entry("empty params body", endpoint.RequestOptions{Method: "post", URL: "/x", Body: endpoint.Params{}}),
		Entry("nil params body", endpoint.RequestOptions{Method: "post", URL: "/x", Body: endpoint.Params(nil)}),
		Entry("data body", endpoint.RequestOptions{Method: "post", URL: "/x", Body: decoded(`{"a":[1,-0.5e3,"\u00e9\ud83d\ude00",{}],"b":null}`)}),
		Entry("empty number", endpoint.RequestOptions{Method: "post", URL: "/x", Body: json.Number("")}),
		Entry("nil []any", endpoint.RequestOptions{Method: "post", URL: "/x", Body: []any(nil)}),
		Entry("request", endpoint.RequestOptions{Method: "get", URL: "/x", Request: map[string]any{"b": "\u0000endpointkit:1", "a": json.Number("2")}}),
		Entry("empty request", endpoint.RequestOptions{Method: "get", URL: "/x", Request: map[string]any{}}),
		Entry("invalid UTF-8 and separators", endpoint.RequestOptions{Method: "get", URL: "/x\xff\u2029\t", Headers: map[string]string{"\xfe": "\u2028"}}),
	)

	DescribeTable("leaves other values to MarshalJSON",
		func(r endpoint.RequestOptions) {
			Expect(same(r)).To(BeFalse())
		},
		Entry("float body", endpoint.RequestOptions{Method: "post", URL: "/x", Body: 1.5}),
		Entry("typed slice", endpoint.RequestOptions{Method: "post", URL: "/x", Body: []string{"a"}}),
		Entry("param name not printable", endpoint.RequestOptions{Method: "post", URL: "/x", Body: endpoint.Params{{Name: "a\u2028", Value: "x"}}}),
		Entry("param name not UTF-8", endpoint.RequestOptions{Method: "post", URL: "/x", Body: endpoint.Params{{Name: "\xff", Value: "x"}}}),
		Entry("param name with a quote", endpoint.RequestOptions{Method: "post", URL: "/x", Body: endpoint.Params{{Name: `a"b`, Value: "x"}}}),
		Entry("invalid number", endpoint.RequestOptions{Method: "post", URL: "/x", Body: json.Number("1.")}),
		Entry("int in request", endpoint.RequestOptions{Method: "get", URL: "/x", Request: map[string]any{"a": 1}}),
	)

	It("writes every reference vector's request as MarshalJSON does", func() {
		data, err := os.ReadFile(filepath.Join("..", "..", "..", "testdata", "vectors", "cases.json"))
		Expect(err).NotTo(HaveOccurred())
		var cases []struct {
			ID       string            `json:"id"`
			Defaults []json.RawMessage `json:"defaults"`
			Op       string            `json:"op"`
			Route    json.RawMessage   `json:"route"`
			Options  json.RawMessage   `json:"options"`
		}
		Expect(json.Unmarshal(data, &cases)).To(Succeed())
		built := 0
		for _, c := range cases {
			if c.Op != "endpoint" && c.Op != "parse" {
				continue
			}
			e := endpoint.Defaults()
			for _, layer := range c.Defaults {
				var route string
				if json.Unmarshal(layer, &route) == nil {
					e = e.Defaults(endpoint.WithRoute(route))
					continue
				}
				var o endpoint.Options
				Expect(o.UnmarshalJSON(layer)).To(Succeed(), c.ID)
				e = e.Defaults(endpoint.WithOptions(o))
			}
			var route string
			var o endpoint.Options
			_ = json.Unmarshal(c.Route, &route)
			opts := c.Options
			if bytes.HasPrefix(c.Route, []byte("{")) {
				opts = c.Route
			}
			if len(opts) > 0 && opts[0] == '{' {
				if o.UnmarshalJSON(opts) != nil {
					continue
				}
			}
			var r endpoint.RequestOptions
			if c.Op == "parse" {
				r, err = e.Parse(o)
			} else {
				r, err = e.Build(route, o)
			}
			if err != nil {
				continue
			}
			built++
			Expect(same(r)).To(BeTrue(), c.ID)
		}
		Expect(built).To(BeNumerically(">", 100))
	})
})
