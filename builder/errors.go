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
	// ErrInvalidParam is returned when a parameter name is empty, or names a
	// key the route's own query sets already (GET /x?state=open with state).
	ErrInvalidParam = errors.New("invalid parameter name")
	// ErrInvalidValue is returned when a value has no JSON form (a func, a
	// channel, NaN, a json.RawMessage that is not JSON …) or its
	// MarshalJSON or MarshalText method failed or panicked.
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
	// limits (MaxParams, MaxDepth, MaxNodes, MaxPreviews, MaxHeaders).
	ErrLimit = value.ErrLimit
	// ErrRequest is returned when request options cannot be turned into
	// an *http.Request (see RequestOptions.HTTPRequest): a relative or
	// malformed URL, a body that cannot be JSON-encoded, a content-length
	// header that disagrees with the body.
	ErrRequest = errors.New("cannot build http request")
)

// maxQuoted is the longest input an error message quotes in full.
const maxQuoted = 120

// Error carries the operation and the input an error came from.
type Error struct {
	Op    string // what failed: "parse", "route", "header", "param" …
	Input string // the route, URL, or names at fault; never a header value
	Err   error
}

// Error formats as `endpoint: OP "INPUT": REASON`. The input is quoted
// once: when the wrapped error is the template, headers or catalog
// package's, the text quotes what that error is about (the template after
// :name rewriting, the header name, the catalogue's route) in place of
// Input, and adds its reason without its own prefix. Credentials are
// masked as RedactURL masks them, and the user information of a URL in
// the input up to the input's last "@", as RedactRawURL reads it: the
// input may be a URL net/url refuses. A nil Error is "<nil>".
func (e *Error) Error() string {
	if e == nil {
		return "<nil>"
	}
	input, reason := e.Input, ""
	if e.Err != nil {
		// fmt prints a nil pointer whose Error method panics as "<nil>":
		// an Error a caller made around one must still print.
		reason = fmt.Sprint(e.Err)
	}
	if x, ok := e.Err.(explained); ok {
		if s := x.Subject(); s != "" {
			input = s
		}
		reason = x.Reason()
	}
	var msg string
	if input == "" {
		msg = "endpoint: " + e.Op + ": " + reason
	} else {
		// Masked before it is cut, so that no cut leaves part of a
		// credential unmasked.
		msg = fmt.Sprintf("endpoint: %s %q: %s", e.Op, quote.Cut(maskInput(input), maxQuoted), reason)
	}
	// Routes and base URLs may carry tokens (?access_token=, user:pass@);
	// error text ends up in logs.
	return RedactURL(msg)
}

// maskInput is an input as an error quotes it, and as newError keeps
// it: a route's target ("METHOD target"), or the whole input, masked as
// a URL as given (RedactRawURL). The input may be a URL net/url refuses,
// perhaps without its scheme, or a route or template that holds one,
// whose password may hold a space, "<" or "/": a route is refused for a
// space in its target, a template for a "<".
func maskInput(s string) string {
	if m, t, ok := strings.Cut(s, " "); ok && headers.IsToken(m) {
		return m + " " + RedactRawURL(t)
	}
	return RedactRawURL(s)
}

// explained is an error that can say what it is about apart from what
// went wrong, as template.Error, headers.Error and catalog.Error do.
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

// newError keeps the input masked (see maskInput), so that Input can be
// logged as it is; Error and Format mask it again, for an Error made by
// hand.
func newError(op, input string, err error) error {
	return &Error{Op: op, Input: maskInput(input), Err: err}
}

func namesError(op string, names []string, err error) error {
	return newError(op, strings.Join(names, ","), err)
}

func limitErr(msg string) error {
	return newError("limits", "", fmt.Errorf("%w: %s", ErrLimit, msg))
}

// requestError names the URL with its credentials masked.
func requestError(rawURL string, err error) error {
	return newError("request", rawURL, fmt.Errorf("%w: %w", ErrRequest, err))
}
