package builder

import (
	"net/url"
	"strings"

	"github.com/endpointkit/endpoint/internal/ascii"
)

// parseURL reads a URL of Build's usual shape,
// "http[s]://host[:port][/path[?query]]" with a plain host and path, into
// u exactly as url.Parse would, at a fraction of its cost; ok false
// leaves anything else to url.Parse.
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
	i := hostEnd(rest)
	if i <= 0 {
		return false
	}
	u.Host = rest[:i]
	path, query, hasQuery := strings.Cut(rest[i:], "?")
	for j := 0; j < len(path); j++ {
		if !pathAsIs[path[j]] {
			return false // '%' needs unescaping; other bytes would have url.Parse keep a RawPath
		}
	}
	u.Path = path
	if hasQuery {
		// A fragment or a control byte is url.Parse's; the rest stays raw, as there.
		if strings.IndexByte(query, '#') >= 0 || ascii.HasCtl(query) {
			return false
		}
		u.RawQuery, u.ForceQuery = query, query == ""
	}
	return true
}

// hostEnd returns where the plain host and port rest starts with end, at
// a "/" or the end; -1 for anything else.
func hostEnd(rest string) int {
	i := 0
	for i < len(rest) && hostByte[rest[i]] {
		i++
	}
	if i == len(rest) || rest[i] == '/' {
		return i
	}
	if rest[i] != ':' {
		return -1
	}
	j := i + 1 // a port: at least one digit, to the path
	for j < len(rest) && ascii.IsDigit(rest[j]) {
		j++
	}
	if j == i+1 || j < len(rest) && rest[j] != '/' {
		return -1
	}
	return j
}

// pathAsIs holds the bytes url.URL.EscapedPath leaves as they are.
var pathAsIs = func() (t [256]bool) {
	for c := range 256 {
		t[c] = ascii.IsAlnum(byte(c)) || strings.IndexByte("-._~$&+,/:;=@", byte(c)) >= 0
	}
	return t
}()

// hostByte holds the bytes of a plain host name.
var hostByte = func() (t [256]bool) {
	for c := range 256 {
		t[c] = ascii.IsAlnum(byte(c)) || c == '.' || c == '-'
	}
	return t
}()
