package template

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Sentinels for errors.Is. Every error this package returns is an [*Error]
// wrapping one of them (sometimes together with a more detailed cause, such as
// the uritemplate module's own syntax error).
var (
	// ErrSyntax reports a template that is not valid RFC 6570 syntax.
	ErrSyntax = errors.New("invalid template")
	// ErrTooLong reports a template longer than MaxLength bytes.
	ErrTooLong = errors.New("template too long")
	// ErrTooManyExpressions reports a template with more than MaxExpressions
	// expressions.
	ErrTooManyExpressions = errors.New("too many expressions")
	// ErrValue reports a Go value that has no template meaning (channel, func,
	// struct, nested list, NaN, ...) or, in AppendQuery, a map value.
	ErrValue = errors.New("unsupported value")
	// ErrPrefix reports a prefix modifier ({x:3}) applied to a list or map;
	// RFC 6570 section 2.4.1 says prefixes are not applicable to composites.
	ErrPrefix = errors.New("prefix modifier on a composite value")
	// ErrMissing reports a whole-segment variable that AppendPath found
	// undefined (absent or nil); the empty string is a value.
	ErrMissing = errors.New("missing value")
	// ErrDotSegment reports a whole-segment variable that AppendPath expanded
	// to "." or "..", which would change the path after normalisation.
	ErrDotSegment = errors.New("dot segment")
	// ErrEmptySegment is returned when the expansion of a template without
	// scheme starts with "//": joined to a base URL it is a path, but a URL
	// resolver given it alone reads the first segment as a host.
	ErrEmptySegment = errors.New("path starts with an empty segment")
	// ErrAuthority reports an expression inside the scheme or authority of
	// an absolute template ("https://{host}/x"), which AppendPath refuses
	// because a value would choose where the request goes.
	ErrAuthority = errors.New("expression in the authority")
	// ErrPathSegment reports a Path value with an empty, "." or ".." segment.
	ErrPathSegment = errors.New("invalid path segment")
)

// Error describes a failed Parse, expansion or query append.
//
// Template is the template text after :name rewriting (offsets refer to it);
// it is empty for AppendQuery errors, where Var names the query parameter.
// Offset is the byte offset of the offending character or expression, or -1
// when unknown. Var names the variable, if one is involved.
type Error struct {
	Template string
	Offset   int
	Var      string
	Err      error
}

// maxQuoted bounds how much template text an error message repeats, so a
// MaxLength template does not flood a log line. The field keeps it all.
const maxQuoted = 120

// Error implements error. Examples:
//
//	template "/x/{a b}" at offset 5: invalid template: ...
//	template "/repos/{owner}" at offset 7, variable "owner": missing value
//	template: query parameter "filter": unsupported value: map[string]string ...
func (e *Error) Error() string {
	if e == nil {
		return "template: <nil>"
	}
	var b strings.Builder
	b.WriteString("template")
	if e.Template != "" {
		t := e.Template
		if len(t) > maxQuoted {
			t = t[:maxQuoted] + "..."
		}
		b.WriteByte(' ')
		b.WriteString(strconv.Quote(t))
		if e.Offset >= 0 {
			b.WriteString(" at offset ")
			b.WriteString(strconv.Itoa(e.Offset))
		}
		if e.Var != "" {
			b.WriteString(", variable ")
			b.WriteString(strconv.Quote(e.Var))
		}
	} else if e.Var != "" {
		b.WriteString(": query parameter ")
		b.WriteString(strconv.Quote(e.Var))
	}
	b.WriteString(": ")
	if e.Err != nil {
		b.WriteString(e.Err.Error())
	} else {
		b.WriteString("unknown error")
	}
	return b.String()
}

// Unwrap returns Err so errors.Is(err, ErrSyntax) and friends work.
func (e *Error) Unwrap() error {
	if e == nil {
		return nil
	}
	return e.Err
}

// errNilTemplate is returned by methods called on a nil *Template instead of
// panicking.
func errNilTemplate() error {
	return &Error{Offset: -1, Err: fmt.Errorf("%w: nil *Template", ErrSyntax)}
}

// moduleError wraps a uritemplate module error. Its message repeats the
// template up to the error, so it is shortened like the template is.
type moduleError struct{ err error }

func (m moduleError) Error() string {
	s := m.err.Error()
	if len(s) > maxQuoted {
		s = s[:maxQuoted] + "..."
	}
	return s
}

// Unwrap returns the module's error.
func (m moduleError) Unwrap() error { return m.err }
