package template

import "github.com/endpointkit/endpoint/internal/ascii"

// Percent-encoding. All encoders work on bytes: a character outside the
// allowed set is written as one %XX triplet per UTF-8 byte, which is what RFC
// 3986 section 2.5 and RFC 6570 section 1.6 require (the uritemplate module
// wrongly encodes code points). Invalid UTF-8 in a value is not an error: its
// bytes are encoded the same way, so the output is always a valid URI.

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

// text is the input of the encoders: a string, or bytes formatted into a
// scratch buffer (numbers), so neither needs converting.
type text interface{ ~string | ~[]byte }

// appendEscaped appends s to dst, keeping bytes in set and percent-encoding
// all others. With keepPct, a valid %XX triplet is copied as it is (RFC 6570
// reserved expansion and literals); a "%" not starting one becomes "%25".
func appendEscaped[T text](dst []byte, s T, set *charset, keepPct bool) []byte {
	// Most values need no escaping: copy a clean one in one append.
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

// prefixLen returns the byte length of the first n characters of s. A
// character is a UTF-8 encoded code point; each byte of an invalid sequence
// counts as one character (the same rule as unicode/utf8).
func prefixLen[T text](s T, n int) int {
	i := 0
	for ; n > 0 && i < len(s); n-- {
		i += runeLen(s, i)
	}
	return i
}

// runeLen returns the length of the UTF-8 sequence at s[i], or 1 when it is
// invalid, mirroring utf8.DecodeRune without converting []byte to string.
func runeLen[T text](s T, i int) int {
	c := s[i]
	var n int
	lo, hi := byte(0x80), byte(0xBF)
	switch {
	case c < 0x80:
		return 1
	case c < 0xC2:
		return 1
	case c < 0xE0:
		n = 2
	case c < 0xF0:
		n = 3
		if c == 0xE0 {
			lo = 0xA0
		} else if c == 0xED {
			hi = 0x9F
		}
	case c < 0xF5:
		n = 4
		if c == 0xF0 {
			lo = 0x90
		} else if c == 0xF4 {
			hi = 0x8F
		}
	default:
		return 1
	}
	if i+n > len(s) {
		return 1
	}
	if b := s[i+1]; b < lo || b > hi {
		return 1
	}
	for k := 2; k < n; k++ {
		if b := s[i+k]; b < 0x80 || b > 0xBF {
			return 1
		}
	}
	return n
}
