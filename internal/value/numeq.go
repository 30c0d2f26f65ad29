package value

import (
	"math/big"
	"strings"
)

// NumbersEqual reports whether two JSON number literals have the same
// value: 1, 1.0, 1e0 and 10E-1 are equal, as are -0 and 0. It compares
// decimal forms, in time linear in the texts (a rational would make every
// digit of 1e1000000), exponents past int64 included; false when either
// is not a JSON number.
func NumbersEqual(a, b string) bool {
	if a == b {
		return ValidNumber(a)
	}
	x, ok1 := decimalOf(a)
	y, ok2 := decimalOf(b)
	return ok1 && ok2 && x.neg == y.neg && x.digits == y.digits && x.exp.Cmp(&y.exp) == 0
}

// decimal is a number as ±digits×10^exp, digits without leading or
// trailing zeros: one form per value (zero has no digits and no sign).
type decimal struct {
	neg    bool
	digits string
	exp    big.Int
}

// decimalOf reads a JSON number literal; false for any other text.
func decimalOf(s string) (d decimal, ok bool) {
	if !ValidNumber(s) {
		return decimal{}, false
	}
	rest, neg := strings.CutPrefix(s, "-")
	d.neg = neg
	mant, e, hasExp := strings.Cut(rest, "e")
	if !hasExp {
		mant, e, hasExp = strings.Cut(rest, "E")
	}
	whole, frac, _ := strings.Cut(mant, ".")
	if hasExp {
		if _, ok := d.exp.SetString(strings.TrimPrefix(e, "+"), 10); !ok {
			return decimal{}, false
		}
	}
	digits := strings.TrimLeft(whole+frac, "0")
	trimmed := strings.TrimRight(digits, "0")
	if trimmed == "" {
		return decimal{}, true // zero, of either sign
	}
	d.digits = trimmed
	d.exp.Add(&d.exp, big.NewInt(int64(len(digits)-len(trimmed)-len(frac))))
	return d, true
}
