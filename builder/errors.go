package builder

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/endpointkit/endpoint/internal/value"
	"github.com/endpointkit/endpoint/template"
)

// Sentinel errors; every error a call returns wraps one of these, or one
// of the template, headers or media packages', for errors.Is, and is an
// *Error for errors.As.
var (
	// ErrMissingParam is returned when a variable that forms a whole path
	// segment has no value (absent or nil). Same value as
	// template.ErrMissing.
	ErrMissingParam = template.ErrMissing
	// ErrMissingURL is returned when neither the route, the options nor a
	// defaults layer set a URL.
	ErrMissingURL = errors.New("missing url")
	// ErrInvalidRoute is returned when a route is not "METHOD /target" or a
	// target alone (see Endpoint.Route).
	ErrInvalidRoute = errors.New("invalid route")
	// ErrInvalidMethod is returned when a method is empty or not an HTTP
	// token.
	ErrInvalidMethod = errors.New("invalid method")
	// ErrInvalidBaseURL is returned when a base URL is not an http or https
	// URL with a host, or a path, or has a query, a fragment or a dot
	// segment.
	ErrInvalidBaseURL = errors.New("invalid base url")
	// ErrInvalidParam is returned when a parameter name is empty.
	ErrInvalidParam = errors.New("invalid parameter name")
	// ErrInvalidValue is returned when a value has no JSON form (a func, a
	// channel, NaN …) or its MarshalJSON or MarshalText method failed or
	// panicked.
	ErrInvalidValue = value.ErrInvalid
	// ErrInvalidOption is returned when a nil Option is given to Defaults.
	ErrInvalidOption = errors.New("invalid option")
	// ErrDataWithParams is returned when Data is set together with
	// parameters of the same call that would have gone to the body.
	ErrDataWithParams = errors.New("data together with body parameters")
	// ErrDataNotAllowed is returned when Data is set for a method that
	// sends no body.
	ErrDataNotAllowed = errors.New("data for a method without a body")
	// ErrInvalidOptions is returned when options JSON is malformed or of
	// the wrong shape.
	ErrInvalidOptions = errors.New("invalid options")
	// ErrLimit is returned when an input is past one of the documented
	// limits (MaxParams, MaxDepth, MaxNodes, MaxPreviews).
	ErrLimit = value.ErrLimit
)

// Error carries the operation and the input an error came from.
type Error struct {
	Op    string // what failed: "parse", "route", "header", "param" …
	Input string // the route, URL, or names at fault; never a header value
	Err   error
}

func (e *Error) Error() string {
	var msg string
	if e.Input == "" {
		msg = "endpoint: " + e.Op + ": " + e.Err.Error()
	} else {
		msg = fmt.Sprintf("endpoint: %s %q: %v", e.Op, shorten(e.Input), e.Err)
	}
	// Routes and base URLs may carry tokens (?access_token=, user:pass@);
	// error text ends up in logs.
	return RedactURL(msg)
}

// shorten keeps error text readable when the input is a long template.
func shorten(s string) string {
	const max = 120
	if len(s) <= max {
		return s
	}
	cut := max
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

// Unwrap returns the underlying error.
func (e *Error) Unwrap() error { return e.Err }

func newError(op, input string, err error) error {
	return &Error{Op: op, Input: input, Err: err}
}

func namesError(op string, names []string, err error) error {
	return &Error{Op: op, Input: strings.Join(names, ","), Err: err}
}

func limitErr(msg string) error {
	return newError("limits", "", fmt.Errorf("%w: %s", ErrLimit, msg))
}
