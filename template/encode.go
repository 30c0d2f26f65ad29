package template

import (
	"unicode/utf8"

	"github.com/endpointkit/endpoint/internal/ascii"
)

const upperHex = "0123456789ABCDEF"

const (
	unreservedChars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
	reservedChars   = ":/?#[]@!$&'()*+,;="
)

// makeCharset returns the byte membership table of chars.
func makeCharset(chars string) *[256]bool {
	var c [256]bool
	for i := 0; i < len(chars); i++ {
		c[chars[i]] = true
	}
	return &c
}

var (
	unreservedSet = makeCharset(unreservedChars)                 // RFC 6570's U
	reservedSet   = makeCharset(unreservedChars + reservedChars) // U+R: {+x}, {#x} and literals
	// componentSet is what JavaScript's encodeURIComponent leaves unencoded.
	componentSet = makeCharset(unreservedChars + "!'()*")
	// plusSet is componentSet plus "+": the q parameter's rule.
	plusSet = makeCharset(unreservedChars + "!'()*+")
)

// text is what the encoders read: a string, or a number's digits.
type text interface{ ~string | ~[]byte }

// appendEscaped appends s, each byte outside set as %XX (RFC 3986 2.5),
// invalid UTF-8 too; with keepPct a valid %XX triplet is copied as it is.
func appendEscaped[T text](dst []byte, s T, set *[256]bool, keepPct bool) []byte {
	// Most values need no escaping: one append.
	i := ascii.Span(s, set)
	if i == len(s) {
		return append(dst, s...)
	}
	start := 0
	for ; i < len(s); i++ {
		c := s[i]
		if set[c] {
			continue
		}
		if keepPct && c == '%' && i+2 < len(s) && ascii.IsHex(s[i+1]) && ascii.IsHex(s[i+2]) {
			i += 2
			continue
		}
		dst = append(dst, s[start:i]...)
		dst = append(dst, '%', upperHex[c>>4], upperHex[c&15])
		start = i + 1
	}
	return append(dst, s[start:]...)
}

// prefixLen returns the byte length of the first n code points of s, an
// invalid byte counting as one.
func prefixLen[T text](s T, n int) int {
	i := 0
	for ; n > 0 && i < len(s); n-- {
		_, size := utf8.DecodeRuneInString(string(s[i:min(i+utf8.UTFMax, len(s))]))
		i += size
	}
	return i
}
