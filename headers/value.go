package headers

import "github.com/endpointkit/endpoint/internal/ascii"

// ValidateValue reports whether value may be sent as the value of header name.
// It rejects every ASCII control character (0x00-0x1F and DEL 0x7F) except
// horizontal tab, the same rule as net/http's
// httpguts.ValidHeaderFieldValue. CR and LF would let a value inject extra
// headers; NUL is rejected by servers. Bytes >= 0x80 (obs-text) are allowed,
// and leading or trailing spaces are left to the caller. name is used only in
// the error, an [*Error] wrapping ErrInvalidValue.
func ValidateValue(name, value string) error {
	if ascii.IndexCtlButTab(value) >= 0 {
		return &Error{Name: name, Value: value, Err: ErrInvalidValue}
	}
	return nil
}
