package builder

import (
	"fmt"
	"strings"

	"github.com/endpointkit/endpoint/internal/ascii"

	"github.com/endpointkit/endpoint/headers"
)

// SplitRoute splits a route as [Endpoint.Route] reads it: "METHOD SP
// target", where the method is an HTTP token (its case kept) and SP one
// space, or a target alone, which leaves the method to the defaults. A
// target holds no white space, and a target alone must start with "/",
// "{" or an http(s) scheme. Anything else is an [*Error] wrapping
// ErrInvalidRoute: "GET  /x", "G ET /x", "GET/x", "GET /x y", "poſt /x",
// "GET". (v6 split on spaces and silently built URLs such as
// https://api.github.comGET from these.) The empty route sets nothing
// and is no error. Package endpointtest reads its routes with it, so that
// a test's routes follow the builder's rule.
func SplitRoute(route string) (method, target string, err error) {
	if route == "" {
		return "", "", nil
	}
	m, t, ok := strings.Cut(route, " ")
	if !ok {
		m, t = "", route
	}
	switch {
	case ok && !headers.IsToken(m),
		t == "" || hasSpace(t),
		!ok && t[0] != '/' && t[0] != '{' && !isAbsolute(t):
		return "", "", newError("route", route, ErrInvalidRoute)
	}
	if hostFirst(t) {
		return "", "", newError("route", route, errHostFirst)
	}
	return m, t, nil
}

// errHostFirst is the error of a target that starts with a host.
var errHostFirst = fmt.Errorf("%w: the target starts with a host and no scheme, which the base URL would be joined in front of: write https:// before it, or start the path with /", ErrInvalidRoute)

// hostFirst reports whether a relative target starts with a host: a first
// segment with a dot ("api.github.com/repos/o/r") or a port
// ("localhost:3000/x").
func hostFirst(t string) bool {
	if t[0] == '/' || t[0] == '{' || isAbsolute(t) {
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
	if strings.IndexByte(s, ' ') >= 0 {
		return true
	}
	if !ascii.HasCtl(s) { // eight bytes at a time: most routes
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; c == ' ' || '\t' <= c && c <= '\r' {
			return true
		}
	}
	return false
}

// SplitTarget splits the template an [Operation]'s Target returns before
// the {?…} expression it ends with:
// "/repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}" is
// the path "/repos/{owner}/{repo}/releases/{release_id}/assets" and the
// query "{?name,label}". A template that does not end with one is all
// path, and query is "": a literal "?per_page=100", or a {?…} followed by
// more, stays in path. path+query is always target.
//
// It is the one reading of that rule: [WithCatalog] writes a route's
// literal query between the two, and package endpointtest matches a
// request's path against the first (catalog.Operation.SplitTemplate).
func SplitTarget(target string) (path, query string) {
	i := strings.LastIndex(target, "{?")
	if i < 0 || strings.IndexByte(target[i:], '}') != len(target)-i-1 {
		return target, ""
	}
	return target[:i], target[i:]
}
