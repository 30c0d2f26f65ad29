package endpointtest

import (
	"errors"
	"strings"
)

// Sentinel errors. Every error the package returns or reports is an
// *Error wrapping one of them.
var (
	// ErrMismatch: a request does not match what a matcher expects.
	ErrMismatch = errors.New("request does not match")
	// ErrNoHandler: a Server received a request no registered route matches.
	ErrNoHandler = errors.New("no handler for the request")
	// ErrAPI: a request does not fit the server's catalogue: an unknown
	// route, an unknown or missing parameter, a wrong type or value. The
	// *Error also wraps the catalogue's own errors (*catalog.Error).
	ErrAPI = errors.New("request does not fit the API")
	// ErrMethod: a request's method is not upper case; HTTP methods are
	// case-sensitive, so "get" is not GET.
	ErrMethod = errors.New("method not upper case")
	// ErrRequest: a value given as a request cannot be inspected.
	ErrRequest = errors.New("cannot inspect the request")
	// ErrRoute: a route given to Handle or Route is not valid, an option
	// given to NewServer failed, or an operation of its catalogue has a
	// path the server cannot match (Server.Err).
	ErrRoute = errors.New("invalid route")
	// ErrFixture: a fixture file cannot be read or decoded, a fixture
	// asked for is not in the set, or a reply fails when it answers (a
	// Func that panics, a status net/http cannot write).
	ErrFixture = errors.New("invalid fixture")
	// ErrMatcher: a matcher given to Match, Not or a Gomega matcher is
	// nil, so it expects nothing; counting it as a match would let a test
	// pass by accident.
	ErrMatcher = errors.New("invalid matcher")
)

// Error says what was wrong with one request, route or fixture.
type Error struct {
	// Request is the request line ("GET /repos/octokit/rest.js/issues?state=opne")
	// with credentials masked, or the route or file at fault.
	Request string
	// Problems are what was wrong, one line each, values masked where
	// they are credentials.
	Problems []string
	// Err is one of the sentinels.
	Err error
	// Causes are the errors behind the problems, such as *catalog.Error.
	Causes []error
}

// Error formats as "endpointtest: REQUEST: PROBLEM", with one problem per
// indented line when there are several; "<nil>" for a nil Error.
func (e *Error) Error() string {
	if e == nil {
		return "<nil>"
	}
	var b strings.Builder
	b.WriteString("endpointtest: ")
	b.WriteString(e.Request)
	switch len(e.Problems) {
	case 0:
		b.WriteString(": ")
		if e.Err != nil {
			b.WriteString(e.Err.Error())
		}
	case 1:
		b.WriteString(": ")
		b.WriteString(e.Problems[0])
	default:
		b.WriteString(":")
		for _, p := range e.Problems {
			b.WriteString("\n\t")
			b.WriteString(strings.ReplaceAll(p, "\n", "\n\t  "))
		}
	}
	return b.String()
}

// Unwrap returns the sentinel and the causes, for errors.Is and errors.As;
// nil for a nil Error.
func (e *Error) Unwrap() []error {
	if e == nil {
		return nil
	}
	return append([]error{e.Err}, e.Causes...)
}
