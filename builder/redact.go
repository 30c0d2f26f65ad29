package builder

import (
	"fmt"
	"io"
	"maps"
	"net/url"
	"slices"
	"strings"

	"github.com/endpointkit/endpoint/headers"
)

// RedactedValue stands in for a credential in String, fmt output, Redacted
// and RedactURL.
const RedactedValue = "[REDACTED]"

// IsSensitiveParam reports whether a query or body parameter of this name
// (any case) carries a credential: access_token, client_secret,
// refresh_token or token (the names GitHub's OAuth endpoints and
// go-github's URL sanitizer treat as secrets).
func IsSensitiveParam(name string) bool {
	for _, s := range [...]string{"access_token", "client_secret", "refresh_token", "token"} {
		if strings.EqualFold(name, s) {
			return true
		}
	}
	return false
}

// RedactURL returns s with the value of every sensitive query parameter
// (see IsSensitiveParam) and any user information ("user:pass@") replaced
// by RedactedValue. Everything else is kept byte for byte. s may be a URL,
// a URL template, or any text that contains URLs, such as an error
// message: a value ends at "&", "#", a space, a quote, a backslash, "<",
// ">", "{" or "}", and a value that starts with "{" is a template
// expression, not a credential, and is kept. s is returned as it is when
// there is nothing to mask.
func RedactURL(s string) string {
	var b strings.Builder
	last := 0 // s[:last] is written to b, or nothing was masked yet
	mask := func(from, to int) {
		b.WriteString(s[last:from])
		b.WriteString(RedactedValue)
		last = to
	}
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == ':' && strings.HasPrefix(s[i:], "://"):
			start := i + 3
			end := start
			for end < len(s) && !strings.ContainsRune("/?#", rune(s[end])) && !endsValue(s[end]) {
				end++
			}
			if at := strings.LastIndexByte(s[start:end], '@'); at >= 0 {
				mask(start, start+at)
			}
			i = end - 1
		case s[i] == '?' || s[i] == '&':
			eq := i + 1
			for eq < len(s) && s[eq] != '=' && s[eq] != '&' && s[eq] != '?' && !endsValue(s[eq]) {
				eq++
			}
			if eq == len(s) || s[eq] != '=' {
				continue
			}
			name := s[i+1 : eq]
			if strings.ContainsAny(name, "%+") {
				if n, err := url.QueryUnescape(name); err == nil {
					name = n
				}
			}
			end := eq + 1
			for end < len(s) && !endsValue(s[end]) {
				end++
			}
			if IsSensitiveParam(name) && end > eq+1 && s[eq+1] != '{' {
				mask(eq+1, end)
			}
			i = end - 1
		}
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// endsValue reports whether c cannot be part of a query value or an
// authority as RedactURL reads them.
func endsValue(c byte) bool {
	switch c {
	case '&', '#', ' ', '\t', '\n', '\r', '"', '\'', '`', '\\', '<', '>', '{', '}':
		return true
	}
	return false
}

// Redacted returns a copy of r for logging: sensitive headers
// (authorization, proxy-authorization, cookie, set-cookie), sensitive query
// values in the URL and sensitive parameters in a JSON body show
// RedactedValue. String, []byte and io.Reader bodies are not inspected.
// r is unchanged; json.Marshal(r) still gives the real values.
func (r RequestOptions) Redacted() RequestOptions {
	r.URL = RedactURL(r.URL)
	r.Headers = redactHeaders(r.Headers)
	r.Body = redactValue(r.Body)
	if v, ok := redactValue(r.Request).(map[string]any); ok {
		r.Request = v
	}
	return r
}

// Redacted returns a copy of o for logging, masked as RequestOptions.Redacted
// masks: headers, URL and base URL, Data, Request and Params.
func (o Options) Redacted() Options {
	o.BaseURL = RedactURL(o.BaseURL)
	o.URL = RedactURL(o.URL)
	o.Headers = redactHeaders(o.Headers)
	o.Data = redactValue(o.Data)
	if v, ok := redactValue(o.Request).(map[string]any); ok {
		o.Request = v
	}
	if v, ok := redactValue(o.Params).(Params); ok {
		o.Params = v
	}
	return o
}

// redactHeaders copies h only when it holds a sensitive header.
func redactHeaders(h headers.Set) headers.Set {
	var out headers.Set
	for name := range h {
		if headers.IsSensitive(name) {
			if out == nil {
				out = h.Clone()
			}
			out[name] = RedactedValue
		}
	}
	if out == nil {
		return h
	}
	return out
}

// TruncatedValue stands in, in fmt output and Redacted, for the part of a
// value nested deeper than 64 maps and slices or past its first 10,000
// of them, so that printing a cyclic or huge value ends.
const TruncatedValue = "[TRUNCATED]"

// Bounds of the walk redactValue makes through a value.
const (
	redactMaxDepth = 64
	redactBudget   = 10000
)

// redactValue masks sensitive keys of JSON-like objects at any depth,
// copying only what it changes.
func redactValue(v any) any {
	r := redactor{left: redactBudget}
	out, _ := r.redact(v, 0)
	return out
}

// redactor walks maps, slices and Params with a budget of nodes.
type redactor struct{ left int }

// redact returns v, or a masked copy and true. A value it returns
// unchanged was walked whole, so it is finite and acyclic; anything cut
// off by the bounds becomes TruncatedValue.
func (r *redactor) redact(v any, depth int) (any, bool) {
	switch v.(type) {
	case Params, map[string]any, []any:
	default:
		return v, false
	}
	if depth >= redactMaxDepth || r.left <= 0 {
		return TruncatedValue, true
	}
	r.left--
	switch t := v.(type) {
	case Params:
		var out Params
		for i, p := range t {
			nv, changed := r.maskOrRedact(p.Name, p.Value, depth)
			if changed {
				if out == nil {
					out = slices.Clone(t)
				}
				out[i].Value = nv
			}
		}
		if out != nil {
			return out, true
		}
	case map[string]any:
		var out map[string]any
		for k, e := range t {
			nv, changed := r.maskOrRedact(k, e, depth)
			if changed {
				if out == nil {
					out = maps.Clone(t)
				}
				out[k] = nv
			}
		}
		if out != nil {
			return out, true
		}
	case []any:
		var out []any
		for i, e := range t {
			if nv, changed := r.redact(e, depth+1); changed {
				if out == nil {
					out = slices.Clone(t)
				}
				out[i] = nv
			}
		}
		if out != nil {
			return out, true
		}
	}
	return v, false
}

// maskOrRedact masks the value of a sensitive name and looks inside others.
func (r *redactor) maskOrRedact(name string, v any, depth int) (any, bool) {
	if IsSensitiveParam(name) {
		return RedactedValue, true
	}
	return r.redact(v, depth+1)
}

// The view types have the fields of RequestOptions and Options and none of
// their methods: fmt prints them field by field, the default way, after
// Redacted has masked the credentials.
type (
	requestOptionsView RequestOptions
	optionsView        Options
)

// String returns r as fmt's %v would print the struct, with credentials
// masked (see Redacted).
func (r RequestOptions) String() string { return fmt.Sprint(r) }

// GoString returns r as %#v would print the struct, with credentials masked.
func (r RequestOptions) GoString() string { return fmt.Sprintf("%#v", r) }

// Format makes every fmt verb (%v, %+v, %#v, %s, …) print r with
// credentials masked (see Redacted).
func (r RequestOptions) Format(s fmt.State, verb rune) {
	writeView(s, verb, requestOptionsView(r.Redacted()), "builder.requestOptionsView", "builder.RequestOptions")
}

// String returns o as fmt's %v would print the struct, with credentials
// masked (see Options.Redacted).
func (o Options) String() string { return fmt.Sprint(o) }

// GoString returns o as %#v would print the struct, with credentials masked.
func (o Options) GoString() string { return fmt.Sprintf("%#v", o) }

// Format makes every fmt verb print o with credentials masked.
func (o Options) Format(s fmt.State, verb rune) {
	writeView(s, verb, optionsView(o.Redacted()), "builder.optionsView", "builder.Options")
}

// writeView prints a view with the caller's verb and flags; for %#v it puts
// back the real type name.
func writeView(s fmt.State, verb rune, view any, viewName, realName string) {
	out := fmt.Sprintf(fmt.FormatString(s, verb), view)
	if verb == 'v' && s.Flag('#') {
		out = strings.Replace(out, viewName, realName, 1)
	}
	_, _ = io.WriteString(s, out)
}

// Format prints e with credentials masked (see RedactURL) for every fmt
// verb, since messages quote routes, URLs and base URLs as given; %#v
// shows the fields, with Err as its masked message.
func (e *Error) Format(s fmt.State, verb rune) {
	if e == nil {
		_, _ = io.WriteString(s, "<nil>")
		return
	}
	if verb == 'v' && s.Flag('#') {
		inner := "<nil>"
		if e.Err != nil {
			inner = fmt.Sprintf("errors.New(%q)", RedactURL(e.Err.Error()))
		}
		_, _ = fmt.Fprintf(s, "&builder.Error{Op:%q, Input:%q, Err:%s}", e.Op, RedactURL(e.Input), inner)
		return
	}
	_, _ = fmt.Fprintf(s, fmt.FormatString(s, verb), RedactURL(e.Error()))
}
