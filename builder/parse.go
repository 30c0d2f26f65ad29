package builder

import (
	"fmt"
	"io"
	"maps"
	"strings"
	"sync"

	"github.com/endpointkit/endpoint/headers"
	"github.com/endpointkit/endpoint/media"
	"github.com/endpointkit/endpoint/template"
)

// Content types set when a body has none.
const (
	ContentTypeJSON   = "application/json; charset=utf-8"
	ContentTypeBinary = "application/octet-stream"
)

var bufPool = sync.Pool{New: func() any { b := make([]byte, 0, 256); return &b }}

// parse turns merged options into request options. It never changes o and
// shares nothing mutable with it. pre, when not nil, holds what the
// Endpoint already checked once (see prepared).
func parse(o *Options, pre *prepared) (RequestOptions, error) {
	method, err := normalizeMethod(o.Method)
	if err != nil {
		return RequestOptions{}, err
	}
	if err := checkLimits(o); err != nil {
		return RequestOptions{}, err
	}
	if o.URL == "" {
		return RequestOptions{}, newError("parse", "", ErrMissingURL)
	}
	t, err := template.Parse(o.URL)
	if err != nil {
		return RequestOptions{}, newError("parse", o.URL, err)
	}
	var hs headers.Set
	if pre != nil && pre.headers != nil {
		hs = maps.Clone(pre.headers)
	} else if hs, err = requestHeaders(o); err != nil {
		return RequestOptions{}, err
	}

	bp := bufPool.Get().(*[]byte)
	defer bufPool.Put(bp)
	buf, checked, err := appendURL((*bp)[:0], o, t, pre)
	if err != nil {
		return RequestOptions{}, err
	}

	res := RequestOptions{Method: method, Headers: hs, Request: copyMap(o.Request)}
	if hasBody(method) {
		if res.Body, err = body(o, leftoverParams(o.Params, t)); err != nil {
			return RequestOptions{}, err
		}
		if res.Body != nil && hs["content-type"] == "" {
			hs["content-type"] = contentType(res.Body)
		}
		if res.Body == nil && (method == "put" || method == "patch") {
			res.Body = ""
		}
	} else {
		if o.Data != nil {
			return RequestOptions{}, newError("parse", strings.ToUpper(method), ErrDataNotAllowed)
		}
		for _, p := range o.Params {
			if t.Uses(p.Name) {
				continue
			}
			if buf, err = template.AppendQueryParam(buf, p.Name, p.Value); err != nil {
				return RequestOptions{}, newError("parse", o.URL, err)
			}
		}
	}
	res.URL = string(buf)
	if !checked {
		if err := checkAuthority(res.URL); err != nil {
			return RequestOptions{}, newError("parse", res.URL, err)
		}
	}
	*bp = buf
	return res, nil
}

// appendURL expands the template and puts the base URL in front of it
// unless the template is absolute. checked reports that the URL's
// authority is a base URL the Endpoint already validated.
func appendURL(buf []byte, o *Options, t *template.Template, pre *prepared) (_ []byte, checked bool, err error) {
	lookup := o.Params.Get
	if isAbsolute(t.String()) {
		buf, err = expand(buf, t, lookup)
		return buf, false, err
	}
	trusted := pre != nil && pre.baseOK && o.BaseURL == pre.base
	if !trusted {
		if err := checkBaseURL(o.BaseURL); err != nil {
			return nil, false, err
		}
	}
	base := strings.TrimSuffix(o.BaseURL, "/")
	buf = append(buf, base...)
	start := len(buf)
	if buf, err = expand(buf, t, lookup); err != nil {
		return nil, false, err
	}
	if strings.HasPrefix(t.String(), "{+") && isAbsolute(string(buf[start:])) {
		// The caller wrote an absolute {+url} expression: no base.
		return append(buf[:0], buf[start:]...), false, nil
	}
	if len(buf) == start || buf[start] != '/' {
		buf = append(buf, 0)
		copy(buf[start+1:], buf[start:])
		buf[start] = '/'
	}
	return buf, trusted, nil
}

// checkBaseURL refuses a base URL with a query, a fragment or a dot
// segment: what is joined after it would land in the query, or climb.
func checkBaseURL(base string) error {
	if strings.ContainsAny(base, "?#") || template.HasDotSegment(base) {
		return newError("parse", base, ErrInvalidBaseURL)
	}
	return nil
}

func expand(buf []byte, t *template.Template, lookup func(string) (any, bool)) ([]byte, error) {
	buf, err := t.AppendPath(buf, lookup)
	if err != nil {
		return nil, newError("parse", t.String(), err)
	}
	return buf, nil
}

// isAbsolute reports whether s starts with an http or https scheme.
func isAbsolute(s string) bool {
	return hasPrefixFold(s, "http://") || hasPrefixFold(s, "https://")
}

func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}

// requestHeaders copies the headers lower-cased and validated, then
// applies the media type to accept.
func requestHeaders(o *Options) (headers.Set, error) {
	hs := make(headers.Set, len(o.Headers)+2)
	for name, value := range o.Headers {
		if err := headers.ValidateName(name); err != nil {
			return nil, err
		}
		if err := headers.ValidateValue(name, value); err != nil {
			return nil, err
		}
		hs[headers.Name(name)] = value
	}
	if mt := o.MediaType; mt.Format != "" || len(mt.Previews) > 0 {
		if err := validateMediaType(mt); err != nil {
			return nil, err
		}
		hs["accept"] = media.Accept(hs["accept"], mt.Format, mt.Previews)
	}
	return hs, nil
}

// validateMediaType keeps control characters and separators out of the
// accept header, which is built from these names.
func validateMediaType(mt MediaType) error {
	if len(mt.Previews) > MaxPreviews {
		return newError("parse", "", fmt.Errorf("%w: %d previews, at most %d", ErrLimit, len(mt.Previews), MaxPreviews))
	}
	if err := media.ValidateName(mt.Format); err != nil {
		return newError("parse", "mediaType.format", err)
	}
	for _, p := range mt.Previews {
		if err := media.ValidateName(p); err != nil {
			return newError("parse", "mediaType.previews", err)
		}
	}
	return nil
}

// hasBody reports whether a lower-case method carries a body.
func hasBody(method string) bool {
	switch method {
	case "post", "put", "patch", "delete":
		return true
	}
	return false
}

// body is Data, or the leftover parameters as an object, or nil.
func body(o *Options, leftover Params) (any, error) {
	if o.Data != nil {
		if len(leftover) > 0 {
			return nil, namesError("parse", leftover.names(), ErrDataWithParams)
		}
		return deepCopy(o.Data), nil
	}
	if len(leftover) == 0 {
		return nil, nil
	}
	// leftover is a fresh slice; its values may be the caller's or the
	// defaults' and are copied.
	for i := range leftover {
		leftover[i].Value = deepCopy(leftover[i].Value)
	}
	return leftover, nil
}

func contentType(body any) string {
	switch body.(type) {
	case []byte, io.Reader:
		return ContentTypeBinary
	}
	return ContentTypeJSON
}

// leftoverParams are the parameters the template does not mention in any
// form; they go to the query string or the body.
func leftoverParams(p Params, t *template.Template) Params {
	n := 0
	for _, e := range p {
		if !t.Uses(e.Name) {
			n++
		}
	}
	if n == 0 {
		return nil
	}
	out := make(Params, 0, n)
	for _, e := range p {
		if !t.Uses(e.Name) {
			out = append(out, e)
		}
	}
	return out
}

func (p Params) names() []string {
	out := make([]string, len(p))
	for i, e := range p {
		out[i] = e.Name
	}
	return out
}
