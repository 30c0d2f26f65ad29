package media

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/endpointkit/endpoint/internal/ascii"
)

// MaxName is the longest format or preview name ValidateName accepts. Real
// ones are short words ("raw", "diff", "machine-man"); a bound keeps the
// accept header, which repeats the format once per preview, small.
const MaxName = 64

// ErrInvalidName is returned when a format or preview name is too long or
// has a character outside letters, digits and "._+-".
var ErrInvalidName = errors.New("invalid media type name")

// Error describes a format or preview name that ValidateName refused. Err
// is ErrInvalidName.
type Error struct {
	Name string
	Err  error

	reason string // what is wrong with Name, without it
}

// Error implements error: `media: invalid media type name "x y": byte 0x20
// at index 1`.
func (e *Error) Error() string {
	if e == nil {
		return "<nil>"
	}
	return "media: " + fmt.Sprint(e.Err) + " " + strconv.Quote(e.Subject()) + ": " + e.reason
}

// Subject returns the name the error is about, cut at MaxName bytes, so
// that a caller that wraps the error quotes it once, with Reason.
func (e *Error) Subject() string {
	if e == nil {
		return ""
	}
	if len(e.Name) > MaxName {
		return e.Name[:MaxName] + "…"
	}
	return e.Name
}

// Reason returns the message without the name.
func (e *Error) Reason() string {
	if e == nil {
		return "<nil>"
	}
	return fmt.Sprint(e.Err) + ": " + e.reason
}

// Unwrap returns Err.
func (e *Error) Unwrap() error { return e.Err }

// ValidateName checks a format or preview name before it is written into
// the accept header. The empty name is valid: it means none. Errors are
// *Error.
func ValidateName(name string) error {
	if len(name) > MaxName {
		return &Error{Name: name, Err: ErrInvalidName, reason: fmt.Sprintf("%d bytes, at most %d", len(name), MaxName)}
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		switch {
		case ascii.IsAlnum(c), c == '.' || c == '_' || c == '+' || c == '-':
		default:
			return &Error{Name: name, Err: ErrInvalidName, reason: fmt.Sprintf("byte 0x%02x at index %d", c, i)}
		}
	}
	return nil
}
