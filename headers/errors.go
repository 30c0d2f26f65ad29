package headers

import (
	"errors"
	"fmt"
	"io"

	"github.com/endpointkit/endpoint/internal/ascii"
)

// Every error of this package is an [*Error] wrapping one of these.
var (
	// ErrInvalidName is a header name that is empty or not an RFC 9110 token.
	ErrInvalidName = errors.New("invalid header name")
	// ErrInvalidValue is a header value holding a control byte but tab.
	ErrInvalidValue = errors.New("invalid header value")
)

// Error is one refused header. Its text points at the first bad byte but
// never shows Value, nor Name after a bad byte ("Authorization: token …"
// given as a name): both may be credentials.
type Error struct {
	Name  string // as the caller gave it
	Value string // set for value errors only
	Err   error  // ErrInvalidName or ErrInvalidValue
}

// Error names the header and the bad byte, never the value.
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

// Subject is the name as far as it may be shown (an invalid one is cut at
// its first bad byte), for a wrapping error that quotes it with Reason.
func (e *Error) Subject() string {
	if e == nil {
		return ""
	}
	if errors.Is(e.Err, ErrInvalidName) {
		if i := ascii.IndexNonToken(e.Name); i >= 0 {
			return e.Name[:min(i, 64)] + "…"
		}
	}
	return e.Name
}

// Reason is the message without the name: "invalid header value: control
// byte 0x0a at index 1".
func (e *Error) Reason() string {
	if e == nil {
		return "<nil>"
	}
	return fmt.Sprint(e.Err) + e.detail()
}

// detail is ": " and what is wrong, or "".
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

// Unwrap returns Err, for errors.Is.
func (e *Error) Unwrap() error {
	if e == nil {
		return nil
	}
	return e.Err
}

// Format prints the message for every verb, and for %#v the fields with
// Value masked as "[REDACTED]", so that no verb dumps a credential.
func (e *Error) Format(s fmt.State, verb rune) {
	if verb != 'v' || !s.Flag('#') {
		_, _ = fmt.Fprintf(s, fmt.FormatString(s, verb), e.Error())
		return
	}
	if e == nil {
		_, _ = io.WriteString(s, "(*headers.Error)(nil)")
		return
	}
	value, inner := "", "error(nil)"
	if e.Value != "" {
		value = "[REDACTED]"
	}
	switch e.Err {
	case nil:
	case ErrInvalidName:
		inner = "headers.ErrInvalidName"
	case ErrInvalidValue:
		inner = "headers.ErrInvalidValue"
	default:
		inner = fmt.Sprintf("errors.New(%q)", e.Err.Error())
	}
	_, _ = fmt.Fprintf(s, "&headers.Error{Name:%q, Value:%q, Err:%s}", e.Name, value, inner)
}
