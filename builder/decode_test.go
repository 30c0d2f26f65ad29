package builder_test

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
)

// agree holds UnmarshalJSON and its fast path to the reference decoder
// on data: the same Options, or the same error (one wrapping
// ErrInvalidOptions); and whatever the fast path accepts, the reference
// accepts and decodes alike. It reports whether the fast path accepted.
func agree(data []byte) bool {
	GinkgoHelper()
	want, wantErr := builder.UnmarshalOptions(data)

	var got builder.Options
	err := got.UnmarshalJSON(data)
	if wantErr != nil {
		Expect(err).To(HaveOccurred(), "UnmarshalJSON accepted what the reference refuses: %q", data)
		Expect(err.Error()).To(Equal(wantErr.Error()), "input %q", data)
		Expect(errors.Is(err, builder.ErrInvalidOptions)).To(BeTrue(), "input %q", data)
		Expect(got).To(Equal(builder.Options{}), "an error leaves the receiver as it was")
	} else {
		Expect(err).NotTo(HaveOccurred(), "input %q", data)
		Expect(got).To(Equal(want), "input %q", data)
	}

	fast, ok := builder.DecodeOptions(data)
	if !ok {
		Expect(fast).To(Equal(builder.Options{}), "a refusal returns nothing")
		return false
	}
	Expect(wantErr).NotTo(HaveOccurred(), "the fast path accepted what the reference refuses: %q", data)
	Expect(fast).To(Equal(want), "input %q", data)
	return true
}

var _ = Describe("Options.UnmarshalJSON's fast path", func() {
	DescribeTable("decodes JSON.stringify output exactly as the reference decoder",
		func(data string) {
			Expect(agree([]byte(data))).To(BeTrue(), "the fast path should accept %q", data)
		},
		Entry("empty", `{}`),
		Entry("reserved keys", `{"method":"POST","baseUrl":"https://h","url":"/x/{id}","id":1}`),
		Entry("params keep order, a repeat replaces in place", `{"b":1,"a":2,"c":3,"a":4}`),
		Entry("null param, null reserved keys", `{"a":null,"url":null,"headers":null,"mediaType":null,"data":null,"request":null}`),
		Entry("null leaves an earlier reserved value", `{"method":"GET","method":null,"headers":{"a":"1"},"headers":null}`),
		Entry("headers of every kind", `{"headers":{"Accept":"a/b","X-N":5,"X-F":-1.5e3,"X-T":true,"X-No":false,"X-Null":null}}`),
		Entry("header case collision, later wins", `{"headers":{"X-A":"1","x-a":"2"}}`),
		Entry("headers twice, the later replaces", `{"headers":{"a":"1"},"headers":{"b":"2"}}`),
		Entry("empty headers", `{"headers":{}}`),
		Entry("mediaType", `{"mediaType":{"format":"raw","previews":["a","b-preview"]}}`),
		Entry("mediaType empty previews", `{"mediaType":{"format":"","previews":[]}}`),
		Entry("mediaType nulls", `{"mediaType":{"format":null,"previews":null}}`),
		Entry("mediaType format reset by null", `{"mediaType":{"format":"a","format":null}}`),
		Entry("mediaType twice", `{"mediaType":{"format":"a"},"mediaType":{"previews":["x"]}}`),
		Entry("mediaType empty", `{"mediaType":{}}`),
		Entry("data string", `{"data":"raw body"}`),
		Entry("data object", `{"data":{"a":[1,{"b":null}],"c":true}}`),
		Entry("data empty containers", `{"data":[],"x":{}}`),
		Entry("request with a token", `{"request":{"timeout":0,"hook":"\u0000endpointkit:1"}}`),
		Entry("request empty", `{"request":{}}`),
		Entry("numbers", `{"a":0,"b":-0,"c":1e+21,"d":1E5,"e":0.5,"f":-12.25e-7,"g":18446744073709551616,"h":1e-0}`),
		Entry("escapes", `{"a":"\"\\\/\b\f\n\r\t\u0041\u00e9\ud83d\ude00","b\n":"x","\u0075rl":"/u"}`),
		Entry("upper-case hex escapes", `{"a":"\u00E9\uD83D\uDE00"}`),
		Entry("lone surrogates", `{"a":"\ud800","b":"\udc00x","c":"\ud800\u0041","d":"\ud800\ud800\udc00","e":"x\ud800"}`),
		Entry("unicode as it is", `{"a":"é😀中","ключ":"значение","s":"\u2028 \u2029"}`),
		Entry("invalid UTF-8, repaired", "{\"a\":\"\xff\",\"b\xfe\":\"x\xed\xa0\x80y\",\"c\":\"\\n\xc3\"}"),
		Entry("DEL as it is", "{\"a\":\"\x7f\"}"),
		Entry("white space", " { \"a\" : [ 1 , 2 ] ,\n\t\"b\" : { } , \"headers\" : { \"x\" : 1 } } \r\n"),
		Entry("nested", `{"a":{"b":{"c":{"d":[[[]]]}}}}`),
		Entry("repeated keys in a value", `{"a":{"k":1,"k":2}}`),
		Entry("empty key", `{"":"x"}`),
		Entry("reserved names are case-sensitive", `{"Method":"x","URL":"y","Headers":{"a":[1]}}`),
	)

	DescribeTable("leaves the rest to the reference decoder, errors and all",
		func(data string) {
			Expect(agree([]byte(data))).To(BeFalse(), "the fast path should refuse %q", data)
		},
		Entry("not an object", `[1]`),
		Entry("null", `null`),
		Entry("empty input", ``),
		Entry("white space only", " \n"),
		Entry("byte order mark", "\xef\xbb\xbf{}"),
		Entry("trailing data", `{} {}`),
		Entry("trailing garbage", `{}x`),
		Entry("trailing comma", `{"a":1,}`),
		Entry("missing comma", `{"a":1 "b":2}`),
		Entry("double comma", `{"a":1,,"b":2}`),
		Entry("unclosed", `{"a":1`),
		Entry("unclosed array", `{"a":[1`),
		Entry("method not a string", `{"method":5}`),
		Entry("url not a string", `{"url":["x"]}`),
		Entry("header object", `{"headers":{"a":{}}}`),
		Entry("header array", `{"headers":{"a":[]}}`),
		Entry("headers not an object", `{"headers":"a"}`),
		Entry("mediaType key in another case", `{"mediaType":{"Format":"raw"}}`),
		Entry("mediaType unknown key", `{"mediaType":{"x":1}}`),
		Entry("mediaType not an object", `{"mediaType":"raw"}`),
		Entry("format not a string", `{"mediaType":{"format":1}}`),
		Entry("previews not an array", `{"mediaType":{"previews":"a"}}`),
		Entry("previews with null", `{"mediaType":{"previews":[null]}}`),
		Entry("previews with a number", `{"mediaType":{"previews":[1]}}`),
		Entry("request not an object", `{"request":[1]}`),
		Entry("request a string", `{"request":"x"}`),
		Entry("bad number", `{"a":01}`),
		Entry("bad number sign", `{"a":+1}`),
		Entry("bad fraction", `{"a":1.}`),
		Entry("bad exponent", `{"a":1e}`),
		Entry("bad header number", `{"headers":{"a":-}}`),
		Entry("raw control character", "{\"a\":\"x\ny\"}"),
		Entry("raw control character after an escape", "{\"a\":\"\\n\x01\"}"),
		Entry("bad escape", `{"a":"\x"}`),
		Entry("single-quote escape", `{"a":"\'"}`),
		Entry("short \\u escape", `{"a":"\u12"}`),
		Entry("bad hex after a high surrogate", `{"a":"\ud800\u12G4"}`),
		Entry("backslash at the end", `{"a":"\`),
		Entry("unterminated string", `{"a":"x`),
		Entry("bad literal", `{"a":nul}`),
		Entry("literal run on", `{"a":nullx}`),
		Entry("missing colon", `{"a" 1}`),
		Entry("key not a string", `{a:1}`),
		Entry("too deep for the fast path", `{"a":`+strings.Repeat("[", 600)+strings.Repeat("]", 600)+`}`),
		Entry("too deep for encoding/json", `{"a":`+strings.Repeat("[", 10001)+strings.Repeat("]", 10001)+`}`),
	)

	It("keeps a long list of parameters in order and replaces repeats in place", func() {
		var b strings.Builder
		b.WriteString("{")
		for i := range 300 {
			if i > 0 {
				b.WriteString(",")
			}
			b.WriteString(`"p` + strconv.Itoa(i%200) + `":` + strconv.Itoa(i))
		}
		b.WriteString("}")
		Expect(agree([]byte(b.String()))).To(BeTrue())
		o, _ := builder.DecodeOptions([]byte(b.String()))
		Expect(o.Params).To(HaveLen(200))
		Expect(o.Params[0]).To(Equal(builder.Param{Name: "p0", Value: json.Number("200")}))
		Expect(o.Params[199]).To(Equal(builder.Param{Name: "p199", Value: json.Number("199")}))
	})

	It("does not keep pointing into the caller's bytes", func() {
		data := []byte(`{"url":"/x","a":"plain","headers":{"k":"v"}}`)
		var o builder.Options
		Expect(o.UnmarshalJSON(data)).To(Succeed())
		for i := range data {
			data[i] = 'X'
		}
		Expect(o.URL).To(Equal("/x"))
		Expect(o.Params).To(Equal(builder.Params{{Name: "a", Value: "plain"}}))
		Expect(o.Headers).To(HaveKeyWithValue("k", "v"))
	})

	It("decodes every options object and defaults layer of the reference vectors", func() {
		data, err := os.ReadFile(filepath.Join("..", "testdata", "vectors", "cases.json"))
		Expect(err).NotTo(HaveOccurred())
		var cases []struct {
			ID       string            `json:"id"`
			Defaults []json.RawMessage `json:"defaults"`
			Route    json.RawMessage   `json:"route"`
			Options  json.RawMessage   `json:"options"`
		}
		Expect(json.Unmarshal(data, &cases)).To(Succeed())
		inputs, fast := 0, 0
		for _, c := range cases {
			for _, raw := range append(append([]json.RawMessage{}, c.Defaults...), c.Route, c.Options) {
				if len(raw) == 0 || raw[0] != '{' {
					continue
				}
				// As the file has it, and compact as JSON.stringify
				// writes it for the wasm bridge.
				var v any
				Expect(json.Unmarshal(raw, &v)).To(Succeed())
				compact, err := json.Marshal(v)
				Expect(err).NotTo(HaveOccurred())
				for _, in := range [][]byte{raw, compact} {
					inputs++
					if agree(in) {
						fast++
					} else {
						_, err := builder.UnmarshalOptions(in)
						Expect(err).To(HaveOccurred(), "%s: the fast path refused valid options %s", c.ID, in)
					}
				}
			}
		}
		Expect(inputs).To(BeNumerically(">", 200))
		Expect(fast).To(BeNumerically(">", inputs*9/10))
	})

	It("agrees with the reference decoder on generated options, valid and broken", func() {
		r := rand.New(rand.NewPCG(6, 2020))
		valid, fast := 0, 0
		for range 4000 {
			g := optionsGen{r: r}
			doc := g.options()
			if _, err := builder.UnmarshalOptions([]byte(doc)); err == nil {
				valid++
			}
			if agree([]byte(doc)) {
				fast++
			}
			// The same document cut short, or with one byte changed.
			if len(doc) > 1 {
				i := r.IntN(len(doc))
				agree([]byte(doc[:i]))
				mutated := []byte(doc)
				const bytes = "{}[],:\"\\ 0-eE.tnfu\x00\xff"
				mutated[i] = bytes[r.IntN(len(bytes))]
				agree(mutated)
			}
		}
		// The generator mostly writes valid options, and the fast path
		// takes nearly all of them.
		Expect(valid).To(BeNumerically(">", 2000))
		Expect(fast).To(BeNumerically(">", valid*9/10))
	})
})

// optionsGen writes random options objects as JSON text: reserved keys
// with values of the right type (now and then the wrong one), parameters
// of every JSON kind, strings with escapes, surrogates, invalid UTF-8 and
// non-ASCII text, numbers at the edges of the grammar, repeated keys and
// white space between tokens.
type optionsGen struct {
	r *rand.Rand
	b strings.Builder
}

func (g *optionsGen) options() string {
	g.object(func() {
		switch g.r.IntN(12) {
		case 0:
			g.key(pick(g.r, "method", "baseUrl", "url"))
			if g.r.IntN(10) == 0 {
				g.value(2)
			} else {
				g.str()
			}
		case 1:
			g.reservedObject("headers", func() {
				g.key(pick(g.r, "Accept", "accept", "X-N", "user-agent", "X-\u00e9", g.text()))
				switch g.r.IntN(12) {
				case 0:
					g.value(1)
				default:
					g.scalar()
				}
			})
		case 2:
			g.reservedObject("mediaType", func() {
				switch g.r.IntN(10) {
				case 0:
					g.key(pick(g.r, "Format", "PREVIEWS", "other"))
					g.value(1)
				case 1, 2, 3:
					g.key("format")
					if g.r.IntN(5) == 0 {
						g.raw("null")
					} else {
						g.str()
					}
				default:
					g.key("previews")
					if g.r.IntN(8) == 0 {
						g.raw(pick(g.r, "null", `"x"`, "[null]", "[1]"))
						return
					}
					g.array(func() { g.str() })
				}
			})
		case 3:
			g.key("data")
			g.value(3)
		case 4:
			g.reservedObject("request", func() { g.key(g.text()); g.value(2) })
		default:
			g.key(pick(g.r, "owner", "repo", "per_page", "labels", "a", "", g.text()))
			g.value(3)
		}
	})
	g.space()
	return g.b.String()
}

// reservedObject writes the key name and an object of members, now and
// then a value of another type instead.
func (g *optionsGen) reservedObject(name string, member func()) {
	g.key(name)
	if g.r.IntN(10) == 0 {
		g.value(2)
		return
	}
	g.object(member)
}

func (g *optionsGen) value(depth int) {
	n := 6
	if depth > 0 {
		n = 8
	}
	switch g.r.IntN(n) {
	case 6:
		g.object(func() { g.key(g.text()); g.value(depth - 1) })
	case 7:
		g.array(func() { g.value(depth - 1) })
	default:
		g.scalar()
	}
}

func (g *optionsGen) scalar() {
	switch g.r.IntN(6) {
	case 0:
		g.raw(pick(g.r, "true", "false", "null"))
	case 1:
		g.raw(pick(g.r, "0", "-0", "1", "100", "-12.25e-7", "1E5", "1e+21", "0.5", "18446744073709551616", "-1.5E-03"))
	default:
		g.str()
	}
}

// object writes { member, ... } with up to six members, each written by
// member (a key and a value).
func (g *optionsGen) object(member func()) { g.list('{', '}', 6, member) }

// array writes [ element, ... ] with up to four elements.
func (g *optionsGen) array(element func()) { g.list('[', ']', 4, element) }

func (g *optionsGen) list(open, closing byte, most int, item func()) {
	g.space()
	g.b.WriteByte(open)
	for i := range g.r.IntN(most + 1) {
		if i > 0 {
			g.space()
			g.b.WriteByte(',')
		}
		item()
	}
	g.space()
	g.b.WriteByte(closing)
}

// key writes k, quoted unless text made it, and the colon.
func (g *optionsGen) key(k string) {
	g.space()
	if !strings.HasPrefix(k, `"`) {
		k = `"` + k + `"`
	}
	g.b.WriteString(k)
	g.space()
	g.b.WriteByte(':')
}

func (g *optionsGen) str() { g.space(); g.b.WriteString(g.text()) }

func (g *optionsGen) raw(s string) { g.space(); g.b.WriteString(s) }

// text is a quoted JSON string of up to four pieces.
func (g *optionsGen) text() string {
	var b strings.Builder
	b.WriteByte('"')
	for range g.r.IntN(5) {
		b.WriteString(pick(g.r,
			"octokit", "rest.js", "open", "{owner}", "a b", "é", "😀", "\u2028",
			`\"`, `\\`, `\/`, `\b\f\n\r\t`, `\u0000endpointkit:1`, `\u00e9`, `\u00E9`,
			`\ud83d\ude00`, `\ud800`, `\udc00`, `\ud800\u0041`, `\ud800\ud800\udc00`,
			"\xff", "\xed\xa0\x80", "\xc3", "\x7f",
		))
	}
	b.WriteByte('"')
	return b.String()
}

func (g *optionsGen) space() {
	if g.r.IntN(4) == 0 {
		g.b.WriteString(pick(g.r, " ", "\n", "\t", "\r\n  "))
	}
}

func pick(r *rand.Rand, s ...string) string { return s[r.IntN(len(s))] }
