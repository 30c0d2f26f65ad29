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
// by RedactedValue. Everything else is kept byte for byte, so it works on
// URL templates and malformed URLs too. s is returned as it is when there
// is nothing to mask.
func RedactURL(s string) string {
	out := s
	if i := strings.Index(out, "://"); i >= 0 {
		rest := out[i+3:]
		end := strings.IndexAny(rest, "/?#")
		if end < 0 {
			end = len(rest)
		}
		if at := strings.LastIndexByte(rest[:end], '@'); at >= 0 {
			out = out[:i+3] + RedactedValue + rest[at:]
		}
	}
	q := strings.IndexByte(out, '?')
	if q < 0 {
		return out
	}
	query, fragment := out[q+1:], ""
	if h := strings.IndexByte(query, '#'); h >= 0 {
		query, fragment = query[:h], query[h:]
	}
	pairs := strings.Split(query, "&")
	changed := false
	for i, pair := range pairs {
		name, _, hasValue := strings.Cut(pair, "=")
		if !hasValue {
			continue
		}
		if n, err := url.QueryUnescape(name); err == nil {
			name = n
		}
		if IsSensitiveParam(name) {
			pairs[i] = pair[:strings.IndexByte(pair, '=')+1] + RedactedValue
			changed = true
		}
	}
	if !changed {
		return out
	}
	return out[:q+1] + strings.Join(pairs, "&") + fragment
}

// Redacted returns a copy of r for logging: sensitive headers
// (authorization, proxy-authorization, cookie, set-cookie), sensitive query
// values in the URL and sensitive parameters in a JSON body show
// RedactedValue. String and body text are not inspected. r is unchanged;
// json.Marshal(r) still gives the real values.
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

// redactValue masks sensitive keys of JSON-like objects at any depth,
// copying only what it changes.
func redactValue(v any) any {
	out, _ := redact(v)
	return out
}

// redact returns v, or a masked copy and true.
func redact(v any) (any, bool) {
	switch t := v.(type) {
	case Params:
		var out Params
		for i, p := range t {
			nv, changed := maskOrRedact(p.Name, p.Value)
			if changed {
				if out == nil {
					out = append(Params(nil), t...)
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
			nv, changed := maskOrRedact(k, e)
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
			if nv, changed := redact(e); changed {
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
func maskOrRedact(name string, v any) (any, bool) {
	if IsSensitiveParam(name) {
		return RedactedValue, true
	}
	return redact(v)
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
