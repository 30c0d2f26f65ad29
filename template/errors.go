package template

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/endpointkit/endpoint/internal/quote"
	"github.com/endpointkit/endpoint/internal/redact"
)

// Every error of the package is an [*Error] wrapping one of these.
var (
	// ErrSyntax is a template that is not valid RFC 6570.
	ErrSyntax = errors.New("invalid template")
	// ErrTooLong is a template longer than MaxLength bytes.
	ErrTooLong = errors.New("template too long")
	// ErrTooManyExpressions is a template of more than MaxExpressions.
	ErrTooManyExpressions = errors.New("too many expressions")
	// ErrValue is a Go value without template meaning (channel, func, struct,
	// nested list, NaN, …), or is a map in a query.
	ErrValue = errors.New("unsupported value")
	// ErrPrefix is a prefix modifier ({x:3}) on a list or map.
	ErrPrefix = errors.New("prefix modifier on a composite value")
	// ErrMissing is a variable AppendPath requires undefined, or empty
	// before more of the path.
	ErrMissing = errors.New("missing value")
	// ErrDotSegment is a "." or ".." segment in AppendPath's path.
	ErrDotSegment = errors.New("dot segment")
	// ErrEmptySegment is the expansion of a template without scheme that
	// starts with "//", which a resolver reads as a host, or a value's "//".
	ErrEmptySegment = errors.New("path starts with an empty segment")
	// ErrAuthority is an expression in an absolute template's authority
	// ("https://{host}/x"), where a value would choose the server.
	ErrAuthority = errors.New("expression in the authority")
	// ErrPathSegment is a Path value with an empty, "." or ".." segment.
	ErrPathSegment = errors.New("invalid path segment")
)

// Error describes a failed Parse, expansion or query append: Template is
// the text after :name rewriting ("" for a query parameter), Offset the
// byte offset at fault (-1 for none), Var the variable or query parameter.
type Error struct {
	Template string
	Offset   int
	Var      string
	Err      error
}

// maxQuoted bounds the template text a message repeats.
const maxQuoted = 120

// Error formats as
//
//	template "/repos/{owner}" at offset 7, variable "owner": missing value
//	template: query parameter "filter": unsupported value: map[string]string …
//
// with credentials masked, since error text ends up in logs (a template
// that fails to parse masks up to its last "@"); Template keeps the text.
func (e *Error) Error() string {
	switch {
	case e == nil:
		return "template: <nil>"
	case e.Template == "":
		return "template: " + e.Reason()
	}
	sep := " "
	if e.Offset < 0 && e.Var == "" {
		sep = ": "
	}
	// Masked before it is cut, so that no cut leaves part of a credential.
	return redact.URL("template " + strconv.Quote(quote.Cut(redact.RawURL(e.Template), maxQuoted)) + sep + e.Reason())
}

// Subject returns the template, for a caller that quotes it once with
// Reason.
func (e *Error) Subject() string {
	if e == nil {
		return ""
	}
	return e.Template
}

// Reason returns the message without the template ("at offset 7,
// variable \"owner\": missing value"), masked as Error is.
func (e *Error) Reason() string {
	if e == nil {
		return "<nil>"
	}
	where := ""
	switch {
	case e.Template == "" && e.Var != "":
		where = "query parameter " + strconv.Quote(e.Var) + ": "
	case e.Template == "":
	case e.Var == "" && e.Offset >= 0:
		where = "at offset " + strconv.Itoa(e.Offset) + ": "
	case e.Var != "":
		name := redact.Redacted // a name inside masked user information
		if strings.Contains(redact.RawURL(e.Template), e.Var) {
			name = strconv.Quote(e.Var)
		}
		where = "variable " + name + ": "
		if e.Offset >= 0 {
			where = "at offset " + strconv.Itoa(e.Offset) + ", " + where
		}
	}
	msg := "unknown error"
	if e.Err != nil {
		msg = e.Err.Error()
	}
	return redact.URL(where + msg)
}

// Format prints e masked for every verb, its fields for %#v, so that no
// verb (%d prints the fields) dumps a credential.
func (e *Error) Format(s fmt.State, verb rune) {
	switch {
	case verb != 'v' || !s.Flag('#'):
		_, _ = fmt.Fprintf(s, fmt.FormatString(s, verb), e.Error())
	case e == nil:
		_, _ = io.WriteString(s, "(*template.Error)(nil)")
	default:
		inner := "<nil>"
		if e.Err != nil {
			inner = "errors.New(" + strconv.Quote(redact.URL(fmt.Sprint(e.Err))) + ")"
		}
		_, _ = io.WriteString(s, "&template.Error{Template:"+strconv.Quote(redact.RawURL(e.Template))+
			", Offset:"+strconv.Itoa(e.Offset)+", Var:"+strconv.Quote(redact.URL(e.Var))+", Err:"+inner+"}")
	}
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
