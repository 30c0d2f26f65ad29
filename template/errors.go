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

// Sentinels for errors.Is. Every error this package returns is an [*Error]
// wrapping one of them (sometimes together with a more detailed cause, such as
// the uritemplate module's own syntax error).
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
	// (channel, func, struct, nested list, NaN, ...) or, in AppendQuery,
	// is a map.
	ErrValue = errors.New("unsupported value")
	// ErrPrefix is returned when a prefix modifier ({x:3}) is applied to a
	// list or map; RFC 6570 section 2.4.1 says prefixes are not applicable
	// to composites.
	ErrPrefix = errors.New("prefix modifier on a composite value")
	// ErrMissing is returned when AppendPath finds a whole-segment
	// variable undefined (absent or nil); the empty string is a value.
	ErrMissing = errors.New("missing value")
	// ErrDotSegment is returned when AppendPath expands a whole-segment
	// variable to "." or "..", which would change the path after
	// normalisation.
	ErrDotSegment = errors.New("dot segment")
	// ErrEmptySegment is returned when the expansion of a template without
	// scheme starts with "//": joined to a base URL it is a path, but a URL
	// resolver given it alone reads the first segment as a host.
	ErrEmptySegment = errors.New("path starts with an empty segment")
	// ErrAuthority is returned when an absolute template has an
	// expression inside its scheme or authority ("https://{host}/x"):
	// a value would choose where the request goes.
	ErrAuthority = errors.New("expression in the authority")
	// ErrPathSegment is returned when a Path value has an empty, "." or
	// ".." segment.
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
//
// Credentials are masked as builder.RedactURL masks them
// ("https://[REDACTED]@host/…", "?access_token=[REDACTED]"): a route or
// URL that fails to parse may carry a token, and error text ends up in
// logs. The user information runs to the template's last "@", also when
// it has no scheme ("[REDACTED]@host/…"; a template that is no path is
// read as a URL as given), since a template that fails to parse may hold
// a password with a space or "<" in it. Template and Subject keep the
// text as it is.
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
// wraps the error and quotes the template itself can say it once (with
// Reason).
func (e *Error) Subject() string {
	if e == nil {
		return ""
	}
	return e.Template
}

// Reason returns the message without the template: where, which
// variable, and what went wrong ("at offset 7, variable \"owner\":
// missing value"), credentials masked as Error masks them (a query
// parameter's name, or a Path value quoted by its error, may hold a URL).
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

// GoString makes %#v show e with its text masked as Error masks it: the
// default would print the Template field as it is, and Err's text.
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

// moduleError is a uritemplate module error, by its description alone.
// The module's message repeats the template up to the error
// ("incomplete expression: /x/{a_"), user information and all; ours
// quotes the template once, masked, and gives the offset. So the module's
// error is not kept to unwrap either: it is text, with no type or
// sentinel that errors.Is or errors.As could find.
type moduleError struct{ desc string }

func newModuleError(err error) moduleError {
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
	return moduleError{desc: quote.Cut(s, maxQuoted)}
}

func (m moduleError) Error() string { return m.desc }
