package builder

import (
	"net/http"
	"strings"

	"github.com/endpointkit/endpoint/headers"
)

// normalizeMethod returns an HTTP method token lower-case, without
// allocating for the common methods.
func normalizeMethod(m string) (string, error) {
	switch m { // the usual spellings, without folding
	case "GET", "get":
		return "get", nil
	case "POST", "post":
		return "post", nil
	case "PUT", "put":
		return "put", nil
	case "PATCH", "patch":
		return "patch", nil
	case "DELETE", "delete":
		return "delete", nil
	}
	for _, known := range [...]string{"get", "post", "put", "patch", "delete", "head", "options"} {
		if strings.EqualFold(m, known) {
			return known, nil
		}
	}
	if !headers.IsToken(m) {
		return "", newError("method", m, ErrInvalidMethod)
	}
	return strings.ToLower(m), nil
}

// httpMethod returns a valid token upper-case, net/http's constants for
// the methods Build returns, so that they do not allocate.
func httpMethod(m string) (string, bool) {
	switch m {
	case "get":
		return http.MethodGet, true
	case "post":
		return http.MethodPost, true
	case "put":
		return http.MethodPut, true
	case "patch":
		return http.MethodPatch, true
	case "delete":
		return http.MethodDelete, true
	case "head":
		return http.MethodHead, true
	case "options":
		return http.MethodOptions, true
	}
	if !headers.IsToken(m) {
		return "", false
	}
	return strings.ToUpper(m), true
}
