package paginate

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"

	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/internal/quote"
)

// Sentinels for errors.Is. Every error this package returns is an [*Error]
// or a [*StatusError], and wraps one of these, a context error, a
// transport error or an encoding/json error.
var (
	// ErrSyntax is returned when a Link header, or a link target in one,
	// is malformed.
	ErrSyntax = errors.New("malformed Link header")
	// ErrForeignHost is returned when a next link or a redirect leaves the
	// scheme and host of the walk's first request, or carries user
	// information of its own.
	ErrForeignHost = errors.New("link leaves the origin of the walk")
	// ErrMethod is returned when the walk does not start with a GET
	// request.
	ErrMethod = errors.New("pagination needs a GET request")
	// ErrLoop is returned when a next link points at the page it came
	// from ([Next]) or, in a walk ([Pages], [Items]), at any page the walk
	// has already requested, however the link writes it (its query pairs
	// reordered, an empty pair, an escaped byte).
	ErrLoop = errors.New("next link points at a page already fetched")
	// ErrTooLarge is returned when a page body is larger than the limit
	// (see [MaxPageSize]).
	ErrTooLarge = errors.New("page body too large")
	// ErrNotList is returned when a page body is neither a JSON array nor
	// an object of the list-with-count shape (see [Decode]).
	ErrNotList = errors.New("page is not a list")
	// ErrStatus is returned when the server answers with a status of 400
	// or more; the error is a [*StatusError].
	ErrStatus = errors.New("error status")
	// ErrNoRequest is returned when a response has no Request to follow
	// links from.
	ErrNoRequest = errors.New("response without request")
)

// inputText is a URL or header as an error quotes it: credentials
// masked, cut at maxQuoted bytes.
func inputText(s string) string { return quote.Cut(builder.RedactURL(s), maxQuoted) }

// Error carries the operation and the input an error came from.
type Error struct {
	// Op is what failed: "parse" (a Link header), "next", "redirect",
	// "GET" (sending a request), "read" (a body) or "decode".
	Op string
	// Input is the header value or URL at fault, with credentials already
	// masked (see the package documentation); "" when there is none.
	Input string
	// Err wraps one of the sentinels, or the cause from net/http, the
	// context or encoding/json.
	Err error
}

// Error returns "paginate: op "input": cause", credentials masked.
func (e *Error) Error() string {
	if e == nil {
		return "paginate: <nil>"
	}
	var msg string
	if e.Input == "" {
		msg = "paginate: " + e.Op + ": " + errString(e.Err)
	} else {
		msg = "paginate: " + e.Op + " " + strconv.Quote(e.Input) + ": " + errString(e.Err)
	}
	// Causes from net/http can quote URLs too.
	return builder.RedactURL(msg)
}

// Unwrap returns Err.
func (e *Error) Unwrap() error {
	if e == nil {
		return nil
	}
	return e.Err
}

func errString(err error) string {
	if err == nil {
		return "<nil>"
	}
	return err.Error()
}

// StatusError reports a page answered with a status of 400 or more. The body
// has been read (up to the page limit) and closed.
type StatusError struct {
	StatusCode int
	// URL is the request URL, credentials masked.
	URL string
	// Header is the response header: rate-limit and Retry-After
	// information lives there.
	Header http.Header
	// Message and DocumentationURL are GitHub's "message" and
	// "documentation_url" when the body is a JSON object holding them.
	Message          string
	DocumentationURL string
	// Body is the response body as read, for error details such as
	// GitHub's "errors" array on 422.
	Body []byte
}

// Error returns "paginate: GET "url": 404 Not Found: "message" (doc URL)".
// The reason phrase is the standard one for the code, not the server's.
func (e *StatusError) Error() string {
	if e == nil {
		return "paginate: <nil>"
	}
	msg := fmt.Sprintf("paginate: GET %q: %d %s", e.URL, e.StatusCode, http.StatusText(e.StatusCode))
	if e.Message != "" {
		msg += ": " + strconv.Quote(quote.Cut(e.Message, 200))
	}
	if e.DocumentationURL != "" {
		msg += " (" + strconv.Quote(quote.Cut(e.DocumentationURL, 200)) + ")"
	}
	return builder.RedactURL(msg)
}

// Unwrap returns ErrStatus, so errors.Is(err, ErrStatus) holds.
func (e *StatusError) Unwrap() error { return ErrStatus }
