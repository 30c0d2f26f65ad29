package builder

import (
	"errors"
	"fmt"
	"strings"

	"github.com/endpointkit/endpoint/headers"
	"github.com/endpointkit/endpoint/internal/quote"
	"github.com/endpointkit/endpoint/internal/value"
	"github.com/endpointkit/endpoint/template"
)

// Sentinels: every error a call returns is an *Error wrapping one of
// these, or one of another package's.
var (
	// ErrMissingParam is returned when a path variable has no value, or a
	// catalogue's required parameter none; it is template.ErrMissing.
	ErrMissingParam = template.ErrMissing
	// ErrMissingURL is returned when nothing set a URL.
	ErrMissingURL = errors.New("missing url")
	// ErrInvalidRoute is returned when a route is not "METHOD /target" or
	// a target alone (see Endpoint.Route).
	ErrInvalidRoute = errors.New("invalid route")
	// ErrInvalidMethod is returned when a method is not an HTTP token.
	ErrInvalidMethod = errors.New("invalid method")
	// ErrInvalidBaseURL is returned when a base URL is neither an http(s)
	// URL with a host nor a path, or has a query, fragment or dot segment.
	ErrInvalidBaseURL = errors.New("invalid base url")
	// ErrInvalidParam is returned when a parameter name is empty, or names a
	// key the route's own query sets already (GET /x?state=open with state).
	ErrInvalidParam = errors.New("invalid parameter name")
	// ErrInvalidValue is returned when a value has no JSON form (a func,
	// NaN …) or its MarshalJSON or MarshalText failed or panicked.
	ErrInvalidValue = value.ErrInvalid
	// ErrInvalidOption is returned when a nil Option is given to Defaults.
	ErrInvalidOption = errors.New("invalid option")
	// ErrDataWithParams is returned when Data is set beside parameters of
	// the same call that would go to the body.
	ErrDataWithParams = errors.New("data together with body parameters")
	// ErrDataNotAllowed is returned when Data is set for a bodiless method.
	ErrDataNotAllowed = errors.New("data for a method without a body")
	// ErrInvalidOptions is returned for malformed or misshapen options JSON.
	ErrInvalidOptions = errors.New("invalid options")
	// ErrLimit is returned when an input is past one of the Max limits.
	ErrLimit = value.ErrLimit
	// ErrRequest is returned when request options cannot become an
	// *http.Request: a relative or malformed URL, a body with no JSON
	// form, a content-length header that disagrees with the body.
	ErrRequest = errors.New("cannot build http request")
)

const maxQuoted = 120

// Error says which operation and input an error came from.
type Error struct {
	Op    string // what failed: "parse", "route", "header", "param" …
	Input string // the route, URL, or names at fault; never a header value
	Err   error
}

// Error formats as `endpoint: OP "INPUT": REASON`, the input quoted once
// (for a template, headers or catalog error, its subject instead), and
// credentials masked as RedactURL masks them, the input's as RedactRawURL.
func (e *Error) Error() string {
	if e == nil {
		return "<nil>"
	}
	input, reason := e.Input, ""
	if e.Err != nil {
		// fmt, not Error: a caller's Error may wrap a nil pointer.
		reason = fmt.Sprint(e.Err)
	}
	if x, ok := e.Err.(explained); ok {
		if s := x.Subject(); s != "" {
			input = s
		}
		reason = x.Reason()
	}
	if input == "" {
		return RedactURL("endpoint: " + e.Op + ": " + reason)
	}
	// Masked before it is cut, so no cut leaves part of a credential.
	return RedactURL(fmt.Sprintf("endpoint: %s %q: %s", e.Op, quote.Cut(maskInput(input), maxQuoted), reason))
}

// maskInput masks an input, a route's target after its method, as
// RedactRawURL does: it may be a URL net/url refuses.
func maskInput(s string) string {
	if m, t, ok := strings.Cut(s, " "); ok && headers.IsToken(m) {
		return m + " " + RedactRawURL(t)
	}
	return RedactRawURL(s)
}

// explained is an error that says its subject apart from its reason, as
// template.Error, headers.Error and catalog.Error do.
type explained interface {
	Subject() string
	Reason() string
}

// Unwrap returns the underlying error; nil for a nil Error.
func (e *Error) Unwrap() error {
	if e == nil {
		return nil
	}
	return e.Err
}

// newError keeps the input masked, so that Input can be logged.
func newError(op, input string, err error) error {
	return &Error{Op: op, Input: maskInput(input), Err: err}
}

func limitErr(msg string) error {
	return newError("limits", "", fmt.Errorf("%w: %s", ErrLimit, msg))
}

func requestError(rawURL string, err error) error {
	return newError("request", rawURL, fmt.Errorf("%w: %w", ErrRequest, err))
}
