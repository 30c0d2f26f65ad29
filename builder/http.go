package builder

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

// HTTPRequest builds the call as an *http.Request: Build then
// RequestOptions.HTTPRequest, without the RequestOptions between.
func (b *Builder) HTTPRequest(ctx context.Context) (*http.Request, error) {
	var l layer
	if err := b.bareLayer(&l); err != nil {
		return nil, err
	}
	var r resolved
	if err := b.ep().resolve(&r, &l, b.own()); err != nil {
		return nil, err
	}
	mem := newMemory(&r.body)
	if r.parsed.Host != "" {
		mem.url = r.parsed // an absolute URL its check has read
	} else if err := requestURL(&mem.url, r.url); err != nil {
		return nil, err
	}
	method, _ := httpMethod(r.method) // a token: resolve checked it
	return newHTTPRequest(ctx, method, mem, &r.body, r.headers, nil, r.url)
}

// HTTPRequest returns r as an *http.Request: the method upper-cased,
// headers under canonical names, the URL (absolute) with an escaped slash
// as written, and the body as @octokit/request sends it:
//
//   - nil, or a nil reader: no body;
//   - a string, []byte or json.RawMessage as it is, not copied ("" is an
//     empty body with content-length 0, as GitHub wants for a bodiless PUT);
//   - an io.Reader passed through: an io.Seeker (*bytes.Reader, *os.File)
//     sized from where it stands and re-read from there on a redirect;
//     another, or a file of no size, sized by a content-length header
//     (GitHub's uploads want one), else sent chunked;
//   - any other value as JSON, without HTML escaping.
//
// GetBody and ContentLength are set for every body but a reader that
// cannot seek. Request is not used. Errors wrap ErrRequest,
// ErrInvalidMethod or a headers error, and never hold a credential.
func (r RequestOptions) HTTPRequest(ctx context.Context) (*http.Request, error) {
	method, ok := httpMethod(r.Method)
	if !ok {
		return nil, newError("request", r.Method, ErrInvalidMethod)
	}
	fb, bodyErr := bodyOf(r)
	mem := newMemory(&fb)
	if err := requestURL(&mem.url, r.URL); err != nil {
		return nil, err
	}
	if bodyErr != nil {
		return nil, bodyErr
	}
	return newHTTPRequest(ctx, method, mem, &fb, nil, r.Headers, r.URL)
}

// requestURL parses an absolute URL into u, in one scan if Build's shape.
func requestURL(u *url.URL, raw string) error {
	if parseURL(raw, u) {
		return nil
	}
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

// newHTTPRequest fills an http.Request as http.NewRequestWithContext
// would, without parsing a URL or a throwaway header map, with headers hs
// or of the map set (checked) if not nil. Built on the stack, the Request
// is copied once, by WithContext.
func newHTTPRequest(ctx context.Context, method string, mem *requestMemory, fb *finalBody, hs []header, set headers.Set, rawURL string) (*http.Request, error) {
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
	if body, size, getBody := fb.reader(mem.body); body != nil {
		rc, ok := body.(io.ReadCloser)
		switch {
		case ok:
		case body == io.Reader(mem.body):
			mem.closer.r = mem.body // not io.NopCloser, which allocates
			rc = &mem.closer
		default:
			rc = io.NopCloser(body)
		}
		req.Body, req.GetBody, req.ContentLength = rc, getBody, size
		if size == 0 && getBody != nil {
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
// map, in one allocation: its URL, up to four header values (GitHub's
// calls send three or four), and a body in memory's reader.
type requestMemory struct {
	url    url.URL
	values [4]string
	body   *bytes.Reader
	closer nopCloser
}

// nopCloser is io.NopCloser for a body in memory, with io.Copy's WriteTo.
type nopCloser struct{ r *bytes.Reader }

func (c *nopCloser) Read(p []byte) (int, error)         { return c.r.Read(p) }
func (c *nopCloser) WriteTo(w io.Writer) (int64, error) { return c.r.WriteTo(w) }
func (*nopCloser) Close() error                         { return nil }

func newMemory(b *finalBody) *requestMemory {
	if _, isBytes := b.raw.([]byte); b.kind != jsonBody && !(b.kind == rawBody && isBytes) {
		return new(requestMemory) // no body, or a string or reader
	}
	m := new(memoryWithReader)
	m.body = &m.reader
	return &m.requestMemory
}

type memoryWithReader struct {
	requestMemory
	reader bytes.Reader
}

// setMapHeaders is setHeaders for a header map, which may be edited by
// hand, so checked (net/http refuses only CR or LF); of two spellings of
// a name the lower-case one wins, as in headers.Set.Lookup.
func setMapHeaders(req *http.Request, hs headers.Set, vals []string) (contentLength string, err error) {
	f := newHeaderFill(req, len(hs), vals)
	for name, v := range hs {
		if !ascii.IsLowerToken(name) {
			// A map made by hand: folded as headers.FromMap folds it, so
			// that of two spellings of a name the same one always wins.
			folded, err := headers.FromMap(hs)
			if err != nil {
				return "", newError("request", "", err)
			}
			return setMapHeaders(req, folded, vals)
		}
		if headers.ValidateValue(name, v) != nil {
			return "", newError("request", "", hs.Validate())
		}
		f.add(name, v)
	}
	return f.contentLength, nil
}

// setHeaders puts every header but content-length, which net/http
// ignores and which it returns, under its canonical name, the values in
// one array, each slice capped so that appending copies it.
func setHeaders(req *http.Request, hs []header, vals []string) (contentLength string) {
	f := newHeaderFill(req, len(hs), vals)
	for _, e := range hs {
		f.add(e.name, e.value)
	}
	return f.contentLength
}

type headerFill struct {
	h             http.Header
	vals          []string // backing array of the values, one per header
	n             int
	contentLength string
}

func newHeaderFill(req *http.Request, n int, vals []string) headerFill {
	req.Header = make(http.Header, n)
	if cap(vals) < n {
		vals = make([]string, n)
	}
	return headerFill{h: req.Header, vals: vals[:n]}
}

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

// canonicalHeaderKey is http.CanonicalHeaderKey without its allocation
// for GitHub's usual names (net/http interns some, not Authorization).
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
	}
	return http.CanonicalHeaderKey(name)
}

// reader returns the body to send, its length (-1 for unknown) and a
// GetBody or nil; a body in memory is read through br.
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

// seekable sizes a reader from where it stands to its end, with a
// GetBody that seeks back there. One of no size found, and a file not
// regular (a pipe), is streamed; so is a file of no size (/proc's),
// though still re-read on a redirect.
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
	return io.NopCloser(r), max(0, end-start), seekBack(r, start)
}

func seekBack(r io.ReadSeeker, start int64) func() (io.ReadCloser, error) {
	return func() (io.ReadCloser, error) {
		if _, err := r.Seek(start, io.SeekStart); err != nil {
			return nil, err
		}
		return io.NopCloser(r), nil
	}
}

// BodyReader returns the body as HTTPRequest sends it, for another
// client: nil for none, an io.Reader as it is, else a *bytes.Reader or
// *strings.Reader, whose length most clients pick up.
func (r RequestOptions) BodyReader() (io.Reader, error) {
	fb, err := bodyOf(r)
	if err != nil {
		return nil, err
	}
	if raw, ok := fb.raw.(io.Reader); ok {
		return raw, nil
	}
	body, _, _ := fb.reader(new(bytes.Reader))
	return body, nil
}

// setContentLength lets a content-length header size a body net/http
// cannot, and refuses one contradicting a known length.
func setContentLength(req *http.Request, v string) error {
	// RFC 9110's 1*DIGIT: no sign, which ParseInt takes ("+3").
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
	req.ContentLength = n
	if n == 0 {
		req.Body = http.NoBody
		if req.GetBody != nil {
			req.GetBody = emptyGetBody
		}
	}
	return nil
}
