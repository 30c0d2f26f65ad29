package endpointtest_test

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/endpointtest"
)

// JSONBody compares numbers by value. It used big.Rat, which makes every
// digit of 1e1000000; these specs hold the decimal comparison that took
// its place to big.Rat where big.Rat is cheap, and to the same answers
// where it is not.
var _ = Describe("JSON numbers in bodies", func() {
	equal := func(got, want string) bool {
		req := builder.RequestOptions{Method: "post", URL: "/x", Body: `{"n":` + got + `}`}
		return endpointtest.Match(req, endpointtest.JSONBody(`{"n":`+want+`}`)) == nil
	}

	DescribeTable("are equal by value, whatever their spelling",
		func(a, b string, want bool) {
			Expect(equal(a, b)).To(Equal(want))
			Expect(equal(b, a)).To(Equal(want))
		},
		Entry(nil, "1", "1.0", true),
		Entry(nil, "1", "1e0", true),
		Entry(nil, "100", "1E2", true),
		Entry(nil, "100", "1e+2", true),
		Entry(nil, "0.01", "1e-2", true),
		Entry(nil, "-0", "0", true),
		Entry(nil, "0.000", "0e5", true),
		Entry(nil, "-1", "1", false),
		Entry(nil, "10", "1", false),
		Entry(nil, "1.5", "15e-1", true),
		Entry(nil, "123.450", "12345e-2", true),
		Entry("an exponent of a million", "1e1000000", "10e999999", true),
		Entry("an exponent of a million, off by one", "1e1000000", "1e1000001", false),
		Entry("a huge negative exponent", "-2.5e-1000000", "-25e-1000001", true),
		Entry("exponents past int64", "1e99999999999999999999", "0.1e100000000000000000000", true),
		Entry("exponents past int64, different", "1e99999999999999999999", "1e99999999999999999998", false),
	)

	It("agree with exact rational comparison over random spellings", func() {
		r := rand.New(rand.NewPCG(1, 2))
		digits := func(n int) string {
			b := make([]byte, n)
			for i := range b {
				b[i] = byte('0' + r.IntN(10))
			}
			return string(b)
		}
		spell := func() string {
			s := digits(1 + r.IntN(4))
			for len(s) > 1 && s[0] == '0' {
				s = s[1:]
			}
			if r.IntN(2) == 0 {
				s += "." + digits(1+r.IntN(3))
			}
			if r.IntN(2) == 0 {
				s += []string{"e", "E", "e+", "e-"}[r.IntN(4)] + fmt.Sprint(r.IntN(4))
			}
			if r.IntN(4) == 0 {
				s = "-" + s
			}
			return s
		}
		// respell writes a's value another way: a zero more in its fraction.
		respell := func(a string) string {
			mant, exp, _ := strings.Cut(a, "e")
			if strings.Contains(a, "E") {
				mant, exp, _ = strings.Cut(a, "E")
				exp = "E" + exp
			} else if exp != "" || strings.Contains(a, "e") {
				exp = "e" + exp
			}
			if strings.Contains(mant, ".") {
				return mant + "0" + exp
			}
			return mant + ".0" + exp
		}
		agreed := 0
		for range 20000 {
			a, b := spell(), spell()
			if r.IntN(3) == 0 {
				b = respell(a)
			}
			x, _ := new(big.Rat).SetString(a)
			y, _ := new(big.Rat).SetString(b)
			Expect(equal(a, b)).To(Equal(x.Cmp(y) == 0), "%s and %s", a, b)
			if x.Cmp(y) == 0 {
				agreed++
			}
		}
		Expect(agreed).To(BeNumerically(">", 100), "the generator makes equal pairs too")
	})
})
