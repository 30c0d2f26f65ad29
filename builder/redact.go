package builder

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/endpointkit/endpoint/headers"
	"github.com/endpointkit/endpoint/internal/redact"
	"github.com/endpointkit/endpoint/internal/value"
)

// RedactedValue stands in for a credential wherever one is masked.
const RedactedValue = redact.Redacted

// SensitiveParams are the parameter and query names, in any case, whose
// values are credentials (GitHub's OAuth ones, go-github's, password and
// private_key). It is a copy: changing it changes no masking.
var SensitiveParams = redact.Names

// IsSensitiveParam reports whether a parameter or object member of this
// name carries a credential: one of SensitiveParams, also as any key of a
// bracketed name (user[password], token[], user[token][]).
func IsSensitiveParam(name string) bool { return redact.IsSensitive(name) }

// RedactURL returns s, a URL, template or any text holding URLs (an
// error, a Link header), with RedactedValue for every sensitive query or
// fragment value (IsSensitiveParam; after ";" too) and user information,
// also of URLs inside a query value or percent-encoded up to three times.
// A value ends at "&", "#", white space, a control byte, "<", ">", "{",
// "}" or a quote before white space or punctuation. The rest is kept byte
// for byte (but a query value whose credentials show only once decoded,
// which is written again encoded), s itself when nothing is masked. In
// one URL, user information runs to the last "@" where a browser reads
// one ("https://u:pa ss@h").
func RedactURL(s string) string { return redact.URL(s) }

// RedactRawURL is RedactURL for one URL or host as a caller gave it,
// perhaps malformed or without its scheme ("x-access-token:TOKEN@host"):
// user information runs to the last "@" of s, so a path's "@" loses more,
// never a password.
func RedactRawURL(s string) string { return redact.RawURL(s) }

// Redacted returns a copy of r for logging, with RedactedValue for the
// authorization, proxy-authorization, cookie and set-cookie headers, the
// URL's credentials, and sensitive keys and URLs' credentials at any
// depth of a JSON body and Request. String, []byte and io.Reader bodies
// are not looked into; a value that cannot be converted is masked whole.
// json.Marshal(r) still gives the real values.
func (r RequestOptions) Redacted() RequestOptions {
	r.URL = RedactURL(r.URL)
	r.Headers = redactHeaders(r.Headers)
	r.Body = redactBody(r.Body)
	r.Request = redactMap(r.Request)
	return r
}

// Redacted returns a copy of o for logging, masked as
// RequestOptions.Redacted is, the base URL by RedactRawURL, a sensitive
// parameter whole, and names (headers, format, previews) as RedactURL
// masks text, since Options made by hand may hold anything there.
func (o Options) Redacted() Options {
	out := Options{
		Method:        o.Method,
		BaseURL:       RedactRawURL(o.BaseURL),
		URL:           RedactURL(o.URL),
		Headers:       redactHeaders(o.Headers),
		RemoveHeaders: redactNames(o.RemoveHeaders),
		MediaType:     MediaType{Format: RedactURL(o.MediaType.Format), Previews: redactNames(o.MediaType.Previews)},
		Data:          redactBody(o.Data),
		Request:       redactMap(o.Request),
	}
	out.Params = slices.Clone(o.Params)
	for i, p := range out.Params {
		out.Params[i] = Param{Name: RedactURL(p.Name), Value: RedactedValue}
		if !IsSensitiveParam(p.Name) {
			out.Params[i].Value = redactAny(p.Value)
		}
	}
	return out
}

func redactNames(names []string) []string {
	out := slices.Clone(names)
	for i, n := range out {
		out[i] = RedactURL(n)
	}
	return out
}

// redactHeaders returns a copy of h with sensitive headers masked and
// the credentials of URLs in the others (a referer).
func redactHeaders(h headers.Set) headers.Set {
	if h == nil {
		return nil
	}
	out := h.Clone()
	for name, v := range h {
		// An invalid name, never sent, may be a sensitive one misspelt
		// ("authorization "), or hold a URL.
		masked, valid := RedactedValue, headers.ValidateName(name) == nil
		if !headers.IsSensitive(name) && valid {
			if masked = RedactURL(v); masked == v {
				continue
			}
		}
		if !valid {
			if key := RedactURL(name); key != name {
				delete(out, name)
				name = redact.UniqueKey(out, key)
			}
		}
		out[name] = masked
	}
	return out
}

// redactBody masks a body or data value; a string, []byte or io.Reader
// is not looked into, and JSON stays JSON.
func redactBody(b any) any {
	switch t := b.(type) {
	case nil, string, []byte, io.Reader:
		return b
	case json.RawMessage:
		v, err := value.Decode(t)
		if err != nil {
			return RedactedValue // JSON that does not decode
		}
		return json.RawMessage(value.AppendJSON(nil, value.Redact(v)))
	}
	return redactAny(b)
}

// redactAny converts x and masks it: a scalar stays itself (a string's
// URLs masked), what cannot be converted is RedactedValue.
func redactAny(x any) any {
	if _, ok := value.Scalar(x); ok {
		if s, ok := x.(string); ok {
			return RedactURL(s)
		}
		return x
	}
	v, err := toValue(x, new(value.Budget))
	if err != nil {
		return RedactedValue
	}
	return exportValue(value.Redact(v))
}

func redactMap(m map[string]any) map[string]any {
	if m == nil {
		return nil
	}
	out := make(map[string]any, len(m))
	for k, x := range m {
		v := any(RedactedValue)
		if !IsSensitiveParam(k) {
			v = redactAny(x)
		}
		if masked := RedactURL(k); masked != k {
			k = redact.UniqueKey(out, masked)
		}
		out[k] = v
	}
	return out
}

// The view types have the exported fields of RequestOptions and Options
// and none of their methods, for fmt to print once redacted.
type (
	requestOptionsView RequestOptions
	optionsView        struct {
		Method        string
		BaseURL       string
		URL           string
		Headers       headers.Set
		RemoveHeaders []string
		MediaType     MediaType
		Data          any
		Request       map[string]any
		Params        Params
	}
)

// view is o redacted, JSON as its text, not as a list of bytes.
func (o Options) view() optionsView {
	o = o.Redacted()
	v := optionsView{Method: o.Method, BaseURL: o.BaseURL, URL: o.URL, Headers: o.Headers,
		RemoveHeaders: o.RemoveHeaders, MediaType: o.MediaType, Data: jsonText(o.Data), Request: o.Request, Params: o.Params}
	for k, x := range v.Request { // Redacted made Request and Params copies
		v.Request[k] = jsonText(x)
	}
	for i := range v.Params {
		v.Params[i].Value = jsonText(v.Params[i].Value)
	}
	return v
}

func jsonText(x any) any {
	if raw, ok := x.(json.RawMessage); ok {
		return string(raw)
	}
	return x
}

// view is r redacted, JSON as its text.
func (r RequestOptions) view() requestOptionsView {
	r = r.Redacted()
	for k, x := range r.Request { // Redacted made Request a copy
		r.Request[k] = jsonText(x)
	}
	r.Body = jsonText(r.Body)
	return requestOptionsView(r)
}

// String is %v of the struct, credentials masked (see Redacted).
func (r RequestOptions) String() string { return fmt.Sprint(r) }

// GoString is %#v of the struct, credentials masked.
func (r RequestOptions) GoString() string { return fmt.Sprintf("%#v", r) }

// Format makes every fmt verb print r with credentials masked.
func (r RequestOptions) Format(s fmt.State, verb rune) {
	writeView(s, verb, r.view(), "builder.requestOptionsView", "builder.RequestOptions")
}

type endpointView struct {
	Defaults Options
	Err      error
}

// Format makes every fmt verb print e as its defaults and error,
// credentials masked (on a value, for an Endpoint in a struct too).
func (e Endpoint) Format(s fmt.State, verb rune) {
	writeView(s, verb, &endpointView{Defaults: e.DefaultOptions(), Err: e.err}, "builder.endpointView", "builder.Endpoint")
}

type builderView struct {
	Call Options
	Err  error
}

// String is the call as Merge gives it, credentials masked, for %v, %s,
// %q, %x and %X (Format is the media type's, not fmt's).
func (b *Builder) String() string {
	if b == nil {
		return "<nil>"
	}
	return fmt.Sprintf("%+v", b.view())
}

// GoString is String in the syntax of %#v.
func (b *Builder) GoString() string {
	if b == nil {
		return "(*builder.Builder)(nil)"
	}
	return strings.Replace(fmt.Sprintf("%#v", b.view()), "builder.builderView", "builder.Builder", 1)
}

func (b *Builder) view() *builderView {
	o, err := b.Merge()
	return &builderView{Call: o, Err: err}
}

// String is %v of the struct, credentials masked (see Redacted).
func (o Options) String() string { return fmt.Sprint(o) }

// GoString is %#v of the struct, credentials masked.
func (o Options) GoString() string { return fmt.Sprintf("%#v", o) }

// Format makes every fmt verb print o with credentials masked.
func (o Options) Format(s fmt.State, verb rune) {
	writeView(s, verb, o.view(), "builder.optionsView", "builder.Options")
}

// writeView prints a view with the caller's verb, under the real type's name.
func writeView(s fmt.State, verb rune, view any, viewName, realName string) {
	out := fmt.Sprintf(fmt.FormatString(s, verb), view)
	if verb == 'v' && s.Flag('#') {
		out = strings.Replace(out, viewName, realName, 1)
	}
	_, _ = io.WriteString(s, out)
}

// Format prints e with credentials masked for every verb, since messages
// quote routes and URLs as given; %#v shows Err as its masked message.
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
		_, _ = fmt.Fprintf(s, "&builder.Error{Op:%q, Input:%q, Err:%s}", e.Op, maskInput(e.Input), inner)
		return
	}
	_, _ = fmt.Fprintf(s, fmt.FormatString(s, verb), RedactURL(e.Error()))
}
