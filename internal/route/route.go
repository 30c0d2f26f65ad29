// Package route is the grammar of routes and URL templates that the
// builder, the catalogue and the test kit read alike.
package route

import (
	"bytes"
	"strings"

	"github.com/endpointkit/endpoint/internal/ascii"
)

// Split splits "METHOD SP target", the method an HTTP token and SP one
// space, or a target alone, which must start with "/", "{" or an http(s)
// scheme; a target holds no white space. ok is false for anything else
// ("GET  /x", "G ET /x", "GET/x", "GET /x y", "GET"). The empty route
// splits into nothing.
func Split(r string) (method, target string, ok bool) {
	if r == "" {
		return "", "", true
	}
	m, t, spaced := strings.Cut(r, " ")
	if !spaced {
		m, t = "", r
	}
	switch {
	case spaced && !ascii.IsToken(m), t == "" || hasSpace(t),
		!spaced && t[0] != '/' && t[0] != '{' && ascii.HTTPScheme(t) == 0:
		return "", "", false
	}
	return m, t, true
}

// HostFirst reports whether a relative target starts with a host, which a
// base URL would be joined in front of: a first segment with a dot
// ("api.github.com/repos/o/r") or a port ("localhost:3000/x").
func HostFirst(t string) bool {
	if t == "" || t[0] == '/' || t[0] == '{' || ascii.HTTPScheme(t) > 0 {
		return false
	}
	end := strings.IndexAny(t, "/?#{")
	if end < 0 {
		end = len(t)
	}
	first := t[:end]
	if strings.IndexByte(first, '.') >= 0 {
		return true
	}
	name, port, ok := strings.Cut(first, ":")
	return ok && name != "" && port != "" && strings.Trim(port, "0123456789") == ""
}

// hasSpace reports whether s holds an ASCII space, tab, line feed,
// vertical tab, form feed or carriage return.
func hasSpace(s string) bool {
	// HasCtl reads eight bytes at a time: most routes have no control byte.
	return strings.IndexByte(s, ' ') >= 0 || ascii.HasCtl(s) && strings.ContainsAny(s, "\t\n\v\f\r")
}

// SplitTarget splits a catalogue operation's template before the {?…}
// expression it ends with ("/x{?a,b}" is "/x" and "{?a,b}"); any other
// template is all path. path+query is always target.
func SplitTarget(target string) (path, query string) {
	i := strings.LastIndex(target, "{?")
	if i < 0 || strings.IndexByte(target[i:], '}') != len(target)-i-1 {
		return target, ""
	}
	return target[:i], target[i:]
}

// PathBounds returns where the path part of the template s begins and
// ends: after "scheme://authority" when s begins with one, and up to the
// first "?" or "#" outside an expression, a {?…}, {&…} or {#…}
// expression, or an unclosed "{". s[start:end] of "https://h/api/{x}{?q}"
// is "/api/{x}".
func PathBounds(s string) (start, end int) {
	start = pathStart(s)
	return start, pathEnd(s, start)
}

// pathStart returns where the path part of s begins: 0, or after the
// authority when s begins with "scheme://".
func pathStart(s string) int {
	scheme, rest, ok := strings.Cut(s, "://")
	if !ok || !ascii.IsScheme(scheme) {
		return 0
	}
	if j := strings.IndexAny(rest, "/?#"); j >= 0 {
		return len(s) - len(rest) + j
	}
	return len(s)
}

// pathEnd returns where the path part that starts at start ends.
func pathEnd(s string, start int) int {
	for i := start; i < len(s); {
		switch s[i] {
		case '?', '#':
			return i
		case '{':
			if i+1 < len(s) && (s[i+1] == '?' || s[i+1] == '&' || s[i+1] == '#') {
				return i
			}
			j := strings.IndexByte(s[i+1:], '}')
			if j < 0 {
				return i
			}
			i += j + 2
		default:
			i++
		}
	}
	return len(s)
}

// QueryBounds returns where the literal query of the template s begins,
// at its first "?" outside an expression (-1 for none), and where it
// ends, at the first "#" outside an expression (len(s) for none): a
// client sends no fragment. "/x?a=1{&b}#f" gives 2 and 10.
func QueryBounds(s string) (q, end int) {
	q, depth := -1, 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '{':
			depth++
		case c == '}':
			depth--
		case depth > 0:
		case c == '#':
			return q, i
		case c == '?' && q < 0:
			q = i
		}
	}
	return q, len(s)
}

// URLPath returns the path of a built URL: after an http(s) authority, in
// any case (the builder joins anything else after its base URL, so that
// "a://../c" is all path), up to its query or fragment.
func URLPath(url []byte) []byte {
	i := ascii.HTTPScheme(url)
	if i > 0 {
		for i < len(url) && url[i] != '/' && url[i] != '?' && url[i] != '#' {
			i++
		}
	}
	path := url[i:]
	if q := bytes.IndexByte(path, '?'); q >= 0 {
		path = path[:q]
	}
	if h := bytes.IndexByte(path, '#'); h >= 0 {
		path = path[:h]
	}
	return path
}

// HasDotSegment reports whether path has a "." or ".." segment, a dot also
// written %2e, which every URL normaliser would remove.
func HasDotSegment(path []byte) bool {
	return dotSegmentAt(path, '.') || dotSegmentAt(path, '%')
}

// dotSegmentAt reports whether a segment of path that starts with c is a
// dot segment.
func dotSegmentAt(path []byte, c byte) bool {
	for i := 0; ; i++ {
		j := bytes.IndexByte(path[i:], c)
		if j < 0 {
			return false
		}
		i += j
		if i > 0 && path[i-1] != '/' {
			continue
		}
		seg := path[i:]
		if end := bytes.IndexByte(seg, '/'); end >= 0 {
			seg = seg[:end]
		}
		if IsDotSegment(seg) {
			return true
		}
	}
}

// IsDotSegment reports whether seg is "." or "..", with any dot written as
// %2e or %2E too, as the WHATWG URL standard counts them.
func IsDotSegment(seg []byte) bool {
	dots := 0
	for i := 0; i < len(seg); {
		switch {
		case seg[i] == '.':
			i++
		case i+2 < len(seg) && seg[i] == '%' && seg[i+1] == '2' && (seg[i+2] == 'e' || seg[i+2] == 'E'):
			i += 3
		default:
			return false
		}
		dots++
		if dots > 2 {
			return false
		}
	}
	return dots == 1 || dots == 2
}
