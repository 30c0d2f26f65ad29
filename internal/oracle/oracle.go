// Package oracle holds the plain, independent statements of the rules that
// the fuzz targets and property specs of several packages check results
// against. It is written from the RFCs, not from the library's code, so
// that a bug in one is not copied into the other. Only tests import it.
package oracle

import (
	"net/url"
	"strings"
)

// Token reports whether s is an RFC 9110 token (header names, methods).
func Token(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0) {
			return false
		}
	}
	return true
}

// FieldValue reports whether s is a header value net/http sends as is: no
// control characters other than tab.
func FieldValue(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < ' ' && c != '\t' || c == 0x7f {
			return false
		}
	}
	return true
}

// Header reports whether name and value form a valid header field.
func Header(name, value string) bool { return Token(name) && FieldValue(value) }

// Path returns the path of a built URL: after the authority (when
// absolute) and before the first "?" or "#".
func Path(s string) string {
	if i := strings.Index(s, "://"); i >= 0 {
		rest := s[i+3:]
		j := strings.IndexAny(rest, "/?#")
		if j < 0 {
			return ""
		}
		s = rest[j:]
	}
	if j := strings.IndexAny(s, "?#"); j >= 0 {
		s = s[:j]
	}
	return s
}

// DotSegments counts the "." and ".." segments of a URL's path,
// percent-decoded (WHATWG reads ".%2e" as "..").
func DotSegments(u string) int {
	n := 0
	for _, seg := range strings.Split(Path(u), "/") {
		if dec, err := url.PathUnescape(seg); err == nil {
			seg = dec
		}
		if seg == "." || seg == ".." {
			n++
		}
	}
	return n
}
