package builder

import (
	"net/http"
	"strings"

	"github.com/endpointkit/endpoint/headers"
)

// The methods Build knows, lower-case and as net/http's constants, which
// normalizeMethod and httpMethod return without allocating.
var (
	methods     = [...]string{"get", "post", "put", "patch", "delete", "head", "options"}
	httpMethods = [...]string{http.MethodGet, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete, http.MethodHead, http.MethodOptions}
)

// normalizeMethod returns an HTTP method token lower-case.
func normalizeMethod(m string) (string, error) {
	for i, known := range methods {
		if m == known || m == httpMethods[i] || strings.EqualFold(m, known) {
			return known, nil
		}
	}
	if !headers.IsToken(m) {
		return "", newError("method", m, ErrInvalidMethod)
	}
	return strings.ToLower(m), nil
}

// httpMethod returns a valid token upper-case.
func httpMethod(m string) (string, bool) {
	for i, known := range methods {
		if m == known {
			return httpMethods[i], true
		}
	}
	if !headers.IsToken(m) {
		return "", false
	}
	return strings.ToUpper(m), true
}
