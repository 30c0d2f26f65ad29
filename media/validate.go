package media

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/endpointkit/endpoint/internal/ascii"
	"github.com/endpointkit/endpoint/internal/quote"
)

// MaxName is the longest format or preview name ValidateName accepts: the
// header repeats the format once per preview.
const MaxName = 64

// ErrInvalidName is a format or preview name longer than MaxName or holding
// a byte other than letters, digits and "._+-".
var ErrInvalidName = errors.New("invalid media type name")

// Error is a format or preview name ValidateName refused; Err is
// ErrInvalidName.
type Error struct {
	Name string
	Err  error

	reason string // what is wrong with Name, without it
}

// Error reads `media: invalid media type name "x y": byte 0x20 at index 1`.
func (e *Error) Error() string {
	if e == nil {
		return "<nil>"
	}
	return "media: " + fmt.Sprint(e.Err) + " " + strconv.Quote(e.Subject()) + ": " + e.reason
}

// Subject is the name cut at MaxName bytes, on a rune boundary, for a
// wrapping error that quotes it once with Reason.
func (e *Error) Subject() string {
	if e == nil {
		return ""
	}
	return quote.Cut(e.Name, MaxName)
}

// Reason is the message without the name.
func (e *Error) Reason() string {
	if e == nil {
		return "<nil>"
	}
	return fmt.Sprint(e.Err) + ": " + e.reason
}

// Unwrap returns Err, for errors.Is.
func (e *Error) Unwrap() error { return e.Err }

// ValidateName refuses a format or preview name that could break the accept
// header (CR, LF, a comma) or blow it up; "" is valid and means none.
func ValidateName(name string) error {
	if len(name) > MaxName {
		return &Error{Name: name, Err: ErrInvalidName, reason: fmt.Sprintf("%d bytes, at most %d", len(name), MaxName)}
	}
	for i := 0; i < len(name); i++ {
		if c := name[i]; !ascii.IsAlnum(c) && c != '.' && c != '_' && c != '+' && c != '-' {
			return &Error{Name: name, Err: ErrInvalidName, reason: fmt.Sprintf("byte 0x%02x at index %d", c, i)}
		}
	}
	return nil
}
