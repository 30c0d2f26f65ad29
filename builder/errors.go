package builder

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/endpointkit/endpoint/template"
)

// Sentinel errors; every error a call returns wraps one of these, or one of
// the template or headers packages, so errors.Is works.
var (
	// ErrMissingParam: a variable that forms a whole path segment has no
	// value, or a nil or empty one. Same value as template.ErrMissing.
	ErrMissingParam = template.ErrMissing
	// ErrMissingURL: neither the route, the options nor a defaults layer
	// set a URL.
	ErrMissingURL = errors.New("missing url")
	// ErrInvalidMethod: the method is empty or not an HTTP token.
	ErrInvalidMethod = errors.New("invalid method")
	// ErrInvalidBaseURL: the base URL has a query, a fragment or a dot
	// segment.
	ErrInvalidBaseURL = errors.New("invalid base url")
	// ErrDataWithParams: Data was set together with parameters that
	// would have gone to the body.
	ErrDataWithParams = errors.New("data together with body parameters")
	// ErrDataNotAllowed: Data was set for a method that sends no body.
	ErrDataNotAllowed = errors.New("data for a method without a body")
	// ErrInvalidOptions: JSON options of the wrong shape.
	ErrInvalidOptions = errors.New("invalid options")
)

// Error carries the operation and the input an error came from.
type Error struct {
	Op    string // "merge", "parse", "defaults", "route"
	Input string // the route, URL or parameter names at fault
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
