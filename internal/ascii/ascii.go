// Package ascii holds the byte classes the other packages test: letters,
// digits, hex digits, JavaScript's \w, RFC 9110 token characters, RFC 3986
// scheme characters and control bytes. One table, so that a rule such as
// "what is a token" is written once.
package ascii

const (
	upper  uint8 = 1 << iota // A-Z
	lower                    // a-z
	digit                    // 0-9
	hexLtr                   // a-f A-F
	tpunct                   // RFC 9110 tchar punctuation: !#$%&'*+-.^_`|~
	scheme                   // RFC 3986 scheme punctuation: + - .
	ctl                      // RFC 5234 CTL: 0x00-0x1f and 0x7f
)

var class = func() (t [256]uint8) {
	for bit, set := range map[uint8]string{
		upper: "ABCDEFGHIJKLMNOPQRSTUVWXYZ", lower: "abcdefghijklmnopqrstuvwxyz", digit: "0123456789",
		hexLtr: "abcdefABCDEF", tpunct: "!#$%&'*+-.^_`|~", scheme: "+-.",
	} {
		for _, c := range set {
			t[c] |= bit
		}
	}
	for c := range 0x20 {
		t[c] = ctl
	}
	t[0x7f] = ctl
	return t
}()

// IsUpper reports whether c is A-Z.
func IsUpper(c byte) bool { return class[c]&upper != 0 }

// IsLower reports whether c is a-z.
func IsLower(c byte) bool { return class[c]&lower != 0 }

// IsAlpha reports whether c is an ASCII letter.
func IsAlpha(c byte) bool { return class[c]&(upper|lower) != 0 }

// IsDigit reports whether c is 0-9.
func IsDigit(c byte) bool { return class[c]&digit != 0 }

// IsAlnum reports whether c is an ASCII letter or digit.
func IsAlnum(c byte) bool { return class[c]&(upper|lower|digit) != 0 }

// IsHex reports whether c is a hexadecimal digit, in either case.
func IsHex(c byte) bool { return class[c]&(digit|hexLtr) != 0 }

// IsWord reports whether c matches JavaScript's \w without the u flag:
// [A-Za-z0-9_].
func IsWord(c byte) bool { return class[c]&(upper|lower|digit) != 0 || c == '_' }

// IsTchar reports whether c is an RFC 9110 token character, of which header
// names and methods are made.
func IsTchar(c byte) bool { return class[c]&(upper|lower|digit|tpunct) != 0 }

// IsSchemeChar reports whether c may follow the first letter of an RFC 3986
// scheme: a letter, a digit, "+", "-" or ".".
func IsSchemeChar(c byte) bool { return class[c]&(upper|lower|digit|scheme) != 0 }

// IsScheme reports whether s is an RFC 3986 scheme: a letter, then letters,
// digits, "+", "-" or ".".
func IsScheme(s string) bool {
	return s != "" && IsAlpha(s[0]) && indexNot(s, upper|lower|digit|scheme) < 0
}

// IsCtl reports whether c is an RFC 5234 control byte, 0x00-0x1f or 0x7f;
// tab is one, though header values allow it.
func IsCtl(c byte) bool { return class[c]&ctl != 0 }

// ToLower folds an ASCII upper-case letter to lower case, and nothing else.
func ToLower(c byte) byte {
	if IsUpper(c) {
		return c + ('a' - 'A')
	}
	return c
}

// IndexNonToken returns the index of the first byte of s that is not a
// token character, or -1; the empty string has none.
func IndexNonToken(s string) int { return indexNot(s, upper|lower|digit|tpunct) }

// IsToken reports whether s is a non-empty RFC 9110 token.
func IsToken(s string) bool { return s != "" && IndexNonToken(s) < 0 }

// IsLowerToken reports whether s is a non-empty token without upper-case
// letters, a header name in its lower-case form, in one pass.
func IsLowerToken(s string) bool { return s != "" && indexNot(s, lower|digit|tpunct) < 0 }

// indexNot returns the index of the first byte of s in none of classes, or -1.
func indexNot(s string, classes uint8) int {
	for i := 0; i < len(s); i++ {
		if class[s[i]]&classes == 0 {
			return i
		}
	}
	return -1
}

// IndexCtlButTab returns the index of the first control byte of s other
// than tab, or -1: the bytes an HTTP field value may not hold.
func IndexCtlButTab(s string) int { return indexCtl(s, '\t') }

// HasCtl reports whether s holds a control byte, tab included: what
// url.Parse refuses anywhere in a URL.
func HasCtl(s string) bool { return indexCtl(s, 0xff) >= 0 }

// indexCtl returns the index of the first control byte of s other than
// spare, or -1.
func indexCtl(s string, spare byte) int {
	for i := cleanPrefix(s); i < len(s); i++ {
		if c := s[i]; IsCtl(c) && c != spare {
			return i
		}
	}
	return -1
}

// cleanPrefix returns the length of a prefix of s without control bytes,
// read eight bytes at a time (the last word overlapping the one before).
func cleanPrefix(s string) int {
	i := 0
	for ; i+8 <= len(s); i += 8 {
		if ctlWord(load64(s[i:])) {
			return i
		}
	}
	if i >= 8 && !ctlWord(load64(s[len(s)-8:])) {
		return len(s)
	}
	return i
}

// ctlWord reports whether a byte of w is below 0x20 or is 0x7f.
func ctlWord(w uint64) bool {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	del := w ^ 0x7f*ones // zero where w holds 0x7f
	return (w-0x20*ones)&^w&highs != 0 || (del-ones)&^del&highs != 0
}

// load64 reads eight bytes as one little-endian word, which the compiler
// makes a single load.
func load64(b string) uint64 {
	_ = b[7]
	return uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
		uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
}

// Span returns the length of the longest prefix of s whose bytes are all in
// set, four bytes a step: the escapers' first scan.
func Span[T ~string | ~[]byte](s T, set *[256]bool) int {
	i := 0
	for i+4 <= len(s) && set[s[i]] && set[s[i+1]] && set[s[i+2]] && set[s[i+3]] {
		i += 4
	}
	for i < len(s) && set[s[i]] {
		i++
	}
	return i
}

// HasUpper reports whether s holds an ASCII upper-case letter.
func HasUpper(s string) bool {
	for i := 0; i < len(s); i++ {
		if IsUpper(s[i]) {
			return true
		}
	}
	return false
}

// EqualFold reports whether a and b are equal with ASCII letters
// lower-cased. Unlike strings.EqualFold it folds nothing else (the Kelvin
// sign is not "k"), so it agrees with a lower-cased header name.
func EqualFold(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		if a[i] != b[i] && ToLower(a[i]) != ToLower(b[i]) {
			return false
		}
	}
	return true
}

// HasPrefixFold reports whether s begins with prefix, as EqualFold compares.
func HasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && EqualFold(s[:len(prefix)], prefix)
}

// HTTPScheme returns the length of the "http://" or "https://" that s
// begins with, in any case, or 0: the only absolute URLs the builder takes.
func HTTPScheme[T ~string | ~[]byte](s T) int {
	if len(s) < len("http://") || s[0]|0x20 != 'h' || s[1]|0x20 != 't' || s[2]|0x20 != 't' || s[3]|0x20 != 'p' {
		return 0
	}
	n := 4
	if s[n]|0x20 == 's' {
		n++
	}
	if len(s) < n+3 || s[n] != ':' || s[n+1] != '/' || s[n+2] != '/' {
		return 0
	}
	return n + 3
}
