package ascii_test

import (
	"strings"
	"unicode"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/internal/ascii"
)

// Each class is checked against a definition written another way, for
// all 256 bytes.
var _ = Describe("byte classes", func() {
	all := func(check func(c byte)) {
		for i := range 256 {
			check(byte(i))
		}
	}
	in := func(set string, c byte) bool { return strings.IndexByte(set, c) >= 0 }
	letter := func(c byte) bool { return c < 0x80 && unicode.IsLetter(rune(c)) }
	digit := func(c byte) bool { return c < 0x80 && unicode.IsDigit(rune(c)) }

	It("agrees with unicode on letters, digits and case", func() {
		all(func(c byte) {
			Expect(ascii.IsAlpha(c)).To(Equal(letter(c)), "%#02x", c)
			Expect(ascii.IsDigit(c)).To(Equal(digit(c)), "%#02x", c)
			Expect(ascii.IsAlnum(c)).To(Equal(letter(c) || digit(c)), "%#02x", c)
			Expect(ascii.IsUpper(c)).To(Equal(c < 0x80 && unicode.IsUpper(rune(c))), "%#02x", c)
			Expect(ascii.IsLower(c)).To(Equal(c < 0x80 && unicode.IsLower(rune(c))), "%#02x", c)
			want := c
			if c < 0x80 {
				want = byte(unicode.ToLower(rune(c)))
			}
			Expect(ascii.ToLower(c)).To(Equal(want), "%#02x", c)
		})
	})

	It("knows hex digits", func() {
		all(func(c byte) {
			Expect(ascii.IsHex(c)).To(Equal(in("0123456789abcdefABCDEF", c)), "%#02x", c)
		})
	})

	It("knows \\w, token, scheme and control bytes", func() {
		all(func(c byte) {
			alnum := letter(c) || digit(c)
			Expect(ascii.IsWord(c)).To(Equal(alnum || c == '_'), "%#02x", c)
			Expect(ascii.IsTchar(c)).To(Equal(alnum || in("!#$%&'*+-.^_`|~", c)), "%#02x", c)
			Expect(ascii.IsSchemeChar(c)).To(Equal(alnum || in("+-.", c)), "%#02x", c)
			Expect(ascii.IsCtl(c)).To(Equal(c < 0x20 || c == 0x7f), "%#02x", c)
		})
	})

	It("finds the first byte out of class in a string", func() {
		Expect(ascii.IndexNonToken("x-github-api-version")).To(Equal(-1))
		Expect(ascii.IndexNonToken("Authorization: token")).To(Equal(13))
		Expect(ascii.IsToken("")).To(BeFalse())
		Expect(ascii.IsToken("GET")).To(BeTrue())
		Expect(ascii.IsToken("G T")).To(BeFalse())
		Expect(ascii.IndexCtlButTab("a\tb")).To(Equal(-1))
		Expect(ascii.IndexCtlButTab("a\tb\r\n")).To(Equal(3))
		Expect(ascii.IndexCtlButTab("\x7f")).To(Equal(0))
		Expect(ascii.HasUpper("accept")).To(BeFalse())
		Expect(ascii.HasUpper("Accept")).To(BeTrue())
		Expect(ascii.EqualFold("Set-Cookie", "set-cookie")).To(BeTrue())
		Expect(ascii.EqualFold("set-cookie", "set-cookies")).To(BeFalse())
		Expect(ascii.EqualFold("k", "\u212a")).To(BeFalse()) // Kelvin sign
		Expect(ascii.EqualFold("a-b", "a_b")).To(BeFalse())
	})

	// IndexCtlButTab reads eight bytes at a time: every byte value at every
	// offset of strings long enough to have whole words and a tail.
	It("finds control bytes at any position, word-wise or not", func() {
		bytewise := func(s string) int {
			for i := 0; i < len(s); i++ {
				if c := s[i]; (c < 0x20 || c == 0x7f) && c != '\t' {
					return i
				}
			}
			return -1
		}
		for n := 1; n <= 19; n++ {
			for at := 0; at < n; at++ {
				all(func(c byte) {
					b := []byte(strings.Repeat("v\xe9", n)[:n]) // printable and high bytes
					b[at] = c
					s := string(b)
					Expect(ascii.IndexCtlButTab(s)).To(Equal(bytewise(s)), "%q", s)
					Expect(ascii.HasCtl(s)).To(Equal(c < 0x20 || c == 0x7f), "%q", s)
					b[n-1] = '\r' // a second control byte after the first
					s = string(b)
					Expect(ascii.IndexCtlButTab(s)).To(Equal(bytewise(s)), "%q", s)
				})
			}
		}
	})

	It("spans the prefix of bytes in a set, at any length", func() {
		var digits [256]bool
		for c := '0'; c <= '9'; c++ {
			digits[c] = true
		}
		for n := range 12 {
			for at := 0; at <= n; at++ {
				s := strings.Repeat("7", at) + "x" + strings.Repeat("7", n-at)
				Expect(ascii.Span(s, &digits)).To(Equal(at), "%q", s)
				Expect(ascii.Span([]byte(s[:at]), &digits)).To(Equal(at), "%q", s[:at])
			}
		}
	})

	It("knows a lower-case token in one pass", func() {
		Expect(ascii.IsLowerToken("x-github-api-version")).To(BeTrue())
		Expect(ascii.IsLowerToken("")).To(BeFalse())
		all(func(c byte) {
			s := "ab" + string([]byte{c}) + "d"
			want := ascii.IsToken(s) && !ascii.HasUpper(s)
			Expect(ascii.IsLowerToken(s)).To(Equal(want), "%q", s)
		})
	})

	It("tells an ASCII prefix without regard to case, as strings.EqualFold of as many bytes does", func() {
		for _, prefix := range []string{"http://", "https://", "%3A%2F%2F", "%2F"} {
			for _, s := range []string{"", "h", "HTTP://x", "Https://x", "hTTp:/", "%3a%2f%2fu", "%2f", "\u212attp://", "httpſ://", "https:/\xff"} {
				want := len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
				Expect(ascii.HasPrefixFold(s, prefix)).To(Equal(want), "%q %q", s, prefix)
			}
		}
		Expect(ascii.HasPrefixFold("HTTPS://api", "https://")).To(BeTrue())
		Expect(ascii.HasPrefixFold("http:", "http://")).To(BeFalse())
	})
})

var _ = Describe("HTTPScheme", func() {
	It("is the length of an http:// or https:// prefix in any case, as HasPrefixFold tells them", func() {
		for _, s := range []string{"http://h", "HTTPS://h", "hTtP://", "https://", "https:/", "http:/", "http:", "https", "ftp://h", "httpx://h", "/x", "", "h", "https//h", "http://\xff"} {
			want := 0
			switch {
			case ascii.HasPrefixFold(s, "http://"):
				want = len("http://")
			case ascii.HasPrefixFold(s, "https://"):
				want = len("https://")
			}
			Expect(ascii.HTTPScheme(s)).To(Equal(want), s)
			Expect(ascii.HTTPScheme([]byte(s))).To(Equal(want), s)
		}
	})
})
