package builder

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/endpointkit/endpoint/headers"
)

// ErrRequest: HTTPRequest could not turn request options into an
// *http.Request (a relative or malformed URL, a body that cannot be
// JSON-encoded, a content-length header that disagrees with the body).
var ErrRequest = errors.New("cannot build http request")

// HTTPRequest returns r as an *http.Request, ready for an http.Client.
//
// The method is upper-cased and every header is set. The body is encoded
// once, as @octokit/request does before it calls fetch:
//
//   - nil: no body;
//   - a string is sent as it is, never JSON-quoted ("" sends an empty body
//     with content-length 0, which GitHub requires for a bodiless PUT);
//   - []byte is sent as it is;
//   - an io.Reader is passed through and read once, when the request is
//     sent; a content-length header, if present, becomes ContentLength
//     (GitHub's upload endpoint wants one), otherwise the body goes chunked;
//   - anything else — Params, maps, slices, numbers, booleans — is
//     JSON-encoded without HTML escaping; Params keep their order.
//
// GetBody and ContentLength are set for every body except an io.Reader
// other than *bytes.Reader, *bytes.Buffer or *strings.Reader, so that
// redirects and retries re-send it. The URL is parsed with url.Parse,
// which keeps RawPath, so an escaped slash ("a%2Fb") reaches the server as
// written. The URL must be absolute. Request (the passthrough) is ignored.
//
// Errors wrap ErrRequest, ErrInvalidMethod or a headers error, and never
// contain a credential.
func (r RequestOptions) HTTPRequest(ctx context.Context) (*http.Request, error) {
	method, ok := httpMethod(r.Method)
	if !ok {
		return nil, newError("request", r.Method, ErrInvalidMethod)
	}
	// The body is encoded first, since NewRequestWithContext takes it, but
	// its error is reported after the URL's. A nil context, which
	// NewRequestWithContext would refuse before anything else, comes
	// after both: the order of the errors is the order of the checks.
	body, bodyErr := r.BodyReader()
	reqCtx := ctx
	if reqCtx == nil {
		reqCtx = context.Background()
	}
	var req *http.Request
	var err error
	var fast url.URL
	if parseURL(r.URL, &fast) {
		// The common shape, read without url.Parse into the URL that
		// NewRequestWithContext allocates anyway.
		if req, err = http.NewRequestWithContext(reqCtx, method, "", body); err != nil {
			return nil, requestError(r.URL, errMalformedURL)
		}
		*req.URL = fast
		req.Host = fast.Host
	} else {
		if req, err = http.NewRequestWithContext(reqCtx, method, r.URL, body); err != nil {
			return nil, requestError(r.URL, errMalformedURL)
		}
		if req.URL.Scheme == "" || req.URL.Host == "" && !parsedHasHost(r.URL) {
			return nil, requestError(r.URL, errNotAbsolute)
		}
	}
	if bodyErr != nil {
		return nil, bodyErr
	}
	if ctx == nil {
		return nil, requestError(r.URL, errNilContext)
	}
	contentLength, hasContentLength, err := setHeaders(req, r.Headers)
	if err != nil {
		return nil, newError("request", "", err)
	}
	if hasContentLength {
		if err := setContentLength(req, contentLength); err != nil {
			return nil, requestError(r.URL, err)
		}
	}
	return req, nil
}

var (
	errMalformedURL = errors.New("malformed url")
	errNotAbsolute  = errors.New("url is not absolute; set a base url")
	errNilContext   = errors.New("net/http: nil Context")
)

// parsedHasHost reports whether url.Parse finds a host in rawURL. It
// differs from req.URL.Host only for a host of a lone ":", which
// NewRequestWithContext strips to "" and url.Parse keeps; HTTPRequest has
// always judged "absolute" by url.Parse, so this rare case still does.
func parsedHasHost(rawURL string) bool {
	u, err := url.Parse(rawURL)
	return err == nil && u.Host != ""
}

// httpMethod returns the upper-case method for a valid token: the
// net/http constant for the lower-case methods Build returns, so that the
// common case does not allocate.
func httpMethod(m string) (string, bool) {
	switch m {
	case "get":
		return http.MethodGet, true
	case "post":
		return http.MethodPost, true
	case "put":
		return http.MethodPut, true
	case "patch":
		return http.MethodPatch, true
	case "delete":
		return http.MethodDelete, true
	case "head":
		return http.MethodHead, true
	case "options":
		return http.MethodOptions, true
	}
	if !headers.IsToken(m) {
		return "", false
	}
	return strings.ToUpper(m), true
}

// setHeaders validates hs (here too, for hand-built options: net/http
// would only refuse a CR or LF when sending; the error never shows the
// value) and puts every header but content-length into req.Header, under
// its canonical name. All values share one backing array, each slice
// capped at one element so that appending to one header copies instead
// of overwriting the next. The content-length value is returned for
// setContentLength: net/http ignores that header field.
func setHeaders(req *http.Request, hs headers.Set) (contentLength string, hasContentLength bool, err error) {
	if len(hs) == 0 {
		return "", false, nil
	}
	h := req.Header
	if len(hs) > 8 {
		// Past one map group: size the map once instead of growing it.
		h = make(http.Header, len(hs))
		req.Header = h
	}
	vals := make([]string, len(hs))
	n := 0
	for name, value := range hs {
		if headers.ValidateName(name) != nil || headers.ValidateValue(name, value) != nil {
			// The error of the name that sorts first, whatever the
			// map order.
			return "", false, hs.Validate()
		}
		key := canonicalHeaderKey(name)
		if key == "Content-Length" {
			hasContentLength = true
			continue
		}
		if v, dup := h[key]; dup {
			// A hand-built set with two spellings of one name: the
			// value Lookup returns (the lower-case spelling's), not the
			// one the map happened to give last.
			v[0], _ = hs.Lookup(key)
			continue
		}
		vals[n] = value
		h[key] = vals[n : n+1 : n+1]
		n++
	}
	if hasContentLength {
		contentLength, _ = hs.Lookup("content-length")
	}
	return contentLength, hasContentLength, nil
}

// canonicalHeaderKey is http.CanonicalHeaderKey, without its allocation
// for the names requests usually carry (net/http interns only some of
// them; Authorization is not one).
func canonicalHeaderKey(name string) string {
	switch name {
	case "accept":
		return "Accept"
	case "user-agent":
		return "User-Agent"
	case "authorization":
		return "Authorization"
	case "content-type":
		return "Content-Type"
	case "content-length":
		return "Content-Length"
	case "x-github-api-version":
		return "X-Github-Api-Version"
	case "if-none-match":
		return "If-None-Match"
	case "if-modified-since":
		return "If-Modified-Since"
	case "accept-encoding":
		return "Accept-Encoding"
	case "cookie":
		return "Cookie"
	}
	return http.CanonicalHeaderKey(name)
}

// BodyReader returns the body encoded the way HTTPRequest sends it: nil for
// no body, strings and []byte as they are, an io.Reader passed through, and
// any other value as JSON (see HTTPRequest). Except for a passed-through
// io.Reader, the result is a *bytes.Reader or *strings.Reader, whose length
// http.NewRequest and most clients (resty included) pick up.
func (r RequestOptions) BodyReader() (io.Reader, error) {
	switch b := r.Body.(type) {
	case nil:
		return nil, nil
	case string:
		return strings.NewReader(b), nil
	case []byte:
		return bytes.NewReader(b), nil
	case io.Reader:
		return b, nil
	}
	data, err := marshalValue(r.Body)
	if err != nil {
		return nil, requestError(r.URL, fmt.Errorf("body: %w", err))
	}
	return bytes.NewReader(data), nil
}

// bodyBytes is the encoded body when it is in memory; ok is false for an
// io.Reader, whose bytes are not known before sending.
func (r RequestOptions) bodyBytes() (data []byte, ok bool, err error) {
	switch b := r.Body.(type) {
	case string:
		return []byte(b), true, nil
	case []byte:
		return b, true, nil
	case io.Reader:
		return nil, false, nil
	case nil:
		return nil, true, nil
	}
	data, err = marshalValue(r.Body)
	return data, err == nil, err
}

// setContentLength lets a content-length header size a body whose length
// net/http cannot know, and rejects one that contradicts a known length:
// net/http ignores the header field and would send the real length anyway.
func setContentLength(req *http.Request, v string) error {
	n, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
	if err != nil || n < 0 {
		return fmt.Errorf("content-length header %q is not a length", v)
	}
	if req.Body == nil || req.Body == http.NoBody {
		if n != 0 {
			return fmt.Errorf("content-length header %d for an empty body", n)
		}
		return nil
	}
	if req.GetBody != nil || req.ContentLength > 0 {
		if req.ContentLength != n {
			return fmt.Errorf("content-length header %d, body has %d bytes", n, req.ContentLength)
		}
		return nil
	}
	req.ContentLength = n
	if n == 0 {
		req.Body = http.NoBody
	}
	return nil
}

// lookupHeader finds a header by name in any case, so that hand-built
// RequestOptions work too; of two spellings of one name, the lower-case
// one wins (headers.Set.Lookup).
func lookupHeader(hs map[string]string, name string) (string, bool) {
	return headers.Set(hs).Lookup(name)
}

// requestError names the URL with its credentials masked.
func requestError(rawURL string, err error) error {
	return &Error{Op: "request", Input: RedactURL(rawURL), Err: fmt.Errorf("%w: %w", ErrRequest, err)}
}
