package value

import (
	"encoding/json"
	"math"
	"strconv"
	"strings"

	"github.com/endpointkit/endpoint/internal/ascii"
)

// AppendFloat appends finite f as JavaScript's String(f) and JSON.stringify
// write it: the shortest digits that read back as f, exponent form below
// 1e-6 and from 1e21 on without a leading zero in the exponent (1e-7,
// 1.5e+21), and -0 as 0.
func AppendFloat(dst []byte, f float64) []byte {
	if f == 0 {
		return append(dst, '0') // also -0
	}
	format := byte('f')
	if abs := math.Abs(f); abs < 1e-6 || abs >= 1e21 {
		format = 'e'
	}
	dst = strconv.AppendFloat(dst, f, format, -1, 64)
	// strconv writes two exponent digits at least: e-07 becomes e-7 (an
	// exponent from e+21 on has two).
	if n := len(dst); format == 'e' && dst[n-2] == '0' && dst[n-3] == '-' {
		dst[n-2] = dst[n-1]
		dst = dst[:n-1]
	}
	return dst
}

// Float32 returns a Number holding f with the digits encoding/json writes
// for a 32-bit float (0.1, not 0.10000000149011612), which are
// JavaScript's but for -0, or false for NaN and infinities.
func Float32(f float32) (Value, bool) {
	text, err := json.Marshal(f)
	if err != nil {
		return Value{}, false
	}
	if f == 0 {
		text = []byte("0") // also -0
	}
	return Value{kind: Number, num: textForm, str: string(text)}, true
}

// ValidNumber reports whether s is a JSON number literal (RFC 8259 section
// 6), as encoding/json checks a json.Number.
func ValidNumber(s string) bool {
	// Starting with a digit or "-" and ending with a digit, s is one number
	// or not a number at all, and never white space around one.
	return s != "" && (s[0] == '-' || ascii.IsDigit(s[0])) && ascii.IsDigit(s[len(s)-1]) && json.Valid([]byte(s))
}

// NumberKey returns, in linear time, a text two JSON number literals share
// exactly when their values are equal ("0", else [-]digits"e"exponent), so
// that a number compared with many is keyed once; false for a non-number.
func NumberKey(s string) (string, bool) {
	if !ValidNumber(s) {
		return "", false
	}
	rest, neg := strings.CutPrefix(s, "-")
	mant, e, _ := strings.Cut(strings.Replace(rest, "E", "e", 1), "e")
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

// addExponent returns the decimal text of the exponent e (JSON's: an
// optional sign and digits, "" for none) plus adj, whose size the number's
// length bounds, for exponents past int64 too.
func addExponent(e string, adj int) string {
	digits := strings.TrimLeft(strings.TrimLeft(e, "+-"), "0") // without sign or leading zeros
	if len(digits) <= 18 {
		n, _ := strconv.ParseInt(e, 10, 64) // "" is 0
		return strconv.FormatInt(n+int64(adj), 10)
	}
	// |e| ≥ 10^18, more than any adj: add adj to e's magnitude digit by
	// digit from the right, carrying or borrowing as d.
	neg, d := e[0] == '-', adj
	if neg {
		d = -d
	}
	b := []byte(digits)
	for i := len(b) - 1; i >= 0 && d != 0; i-- {
		x := int(b[i]-'0') + d%10
		d /= 10
		if x < 0 {
			x, d = x+10, d-1
		} else if x > 9 {
			x, d = x-10, d+1
		}
		b[i] = byte('0' + x)
	}
	if d > 0 {
		b = append([]byte{'1'}, b...) // a carry past the first digit
	}
	mag := strings.TrimLeft(string(b), "0") // after a borrow
	if neg {
		return "-" + mag
	}
	return mag
}
