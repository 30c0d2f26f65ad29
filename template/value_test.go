package template_test

import (
	"encoding/json"
	"errors"
	"math"
	"net"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/template"
)

type color string

type count int

type flag bool

type ratio float32

type stringerType struct{ n int }

func (s stringerType) String() string { return "S" + string(rune('0'+s.n)) }

type bothMethods struct{}

func (bothMethods) String() string               { return "from-String" }
func (bothMethods) MarshalText() ([]byte, error) { return []byte("from-MarshalText"), nil }

type namedStringer string

func (n namedStringer) String() string { return "named:" + string(n) }

type failingMarshaler struct{}

func (failingMarshaler) MarshalText() ([]byte, error) { return nil, errors.New("boom") }

type panickingStringer struct{ p *int }

func (s panickingStringer) String() string { return string(rune(*s.p)) }

type selfPointer *selfPointer

type tags []string

func ptr[T any](v T) *T { return &v }

var _ = Describe("Go value mapping", func() {
	// One entry per Go type: {+v} shows the text with reserved characters
	// kept, {?v} how it lands in a query.
	DescribeTable("maps each Go type",
		func(v any, reserved, query string) {
			vars := map[string]any{"v": v}
			Expect(expand("{+v}", vars)).To(Equal(reserved))
			Expect(expand("{?v}", vars)).To(Equal(query))
		},
		Entry("string", "a b", "a%20b", "?v=a%20b"),
		Entry("empty string", "", "", "?v="),
		Entry("bool", true, "true", "?v=true"),
		Entry("int", -5, "-5", "?v=-5"),
		Entry("int8", int8(-128), "-128", "?v=-128"),
		Entry("int16", int16(300), "300", "?v=300"),
		Entry("int32", int32(-70000), "-70000", "?v=-70000"),
		Entry("int64", int64(math.MinInt64), "-9223372036854775808", "?v=-9223372036854775808"),
		Entry("uint", uint(7), "7", "?v=7"),
		Entry("uint8", uint8(255), "255", "?v=255"),
		Entry("uint16", uint16(65535), "65535", "?v=65535"),
		Entry("uint32", uint32(1<<32-1), "4294967295", "?v=4294967295"),
		Entry("uint64", uint64(math.MaxUint64), "18446744073709551615", "?v=18446744073709551615"),
		Entry("uintptr", uintptr(9), "9", "?v=9"),
		Entry("float64 0.1", 0.1, "0.1", "?v=0.1"),
		Entry("float64 integral", 100.0, "100", "?v=100"),
		Entry("float64 1e21", 1e21, "1e+21", "?v=1e%2B21"),
		Entry("float64 1e20", 1e20, "100000000000000000000", "?v=100000000000000000000"),
		Entry("float64 1e-7", 1e-7, "1e-7", "?v=1e-7"),
		Entry("float64 1e-6", 1e-6, "0.000001", "?v=0.000001"),
		Entry("float64 negative zero", math.Copysign(0, -1), "-0", "?v=-0"),
		Entry("float32", float32(0.1), "0.1", "?v=0.1"),
		Entry("json.Number", json.Number("12.50"), "12.50", "?v=12.50"),
		Entry("[]byte", []byte("a b"), "a%20b", "?v=a%20b"),
		Entry("encoding.TextMarshaler (time.Time)", time.Date(2009, 11, 10, 23, 0, 0, 0, time.UTC), "2009-11-10T23:00:00Z", "?v=2009-11-10T23%3A00%3A00Z"),
		Entry("encoding.TextMarshaler (net.IP)", net.IPv4(10, 0, 0, 1), "10.0.0.1", "?v=10.0.0.1"),
		Entry("TextMarshaler wins over Stringer", bothMethods{}, "from-MarshalText", "?v=from-MarshalText"),
		Entry("fmt.Stringer", stringerType{n: 3}, "S3", "?v=S3"),
		Entry("fmt.Stringer before the kind (time.Duration)", 1500*time.Millisecond, "1.5s", "?v=1.5s"),
		Entry("fmt.Stringer on a named string", namedStringer("x"), "named:x", "?v=named%3Ax"),
		Entry("pointer", ptr("p q"), "p%20q", "?v=p%20q"),
		Entry("pointer to pointer", ptr(ptr(42)), "42", "?v=42"),
		Entry("nil pointer", (*int)(nil), "", ""),
		Entry("nil pointer to a Stringer", (*stringerType)(nil), "", ""),
		Entry("nil", nil, "", ""),
		Entry("named string kind", color("red"), "red", "?v=red"),
		Entry("named int kind", count(3), "3", "?v=3"),
		Entry("named bool kind", flag(false), "false", "?v=false"),
		Entry("named float kind", ratio(0.25), "0.25", "?v=0.25"),
		Entry("template.Path outside {p} and {/p}", template.Path("a/b c"), "a/b%20c", "?v=a%2Fb%20c"),
		Entry("template.Verbatim", template.Verbatim("c++"), "c++", "?v=c%2B%2B"),
		Entry("[]string", []string{"a", "b c"}, "a,b%20c", "?v=a,b%20c"),
		Entry("empty []string", []string{}, "", ""),
		Entry("[]any of scalars, nil skipped", []any{"a", 1, true, nil, 2.5, ptr("z")}, "a,1,true,2.5,z", "?v=a,1,true,2.5,z"),
		Entry("[]int", []int{1, 2}, "1,2", "?v=1,2"),
		Entry("named slice type", tags{"x", "y"}, "x,y", "?v=x,y"),
		Entry("array", [2]string{"x", "y"}, "x,y", "?v=x,y"),
		Entry("map[string]string, sorted", map[string]string{"b": "2", "a": "1"}, "a,1,b,2", "?v=a,1,b,2"),
		Entry("map[string]any, sorted, nil skipped", map[string]any{"b": 2, "a": "x", "c": nil}, "a,x,b,2", "?v=a,x,b,2"),
		Entry("map[string]int via reflect", map[string]int{"z": 1, "y": 2}, "y,2,z,1", "?v=y,2,z,1"),
		Entry("map with named string keys", map[color]bool{"red": true, "blue": false}, "blue,false,red,true", "?v=blue,false,red,true"),
		Entry("empty map", map[string]any{}, "", ""),
		Entry("Pairs, own order", template.Pairs{{Key: "z", Value: 1}, {Key: "a", Value: "x"}}, "z,1,a,x", "?v=z,1,a,x"),
	)

	DescribeTable("refuses values with no template meaning, naming the variable",
		func(v any) {
			err := expandErr("/x/{v}", map[string]any{"v": v})
			Expect(err).To(MatchError(template.ErrValue))
			var te *template.Error
			Expect(errors.As(err, &te)).To(BeTrue())
			Expect(te.Var).To(Equal("v"))
			Expect(err.Error()).To(ContainSubstring(`variable "v"`))
		},
		Entry("NaN", math.NaN()),
		Entry("+Inf", math.Inf(1)),
		Entry("-Inf", float32(math.Inf(-1))),
		Entry("channel", make(chan int)),
		Entry("func", func() {}),
		Entry("struct without methods", struct{ A int }{1}),
		Entry("complex", complex(1, 2)),
		Entry("list in a list", []any{[]string{"a"}}),
		Entry("map in a list", []any{map[string]string{"a": "b"}}),
		Entry("list in a map", map[string]any{"k": []string{"x"}}),
		Entry("Pairs in Pairs", template.Pairs{{Key: "k", Value: template.Pairs{}}}),
		Entry("[]Pair", []template.Pair{{Key: "k", Value: "v"}}),
		Entry("map with int keys", map[int]string{1: "a"}),
		Entry("failing MarshalText", failingMarshaler{}),
		Entry("panicking String", panickingStringer{}),
		Entry("pointer cycle", func() any { var p selfPointer; p = &p; return p }()),
	)

	DescribeTable("expands an undefined value to nothing, not even {?x}'s name, and a value of ErrValue to an error",
		func(v any, undefined bool) {
			out, err := template.Expand("{?x}", map[string]any{"x": v})
			Expect(err == nil && out == "").To(Equal(undefined))
		},
		Entry("nil", nil, true),
		Entry("nil pointer", (*string)(nil), true),
		Entry("empty list", []string{}, true),
		Entry("nil slice", []int(nil), true),
		Entry("list of nils", []any{nil, nil}, true),
		Entry("empty map", map[string]string{}, true),
		Entry("map of nils", map[string]any{"a": nil}, true),
		Entry("empty Pairs", template.Pairs{}, true),
		Entry("empty string", "", false),
		Entry("zero", 0, false),
		Entry("false", false, false),
		Entry("list", []string{""}, false),
		Entry("unsupported", make(chan int), false),
	)

	It("does not modify the caller's values", func() {
		l := []string{"b", "a"}
		m := map[string]any{"b": 1, "a": 2}
		p := template.Pairs{{Key: "z", Value: "1"}, {Key: "a", Value: "2"}}
		Expect(expand("{l}{m}{p}", map[string]any{"l": l, "m": m, "p": p})).To(Equal("b,aa,2,b,1z,1,a,2"))
		Expect(l).To(Equal([]string{"b", "a"}))
		Expect(m).To(Equal(map[string]any{"b": 1, "a": 2}))
		Expect(p).To(Equal(template.Pairs{{Key: "z", Value: "1"}, {Key: "a", Value: "2"}}))
	})
})
