package headers

import (
	"fmt"
	"io"
)

// Format prints e for every fmt verb without its Value, as Error does:
// %#v, which would otherwise dump the struct, shows Value as "[REDACTED]"
// (a rejected value is often a credential, as in an authorization header
// with a stray newline).
func (e *Error) Format(s fmt.State, verb rune) {
	if verb != 'v' || !s.Flag('#') {
		_, _ = fmt.Fprintf(s, fmt.FormatString(s, verb), e.Error())
		return
	}
	if e == nil {
		_, _ = io.WriteString(s, "(*headers.Error)(nil)")
		return
	}
	value := ""
	if e.Value != "" {
		value = "[REDACTED]"
	}
	var inner string
	switch e.Err {
	case ErrInvalidName:
		inner = "headers.ErrInvalidName"
	case ErrInvalidValue:
		inner = "headers.ErrInvalidValue"
	case nil:
		inner = "error(nil)"
	default:
		inner = fmt.Sprintf("errors.New(%q)", e.Err.Error())
	}
	_, _ = fmt.Fprintf(s, "&headers.Error{Name:%q, Value:%q, Err:%s}", e.Name, value, inner)
}
