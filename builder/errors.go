package builder

import (
	"errors"
	"fmt"
	"strings"

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
	// ErrInvalidBaseURL: the base URL has a query or a fragment.
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
	if e.Input == "" {
		return "endpoint: " + e.Op + ": " + e.Err.Error()
	}
	return fmt.Sprintf("endpoint: %s %q: %v", e.Op, e.Input, e.Err)
}

// Unwrap returns the underlying error.
func (e *Error) Unwrap() error { return e.Err }

func newError(op, input string, err error) error {
	return &Error{Op: op, Input: input, Err: err}
}

func namesError(op string, names []string, err error) error {
	return &Error{Op: op, Input: strings.Join(names, ","), Err: err}
}
