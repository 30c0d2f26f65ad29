package template

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/endpointkit/endpoint/internal/quote"
	"github.com/endpointkit/endpoint/internal/redact"
	"github.com/endpointkit/endpoint/internal/userinfo"
)

// Sentinels for errors.Is: every error of the package is an [*Error]
// wrapping one of them.
var (
	// ErrSyntax is returned when a template is not valid RFC 6570 syntax.
	ErrSyntax = errors.New("invalid template")
	// ErrTooLong is returned when a template is longer than MaxLength
	// bytes.
	ErrTooLong = errors.New("template too long")
	// ErrTooManyExpressions is returned when a template has more than
	// MaxExpressions expressions.
	ErrTooManyExpressions = errors.New("too many expressions")
	// ErrValue is returned when a Go value has no template meaning
	// (channel, func, struct, nested list, NaN, …), or is a map in a query.
	ErrValue = errors.New("unsupported value")
	// ErrPrefix is returned when a prefix modifier ({x:3}) is applied to a
	// list or map (RFC 6570 section 2.4.1).
	ErrPrefix = errors.New("prefix modifier on a composite value")
	// ErrMissing is returned when AppendPath finds a variable it requires
	// undefined, or empty before more of the path.
	ErrMissing = errors.New("missing value")
	// ErrDotSegment is returned when AppendPath's path has a "." or ".."
	// segment, which would change the path after normalisation.
	ErrDotSegment = errors.New("dot segment")
	// ErrEmptySegment is returned when the expansion of a template without
	// scheme starts with "//", whose first segment a URL resolver reads as
	// a host, or a value writes "//" into the path.
	ErrEmptySegment = errors.New("path starts with an empty segment")
	// ErrAuthority is returned when an absolute template has an
	// expression inside its scheme or authority ("https://{host}/x"):
	// a value would choose where the request goes.
	ErrAuthority = errors.New("expression in the authority")
	// ErrPathSegment is returned when a Path value has an empty, "." or
	// ".." segment.
	ErrPathSegment = errors.New("invalid path segment")
)

// Error describes a failed Parse, expansion or query append: Template is
// the text after :name rewriting (empty for a query parameter's error),
// Offset the byte offset of the character or expression at fault (-1 for
// none), Var the variable or query parameter.
type Error struct {
	Template string
	Offset   int
	Var      string
	Err      error
}

// maxQuoted bounds the template text a message repeats; the field keeps it
// all.
const maxQuoted = 120

// Error formats as
//
//	template "/repos/{owner}" at offset 7, variable "owner": missing value
//	template: query parameter "filter": unsupported value: map[string]string …
//
// with credentials masked as builder.RedactURL masks them, since error
// text ends up in logs: a template that fails to parse may hold a
// password with a space or "<" in it, so its user information runs to its
// last "@", scheme or not. Template and Subject keep the text as it is.
func (e *Error) Error() string {
	if e == nil {
		return "template: <nil>"
	}
	if e.Template == "" {
		return "template: " + e.Reason()
	}
	// Masked before it is cut, so that no cut leaves part of a
	// credential, and again as a whole, as builder's errors are.
	t := quote.Cut(redact.RawURL(e.Template), maxQuoted)
	reason := e.Reason()
	if e.Offset < 0 && e.Var == "" {
		return redact.URL("template " + strconv.Quote(t) + ": " + reason)
	}
	return redact.URL("template " + strconv.Quote(t) + " " + reason)
}

// Subject returns the template the error is about, so that a caller that
// quotes it says it once (with Reason).
func (e *Error) Subject() string {
	if e == nil {
		return ""
	}
	return e.Template
}

// Reason returns the message without the template ("at offset 7,
// variable \"owner\": missing value"), masked as Error is: a parameter's
// name or a quoted Path value may hold a URL.
func (e *Error) Reason() string {
	if e == nil {
		return "<nil>"
	}
	var b strings.Builder
	if e.Template != "" {
		if e.Offset >= 0 {
			b.WriteString("at offset ")
			b.WriteString(strconv.Itoa(e.Offset))
		}
		if e.Var != "" {
			if b.Len() > 0 {
				b.WriteString(", ")
			}
			b.WriteString("variable ")
			if strings.Contains(redact.RawURL(e.Template), e.Var) {
				b.WriteString(strconv.Quote(e.Var))
			} else {
				b.WriteString(userinfo.Redacted) // a name inside masked user information
			}
		}
	} else if e.Var != "" {
		b.WriteString("query parameter ")
		b.WriteString(strconv.Quote(e.Var))
	}
	if b.Len() > 0 {
		b.WriteString(": ")
	}
	if e.Err != nil {
		b.WriteString(e.Err.Error())
	} else {
		b.WriteString("unknown error")
	}
	return redact.URL(b.String())
}

// GoString makes %#v mask e as Error does, where the default would print
// Template and Err's text as they are.
func (e *Error) GoString() string {
	if e == nil {
		return "(*template.Error)(nil)"
	}
	inner := "<nil>"
	if e.Err != nil {
		inner = "errors.New(" + strconv.Quote(redact.URL(fmt.Sprint(e.Err))) + ")"
	}
	return "&template.Error{Template:" + strconv.Quote(redact.RawURL(e.Template)) +
		", Offset:" + strconv.Itoa(e.Offset) + ", Var:" + strconv.Quote(redact.URL(e.Var)) + ", Err:" + inner + "}"
}

// Unwrap returns Err, for errors.Is and errors.As.
func (e *Error) Unwrap() error {
	if e == nil {
		return nil
	}
	return e.Err
}

// errNilTemplate is what the methods of a nil *Template return.
func errNilTemplate() error {
	return &Error{Offset: -1, Err: fmt.Errorf("%w: nil *Template", ErrSyntax)}
}

// moduleError is a uritemplate module error by its description alone: its
// message repeats the template ("incomplete expression: /x/{a_"), user
// information and all, where ours quotes it once, masked.
func moduleError(err error) error {
	s := err.Error()
	if i := strings.Index(s, ": "); i >= 0 {
		// The first ": " may be inside the description's parentheses:
		// "unacceptable character (hint: use %XX encoding): /x<".
		if strings.Count(s[:i], "(") > strings.Count(s[:i], ")") {
			if j := strings.IndexByte(s[i:], ')'); j >= 0 {
				i += j + 1
			}
		}
		s = s[:i]
	}
	return errors.New(quote.Cut(s, maxQuoted))
}
