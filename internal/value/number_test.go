package value_test

import (
	"encoding/json"
	"math"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/internal/value"
)

var _ = Describe("numbers", func() {
	// Each expectation is what JavaScript's String(n) prints.
	DescribeTable("AppendFloat writes JavaScript's digits",
		func(f float64, js string) {
			Expect(string(value.AppendFloat(nil, f))).To(Equal(js))
			v, ok := value.Float(f)
			Expect(ok).To(BeTrue())
			Expect(v.Text()).To(Equal(js))
		},
		Entry("tenth", 0.1, "0.1"),
		Entry("one millionth stays fixed", 1e-6, "0.000001"),
		Entry("below a millionth is exponent form", 1e-7, "1e-7"),
		Entry("negative small", -2.5e-8, "-2.5e-8"),
		Entry("below 1e21 stays fixed", 1.2345678901234568e20, "123456789012345680000"),
		Entry("1e21", 1e21, "1e+21"),
		Entry("1.5e+21", 1.5e21, "1.5e+21"),
		Entry("three-digit exponent", 1e100, "1e+100"),
		Entry("smallest", 5e-324, "5e-324"),
		Entry("largest", math.MaxFloat64, "1.7976931348623157e+308"),
		Entry("integral", 100.0, "100"),
		Entry("minus zero", math.Copysign(0, -1), "0"),
	)

	It("refuses NaN and infinities", func() {
		for _, f := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
			_, ok := value.Float(f)
			Expect(ok).To(BeFalse())
		}
	})

	It("writes float32 with its own shortest digits", func() {
		v, ok := value.Float32(0.1)
		Expect(ok).To(BeTrue())
		Expect(v.Text()).To(Equal("0.1"))
		v, _ = value.Float32(1e-7)
		Expect(v.Text()).To(Equal("1e-7"))
	})

	It("keeps integers exact", func() {
		Expect(value.Int(math.MinInt64).Text()).To(Equal("-9223372036854775808"))
		Expect(value.Uint(math.MaxUint64).Text()).To(Equal("18446744073709551615"))
		_, ok := value.Uint(math.MaxUint64).AsInt()
		Expect(ok).To(BeFalse())
	})

	DescribeTable("IsInteger as JSON Schema's integer",
		func(v value.Value, want bool) { Expect(v.IsInteger()).To(Equal(want)) },
		Entry("int", value.Int(3), true),
		Entry("1.0 float", must(value.Float(1.0)), true),
		Entry("1.5 float", must(value.Float(1.5)), false),
		Entry("text 1.0", must(value.NumberText("1.0")), true),
		Entry("text 1e2", must(value.NumberText("1e2")), true),
		Entry("text 1.5", must(value.NumberText("1.5")), false),
		Entry("a string", value.Str("1"), false),
	)

	It("validates number text as RFC 8259 does", func() {
		for _, s := range []string{"0", "-0", "1.5", "1e5", "1E+5", "-1.25e-3"} {
			Expect(value.ValidNumber(s)).To(BeTrue(), s)
		}
		for _, s := range []string{"", "-", "01", "1.", ".5", "1e", "1e+", "+1", "0x1", "1 ", "NaN", "1ee5"} {
			Expect(value.ValidNumber(s)).To(BeFalse(), s)
		}
	})
})

func must(v value.Value, ok bool) value.Value {
	Expect(ok).To(BeTrue())
	return v
}

var _ = Describe("NumberKey", func() {
	// numbersEqual reports whether a and b are JSON numbers of one value.
	numbersEqual := func(a, b string) bool {
		x, ok1 := value.NumberKey(a)
		y, ok2 := value.NumberKey(b)
		return ok1 && ok2 && x == y
	}
	DescribeTable("compares JSON numbers by value",
		func(a, b string, want bool) {
			Expect(numbersEqual(a, b)).To(Equal(want))
			Expect(numbersEqual(b, a)).To(Equal(want))
		},
		Entry(nil, "1", "1.0", true),
		Entry(nil, "1", "10E-1", true),
		Entry(nil, "-0", "0.0e7", true),
		Entry(nil, "0.5", "5e-1", true),
		Entry(nil, "1", "-1", false),
		Entry(nil, "1e1000000", "10e999999", true),
		Entry(nil, "1e99999999999999999999", "0.1e100000000000000000000", true),
		Entry(nil, "1e99999999999999999999", "1e99999999999999999998", false),
		Entry("an exponent past int64 the digits carry", "1e99999999999999999999", "10e99999999999999999998", true),
		Entry("an exponent past int64 the digits carry", "100e99999999999999999998", "1e100000000000000000000", true),
		Entry("an exponent past int64 the digits carry", "0.001e100000000000000000002", "1e99999999999999999999", true),
		Entry("an exponent past int64 the digits carry", "1e-99999999999999999999", "0.1e-99999999999999999998", true),
		Entry("an exponent past int64 the digits carry", "1e-100000000000000000000", "100e-100000000000000000002", true),
		Entry("an exponent past int64 the digits carry", "1e-100000000000000000000", "10e-100000000000000000002", false),
		Entry("one exponent past int64, one within", "1e1000000000000000000", "0.1e1000000000000000001", true),
		Entry("one exponent past int64, one within", "1e999999999999999999", "10e999999999999999998", true),
		Entry("one exponent past int64, one within", "1e999999999999999999", "0.01e1000000000000000001", true),
		Entry("leading zeros in an exponent", "1e+000000000000000000000005", "100000", true),
		Entry(nil, "-2.5e-3", "-0.0025", true),
		Entry(nil, "-2.5e-3", "0.0025", false),
		Entry("not JSON numbers", "01", "1", false),
		Entry("not JSON numbers", "1.", "1", false),
		Entry("not JSON numbers", "+1", "1", false),
		Entry("the same text that is no number", "x", "x", false),
	)
})

// float32(1e-6) chose its notation by its float64 value and was written 1e-6,
// where encoding/json writes 0.000001.
var _ = Describe("a float32 next to the notation thresholds", Label("regression"), func() {
	type named float32

	It("is written in the notation encoding/json picks", func() {
		fs := []float32{1e-6, -1e-6, math.Nextafter32(1e-6, 0), math.Nextafter32(1e-6, 1), 1.0000001e-6,
			1e21, math.Nextafter32(1e21, 0), -1e21, 0.1, 1e-7}
		for _, f := range fs {
			want, err := json.Marshal(f)
			Expect(err).NotTo(HaveOccurred())
			for _, x := range []any{f, named(f), &f, []float32{f}, struct{ F float32 }{f}} {
				v, err := value.Of(x)
				Expect(err).NotTo(HaveOccurred())
				got := string(value.AppendJSON(nil, v))
				w, err := json.Marshal(x)
				Expect(err).NotTo(HaveOccurred())
				Expect(got).To(Equal(string(w)), "%T %v (encoding/json writes the float32 %s)", x, f, want)
			}
		}
	})
})
