package paginate

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"reflect"
	"strconv"
	"strings"

	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/headers"
	"github.com/endpointkit/endpoint/internal/quote"
	"github.com/endpointkit/endpoint/internal/redact"
	"github.com/endpointkit/endpoint/internal/value"
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
	// ErrNoProgress is returned when a walk ([Pages], [Items]) is not
	// getting anywhere: ten pages in a row without an item, the last
	// still linking to another (see [Pages]). [ErrLoop] wraps it, so
	// errors.Is(err, ErrNoProgress) holds for both ways a walk is
	// stopped for want of progress.
	ErrNoProgress = errors.New("walk makes no progress")
	// ErrLoop is returned when a next link points at the page it came
	// from ([Next]) or, in a walk ([Pages], [Items]), at a page the walk
	// has already requested, however the link writes it (its query pairs
	// reordered, an empty pair, an escaped byte). It wraps
	// [ErrNoProgress].
	ErrLoop error = &progressError{"next link points at a page already fetched"}
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

// progressError is a sentinel that wraps ErrNoProgress while keeping
// its own text, which was ErrLoop's before ErrNoProgress existed.
type progressError struct{ msg string }

func (e *progressError) Error() string { return e.msg }

// Unwrap returns ErrNoProgress.
func (e *progressError) Unwrap() error { return ErrNoProgress }

// inputText is a URL or header as an error quotes it: credentials
// masked, a URL's user information up to the last "@" of s (a password
// may hold a space or "/"; see builder.RedactRawURL), cut at maxQuoted
// bytes.
func inputText(s string) string {
	return quote.Cut(builder.RedactURL(redact.Userinfo(s, false)), maxQuoted)
}

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

// Format prints e for every fmt verb with credentials masked, as
// builder.Error does: the Error text for every verb but %#v, which shows
// the fields with Err as its message. A caller's Error, whose Input no
// one masked, is masked too. A nil *Error prints "<nil>".
func (e *Error) Format(s fmt.State, verb rune) {
	if e == nil {
		_, _ = io.WriteString(s, "<nil>")
		return
	}
	if verb == 'v' && s.Flag('#') {
		inner := "<nil>"
		if e.Err != nil {
			inner = "errors.New(" + quoted(errString(e.Err)) + ")"
		}
		_, _ = fmt.Fprintf(s, "&paginate.Error{Op:%s, Input:%s, Err:%s}", quoted(e.Op), quoted(e.Input), inner)
		return
	}
	_, _ = fmt.Fprintf(s, fmt.FormatString(s, verb), e.Error())
}

// quoted returns s as a Go string literal with credentials masked. It is
// quoted before it is masked, as Error masks Input: a tab or a quote in a
// credential is then escaped and masked with the rest of it, where it
// would end the masking of the raw text and show what follows. Masking
// can take the backslash of an escaped quote after a credential; it is
// put back, and a literal still broken is masked whole.
func quoted(s string) string {
	q := builder.RedactURL(strconv.Quote(s))
	if len(q) >= 2 && q[0] == '"' && q[len(q)-1] == '"' {
		mid := strings.ReplaceAll(q[1:len(q)-1], builder.RedactedValue+`"`, builder.RedactedValue+`\"`)
		q = `"` + mid + `"`
		if _, err := strconv.Unquote(q); err == nil {
			return q
		}
	}
	return strconv.Quote(builder.RedactedValue)
}

// errString is err's text, "<nil>" for nil and, as fmt prints it, for a
// nil pointer whose Error method panics, so that Error never panics on an
// Error a caller built.
func errString(err error) (s string) {
	if err == nil {
		return "<nil>"
	}
	defer func() {
		if r := recover(); r != nil {
			if v := reflect.ValueOf(err); v.Kind() == reflect.Pointer && v.IsNil() {
				s = "<nil>"
				return
			}
			panic(r)
		}
	}()
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

// maxMessage bounds how much of the server's message and documentation
// URL a StatusError quotes.
const maxMessage = 200

// Error returns "paginate: GET "url": 404 Not Found: "message" (doc URL)".
// The reason phrase is the standard one for the code, not the server's.
func (e *StatusError) Error() string {
	if e == nil {
		return "paginate: <nil>"
	}
	// Masked before they are cut: a cut inside a credential would leave
	// its start, with nothing left for RedactURL to recognise.
	msg := fmt.Sprintf("paginate: GET %q: %d %s", e.URL, e.StatusCode, http.StatusText(e.StatusCode))
	if e.Message != "" {
		msg += ": " + strconv.Quote(quote.Cut(builder.RedactURL(e.Message), maxMessage))
	}
	if e.DocumentationURL != "" {
		msg += " (" + strconv.Quote(quote.Cut(builder.RedactURL(e.DocumentationURL), maxMessage)) + ")"
	}
	return builder.RedactURL(msg)
}

// Unwrap returns ErrStatus, so errors.Is(err, ErrStatus) holds.
func (e *StatusError) Unwrap() error { return ErrStatus }

// statusErrorView is a StatusError as %#v prints it, credentials masked
// and the body as text.
type statusErrorView struct {
	StatusCode       int
	URL              string
	Header           http.Header
	Message          string
	DocumentationURL string
	Body             string
}

// Format prints e with credentials masked for every fmt verb, since the
// header and body may hold them (Set-Cookie, a token in a JSON answer):
// %#v shows the fields, the body as text, and any other verb the Error
// text.
func (e *StatusError) Format(s fmt.State, verb rune) {
	if e == nil {
		_, _ = io.WriteString(s, "<nil>")
		return
	}
	if verb != 'v' || !s.Flag('#') {
		_, _ = fmt.Fprintf(s, fmt.FormatString(s, verb), e.Error())
		return
	}
	v := statusErrorView{StatusCode: e.StatusCode, URL: builder.RedactURL(e.URL), Header: redactHeader(e.Header),
		Message: builder.RedactURL(e.Message), DocumentationURL: builder.RedactURL(e.DocumentationURL), Body: redactBody(e.Body)}
	out := fmt.Sprintf("%#v", v)
	_, _ = io.WriteString(s, strings.Replace(out, "paginate.statusErrorView", "&paginate.StatusError", 1))
}

// redactHeader returns a copy of h with the values of credential headers
// (Set-Cookie, Authorization …) masked, and URL credentials in the others
// (Location, Link).
func redactHeader(h http.Header) http.Header {
	if h == nil {
		return nil
	}
	out := make(http.Header, len(h))
	for name, vs := range h {
		masked := make([]string, len(vs))
		for i, v := range vs {
			if headers.IsSensitive(name) {
				masked[i] = builder.RedactedValue
			} else {
				masked[i] = builder.RedactURL(v)
			}
		}
		out[name] = masked
	}
	return out
}

// redactBody returns a body as text with credentials masked: a JSON
// body's sensitive members at any depth and URL credentials in its
// strings and keys; any other body read as a query string, as OAuth
// answers are written (access_token=…&scope=…).
func redactBody(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	if v, err := value.Decode(b); err == nil {
		v = value.Redact(v)
		return string(value.AppendJSON(nil, v))
	}
	if t := strings.TrimLeft(string(b), " \t\r\n"); t != "" && (t[0] == '{' || t[0] == '[') {
		// Broken JSON: its credentials cannot be found to be masked.
		return fmt.Sprintf("(%d bytes of malformed JSON, not shown)", len(b))
	}
	// "?" makes the first pair a query pair to RedactURL.
	return builder.RedactURL("?" + string(b))[1:]
}
