package builder

import "strings"

// normalizeMethod validates an HTTP method token and returns it lower-case,
// without allocating for the common methods.
func normalizeMethod(m string) (string, error) {
	for _, known := range [...]string{"get", "post", "put", "patch", "delete", "head", "options"} {
		if strings.EqualFold(m, known) {
			return known, nil
		}
	}
	if m == "" || !isToken(m) {
		return "", newError("parse", m, ErrInvalidMethod)
	}
	return strings.ToLower(m), nil
}

// isToken reports whether s is an RFC 9110 token.
func isToken(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		case strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0:
		default:
			return false
		}
	}
	return true
}
