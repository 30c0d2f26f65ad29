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
		if e.Name == "" {
			return fmt.Sprintf("headers: %v %q: empty", e.Err, e.Name)
		}
		if i := ascii.IndexNonToken(e.Name); i >= 0 {
			// Only the part before the bad byte: a header line given as a
			// name ("Authorization: token …") carries its value after it.
			return fmt.Sprintf("headers: %v %q: byte 0x%02x at index %d is not a token character", e.Err, namePrefix(e.Name, i), e.Name[i], i)
		}
		return fmt.Sprintf("headers: %v %q", e.Err, e.Name)
	case errors.Is(e.Err, ErrInvalidValue):
		if i := ascii.IndexCtlButTab(e.Value); i >= 0 {
			return fmt.Sprintf("headers: %v for %q: control byte 0x%02x at index %d", e.Err, e.Name, e.Value[i], i)
		}
		return fmt.Sprintf("headers: %v for %q", e.Err, e.Name)
	default:
		return fmt.Sprintf("headers: %q: %v", e.Name, e.Err)
	}
}

// Subject returns the name the error is about, as far as it can be shown:
// up to a bad byte of an invalid name, so that a header line given as a
// name never shows its value. A caller that wraps the error quotes it
// once, with Reason.
func (e *Error) Subject() string {
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
	switch {
	case errors.Is(e.Err, ErrInvalidName):
		if e.Name == "" {
			return fmt.Sprintf("%v: empty", e.Err)
		}
		if i := ascii.IndexNonToken(e.Name); i >= 0 {
			return fmt.Sprintf("%v: byte 0x%02x at index %d is not a token character", e.Err, e.Name[i], i)
		}
		return e.Err.Error()
	case errors.Is(e.Err, ErrInvalidValue):
		if i := ascii.IndexCtlButTab(e.Value); i >= 0 {
			return fmt.Sprintf("%v: control byte 0x%02x at index %d", e.Err, e.Value[i], i)
		}
		return e.Err.Error()
	}
	return fmt.Sprint(e.Err)
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
