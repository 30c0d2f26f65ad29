package builder_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
)

// encodeBody is the library's JSON encoding of v as a request body. A
// string, []byte or reader body is sent as it is, and nil is no body, so those
// are encoded inside a one-element array.
func encodeBody(v any) ([]byte, error) {
	switch v.(type) {
	case nil, string, []byte, io.Reader:
		b, err := encodeBody([]any{v})
		if err != nil {
			return nil, err
		}
		return b[1 : len(b)-1], nil
	}
	r, err := builder.RequestOptions{Method: "post", URL: "https://x.test/", Body: v}.BodyReader()
	if err != nil {
		return nil, err
	}
	return io.ReadAll(r)
}

// refJSON is the reference encoding: encoding/json for everything but the
// ordered Params (whose MarshalJSON is the code under test), which are
// assembled from encoding/json's encoding of each name and value.
func refJSON(v any) ([]byte, error) {
	switch t := v.(type) {
	case builder.Params:
		var b bytes.Buffer
		b.WriteByte('{')
		for i, p := range t {
			if i > 0 {
				b.WriteByte(',')
			}
			name, _ := stdJSON(p.Name)
			val, err := refJSON(p.Value)
			if err != nil {
				return nil, err
			}
			b.Write(name)
			b.WriteByte(':')
			b.Write(val)
		}
		b.WriteByte('}')
		return b.Bytes(), nil
	case []any:
		if t == nil {
			return []byte("null"), nil
		}
		var b bytes.Buffer
		b.WriteByte('[')
		for i, e := range t {
			if i > 0 {
				b.WriteByte(',')
			}
			val, err := refJSON(e)
			if err != nil {
				return nil, err
			}
			b.Write(val)
		}
		b.WriteByte(']')
		return b.Bytes(), nil
	case map[string]any:
		if t == nil {
			return []byte("null"), nil
		}
		keys := make([]string, 0, len(t))
		for k := range t {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		var b bytes.Buffer
		b.WriteByte('{')
		for i, k := range keys {
			if i > 0 {
				b.WriteByte(',')
			}
			name, _ := stdJSON(k)
			val, err := refJSON(t[k])
			if err != nil {
				return nil, err
			}
			b.Write(name)
			b.WriteByte(':')
			b.Write(val)
		}
		b.WriteByte('}')
		return b.Bytes(), nil
	}
	return stdJSON(v)
}

// expectSameJSON checks the body encoding and Params.MarshalJSON of v
// against the reference: the same bytes, or an error from both.
func expectSameJSON(v any, desc string) {
	GinkgoHelper()
	want, werr := refJSON(v)
	got, err := encodeBody(v)
	if werr != nil {
		Expect(err).To(HaveOccurred(), "%s: encoding/json: %v; got %q", desc, werr, got)
		Expect(errors.Is(err, builder.ErrRequest)).To(BeTrue())
	} else {
		Expect(err).NotTo(HaveOccurred(), desc)
		Expect(string(got)).To(Equal(string(want)), desc)
	}
	got, err = builder.Params{{Name: "v", Value: v}}.MarshalJSON()
	if werr != nil {
		Expect(err).To(HaveOccurred(), desc)
		Expect(got).To(BeNil())
		return
	}
	Expect(err).NotTo(HaveOccurred(), desc)
	Expect(string(got)).To(Equal(`{"v":`+string(want)+"}"), desc)
}

// upper is a string kind with its own MarshalJSON: the fast path must not
// treat it as a string.
type upper string

func (u upper) MarshalJSON() ([]byte, error) { return json.Marshal(strings.ToUpper(string(u))) }

// textKey is a string kind with MarshalText, used as a value and a key.
type textKey string

func (k textKey) MarshalText() ([]byte, error) { return []byte("k:" + string(k)), nil }

// failing always fails to marshal.
type failing struct{}

func (failing) MarshalJSON() ([]byte, error) { return nil, errors.New("no") }

type record struct {
	Name  string         `json:"name"`
	Tags  []string       `json:"tags,omitempty"`
	Extra map[string]any `json:"extra,omitempty"`
	Skip  string         `json:"-"`
}

// jsonRunes are the characters random strings are made of: plain ASCII,
// everything JSON escapes, DEL, HTML characters, multi-byte UTF-8, the
// JavaScript line separators and bytes that are not UTF-8.
var jsonRunes = []string{
	"a", "Z", "0", " ", "/", `"`, `\`, "\x00", "\x01", "\b", "\f", "\n", "\r", "\t", "\x1f", "\x7f",
	"<", ">", "&", "é", "€", "𝄞", "\u2028", "\u2029", "\ufffd", "\xff", "\xc3", "\xed\xa0\x80", "\xe2\x82", "\xf4\x90\x80\x80",
}

// valueGen makes random JSON-like values with a seeded generator.
type valueGen struct {
	r      *rand.Rand
	params bool // may produce Params
}

func (g valueGen) str() string {
	var b strings.Builder
	for range g.r.IntN(8) {
		b.WriteString(jsonRunes[g.r.IntN(len(jsonRunes))])
	}
	return b.String()
}

func (g valueGen) float() float64 {
	switch g.r.IntN(5) {
	case 0:
		return math.Float64frombits(g.r.Uint64())
	case 1:
		return []float64{0, math.Copysign(0, -1), 1e21, 1e20, 999999999999999999999, 1e-6, 1e-7, 0.000001234, 5e-324,
			math.MaxFloat64, -math.MaxFloat64, 0.1, 1.5, 100, 123456789.123, math.NaN(), math.Inf(1), math.Inf(-1)}[g.r.IntN(18)]
	default:
		return g.r.NormFloat64() * math.Pow(10, float64(g.r.IntN(60)-30))
	}
}

func (g valueGen) number() json.Number {
	valid := []string{"", "0", "-0", "12", "-3.25", "1e9", "1E+9", "2.5e-10", "123456789012345678901234567890"}
	invalid := []string{"01", "1.", ".5", "-", "1e", "1e+", "abc", "0x10", " 1", "NaN"}
	if g.r.IntN(4) == 0 {
		return json.Number(invalid[g.r.IntN(len(invalid))])
	}
	return json.Number(valid[g.r.IntN(len(valid))])
}

func (g valueGen) value(depth int) any {
	n := 22
	if depth >= 4 {
		n = 16 // scalars only
	}
	switch g.r.IntN(n) {
	case 0:
		return nil
	case 1:
		return g.r.IntN(2) == 0
	case 2:
		return int(g.r.Int64()) >> g.r.IntN(64)
	case 3:
		switch g.r.IntN(4) {
		case 0:
			return int8(g.r.Uint32())
		case 1:
			return int16(g.r.Uint32())
		case 2:
			return int32(g.r.Uint32())
		}
		return int64(g.r.Uint64())
	case 4:
		switch g.r.IntN(5) {
		case 0:
			return uint(g.r.Uint64())
		case 1:
			return uint8(g.r.Uint32())
		case 2:
			return uint16(g.r.Uint32())
		case 3:
			return uint32(g.r.Uint32())
		}
		return g.r.Uint64()
	case 5:
		return uintptr(g.r.Uint32())
	case 6, 7:
		return g.float()
	case 8:
		return float32(g.float())
	case 9:
		return g.number()
	case 10, 11, 12:
		return g.str()
	case 13:
		return []string{g.str(), g.str()}[:g.r.IntN(3)]
	case 14:
		switch g.r.IntN(6) {
		case 0:
			return upper(g.str())
		case 1:
			return textKey(g.str())
		case 2:
			return time.Duration(g.r.Int64())
		case 3:
			return []byte(g.str())
		case 4:
			s := g.str()
			return &s
		}
		return []int{g.r.Int(), -1}
	case 15:
		switch g.r.IntN(4) {
		case 0:
			return []string(nil)
		case 1:
			return []any(nil)
		case 2:
			return map[string]any(nil)
		}
		return map[string]string(nil)
	case 16, 17:
		a := make([]any, g.r.IntN(4))
		for i := range a {
			a[i] = g.value(depth + 1)
		}
		return a
	case 18, 19:
		m := map[string]any{}
		for range g.r.IntN(5) {
			m[g.str()] = g.value(depth + 1)
		}
		return m
	case 20:
		switch g.r.IntN(3) {
		case 0:
			m := map[string]string{}
			for range g.r.IntN(4) {
				m[g.str()] = g.str()
			}
			return m
		case 1:
			return map[textKey]int{textKey(g.str()): 1, "b": 2}
		}
		return record{Name: g.str(), Tags: []string{g.str()}, Extra: map[string]any{g.str(): g.str()}, Skip: "x"}
	default:
		if !g.params {
			return map[string]int{g.str(): g.r.Int()}
		}
		p := builder.Params{}
		for range g.r.IntN(4) {
			p = append(p, builder.Param{Name: g.str(), Value: g.value(depth + 1)})
		}
		return p
	}
}

var _ = Describe("JSON body encoding", func() {
	DescribeTable("writes what encoding/json writes, HTML escaping off",
		func(v any) { expectSameJSON(v, fmt.Sprintf("%#v", v)) },
		Entry("null", nil),
		Entry("true", true),
		Entry("false", false),
		Entry("int", -42),
		Entry("int8", int8(-128)),
		Entry("int16", int16(32767)),
		Entry("int32", int32(-1<<31)),
		Entry("int64", int64(math.MinInt64)),
		Entry("uint", uint(math.MaxUint)),
		Entry("uint8", uint8(255)),
		Entry("uint16", uint16(65535)),
		Entry("uint32", uint32(math.MaxUint32)),
		Entry("uint64", uint64(math.MaxUint64)),
		Entry("uintptr", uintptr(7)),
		Entry("zero", 0.0),
		Entry("negative zero", math.Copysign(0, -1)),
		Entry("1e20 stays fixed", 1e20),
		Entry("1e21 goes exponential", 1e21),
		Entry("1e-6 stays fixed", 1e-6),
		Entry("1e-7 goes exponential, without a leading zero", 1e-7),
		Entry("smallest float64", 5e-324),
		Entry("largest float64", math.MaxFloat64),
		Entry("0.1", 0.1),
		Entry("float32 0.1 (shortest for 32 bits)", float32(0.1)),
		Entry("float32 1e-7", float32(1e-7)),
		Entry("float32 just below 1e21", float32(9.999999e20)),
		Entry("float32 1e21", float32(1e21)),
		Entry("float32 max", float32(math.MaxFloat32)),
		Entry("NaN is an error", math.NaN()),
		Entry("+Inf is an error", math.Inf(1)),
		Entry("float32 -Inf is an error", float32(math.Inf(-1))),
		Entry("NaN inside an array is an error", []any{1, math.NaN()}),
		Entry("json.Number", json.Number("-12.5e+3")),
		Entry("empty json.Number is 0", json.Number("")),
		Entry("invalid json.Number is an error", json.Number("01")),
		Entry("invalid json.Number in a map is an error", map[string]any{"n": json.Number("1.")}),
		Entry("strings", []any{"a\x01b", "a\x7fb", "a\xffb", "ä", `"q"`, `\`, "\b\f\n\r\t\x00\x1f", "<&>", "\u2028x\u2029",
			"\xed\xa0\x80", "\xe2\x82", "\xf4\x90\x80\x80", "𝄞", ""}),
		Entry("[]string", []string{"a", "<b>", "\xff"}),
		Entry("empty []string", []string{}),
		Entry("nil []string", []string(nil)),
		Entry("nil []any", []any(nil)),
		Entry("nil map[string]any", map[string]any(nil)),
		Entry("nil map[string]string", map[string]string(nil)),
		Entry("map[string]any, keys sorted by bytes", map[string]any{"b": 1, "a": []any{true, nil}, "A": "x", "é": 2, "\xff": 3, "\x01": 4}),
		Entry("map with more keys than the stack array", func() map[string]any {
			m := map[string]any{}
			for i := range 40 {
				m[fmt.Sprintf("k%02d", 39-i)] = i
			}
			return m
		}()),
		Entry("map[string]string", map[string]string{"z": "1", "a": "\x00"}),
		Entry("[]byte inside a value is base64", []any{[]byte("hi\x00")}),
		Entry("a struct", record{Name: "<n>", Tags: []string{"t"}, Skip: "s"}),
		Entry("a pointer", &record{Name: "p"}),
		Entry("a named string with MarshalJSON", upper("shout")),
		Entry("a named string with MarshalText", textKey("v")),
		Entry("a map keyed by a TextMarshaler", map[textKey]int{"b": 1, "a": 2}),
		Entry("a typed map", map[string]int{"b": 1, "a": 2}),
		Entry("a typed slice", []int{3, 1}),
		Entry("time.Duration is a number", time.Second),
		Entry("a Marshaler that fails", []any{failing{}}),
		Entry("a func is an error", map[string]any{"f": func() {}}),
		Entry("a channel is an error", []any{make(chan int)}),
		Entry("Params in order", builder.Params{{Name: "z", Value: 1}, {Name: "a\x01", Value: []any{"<x>"}}}),
		Entry("empty Params", builder.Params{}),
		Entry("nil Params is {} (encoding/json calls MarshalJSON)", builder.Params(nil)),
		Entry("Params nested in a map and an array", map[string]any{"p": []any{builder.Params{{Name: "k", Value: "v"}}}}),
		Entry("an error inside Params", builder.Params{{Name: "ok", Value: 1}, {Name: "f", Value: func() {}}}),
	)

	It("writes seeded random values as encoding/json does", func() {
		seeds := []uint64{1, 2, 3, 4, 5, 6, 7, 8, uint64(GinkgoRandomSeed())}
		for _, seed := range seeds {
			for _, params := range []bool{false, true} {
				g := valueGen{r: rand.New(rand.NewPCG(seed, 0x5eed)), params: params}
				for i := range 400 {
					v := g.value(0)
					desc := fmt.Sprintf("seed %d, params %v, value %d: %#v", seed, params, i, v)
					if !params {
						// Independent of refJSON's Params handling.
						want, werr := stdJSON(v)
						got, err := encodeBody(v)
						Expect(err != nil).To(Equal(werr != nil), desc)
						Expect(string(got)).To(Equal(string(want)), desc)
					}
					expectSameJSON(v, desc)
				}
			}
		}
	})

	It("writes deeply nested values as encoding/json does", func() {
		var a any = "leaf"
		var p any = "leaf"
		for range 1500 {
			a = []any{map[string]any{"k": a}}
			p = builder.Params{{Name: "k", Value: p}}
		}
		expectSameJSON(a, "1500 levels of []any and map[string]any")
		expectSameJSON(p, "1500 levels of Params")
	})

	It("fails on a value that contains itself instead of recursing forever", func() {
		m := map[string]any{"a": 1}
		m["self"] = []any{m}
		a := []any{nil}
		a[0] = a
		p := builder.Params{{Name: "p"}}
		p[0].Value = p
		for _, v := range []any{m, a, p, map[string]any{"x": p}} {
			_, err := encodeBody(v)
			Expect(err).To(MatchError(builder.ErrRequest))
			var cycle *json.UnsupportedValueError
			Expect(errors.As(err, &cycle)).To(BeTrue(), err.Error())
			Expect(err.Error()).To(ContainSubstring("encountered a cycle via "))
		}
		_, err := stdJSON(m)
		Expect(err).To(HaveOccurred()) // encoding/json agrees on the map
	})

	It("never changes the value it encodes", func() {
		v := map[string]any{"b": []any{"x", 1.5}, "a": builder.Params{{Name: "z", Value: []string{"y"}}}}
		before := fmt.Sprintf("%#v", v)
		_, err := encodeBody(v)
		Expect(err).NotTo(HaveOccurred())
		Expect(fmt.Sprintf("%#v", v)).To(Equal(before))
	})
})
