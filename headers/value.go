package headers

// ValidateValue reports whether value may be sent as the value of header name.
// It rejects every ASCII control character (0x00-0x1F and DEL 0x7F) except
// horizontal tab, the same rule as net/http's
// httpguts.ValidHeaderFieldValue. CR and LF would let a value inject extra
// headers; NUL is rejected by servers. Bytes >= 0x80 (obs-text) are allowed,
// and leading or trailing spaces are left to the caller. name is used only in
// the error, an [*Error] wrapping ErrInvalidValue.
func ValidateValue(name, value string) error {
	if invalidValueByte(value) >= 0 {
		return &Error{Name: name, Value: value, Err: ErrInvalidValue}
	}
	return nil
}

// invalidValueByte returns the index of the first forbidden byte of value, or -1.
func invalidValueByte(value string) int {
	for i := 0; i < len(value); i++ {
		if c := value[i]; (c < ' ' && c != '\t') || c == 0x7f {
			return i
		}
	}
	return -1
}
