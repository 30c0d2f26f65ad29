package value

import (
	"strconv"
	"strings"
)

// NumbersEqual reports whether two JSON number literals have the same
// value: 1, 1.0, 1e0 and 10E-1 are equal, as are -0 and 0. It compares
// decimal forms (NumberKey), in time linear in the texts (a rational would
// make every digit of 1e1000000, and reading an exponent into a big.Int
// takes time quadratic in its digits), exponents past int64 included;
// false when either is not a JSON number.
func NumbersEqual(a, b string) bool {
	if a == b {
		return ValidNumber(a)
	}
	x, ok1 := NumberKey(a)
	y, ok2 := NumberKey(b)
	return ok1 && ok2 && x == y
}

// NumberKey returns a text that is the same for two JSON number literals
// exactly when their values are equal ("0" for zero, else
// [-]digits"e"exponent, the digits without leading or trailing zeros), in
// time linear in s; false when s is not a JSON number. A caller that
// compares one number with many keys it once.
func NumberKey(s string) (string, bool) {
	if !ValidNumber(s) {
		return "", false
	}
	rest, neg := strings.CutPrefix(s, "-")
	mant, e, _ := strings.Cut(rest, "e")
	if len(mant) == len(rest) {
		mant, e, _ = strings.Cut(rest, "E")
	}
	whole, frac, _ := strings.Cut(mant, ".")
	digits := strings.TrimLeft(whole+frac, "0")
	trimmed := strings.TrimRight(digits, "0")
	if trimmed == "" {
		return "0", true // zero, of either sign
	}
	key := trimmed + "e" + addExponent(e, len(digits)-len(trimmed)-len(frac))
	if neg {
		key = "-" + key
	}
	return key, true
}

// addExponent returns the decimal text, without leading zeros, of the
// exponent e (JSON's: an optional sign and digits; "" for none) plus adj,
// whose size is bounded by the number's length.
func addExponent(e string, adj int) string {
	neg := false
	if e != "" && (e[0] == '+' || e[0] == '-') {
		neg, e = e[0] == '-', e[1:]
	}
	e = strings.TrimLeft(e, "0")
	if len(e) <= 18 {
		n, _ := strconv.ParseInt(e, 10, 64) // "" is 0
		if neg {
			n = -n
		}
		return strconv.FormatInt(n+int64(adj), 10)
	}
	// |e| ≥ 10^18, more than any adj: the sum has e's sign, and its
	// magnitude is |e| plus or minus |adj|, digit by digit from the right.
	b := []byte(e)
	up := adj >= 0 != neg
	c := uint64(adj)
	if adj < 0 {
		c = uint64(-adj)
	}
	for i := len(b) - 1; i >= 0 && c > 0; i-- {
		d := int(b[i]-'0') - int(c%10)
		if up {
			d = int(b[i]-'0') + int(c%10)
		}
		c /= 10
		switch {
		case d >= 10:
			d, c = d-10, c+1
		case d < 0:
			d, c = d+10, c+1
		}
		b[i] = byte('0' + d)
	}
	mag := string(b)
	switch {
	case !up:
		mag = strings.TrimLeft(mag, "0")
	case c > 0: // a carry past the first digit
		mag = strconv.FormatUint(c, 10) + mag
	}
	if neg {
		return "-" + mag
	}
	return mag
}
