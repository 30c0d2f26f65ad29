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
	if r.Method == "" || !isToken(r.Method) {
		return nil, newError("request", r.Method, ErrInvalidMethod)
	}
	u, err := url.Parse(r.URL)
	if err != nil {
		return nil, requestError(r.URL, errors.New("malformed url"))
	}
	if u.Scheme == "" || u.Host == "" {
		return nil, requestError(r.URL, errors.New("url is not absolute; set a base url"))
	}
	body, err := r.BodyReader()
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, strings.ToUpper(r.Method), r.URL, body)
	if err != nil {
		return nil, requestError(r.URL, err)
	}
	// Validated here too, for hand-built options: net/http would only
	// refuse a CR or LF when sending. The error never shows the value.
	if err := r.Headers.Validate(); err != nil {
		return nil, newError("request", "", err)
	}
	for name, value := range r.Headers {
		req.Header.Set(name, value)
	}
	if err := setContentLength(req, r.Headers); err != nil {
		return nil, requestError(r.URL, err)
	}
	return req, nil
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
func setContentLength(req *http.Request, hs map[string]string) error {
	v, ok := lookupHeader(hs, "content-length")
	if !ok {
		return nil
	}
	n, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
	if err != nil || n < 0 {
		return fmt.Errorf("content-length header %q is not a length", v)
	}
	req.Header.Del("Content-Length")
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
// RequestOptions work too.
func lookupHeader(hs map[string]string, name string) (string, bool) {
	if v, ok := hs[name]; ok {
		return v, true
	}
	for k, v := range hs {
		if strings.EqualFold(k, name) {
			return v, true
		}
	}
	return "", false
}

// requestError names the URL with its credentials masked.
func requestError(rawURL string, err error) error {
	return &Error{Op: "request", Input: RedactURL(rawURL), Err: fmt.Errorf("%w: %w", ErrRequest, err)}
}
