package builder

import (
	"net/url"
	"strings"

	"github.com/endpointkit/endpoint/internal/ascii"
)

// parseURL reads the URLs Build makes in their common shape,
// "http[s]://host[:port]/path[?query]" with a plain host and a path that
// needs no unescaping, into u exactly as url.Parse would, without its
// general machinery; anything else is left to url.Parse (ok false).
func parseURL(s string, u *url.URL) (ok bool) {
	var rest string
	switch {
	case len(s) > 8 && s[:8] == "https://":
		u.Scheme, rest = "https", s[8:]
	case len(s) > 7 && s[:7] == "http://":
		u.Scheme, rest = "http", s[7:]
	default:
		return false
	}
	i := 0
	for i < len(rest) && rest[i] != '/' {
		c := rest[i]
		if !hostByte[c] {
			if c != ':' {
				return false
			}
			// A port: digits to the end of the authority, at least one.
			j := i + 1
			for j < len(rest) && ascii.IsDigit(rest[j]) {
				j++
			}
			if j == i+1 || j < len(rest) && rest[j] != '/' {
				return false
			}
			i = j
			break
		}
		i++
	}
	if i == 0 || i == len(rest) {
		return false
	}
	u.Host = rest[:i]
	path, query, hasQuery := strings.Cut(rest[i:], "?")
	// '%' needs unescaping; other bytes out of pathAsIs make url.Parse
	// keep a RawPath.
	if !plainPath(path) {
		return false
	}
	u.Path = path
	if hasQuery {
		u.ForceQuery = query == ""
		return validQuery(query, u)
	}
	return true
}

// validQuery keeps the query raw, as url.Parse does, when it has no
// fragment and no byte url.Parse would refuse.
func validQuery(q string, u *url.URL) bool {
	if strings.IndexByte(q, '#') >= 0 || ascii.HasCtl(q) {
		return false
	}
	u.RawQuery = q
	return true
}

// plainPath reports whether url.URL.EscapedPath writes every byte of p as
// it is, so that Path alone describes it (no RawPath, nothing to
// unescape).
func plainPath(p string) bool {
	for i := 0; i < len(p); i++ {
		if !pathAsIs[p[i]] {
			return false
		}
	}
	return true
}

// pathAsIs holds the bytes url.URL.EscapedPath leaves as they are.
var pathAsIs = func() (t [256]bool) {
	for c := range 256 {
		t[c] = ascii.IsAlnum(byte(c)) || strings.IndexByte("-._~$&+,/:;=@", byte(c)) >= 0
	}
	return t
}()

// hostByte holds the bytes of a plain host name: letters, digits, "." and
// "-".
var hostByte = func() (t [256]bool) {
	for c := range 256 {
		t[c] = ascii.IsAlnum(byte(c)) || c == '.' || c == '-'
	}
	return t
}()
