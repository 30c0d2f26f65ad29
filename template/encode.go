package template

import (
	"unicode/utf8"

	"github.com/endpointkit/endpoint/internal/ascii"
)

// Percent-encoding works on bytes: one %XX per UTF-8 byte outside the set,
// as RFC 3986 section 2.5 and RFC 6570 section 1.6 want, invalid UTF-8
// included, so that the output is always a valid URI.

const upperHex = "0123456789ABCDEF"

const (
	unreservedChars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
	reservedChars   = ":/?#[]@!$&'()*+,;="
)

// charset is a byte membership table.
type charset [256]bool

func makeCharset(chars string) *charset {
	var c charset
	for i := 0; i < len(chars); i++ {
		c[chars[i]] = true
	}
	return &c
}

var (
	// unreservedSet is RFC 6570's U: what simple, label, path, matrix and
	// query expressions leave unencoded.
	unreservedSet = makeCharset(unreservedChars)
	// reservedSet is U+R: what {+x}, {#x} and literals leave unencoded
	// (valid %XX triplets are kept as well).
	reservedSet = makeCharset(unreservedChars + reservedChars)
	// componentSet is what JavaScript's encodeURIComponent leaves unencoded;
	// AppendQuery uses it for names and values.
	componentSet = makeCharset(unreservedChars + "!'()*")
	// plusSet is componentSet plus "+": the q parameter's rule.
	plusSet = makeCharset(unreservedChars + "!'()*+")
)

// text is what the encoders read: a string, or a number formatted into a
// scratch buffer.
type text interface{ ~string | ~[]byte }

// appendEscaped appends s to dst, keeping bytes in set and percent-encoding
// all others. With keepPct, a valid %XX triplet is copied as it is (RFC 6570
// reserved expansion and literals); a "%" not starting one becomes "%25".
func appendEscaped[T text](dst []byte, s T, set *charset, keepPct bool) []byte {
	// Most values need no escaping: one append.
	i := ascii.Span(s, (*[256]bool)(set))
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

// prefixLen returns the byte length of the first n characters of s: code
// points, each byte of an invalid sequence counting as one, as
// unicode/utf8 reads them.
func prefixLen[T text](s T, n int) int {
	i := 0
	for ; n > 0 && i < len(s); n-- {
		_, size := utf8.DecodeRuneInString(string(s[i:min(i+utf8.UTFMax, len(s))]))
		i += size
	}
	return i
}
