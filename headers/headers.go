package headers

import (
	"slices"
	"strings"

	"github.com/endpointkit/endpoint/internal/ascii"
)

// Name returns name with ASCII letters lower-cased: the key of a [Set].
// Only ASCII is folded, as in HTTP; a lower-case name is returned as is.
func Name(name string) string {
	if !ascii.HasUpper(name) {
		return name
	}
	var sb strings.Builder
	sb.Grow(len(name))
	for i := 0; i < len(name); i++ {
		sb.WriteByte(ascii.ToLower(name[i]))
	}
	return sb.String()
}

// ValidateName refuses, with [ErrInvalidName], a name that is not an RFC
// 9110 token (letters, digits and !#$%&'*+-.^_`|~); upper case is valid.
func ValidateName(name string) error {
	if !IsToken(name) {
		return &Error{Name: name, Err: ErrInvalidName}
	}
	return nil
}

// ValidateValue refuses, with [ErrInvalidValue] naming the header, a value
// holding a control byte other than tab (the rule of net/http's
// httpguts.ValidHeaderFieldValue): CR and LF would inject headers.
func ValidateValue(name, value string) error {
	if ascii.IndexCtlButTab(value) >= 0 {
		return &Error{Name: name, Value: value, Err: ErrInvalidValue}
	}
	return nil
}

// IsToken reports whether s is a non-empty RFC 9110 token, the grammar of
// header names and of HTTP methods.
func IsToken(s string) bool { return ascii.IsToken(s) }

// IsSensitive reports whether a header of this name (any case) carries
// credentials, so that printed or logged requests mask its value.
func IsSensitive(name string) bool {
	return slices.ContainsFunc([]string{"authorization", "proxy-authorization", "cookie", "set-cookie"},
		func(s string) bool { return ascii.EqualFold(name, s) })
}
