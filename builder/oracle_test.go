package builder_test

import (
	"net/url"
	"strings"

	"golang.org/x/net/http/httpguts"
)

// The rules the fuzz targets and property specs hold results to, stated
// apart from the library's code so that a bug in one is not copied into
// the other: tokens and header fields as net/http's own httpguts reads
// them, a built URL's path and dot segments from RFC 3986.

// isToken reports whether s is an RFC 9110 token (header names, methods).
func isToken(s string) bool { return httpguts.ValidHeaderFieldName(s) }

// validHeader reports whether name and value form a header net/http sends
// as it is.
func validHeader(name, value string) bool {
	return isToken(name) && httpguts.ValidHeaderFieldValue(value)
}

// urlPath returns the path of a built URL: after the authority (when
// absolute) and before the first "?" or "#".
func urlPath(s string) string {
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

// dotSegments counts the "." and ".." segments of a URL's path,
// percent-decoded (WHATWG reads ".%2e" as "..").
func dotSegments(u string) int {
	n := 0
	for _, seg := range strings.Split(urlPath(u), "/") {
		if dec, err := url.PathUnescape(seg); err == nil {
			seg = dec
		}
		if seg == "." || seg == ".." {
			n++
		}
	}
	return n
}
