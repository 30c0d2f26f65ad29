package catalog

import (
	"errors"
	"strconv"
	"strings"

	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/internal/quote"
	"github.com/endpointkit/endpoint/internal/redact"
)

// Sentinel errors. Every error this package returns is an *Error wrapping
// one of them, so errors.Is and errors.As both work.
var (
	// ErrUnknownRoute is returned when no operation has the method and
	// path, or the operation ID, looked up.
	ErrUnknownRoute = errors.New("unknown route")
	// ErrUnknownParam is returned when the operation has no parameter of
	// the name given.
	ErrUnknownParam = errors.New("unknown parameter")
	// ErrMissingParam is returned when a required parameter has no value:
	// builder.ErrMissingParam itself, so that one errors.Is matches a
	// missing value with or without a catalogue.
	ErrMissingParam = builder.ErrMissingParam
	// ErrType is returned when a value has a JSON type the parameter does
	// not allow.
	ErrType = errors.New("wrong type")
	// ErrEnum is returned when a value is not one the parameter allows.
	ErrEnum = errors.New("value not allowed")
	// ErrInvalid is returned when a catalogue, or the data it is decoded
	// from, is malformed.
	ErrInvalid = errors.New("invalid catalog")
)

// Error describes one failed lookup or check.
type Error struct {
	// Route is the operation checked ("GET /repos/{owner}/{repo}/issues"),
	// or for ErrUnknownRoute the route or ID looked up.
	Route string
	// Param is the parameter at fault, or "" for a route or catalogue error.
	Param string
	// Missing lists the required parameters that have no value, for
	// ErrMissingParam.
	Missing []string
	// Detail says what was wrong, in words, when the sentinel alone does
	// not: "\"opne\" is not one of open, closed, all".
	Detail string
	// Suggestions are the closest known routes, parameter names or values,
	// best first.
	Suggestions []string
	// Err is one of the sentinels.
	Err error
}

// Error formats as "catalog: ROUTE: parameter "NAME": CAUSE; did you mean X?".
func (e *Error) Error() string {
	if e == nil {
		return "<nil>"
	}
	var b strings.Builder
	b.WriteString("catalog: ")
	switch {
	case e.Err == ErrUnknownRoute:
		b.WriteString(strconv.Quote(e.Route))
		b.WriteString(": ")
	case e.Route != "":
		b.WriteString(e.Route)
		b.WriteString(": ")
	}
	b.WriteString(e.Reason())
	return b.String()
}

// Subject returns the route the error is about, so that a caller that
// wraps the error and quotes the route itself says it once, with Reason.
func (e *Error) Subject() string {
	if e == nil {
		return ""
	}
	return e.Route
}

// Reason returns the message without the route: the parameter, what was
// wrong and what was probably meant.
func (e *Error) Reason() string {
	if e == nil {
		return "<nil>"
	}
	var b strings.Builder
	if e.Param != "" {
		b.WriteString("parameter ")
		b.WriteString(quoteValue(e.Param)) // a name may be as long as a caller makes it
		b.WriteString(": ")
	}
	switch {
	case e.Err == ErrMissingParam && len(e.Missing) > 0:
		if len(e.Missing) == 1 {
			b.WriteString("missing required parameter ")
		} else {
			b.WriteString("missing required parameters ")
		}
		for i, m := range e.Missing {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(strconv.Quote(m))
		}
		if e.Detail != "" {
			b.WriteString(" (")
			b.WriteString(e.Detail)
			b.WriteString(")")
		}
	case e.Detail != "":
		b.WriteString(e.Detail)
	case e.Err != nil:
		b.WriteString(e.Err.Error())
	}
	if len(e.Suggestions) > 0 {
		b.WriteString("; did you mean ")
		for i, s := range e.Suggestions {
			switch {
			case i == 0:
			case i == len(e.Suggestions)-1:
				b.WriteString(" or ")
			default:
				b.WriteString(", ")
			}
			b.WriteString(s)
		}
		b.WriteString("?")
	}
	return b.String()
}

// Unwrap returns the sentinel; nil for a nil Error.
func (e *Error) Unwrap() error {
	if e == nil {
		return nil
	}
	return e.Err
}

// isSensitive reports whether a parameter's value must never appear in
// error text: the builder's credentials (builder.SensitiveParams, the one
// list), and, for quoting only, names that often hold one in an API
// description (an OAuth code, a secret, a key).
func isSensitive(name string) bool {
	if builder.IsSensitiveParam(name) {
		return true
	}
	for _, s := range [...]string{"secret", "key", "code"} {
		if strings.EqualFold(name, s) {
			return true
		}
	}
	return false
}

// maxQuoted is the longest value an error message quotes in full.
const maxQuoted = 64

// quoteValue quotes a value for an error message, cut short when long.
func quoteValue(s string) string {
	// Masked before it is cut, so that no cut leaves part of a
	// credential unmasked; a URL's user information up to the value's
	// last "@", as a password may hold a space or "/" (see
	// builder.RedactRawURL).
	return strconv.Quote(quote.Cut(builder.RedactURL(redact.Userinfo(s, false)), maxQuoted))
}

// cleanRoute keeps credentials out of a route echoed in an error: the
// user information of an absolute URL is masked up to the route's last
// "@" (a password may hold a space or "/"), every query value is
// dropped, and what RedactURL masks is masked (a query after a "{?…}"
// expression, a fragment's access_token=…).
func cleanRoute(route string) string {
	route = redact.Userinfo(route, false)
	if q := strings.IndexByte(route, '?'); q >= 0 && !strings.HasPrefix(route[q-min(q, 1):], "{?") {
		route = route[:q] + "?…"
	}
	return quote.Cut(builder.RedactURL(route), 200)
}
