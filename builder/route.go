package builder

import (
	"strings"

	"github.com/endpointkit/endpoint/headers"
)

// splitRoute splits a route: "METHOD SP target", where the method is an
// HTTP token and SP one space, or a target alone, which leaves the method
// to the defaults. A target holds no white space, and a target alone must
// start with "/", "{" or an http(s) scheme. Anything else is
// ErrInvalidRoute: "GET  /x", "G ET /x", "GET/x", "GET /x y", "poſt /x",
// "GET". (v6 split on spaces and silently built URLs such as
// https://api.github.comGET from these.) The empty route sets nothing.
func splitRoute(route string) (method, target string, err error) {
	if route == "" {
		return "", "", nil
	}
	m, t, ok := strings.Cut(route, " ")
	if !ok {
		m, t = "", route
	}
	switch {
	case ok && !headers.IsToken(m),
		t == "" || strings.ContainsAny(t, " \t\n\r\v\f"),
		!ok && t[0] != '/' && t[0] != '{' && !isAbsolute(t):
		return "", "", newError("route", route, ErrInvalidRoute)
	}
	return m, t, nil
}
