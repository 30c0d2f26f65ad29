package headers

import (
	"errors"
	"fmt"
)

// Sentinels for errors.Is. Every error this package returns is an [*Error]
// wrapping one of them.
var (
	// ErrInvalidName reports a header name that is empty or not an RFC 9110 token.
	ErrInvalidName = errors.New("invalid header name")
	// ErrInvalidValue reports a header value containing a control character
	// other than horizontal tab (CR, LF and NUL included).
	ErrInvalidValue = errors.New("invalid header value")
)

// Error describes one bad header. Name is the name as the caller gave it and
// Value the value (set for value errors only). Err is ErrInvalidName or
// ErrInvalidValue.
//
// The message quotes the name with %q so control characters are visible, and
// points at the first offending byte. It never includes the value: values are
// often credentials (authorization, cookie, API keys) and error messages end up
// in logs. The Value field is still there for callers that need it.
type Error struct {
	Name  string
	Value string
	Err   error
}

// Error implements error.
func (e *Error) Error() string {
	switch {
	case e == nil:
		return "headers: <nil>"
	case errors.Is(e.Err, ErrInvalidName):
		if e.Name == "" {
			return fmt.Sprintf("headers: %v %q: empty", e.Err, e.Name)
		}
		if i := invalidNameByte(e.Name); i >= 0 {
			return fmt.Sprintf("headers: %v %q: byte 0x%02x at index %d is not a token character", e.Err, e.Name, e.Name[i], i)
		}
		return fmt.Sprintf("headers: %v %q", e.Err, e.Name)
	case errors.Is(e.Err, ErrInvalidValue):
		if i := invalidValueByte(e.Value); i >= 0 {
			return fmt.Sprintf("headers: %v for %q: control byte 0x%02x at index %d", e.Err, e.Name, e.Value[i], i)
		}
		return fmt.Sprintf("headers: %v for %q", e.Err, e.Name)
	default:
		return fmt.Sprintf("headers: %q: %v", e.Name, e.Err)
	}
}

// Unwrap returns Err so errors.Is(err, ErrInvalidName) and friends work.
func (e *Error) Unwrap() error {
	if e == nil {
		return nil
	}
	return e.Err
}
