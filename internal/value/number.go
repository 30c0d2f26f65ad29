package value

import (
	"math"
	"strconv"
	"strings"

	"github.com/endpointkit/endpoint/internal/ascii"
)

// AppendFloat appends f as JavaScript's String(f) writes it, which is
// also what JSON.stringify writes: the shortest digits that read back
// as f, exponent form below 1e-6 and from 1e21 on, with no leading zero
// in the exponent (1e-7, 1.5e+21), and -0 as 0. f must be finite.
func AppendFloat(dst []byte, f float64) []byte {
	return appendFloat(dst, f, 64)
}

// appendFloat formats f with the shortest digits for its bit size, so
// that a float32 prints as encoding/json prints it (0.1, not
// 0.10000000149011612). A float32 is held to the thresholds as a
// float32, as encoding/json holds it: float32(1e-6), a little below 1e-6
// as a float64, is 0.000001.
func appendFloat(dst []byte, f float64, bits int) []byte {
	if f == 0 {
		return append(dst, '0') // also -0
	}
	format := byte('f')
	if abs := math.Abs(f); bits == 64 && (abs < 1e-6 || abs >= 1e21) ||
		bits == 32 && (float32(abs) < 1e-6 || float32(abs) >= 1e21) {
		format = 'e'
	}
	dst = strconv.AppendFloat(dst, f, format, -1, bits)
	if format == 'e' {
		// strconv writes two exponent digits at least: e-07 becomes e-7.
		if n := len(dst); dst[n-2] == '0' && (dst[n-3] == '-' || dst[n-3] == '+') {
			dst[n-2] = dst[n-1]
			dst = dst[:n-1]
		}
	}
	return dst
}

// Float32 returns a Number holding f with the digits encoding/json and
// JavaScript write for a 32-bit float, or false for NaN and infinities.
func Float32(f float32) (Value, bool) {
	g := float64(f)
	if math.IsNaN(g) || math.IsInf(g, 0) {
		return Value{}, false
	}
	var buf [32]byte
	return Value{kind: Number, num: textForm, str: string(appendFloat(buf[:0], g, 32))}, true
}

// ValidNumber reports whether s is a JSON number literal (RFC 8259
// section 6), the check encoding/json applies to a json.Number.
func ValidNumber(s string) bool {
	if s != "" && s[0] == '-' {
		s = s[1:]
	}
	if s == "" {
		return false
	}
	switch {
	case s[0] == '0':
		s = s[1:]
	case '1' <= s[0] && s[0] <= '9':
		s = skipDigits(s[1:])
	default:
		return false
	}
	if len(s) >= 2 && s[0] == '.' && ascii.IsDigit(s[1]) {
		s = skipDigits(s[2:])
	}
	if len(s) >= 2 && (s[0] == 'e' || s[0] == 'E') {
		s = s[1:]
		if s[0] == '+' || s[0] == '-' {
			s = s[1:]
			if s == "" {
				return false
			}
		}
		if s == "" || !ascii.IsDigit(s[0]) {
			return false
		}
		s = skipDigits(s)
	}
	return s == ""
}

func skipDigits(s string) string {
	for len(s) > 0 && ascii.IsDigit(s[0]) {
		s = s[1:]
	}
	return s
}

// isIntegerText reports whether a number literal has an integral value:
// no fraction or exponent, or one that leaves no fractional digits.
func isIntegerText(s string) bool {
	if !strings.ContainsAny(s, ".eE") {
		return true
	}
	f, err := strconv.ParseFloat(s, 64)
	return err == nil && f == math.Trunc(f)
}
