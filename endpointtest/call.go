package endpointtest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/catalog"
	"github.com/endpointkit/endpoint/headers"
	"github.com/endpointkit/endpoint/internal/quote"
	"github.com/endpointkit/endpoint/internal/value"
)

// MaxBodySize is the most of a body that is read: the server answers a
// larger one with 413 (and one it cannot read, such as a malformed
// chunked body, with 400), and CallOf refuses it.
const MaxBodySize = 32 << 20

// Call is one request as the package sees it: recorded by a [Server],
// or made by [CallOf] from an *http.Request or builder.RequestOptions
// for the matchers. Printing a Call with fmt (any verb) or String masks
// credentials; its fields hold the real values. A nil *Call is a call of
// nothing: it prints "<nil>" and has no parameters, query or body.
type Call struct {
	// Method is the method as sent ("GET"); RequestOptions' lower-case
	// method is upper-cased, as HTTPRequest sends it.
	Method string
	// Path is the path as sent, escaped: "/repos/octokit/rest.js/contents/a%2Fb".
	Path string
	// RawQuery is the query string as sent, without "?".
	RawQuery string
	// Header holds the request headers.
	Header http.Header
	// Body is the whole body; nil when there is none.
	Body []byte

	// Route is the route the call matched, as registered with
	// [Server.Handle] or given to [Route]; "" when none did.
	Route string
	// Params are the route's path variables, in the template's order,
	// then every query value, in the order sent; a query name sent twice
	// gives a []string. Values are decoded text. Without a route, only the
	// query values.
	Params builder.Params
	// Fields are the members of a JSON object body, in the order sent, as
	// builder.Options hold values: nil, bool, string, int64, json.Number,
	// and json.RawMessage for arrays and objects. Nil for any other body.
	Fields builder.Params

	// Operation is the catalogue's operation for the call, when the
	// server has a catalogue ([WithCatalog]) and the call fits one.
	Operation *catalog.Operation
	// Status is the status the server answered; 0 outside a Server.
	Status int
	// Err says why the server refused the call ([ErrNoHandler],
	// [ErrAPI]); nil when it was served.
	Err error

	// stream marks a body that could not be read without consuming it.
	stream bool
}

// Get returns the value of a parameter by name: a path or query
// parameter (Params) first, then a body field (Fields), as octokit
// merges them. A nil Call has none.
func (c *Call) Get(name string) (any, bool) {
	if c == nil {
		return nil, false
	}
	if v, ok := c.Params.Get(name); ok {
		return v, true
	}
	return c.Fields.Get(name)
}

// Query returns the query values; empty for a nil Call.
func (c *Call) Query() url.Values {
	if c == nil {
		return url.Values{}
	}
	q, _ := url.ParseQuery(c.RawQuery)
	return q
}

// DecodeBody decodes the JSON body into v, with encoding/json. A nil
// Call is refused with ErrRequest, as [MatchCall] refuses it.
func (c *Call) DecodeBody(v any) error {
	if c == nil {
		return nilCall()
	}
	if len(c.Body) == 0 {
		return &Error{Request: c.summary(), Problems: []string{"the request has no body"}, Err: ErrMismatch}
	}
	return json.Unmarshal(c.Body, v)
}

// Clone returns a deep copy of c; nil for a nil c.
func (c *Call) Clone() *Call {
	if c == nil {
		return nil
	}
	d := *c
	d.Header = c.Header.Clone()
	d.Body = bytes.Clone(c.Body)
	d.Params = cloneParams(c.Params)
	d.Fields = cloneParams(c.Fields)
	return &d
}

// cloneParams copies p and the slices and maps its values hold: a query
// name's []string, an exploded matrix object's members
// (map[string]string), a body field's json.RawMessage (an array or
// object), so that a copy changed in place leaves the recorded call as it
// was.
func cloneParams(p builder.Params) builder.Params {
	if p == nil {
		return nil
	}
	out := slices.Clone(p)
	for i := range out {
		switch v := out[i].Value.(type) {
		case []string:
			out[i].Value = slices.Clone(v)
		case map[string]string:
			out[i].Value = maps.Clone(v)
		case json.RawMessage:
			out[i].Value = json.RawMessage(bytes.Clone(v))
		}
	}
	return out
}

// summary is the request line with credentials masked:
// "GET /repos/octokit/rest.js/issues?state=open".
func (c *Call) summary() string {
	s := c.Method + " " + c.Path
	if c.RawQuery != "" {
		s += "?" + c.RawQuery
	}
	return quote.Cut(builder.RedactURL(s), 300)
}

// maxBodyShown bounds the body String prints.
const maxBodyShown = 1024

// String returns c as an HTTP request is written, with credentials
// masked: the request line, the headers in sorted order, and the body
// (a JSON body with the values of sensitive keys masked at any depth).
// A nil Call is "<nil>".
func (c *Call) String() string {
	if c == nil {
		return "<nil>"
	}
	var b strings.Builder
	b.WriteString(c.summary())
	for _, name := range sortedKeys(c.Header) {
		for _, v := range c.Header[name] {
			fmt.Fprintf(&b, "\n%s: %s", name, shownHeader(name, v))
		}
	}
	if body := c.bodyText(); body != "" {
		b.WriteString("\n\n")
		b.WriteString(body)
	}
	return b.String()
}

// shownHeader is a header value as c's printed forms show it: a
// credential header's masked, URL credentials in any other's (Referer,
// Location) masked.
func shownHeader(name, v string) string {
	if headers.IsSensitive(name) {
		return maskHeader(v)
	}
	return builder.RedactURL(v)
}

// bodyText is the body as String prints it.
func (c *Call) bodyText() string {
	switch {
	case c.stream:
		return "(a stream, not read)"
	case len(c.Body) == 0:
		return ""
	}
	if v, err := value.Decode(c.Body); err == nil {
		return quote.Cut(string(value.AppendJSON(nil, value.Redact(v))), maxBodyShown)
	}
	if t := bytes.TrimLeft(c.Body, " \t\r\n"); strings.Contains(c.Header.Get("Content-Type"), "json") || len(t) > 0 && (t[0] == '{' || t[0] == '[') {
		// Broken JSON: its credentials cannot be found to be masked.
		return fmt.Sprintf("(%d bytes of malformed JSON, not shown)", len(c.Body))
	}
	// A form, or text that may be one whatever its Content-Type says: "?"
	// makes its first pair (client_secret=…) a query pair to RedactURL.
	if strings.HasPrefix(c.Header.Get("Content-Type"), "application/x-www-form-urlencoded") ||
		utf8.Valid(c.Body) && !bytes.ContainsFunc(c.Body, func(r rune) bool { return r < ' ' && r != '\n' && r != '\t' && r != '\r' }) {
		return quote.Cut(builder.RedactURL("?" + string(c.Body))[1:], maxBodyShown)
	}
	return fmt.Sprintf("(%d bytes)", len(c.Body))
}

// callView has the fields of Call and none of its methods, for %#v.
type callView struct {
	Method, Path, RawQuery string
	Header                 http.Header
	Body                   string
	Route                  string
	Params, Fields         []paramView
	Status                 int
}

// paramView prints a parameter with a JSON value as text.
type paramView struct {
	Name  string
	Value any
}

func viewParams(p builder.Params) []paramView {
	if p == nil {
		return nil
	}
	out := make([]paramView, len(p))
	for i, x := range redactParams(p) {
		out[i] = paramView(x)
		if raw, ok := x.Value.(json.RawMessage); ok {
			out[i].Value = string(raw)
		}
	}
	return out
}

// Format makes every fmt verb print c with credentials masked: %#v as a
// struct, any other verb as String.
func (c *Call) Format(s fmt.State, verb rune) {
	if c == nil {
		_, _ = io.WriteString(s, "<nil>")
		return
	}
	if verb != 'v' || !s.Flag('#') {
		_, _ = io.WriteString(s, c.String())
		return
	}
	// A path may hold a URL too (/proxy/https://u:p@h/).
	v := callView{Method: c.Method, Path: builder.RedactURL(c.Path), RawQuery: builder.RedactURL("?" + c.RawQuery)[1:], Header: c.Header.Clone(),
		Body: c.bodyText(), Route: builder.RedactURL(c.Route), Params: viewParams(c.Params), Fields: viewParams(c.Fields), Status: c.Status}
	for name, vs := range v.Header {
		for i := range vs {
			vs[i] = shownHeader(name, vs[i])
		}
	}
	out := fmt.Sprintf("%#v", v)
	out = strings.Replace(out, "endpointtest.callView", "&endpointtest.Call", 1)
	_, _ = io.WriteString(s, strings.ReplaceAll(out, "endpointtest.paramView", "builder.Param"))
}

// redactParams masks sensitive parameters, sensitive keys inside JSON
// values, and URL credentials in every text.
func redactParams(p builder.Params) builder.Params {
	if p == nil {
		return nil
	}
	out := make(builder.Params, len(p))
	for i, x := range p {
		out[i] = x
		out[i].Name = builder.RedactURL(x.Name) // a query name may be a URL too
		if builder.IsSensitiveParam(x.Name) {
			out[i].Value = builder.RedactedValue
			continue
		}
		switch t := x.Value.(type) {
		case string:
			out[i].Value = builder.RedactURL(t)
		case []string:
			vs := make([]string, len(t))
			for j, s := range t {
				vs[j] = builder.RedactURL(s)
			}
			out[i].Value = vs
		case json.RawMessage:
			if v, err := value.Decode(t); err == nil {
				out[i].Value = json.RawMessage(value.AppendJSON(nil, value.Redact(v)))
			} else {
				// Not JSON after all: its credentials cannot be found.
				out[i].Value = builder.RedactedValue
			}
		}
	}
	return out
}

// CallOf makes a Call of a request for the matchers: an *http.Request,
// a builder.RequestOptions (or a pointer to one), or a Call recorded by
// a Server (copied). Its Params hold the query values; [Route] matches
// the path. An *http.Request's body is read through GetBody when it has
// one, and Body is then set to what GetBody gives again (a GetBody may
// share Body's reader, as builder's HTTPRequest does for a seekable body
// it never copies, so that reading one reads the other); otherwise it is
// read and replaced by an equal one. Either way the request still sends
// its whole body, also when CallOf refuses it (a body larger than
// MaxBodySize), and Body is the only field changed. An io.Reader body
// of RequestOptions is read only if it can seek back, so that it is left
// as it was.
func CallOf(req any) (*Call, error) {
	switch r := req.(type) {
	case *Call:
		if r == nil {
			break
		}
		return r.Clone(), nil
	case Call:
		return r.Clone(), nil
	case *http.Request:
		if r == nil || r.URL == nil {
			break
		}
		return callOfHTTP(r)
	case builder.RequestOptions:
		return callOfOptions(r)
	case *builder.RequestOptions:
		if r == nil {
			break
		}
		return callOfOptions(*r)
	}
	return nil, notRequest(req)
}

// notRequest is the error for a value CallOf cannot inspect.
func notRequest(req any) error {
	return &Error{Request: fmt.Sprintf("a %T value", req), Problems: []string{"cannot inspect it as a request; want an *http.Request, builder.RequestOptions or *endpointtest.Call"}, Err: ErrRequest}
}

func callOfHTTP(r *http.Request) (*Call, error) {
	c := &Call{Method: r.Method, Path: r.URL.EscapedPath(), RawQuery: r.URL.RawQuery, Header: r.Header.Clone()}
	if c.Method == "" {
		c.Method = http.MethodGet
	}
	if c.Header == nil {
		c.Header = http.Header{}
	}
	if r.Body != nil && r.Body != http.NoBody {
		var body []byte
		var err error
		if r.GetBody != nil {
			var rc io.ReadCloser
			if rc, err = r.GetBody(); err == nil {
				body, err = readAll(rc)
				_ = rc.Close()
			}
			// A GetBody need not give a copy: the builder's, for a
			// seekable body it never copies, seeks that same reader back,
			// so reading it read r.Body too, also when the read failed
			// (a body too large). A GetBody again gives the body to send
			// from its start, shared or not.
			if rc != nil {
				if rc, gerr := r.GetBody(); gerr == nil {
					r.Body = rc
				}
			}
		} else {
			body, err = readAll(r.Body)
			if err != nil {
				// The bytes read put back in front of the rest, unread:
				// the request still sends what it would have.
				r.Body = struct {
					io.Reader
					io.Closer
				}{io.MultiReader(bytes.NewReader(body), r.Body), r.Body}
			} else {
				_ = r.Body.Close()
				// A copy of its own: the call's body may be changed, the
				// request's must not change with it.
				r.Body = io.NopCloser(bytes.NewReader(bytes.Clone(body)))
			}
		}
		if err != nil {
			return nil, &Error{Request: c.summary(), Problems: []string{"reading the body: " + err.Error()}, Err: ErrRequest}
		}
		c.Body = body
	}
	c.finish()
	return c, nil
}

// errBodyTooLarge: a body is larger than MaxBodySize.
var errBodyTooLarge = fmt.Errorf("larger than %d bytes", MaxBodySize)

func readAll(r io.Reader) ([]byte, error) {
	b, err := io.ReadAll(io.LimitReader(r, MaxBodySize+1))
	if err == nil && len(b) > MaxBodySize {
		err = errBodyTooLarge
	}
	return b, err
}

// readOptionsBody reads the body of r into c: bytes as they are, a
// stream left unread, any other value encoded as HTTPRequest sends it.
func (c *Call) readOptionsBody(r builder.RequestOptions) *Error {
	body := r.Body
	if _, ok := body.(io.Reader); ok {
		if rd, _ := r.BodyReader(); rd == nil {
			body = nil // a nil *bytes.Reader or the like: no body, as HTTPRequest sends it
		}
	}
	switch b := body.(type) {
	case nil:
	case string:
		c.Body = []byte(b)
	case []byte:
		c.Body = bytes.Clone(b)
	case json.RawMessage:
		c.Body = bytes.Clone(b)
	case io.ReadSeeker:
		var err error
		if c.Body, err = readSeekerBody(b); err != nil {
			return &Error{Request: c.summary(), Problems: []string{"reading the body: " + err.Error()}, Err: ErrRequest}
		}
	case io.Reader:
		c.stream = true
	default:
		rd, err := r.BodyReader()
		if err == nil && rd != nil {
			c.Body, err = readAll(rd)
		}
		if err != nil {
			return &Error{Request: c.summary(), Problems: []string{"encoding the body: " + err.Error()}, Err: ErrRequest}
		}
	}
	return nil
}

// readSeekerBody reads b and seeks it back where it was, so that the
// caller can still send it.
func readSeekerBody(b io.ReadSeeker) ([]byte, error) {
	pos, err := b.Seek(0, io.SeekCurrent)
	if err != nil {
		return nil, err
	}
	body, err := readAll(b)
	if _, serr := b.Seek(pos, io.SeekStart); err == nil {
		err = serr
	}
	return body, err
}

func callOfOptions(r builder.RequestOptions) (*Call, error) {
	c := &Call{Method: strings.ToUpper(r.Method), Header: http.Header{}}
	if c.Method == "" {
		c.Method = http.MethodGet
	}
	u, err := url.Parse(r.URL)
	if err != nil {
		return nil, &Error{Request: quote.Cut(builder.RedactURL(r.URL), 300), Problems: []string{"the URL does not parse"}, Err: ErrRequest}
	}
	c.Path, c.RawQuery = u.EscapedPath(), u.RawQuery
	if c.Path == "" {
		c.Path = "/"
	}
	for name, v := range r.Headers {
		c.Header.Set(name, v)
	}
	if err := c.readOptionsBody(r); err != nil {
		return nil, err
	}
	c.finish()
	return c, nil
}

// finish fills Params with the query values and Fields with a JSON
// object body's members.
func (c *Call) finish() {
	c.Params = appendQuery(nil, parseQuery(c.RawQuery), nil)
	c.Fields = bodyFields(c.Body)
}

func bodyFields(body []byte) builder.Params {
	if len(body) == 0 {
		return nil
	}
	v, err := value.Decode(body)
	if err != nil || v.Kind() != value.Object {
		return nil
	}
	return objectParams(v)
}
