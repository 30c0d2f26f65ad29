package headers

import (
	"errors"
	"fmt"

	"github.com/endpointkit/endpoint/internal/ascii"
)

// Sentinels for errors.Is. Every error this package returns is an [*Error]
// wrapping one of them.
var (
	// ErrInvalidName is returned when a header name is empty or not an
	// RFC 9110 token.
	ErrInvalidName = errors.New("invalid header name")
	// ErrInvalidValue is returned when a header value contains a control
	// character other than horizontal tab (CR, LF and NUL included).
	ErrInvalidValue = errors.New("invalid header value")
)

// Error describes one bad header. Name is the name as the caller gave it and
// Value the value (set for value errors only). Err is ErrInvalidName or
// ErrInvalidValue.
//
// The message quotes the name with %q so control characters are visible, up
// to the first offending byte, which it points at. It never includes the
// value, nor the rest of a name after a bad byte (a header line such as
// "Authorization: token …" given as a name): values are often credentials
// and error messages end up in logs. The Value field is still there for
// callers that need it.
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
		return fmt.Sprintf("headers: %v %q%s", e.Err, e.Subject(), e.detail())
	case errors.Is(e.Err, ErrInvalidValue):
		return fmt.Sprintf("headers: %v for %q%s", e.Err, e.Name, e.detail())
	default:
		return fmt.Sprintf("headers: %q: %v", e.Name, e.Err)
	}
}

// Subject returns the name the error is about, as far as it can be shown:
// up to a bad byte of an invalid name, so that a header line given as a
// name never shows its value. A caller that wraps the error quotes it
// once, with Reason.
func (e *Error) Subject() string {
	if e == nil {
		return ""
	}
	if errors.Is(e.Err, ErrInvalidName) && e.Name != "" {
		if i := ascii.IndexNonToken(e.Name); i >= 0 {
			return namePrefix(e.Name, i)
		}
	}
	return e.Name
}

// Reason returns the message without the name: the sentinel and where the
// bad byte is ("invalid header value: control byte 0x0a at index 1").
func (e *Error) Reason() string {
	if e == nil {
		return "<nil>"
	}
	if errors.Is(e.Err, ErrInvalidName) || errors.Is(e.Err, ErrInvalidValue) {
		return e.Err.Error() + e.detail()
	}
	return fmt.Sprint(e.Err)
}

// detail says what is wrong with the name or value, after a colon
// (": byte 0x20 at index 3 is not a token character"), or "".
func (e *Error) detail() string {
	switch {
	case errors.Is(e.Err, ErrInvalidName):
		if e.Name == "" {
			return ": empty"
		}
		if i := ascii.IndexNonToken(e.Name); i >= 0 {
			return fmt.Sprintf(": byte 0x%02x at index %d is not a token character", e.Name[i], i)
		}
	case errors.Is(e.Err, ErrInvalidValue):
		if i := ascii.IndexCtlButTab(e.Value); i >= 0 {
			return fmt.Sprintf(": control byte 0x%02x at index %d", e.Value[i], i)
		}
	}
	return ""
}

// namePrefix is name up to its first invalid byte at i, at most 64
// bytes, marked with "…" when cut.
func namePrefix(name string, i int) string {
	const max = 64
	if i > max {
		i = max
	}
	if i < len(name) {
		return name[:i] + "…"
	}
	return name
}

// Unwrap returns Err so errors.Is(err, ErrInvalidName) and friends work.
func (e *Error) Unwrap() error {
	if e == nil {
		return nil
	}
	return e.Err
}
