package builder

import (
	"bytes"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"sync"

	"github.com/endpointkit/endpoint/internal/ascii"
	"github.com/endpointkit/endpoint/internal/value"
	"github.com/endpointkit/endpoint/media"
	"github.com/endpointkit/endpoint/template"
)

// The content types of a body the call gives none for.
const (
	ContentTypeJSON   = "application/json; charset=utf-8"
	ContentTypeText   = "text/plain; charset=utf-8"
	ContentTypeBinary = "application/octet-stream"
)

// resolved is a parsed call, which RequestOptions and an *http.Request
// are made of.
type resolved struct {
	method  string // lower-case
	url     string
	parsed  url.URL  // url read by its check, when absolute and of the usual shape
	headers []header // may be the Endpoint's prepared list, which nothing writes
	body    finalBody
	request value.Value
}

// finalBody is the body as it is sent.
type finalBody struct {
	kind bodyKind
	raw  any    // a string, []byte or io.Reader, for rawBody
	json []byte // for jsonBody
}

type bodyKind uint8

const (
	noBody bodyKind = iota
	rawBody
	jsonBody
	emptyBody // "": a bodiless PUT or PATCH
)

// bufPool holds scratch buffers for URLs and JSON bodies, copied out at
// their size; maxPooled keeps a huge body's out of it.
var bufPool = sync.Pool{New: func() any { b := make([]byte, 0, 512); return &b }}

const (
	urlScratch = 256 // the stack's room for most URLs
	maxPooled  = 64 << 10
)

func getBuf() *[]byte { return bufPool.Get().(*[]byte) }

func putBuf(bp *[]byte, b []byte) {
	if cap(b) <= maxPooled {
		*bp = b[:0]
		bufPool.Put(bp)
	}
}

// callOwn is what a call set itself: its parameters (all for Parse,
// which has no defaults), and whether Data, else a []byte Data is the
// defaults' and copied.
type callOwn struct {
	list paramList
	all  bool
	data bool
}

func (c callOwn) own(name string) bool { return c.all || c.list.find(name) >= 0 }

// A parse is what resolve reads of a call besides its options: only
// values the heap holds anyway, as one field that escapes takes all.
type parse struct {
	pre            *prepared          // the Endpoint's; nil for Parse
	headersChanged bool               // so pre's headers do not apply
	op             Operation          // the catalogue's, whose styles apply
	t              *template.Template // m.URL parsed, when the catalogue gave it
}

// resolve parses a call into r: m is the call over its defaults, params
// theirs (m.Params, or a Builder's kept apart).
func resolve(r *resolved, m *layer, params []param, call callOwn, c parse) error {
	var err error
	if r.method, err = normalizeMethod(m.Method); err != nil {
		return err
	}
	switch {
	case m.URL == "":
		return newError("parse", "", ErrMissingURL)
	case len(params) > MaxParams:
		return paramLimit()
	case len(m.Previews.names) > MaxPreviews:
		return previewLimit()
	}
	t := c.t
	if t == nil {
		parse := template.Parse
		if m.Catalog.c != nil {
			parse = template.ParseRFC6570 // the catalogue's: a colon is literal
		}
		if t, err = parse(m.URL); err != nil {
			return newError("parse", m.URL, err)
		}
	}
	if c.op != nil {
		params = catalogParams(c.op, t, params)
	} else if err := scalarPath(t, params); err != nil {
		return err
	}
	if err := r.setURL(m, params, t, c.pre); err != nil {
		return err
	}
	if err := r.setBody(m, params, t, call); err != nil {
		return err
	}
	r.setHeaders(m, c)
	r.request = m.Request
	return nil
}

// setURL builds r's URL, t expanded on the base URL with, for a method
// without a body, the query; on the stack or, if long, a pooled buffer.
func (r *resolved) setURL(m *layer, params []param, t *template.Template, pre *prepared) error {
	var scratch [urlScratch]byte
	buf := scratch[:0]
	if n := len(m.BaseURL) + len(m.URL) + 16*len(params); n > urlScratch {
		// Grown before use, as a buffer grown in use is not put back.
		bp := getBuf()
		if n += n / 2; cap(*bp) < n && n <= maxPooled {
			*bp = make([]byte, 0, n)
		}
		defer putBuf(bp, *bp) // not buf: the stack's scratch must not reach the pool
		buf = (*bp)[:0]
	}
	buf, trusted, err := appendURL(buf, m, params, t, pre)
	if err != nil {
		return err
	}
	if !hasBody(r.method) {
		if buf, err = appendQuery(buf, m, params, t); err != nil {
			return err
		}
	}
	r.url = string(buf)
	if !trusted {
		return checkURL(r.url, &r.parsed)
	}
	return nil
}

// appendQuery appends the parameters t does not use.
func appendQuery(buf []byte, m *layer, params []param, t *template.Template) ([]byte, error) {
	q := bytes.IndexByte(buf, '?')
	written := ""
	if q >= 0 {
		written = literalQuery(m.URL) // the route's own "?state=open"
	}
	for i := range params {
		p := &params[i]
		if t.VarIndex(p.name) >= 0 {
			continue
		}
		if written != "" && p.v.Kind() != value.Null && queryHas(written, p.name) {
			return nil, newError("param", p.name, fmt.Errorf("%w: the route's query sets it already; set it once", ErrInvalidParam))
		}
		v := templateVar(&p.v)
		if p.v.Kind() == value.String && p.v.Flag() == 0 && m.Search.has(p.name) {
			v = template.SearchVar(p.v.Text())
		}
		var err error
		if buf, q, err = template.AppendQueryVar(buf, q, p.name, v); err != nil {
			return nil, newError("parse", m.URL, err)
		}
	}
	return buf, nil
}

// setHeaders sets r's headers, the Endpoint's prepared ones when the call
// changes none, with what r's body needs.
func (r *resolved) setHeaders(m *layer, c parse) {
	prepared := c.pre != nil && c.pre.headers != nil && !c.headersChanged
	if prepared {
		r.headers = c.pre.headers
	} else {
		r.headers = finalHeaders(m)
	}
	if r.method == "get" || r.method == "head" {
		return
	}
	media := ""
	if c.op != nil && r.body.kind == rawBody {
		media = c.op.BodyMedia()
	}
	if prepared && media == "" {
		r.headers = c.pre.bodies[r.body.class()]
	} else {
		r.headers = bodyHeaders(r.headers, !prepared, &r.body, media)
	}
}

// appendURL expands t after the base URL, unless t is absolute; trusted
// says the base is the Endpoint's checked one, so the URL needs no check.
func appendURL(buf []byte, m *layer, params []param, t *template.Template, pre *prepared) (_ []byte, trusted bool, err error) {
	if isAbsolute(t.String()) {
		buf, err = expand(buf, t, params)
		return buf, false, err
	}
	trusted = pre != nil && pre.baseOK && m.BaseURL == pre.base
	if !trusted {
		if err := checkBaseURL(m.BaseURL); err != nil {
			return nil, false, err
		}
	}
	base := strings.TrimSuffix(m.BaseURL, "/")
	buf = append(buf, base...)
	start := len(buf)
	if buf, err = expand(buf, t, params); err != nil {
		return nil, false, err
	}
	if strings.HasPrefix(t.String(), "{+") && isAbsolute(string(buf[start:])) {
		// An absolute {+url}: no base.
		return append(buf[:0], buf[start:]...), false, nil
	}
	if len(buf) == start || buf[start] != '/' {
		buf = slices.Insert(buf, start, '/') // one "/" between the base and the expansion
	}
	return buf, trusted, nil
}

// scalarPath refuses a list or an object for a {x} or {+x} in t's path,
// which RFC 6570 joins with commas (/repos/a,b/r): no caller means that.
func scalarPath(t *template.Template, params []param) error {
	for i := range params {
		if k := params[i].v.Kind(); (k == value.Array || k == value.Object) && !params[i].v.Undefined() && t.Joins(params[i].name) {
			return newError("param", params[i].name, fmt.Errorf("%w: an %s in the path would be sent as its items joined with commas; give the text to send, or explode it in the template ({%s*})", template.ErrValue, k, params[i].name))
		}
	}
	return nil
}

// expand appends t expanded with params, given by variable index.
func expand(buf []byte, t *template.Template, params []param) ([]byte, error) {
	var room [8]template.Var
	vals := room[:]
	for i := range params {
		k := t.VarIndex(params[i].name)
		if k >= len(vals) {
			vals = append(vals, make([]template.Var, len(t.Vars())-len(vals))...)
		}
		if k >= 0 {
			vals[k] = templateVar(&params[i].v)
		}
	}
	buf, err := t.AppendVars(buf, vals)
	if err != nil {
		return nil, newError("parse", t.String(), err)
	}
	return buf, nil
}

// queryHas reports whether the literal query ("?a=1&b") sets name, as it
// is or percent-encoded.
func queryHas(query, name string) bool {
	for _, pair := range strings.FieldsFunc(query, func(r rune) bool { return r == '?' || r == '&' || r == ';' }) {
		key, _, _ := strings.Cut(pair, "=")
		if k, err := url.QueryUnescape(key); key == name || err == nil && k == name {
			return true
		}
	}
	return false
}

func isAbsolute(s string) bool { return ascii.HTTPScheme(s) > 0 }

// templateVar is v as the template reads it: null undefined, arrays and
// objects of scalars lists and pairs, nulls skipped.
func templateVar(v *value.Value) template.Var {
	switch v.Kind() {
	case value.Null:
		return template.Var{}
	case value.String:
		if v.Flag() == value.PathFlag {
			return template.PathVar(v.Text())
		}
		return template.StringVar(v.Text())
	case value.Number:
		if i, ok := v.AsInt(); ok {
			return template.IntVar(i)
		}
		fallthrough
	case value.Bool:
		return template.StringVar(v.Text())
	}
	return compositeVar(*v)
}

// compositeVar is templateVar of an array or an object.
func compositeVar(v value.Value) template.Var {
	if v.Kind() == value.Array {
		items := make([]string, 0, v.Len())
		for _, e := range v.Items() {
			if k := e.Kind(); k == value.Array || k == value.Object {
				return template.InvalidVar(errNested(k))
			} else if k != value.Null {
				items = append(items, e.Text())
			}
		}
		return template.ListVar(items)
	}
	kv := make([]string, 0, 2*v.Len())
	for _, m := range v.Members() {
		if k := m.Value.Kind(); k == value.Array || k == value.Object {
			return template.InvalidVar(errNested(k))
		} else if k != value.Null {
			kv = append(kv, m.Key, m.Value.Text())
		}
	}
	if v.Flag() == value.DeepObjectFlag {
		return template.DeepObjectVar(kv)
	}
	return template.PairsVar(kv)
}

func errNested(k value.Kind) error {
	return fmt.Errorf("%w: an %s inside a list or object has no place in a URL", template.ErrValue, k)
}

func hasBody(method string) bool {
	switch method {
	case "post", "put", "patch", "delete":
		return true
	}
	return false
}

// setBody sets r's body: Data, or the parameters t does not use as a
// JSON object, or "" for a bodiless PUT or PATCH.
func (r *resolved) setBody(m *layer, params []param, t *template.Template, call callOwn) (err error) {
	switch {
	case !hasBody(r.method):
		if m.Data.set {
			return newError("parse", strings.ToUpper(r.method), ErrDataNotAllowed)
		}
	case m.Data.set:
		r.body, err = dataBody(m.Data, params, t, call)
	default:
		if json := encodeJSON(func(b []byte) []byte { return appendParams(b, params, t) }); json != nil {
			r.body = finalBody{kind: jsonBody, json: json}
		} else if r.method == "put" || r.method == "patch" {
			r.body.kind = emptyBody
		}
	}
	return err
}

// dataBody is the body of Data. The call's own parameters beside it that
// would go to the body are an error; the defaults' are dropped, as v6
// drops them.
func dataBody(d body, params []param, t *template.Template, call callOwn) (finalBody, error) {
	var own []string
	for i := range params {
		if name := params[i].name; t.VarIndex(name) < 0 && call.own(name) {
			own = append(own, name)
		}
	}
	if len(own) > 0 {
		return finalBody{}, newError("parse", strings.Join(own, ","), ErrDataWithParams)
	}
	switch raw := d.raw.(type) {
	case []byte:
		if !call.all && !call.data {
			return finalBody{kind: rawBody, raw: bytes.Clone(raw)}, nil // the defaults'
		}
	case nil:
		if d.v.Kind() == value.String && !d.asJSON {
			return finalBody{kind: rawBody, raw: d.v.Text()}, nil
		}
		return finalBody{kind: jsonBody, json: encodeJSON(func(b []byte) []byte { return value.AppendJSON(b, d.v) })}, nil
	}
	return finalBody{kind: rawBody, raw: d.raw}, nil
}

// appendParams writes the parameters t does not use as a JSON object,
// nothing for none.
func appendParams(b []byte, ps []param, t *template.Template) []byte {
	n0 := len(b)
	for i := range ps {
		p := &ps[i]
		if t.VarIndex(p.name) >= 0 {
			continue
		}
		if len(b) == n0 {
			b = append(b, '{')
		} else {
			b = append(b, ',')
		}
		b = value.AppendString(b, p.name)
		b = append(b, ':')
		b = value.AppendJSON(b, p.v)
	}
	if len(b) == n0 {
		return b
	}
	return append(b, '}')
}

// encodeJSON returns what write writes on a pooled buffer, copied out at
// its length (appending copies it), or nil when it writes nothing.
func encodeJSON(write func([]byte) []byte) []byte {
	bp := getBuf()
	buf := write((*bp)[:0])
	var out []byte
	if len(buf) > 0 {
		out = append(make([]byte, 0, len(buf)), buf...)
	}
	putBuf(bp, buf)
	return out
}

// finalHeaders are the merged headers without removed ones, the media
// type applied to accept.
func finalHeaders(m *layer) []header {
	out := make([]header, 0, len(m.Headers.list)+2)
	accept := -1
	for _, h := range m.Headers.list {
		if h.removed {
			continue
		}
		if h.name == "accept" {
			accept = len(out)
		}
		out = append(out, h)
	}
	if m.Format != "" || len(m.Previews.names) > 0 {
		var current string
		if accept >= 0 {
			current = out[accept].value
		}
		h := header{name: "accept", value: media.Accept(current, m.Format, m.Previews.names)}
		switch {
		case accept >= 0:
			out[accept] = h
		case h.value != "": // not an empty accept for a format alone
			out = append(out, h)
		}
	}
	return out
}

// bodyHeaders adds a content-type to a body without, or as v6 does
// content-length 0 for none; hs is copied before a change unless own.
func bodyHeaders(hs []header, own bool, b *finalBody, media string) []header {
	name, v := "content-length", "0"
	if b.class() > 0 {
		for _, h := range hs {
			if h.name == "content-type" && h.value != "" {
				return hs
			}
		}
		name, v = "content-type", contentType(b, media)
	}
	h := headerList{hs}
	if !own {
		h.list = append(make([]header, 0, len(hs)+1), hs...)
	}
	h.put(header{name: name, value: v})
	return h.list
}

// class is the body's kind for the prepared header lists: none, a
// string, a []byte or io.Reader, or JSON.
func (b *finalBody) class() int {
	switch b.kind {
	case noBody, emptyBody:
		return 0
	case jsonBody:
		return 3
	}
	if _, isString := b.raw.(string); isString {
		return 1
	}
	return 2
}

// contentType is a body's type when the call gives none: for a raw body
// the operation's media type if it names one.
func contentType(b *finalBody, media string) string {
	switch {
	case b.kind == jsonBody:
		return ContentTypeJSON
	case media != "" && strings.IndexByte(media, '*') < 0:
		return media
	case b.class() == 1:
		return ContentTypeText
	}
	return ContentTypeBinary
}
