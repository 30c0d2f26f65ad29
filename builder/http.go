package builder

// The net/http adapter.

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"

	"github.com/endpointkit/endpoint/headers"
	"github.com/endpointkit/endpoint/internal/ascii"
	"github.com/endpointkit/endpoint/internal/quote"
)

// HTTPRequest builds the call and returns it as an *http.Request, in one
// step: the same request as Build followed by RequestOptions.HTTPRequest,
// without the RequestOptions in between. The URL is built into the
// url.URL fields and a JSON body is encoded once.
func (b *Builder) HTTPRequest(ctx context.Context) (*http.Request, error) {
	l, err := b.bareLayer()
	if err != nil {
		return nil, err
	}
	var r resolved
	if err := b.ep().resolve(&r, &l, b.own()); err != nil {
		return nil, err
	}
	mem := newMemory(&r.body)
	if r.base == nil || !fillURL(&mem.url, r.url, r.pathAt, r.base) {
		if err := parseInto(&mem.url, r.url); err != nil {
			return nil, err
		}
	}
	body, size, getBody := r.body.reader(mem.body)
	method, _ := httpMethod(r.method) // a token: resolve checked it
	return newHTTPRequest(ctx, method, mem, body, size, getBody, r.headers, nil, r.url)
}

// HTTPRequest returns r as an *http.Request, ready for an http.Client.
//
// The method is upper-cased and every header is set, under net/http's
// canonical name. The body is sent as @octokit/request sends it:
//
//   - nil, or a nil reader (a *bytes.Reader never set): no body;
//   - a string, []byte or json.RawMessage is sent as it is ("" sends an
//     empty body with content-length 0, which GitHub requires for a
//     bodiless PUT); nothing is copied;
//   - an io.Reader is passed through; a *bytes.Reader, *strings.Reader,
//     *os.File or any io.Seeker is sized from where it stands to its end,
//     and re-read from there on a redirect; another reader, and a file
//     the system gives no size (an empty one, /proc's), is sized by a
//     content-length header (GitHub's upload endpoint wants one), else
//     sent chunked;
//   - any other value is JSON-encoded, without HTML escaping.
//
// GetBody and ContentLength are set for every body but a reader that
// cannot seek, so that redirects and retries re-send it. An escaped slash
// in the path ("a%2Fb") reaches the server as written. The URL must be
// absolute. Request (the passthrough) is not used.
//
// Errors wrap ErrRequest, ErrInvalidMethod or a headers error, and never
// contain a credential.
func (r RequestOptions) HTTPRequest(ctx context.Context) (*http.Request, error) {
	method, ok := httpMethod(r.Method)
	if !ok {
		return nil, newError("request", r.Method, ErrInvalidMethod)
	}
	fb, bodyErr := bodyOf(r)
	mem := newMemory(&fb)
	// The shape Build makes is read in one scan, without url.Parse.
	if !parseURL(r.URL, &mem.url) {
		if err := parseInto(&mem.url, r.URL); err != nil {
			return nil, err
		}
	}
	if bodyErr != nil {
		return nil, bodyErr
	}
	if ctx == nil {
		return nil, requestError(r.URL, errNilContext)
	}
	body, size, getBody := fb.reader(mem.body)
	return newHTTPRequest(ctx, method, mem, body, size, getBody, nil, r.Headers, r.URL)
}

// fillURL sets u from raw, a URL built on an Endpoint's checked base,
// whose parsed form is base: the scheme, user and host are base's, the
// path (from pathAt) and the query are read off raw. It reports false
// for what it does not handle (no parsed base, a fragment), which
// url.Parse then reads; a fuzz target holds the two to each other.
func fillURL(u *url.URL, raw string, pathAt int, base *url.URL) bool {
	if base == nil || pathAt < 0 || pathAt > len(raw) {
		return false
	}
	rest := raw[pathAt:]
	if strings.IndexByte(rest, '#') >= 0 {
		return false
	}
	u.Scheme, u.User, u.Host = base.Scheme, base.User, base.Host
	path, query, hasQuery := strings.Cut(rest, "?")
	if hasQuery {
		u.RawQuery = query
		u.ForceQuery = query == ""
	}
	if plainPath(path) {
		u.Path = path
		return true
	}
	p, err := url.PathUnescape(path)
	if err != nil {
		return false
	}
	u.Path = p
	if (&url.URL{Path: p}).EscapedPath() != path {
		u.RawPath = path
	}
	return true
}

// parseInto reads a URL that was not built on a checked base.
func parseInto(u *url.URL, raw string) error {
	parsed, err := url.Parse(raw)
	if err != nil {
		return requestError(raw, errMalformedURL)
	}
	if parsed.Scheme == "" || parsed.Host == "" {
		return requestError(raw, errNotAbsolute)
	}
	*u = *parsed
	return nil
}

var (
	errMalformedURL = errors.New("malformed url")
	errNotAbsolute  = errors.New("url is not absolute; set a base url")
	errNilContext   = errors.New("net/http: nil Context")
)

// newHTTPRequest assembles the request, with the headers hs, or those of
// the map set (checked) when it is not nil. rawURL is the URL as text, for
// error messages. It fills an http.Request as http.NewRequestWithContext
// would, without parsing a URL or making a header map it would then throw
// away: the Request is built on the stack and WithContext makes the one
// copy that is returned.
func newHTTPRequest(ctx context.Context, method string, mem *requestMemory, body io.Reader, size int64, getBody func() (io.ReadCloser, error), hs []header, set headers.Set, rawURL string) (*http.Request, error) {
	if ctx == nil {
		return nil, requestError(rawURL, errNilContext)
	}
	u := &mem.url
	req := http.Request{
		Method:     method,
		URL:        u,
		Proto:      "HTTP/1.1",
		ProtoMajor: 1,
		ProtoMinor: 1,
		Host:       u.Host,
	}
	if body != nil {
		rc, ok := body.(io.ReadCloser)
		switch {
		case ok:
		case body == io.Reader(mem.body):
			mem.closer.r = mem.body // io.NopCloser would allocate
			rc = &mem.closer
		default:
			rc = io.NopCloser(body)
		}
		req.Body, req.GetBody, req.ContentLength = rc, getBody, size
		if size == 0 && getBody != nil {
			// As net/http does for an empty body it can see.
			req.Body = http.NoBody
			req.GetBody = emptyGetBody
		}
	}
	var contentLength string
	if set != nil {
		var err error
		if contentLength, err = setMapHeaders(&req, set, mem.values[:0]); err != nil {
			return nil, err
		}
	} else {
		contentLength = setHeaders(&req, hs, mem.values[:0])
	}
	if contentLength != "" {
		if err := setContentLength(&req, contentLength); err != nil {
			return nil, requestError(rawURL, err)
		}
	}
	return req.WithContext(ctx), nil
}

func emptyGetBody() (io.ReadCloser, error) { return http.NoBody, nil }

// requestMemory is what a request needs besides itself and its header
// map, in one allocation: its URL and the values of up to four headers
// (GitHub calls send three or four); with a body in memory, its reader
// too (newMemory).
type requestMemory struct {
	url    url.URL
	values [4]string
	body   *bytes.Reader
	closer nopCloser
}

// nopCloser is io.NopCloser's reader for a body in memory, kept in the
// request's memory: a Read, a WriteTo (which io.Copy uses) and a Close
// that does nothing.
type nopCloser struct{ r *bytes.Reader }

func (c *nopCloser) Read(p []byte) (int, error)         { return c.r.Read(p) }
func (c *nopCloser) WriteTo(w io.Writer) (int64, error) { return c.r.WriteTo(w) }
func (*nopCloser) Close() error                         { return nil }

// newMemory returns the memory of a request, with room for a body's
// reader when it has a body in memory.
func newMemory(b *finalBody) *requestMemory {
	if !bodyInMemory(b) {
		return new(requestMemory) // no body, or a string or reader
	}
	m := new(memoryWithReader)
	m.body = &m.reader
	return &m.requestMemory
}

// memoryWithReader is request memory with its body's reader.
type memoryWithReader struct {
	requestMemory
	reader bytes.Reader
}

// bodyInMemory says a body is read through a bytes.Reader (JSON and
// []byte bodies).
func bodyInMemory(b *finalBody) bool {
	_, isBytes := b.raw.([]byte)
	return b.kind == jsonBody || b.kind == rawBody && isBytes
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

// setMapHeaders is setHeaders for a hand-editable header map, checked in
// the same pass (net/http would only refuse a CR or LF when sending; the
// error never shows the value): of two spellings of one name, the
// lower-case one wins (headers.Set.Lookup).
func setMapHeaders(req *http.Request, hs headers.Set, vals []string) (contentLength string, err error) {
	f := newHeaderFill(req, len(hs), vals)
	for name, v := range hs {
		lower := name // most names are already lower-case tokens
		if !ascii.IsLowerToken(name) {
			if headers.ValidateName(name) != nil {
				// The same error whatever the map's order.
				return "", newError("request", "", hs.Validate())
			}
			lower = headers.Name(name)
		}
		if headers.ValidateValue(name, v) != nil {
			return "", newError("request", "", hs.Validate())
		}
		if lower != name {
			if _, dup := hs[lower]; dup {
				continue
			}
		}
		f.add(lower, v)
	}
	return f.contentLength, nil
}

// setHeaders puts every header but content-length into req.Header under
// its canonical name, all values in one backing array, each slice capped
// at one element so that appending to one header copies instead of
// overwriting the next. It returns the content-length value, which
// net/http ignores as a header field.
func setHeaders(req *http.Request, hs []header, vals []string) (contentLength string) {
	f := newHeaderFill(req, len(hs), vals)
	for _, e := range hs {
		f.add(e.name, e.value)
	}
	return f.contentLength
}

// headerFill fills a request's new header map for setHeaders and
// setMapHeaders.
type headerFill struct {
	h             http.Header
	vals          []string // backing array of the values, one per header
	n             int
	contentLength string
}

// newHeaderFill gives req a header map for n headers, whose values go in
// vals when it has room for them.
func newHeaderFill(req *http.Request, n int, vals []string) headerFill {
	req.Header = make(http.Header, n)
	if cap(vals) < n {
		vals = make([]string, n)
	}
	return headerFill{h: req.Header, vals: vals[:n]}
}

// add sets the header of a lower-case name, or keeps its value aside when
// it is content-length.
func (f *headerFill) add(lower, v string) {
	key := canonicalHeaderKey(lower)
	if key == "Content-Length" {
		f.contentLength = v
		return
	}
	f.vals[f.n] = v
	f.h[key] = f.vals[f.n : f.n+1 : f.n+1]
	f.n++
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

// reader returns the body to send, its length (-1 when unknown) and a
// GetBody that re-reads it, nil when it cannot. A body in memory is read
// through br, which it resets.
func (b finalBody) reader(br *bytes.Reader) (io.Reader, int64, func() (io.ReadCloser, error)) {
	var data []byte
	switch b.kind {
	case noBody:
		return nil, 0, nil
	case emptyBody:
		return http.NoBody, 0, emptyGetBody
	case jsonBody:
		data = b.json
	case rawBody:
		switch raw := b.raw.(type) {
		case string:
			r := strings.NewReader(raw)
			return r, r.Size(), func() (io.ReadCloser, error) { return io.NopCloser(strings.NewReader(raw)), nil }
		case []byte:
			data = raw
		case io.ReadSeeker:
			return seekable(raw)
		case io.Reader:
			return raw, -1, nil
		}
	}
	br.Reset(data)
	return br, int64(len(data)), func() (io.ReadCloser, error) {
		return io.NopCloser(bytes.NewReader(data)), nil
	}
}

// seekable sizes a reader that can seek, *os.File included, from where it
// stands to its end, and gives a GetBody that seeks back there. A reader
// whose size cannot be found is streamed as a plain reader. A file that
// is not a regular one (a pipe, a device) is streamed; so is one the
// system gives no size (/proc's), which is still re-read on a redirect.
func seekable(r io.ReadSeeker) (io.Reader, int64, func() (io.ReadCloser, error)) {
	if f, ok := r.(*os.File); ok {
		fi, err := f.Stat()
		if err != nil || !fi.Mode().IsRegular() {
			return io.NopCloser(r), -1, nil // the caller closes its file
		}
		if fi.Size() == 0 {
			if start, err := r.Seek(0, io.SeekCurrent); err == nil {
				return io.NopCloser(r), -1, seekBack(r, start)
			}
			return io.NopCloser(r), -1, nil
		}
	}
	start, err := r.Seek(0, io.SeekCurrent)
	if err != nil {
		return r, -1, nil
	}
	end, err := r.Seek(0, io.SeekEnd)
	if err != nil {
		return r, -1, nil
	}
	if _, err := r.Seek(start, io.SeekStart); err != nil {
		return r, -1, nil
	}
	// A reader may stand past its end (Seek allows it): nothing is left.
	return io.NopCloser(r), max(0, end-start), seekBack(r, start)
}

// seekBack is a GetBody that reads r again from start.
func seekBack(r io.ReadSeeker, start int64) func() (io.ReadCloser, error) {
	return func() (io.ReadCloser, error) {
		if _, err := r.Seek(start, io.SeekStart); err != nil {
			return nil, err
		}
		return io.NopCloser(r), nil
	}
}

// BodyReader returns the body encoded the way HTTPRequest sends it: nil
// for no body, strings, []byte and JSON bodies as they are, an io.Reader
// passed through, and any other value as JSON (see HTTPRequest). Except
// for a passed-through io.Reader, the result is a *bytes.Reader or
// *strings.Reader, whose length most clients (resty included) pick up.
func (r RequestOptions) BodyReader() (io.Reader, error) {
	fb, err := bodyOf(r)
	if err != nil {
		return nil, err
	}
	if raw, ok := fb.raw.(io.Reader); ok {
		return raw, nil
	}
	body, _, _ := fb.reader(new(bytes.Reader))
	if body == http.NoBody {
		return strings.NewReader(""), nil
	}
	return body, nil
}

// setContentLength lets a content-length header size a body whose length
// net/http cannot know, and rejects one that contradicts a known length:
// net/http ignores the header field and would send the real length anyway.
func setContentLength(req *http.Request, v string) error {
	// RFC 9110's 1*DIGIT: no sign, which ParseInt would take ("+3"). The
	// value is quoted cut short: it may be any length.
	t := strings.TrimSpace(v)
	n, err := strconv.ParseInt(t, 10, 64)
	if err != nil || n < 0 || t[0] == '+' {
		return fmt.Errorf("content-length header %q is not a length", quote.Cut(v, 32))
	}
	if req.Body == nil || req.Body == http.NoBody {
		if n != 0 {
			return fmt.Errorf("content-length header %d for an empty body", n)
		}
		return nil
	}
	if req.ContentLength > 0 {
		if req.ContentLength != n {
			return fmt.Errorf("content-length header %d, body has %d bytes", n, req.ContentLength)
		}
		return nil
	}
	// A reader of unknown length, a file the system gives no size (an
	// empty one, /proc's) included, which GetBody may re-read.
	req.ContentLength = n
	if n == 0 {
		req.Body = http.NoBody
		if req.GetBody != nil {
			req.GetBody = emptyGetBody
		}
	}
	return nil
}
