package builder

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/endpointkit/endpoint/headers"
	"github.com/endpointkit/endpoint/internal/redact"
	"github.com/endpointkit/endpoint/internal/userinfo"
	"github.com/endpointkit/endpoint/internal/value"
)

// RedactedValue stands in for a credential in String, fmt output, Redacted
// and RedactURL.
const RedactedValue = userinfo.Redacted

// SensitiveParams are the parameter and query names, compared without
// regard to case, whose values are credentials: the names GitHub's OAuth
// endpoints and go-github's URL sanitizer treat as secrets, and password
// and private_key. It is a copy of the one list, in internal/redact,
// which IsSensitiveParam, RedactURL, every Redacted method and the
// template package's errors read: changing the copy changes none of them.
var SensitiveParams = redact.Names

// IsSensitiveParam reports whether a query or body parameter, or an
// object member at any depth, of this name (any case) carries a
// credential: one of SensitiveParams, also as any key of a bracketed
// name (user[password], token[], token[0], user[token][]), as RedactURL
// reads a query.
func IsSensitiveParam(name string) bool { return redact.IsSensitive(name) }

// RedactURL returns s with the value of every sensitive query or fragment
// parameter (see IsSensitiveParam; also user[password], token[], and
// after ";") and any user information ("user:pass@", also of a
// scheme-relative "//user:pass@host", and of "https:user:pass@host" or
// "https:\\user:pass@host", which a browser reads as a URL) replaced by
// RedactedValue.
// Everything else is kept byte for byte, but for an encoded value that
// had something to mask, written encoded again. s may be a URL, a URL template,
// or any text that contains URLs, such as an error message or a Link
// header: a value ends at "&", "#", white space, a control byte, "<",
// ">", "{", "}", or a quote followed by white space or punctuation; a
// value that starts with "{" is a template expression, not a credential,
// and is kept. A URL inside a query value, as it is or percent-encoded
// (up to three times over), is masked the same way, and so is a URL
// percent-encoded anywhere else ("%3A%2F%2Fu%3Ap%40h%2F%3Ftoken%3Dx", in
// a path segment, say). s is returned as it is when there is nothing to
// mask.
//
// In text, user information ends where an authority does ("/", "?",
// "#") and where a value does (white space, "<", …), since text goes on
// after a URL. When s is one URL alone (it starts with its scheme and
// authority, or with "//") it does not: if net/url refuses s, or reads
// no authority where a browser does (a web scheme without "//", more
// slashes than two), the user information runs to the last "@" of s,
// whatever it holds ("https://u:pa ss@h", "https://u:pa/ss@h/x", a
// password with "<", "?" or "#"). A URL net/url reads keeps what net/url
// reads as its path and query: "https://u:12/ab@h/" is host u, port 12
// and a path, and only RedactRawURL masks "12/ab" in it.
//
// The rule is internal/redact's, which template's errors share.
func RedactURL(s string) string { return redact.URL(s) }

// RedactRawURL returns RedactURL(s) for s that is one URL, base URL or
// host exactly as a caller gave it, to be quoted in an error: perhaps
// malformed, perhaps without its scheme ("x-access-token:TOKEN@host/api",
// as a git remote or a credential helper writes one). Its user
// information is taken to run from the start of its authority (its
// start, when s has neither a scheme nor "//" and is not a path) to the
// last "@" of s, whatever lies between: a space, "<", "/", "?", "#", any
// byte of a password typed unencoded, which net/url refuses or reads as
// a host, port or path. A URL whose path or query holds an "@"
// ("/logo@2x.png") loses more than its user information: an error shows
// less of it, never a password.
func RedactRawURL(s string) string { return redact.RawURL(s) }

// Redacted returns a copy of r for logging: sensitive headers
// (authorization, proxy-authorization, cookie, set-cookie), sensitive
// query values and user information in the URL, and the values of
// sensitive keys (see SensitiveParams) at any depth of a JSON body and of
// Request show RedactedValue, as do the user information and sensitive
// query values of URLs in their strings. String, []byte and io.Reader
// bodies are not inspected. A value that cannot be converted within the limits (a cyclic
// one set by hand) shows RedactedValue whole. r is unchanged;
// json.Marshal(r) still gives the real values.
func (r RequestOptions) Redacted() RequestOptions {
	r.URL = RedactURL(r.URL)
	r.Headers = redactHeaders(r.Headers)
	switch b := r.Body.(type) {
	case nil, string, []byte, io.Reader:
	case json.RawMessage:
		r.Body = redactJSON(b)
	default:
		// Set by hand: converted within the limits, so that a cyclic
		// or huge value prints as RedactedValue instead of forever.
		r.Body = redactAny(b)
	}
	r.Request = redactMap(r.Request)
	return r
}

// Redacted returns a copy of o for logging, masked as
// RequestOptions.Redacted masks: headers, URL and base URL (as
// RedactRawURL masks it: it may lack its scheme), and the values
// of sensitive keys at any depth of Data, Request and Params (a sensitive
// parameter itself included). Names that may hold anything in Options
// made by hand (a header name that is not a token, RemoveHeaders, the
// format and previews) are masked as RedactURL masks them. Values that
// cannot be converted print as RedactedValue.
func (o Options) Redacted() Options {
	out := Options{
		Method:        o.Method,
		BaseURL:       RedactRawURL(o.BaseURL),
		URL:           RedactURL(o.URL),
		Headers:       redactHeaders(o.Headers),
		RemoveHeaders: redactNames(o.RemoveHeaders),
		MediaType:     MediaType{Format: RedactURL(o.MediaType.Format), Previews: redactNames(o.MediaType.Previews)},
		Request:       redactMap(o.Request),
	}
	switch d := o.Data.(type) {
	case nil, string, []byte, io.Reader:
		out.Data = d
	case json.RawMessage: // a JSON string from Merge (see Options.Data) stays JSON
		out.Data = redactJSON(d)
	default:
		out.Data = redactAny(d)
	}
	if o.Params != nil {
		out.Params = make(Params, len(o.Params))
		for i, p := range o.Params {
			out.Params[i] = Param{Name: RedactURL(p.Name), Value: RedactedValue}
			if !IsSensitiveParam(p.Name) {
				out.Params[i].Value = redactAny(p.Value)
			}
		}
	}
	return out
}

// redactNames is a copy of names (nil for nil), each masked as RedactURL
// masks it: names Options made by hand may hold anything.
func redactNames(names []string) []string {
	out := slices.Clone(names)
	for i, n := range out {
		out[i] = RedactURL(n)
	}
	return out
}

// redactHeaders returns a copy of h (nil for nil) with the values of
// sensitive headers masked, and the credentials of URLs in the others (a
// referer): a copy even when nothing is masked, so that a caller changing
// the copy it logs leaves h as it was.
func redactHeaders(h headers.Set) headers.Set {
	var out headers.Set
	for name, v := range h {
		masked := RedactedValue
		// A name that is not valid is never sent; it may be a sensitive
		// one misspelt ("authorization "), or hold a URL.
		valid := headers.ValidateName(name) == nil
		if !headers.IsSensitive(name) && valid {
			if masked = RedactURL(v); masked == v {
				continue
			}
		}
		if out == nil {
			out = h.Clone()
		}
		if !valid {
			if key := RedactURL(name); key != name {
				delete(out, name)
				name = uniqueKey(out, key)
			}
		}
		out[name] = masked
	}
	if out == nil && h != nil {
		out = h.Clone()
	}
	return out
}

var redactedValue = value.Str(RedactedValue)

// redactValue masks the sensitive keys of v at any depth, and the
// credentials of URLs in its strings (RedactURL).
func redactValue(v value.Value) value.Value {
	return value.RedactText(v, IsSensitiveParam, redactedValue, RedactURL)
}

// redactJSON is JSON text masked and written again, still JSON;
// RedactedValue when it does not decode.
func redactJSON(text json.RawMessage) any {
	v, err := value.Decode(text)
	if err != nil {
		return RedactedValue
	}
	return json.RawMessage(value.AppendJSON(nil, redactValue(v)))
}

// redactAny converts x and masks it; a scalar stays itself (a string with
// the credentials of its URLs masked), anything that cannot be converted
// becomes RedactedValue.
func redactAny(x any) any {
	if _, ok := value.Scalar(x); ok {
		if s, ok := x.(string); ok {
			return RedactURL(s)
		}
		return x
	}
	v, err := toValue(x, value.NewBudget())
	if err != nil {
		return RedactedValue
	}
	return exportValue(redactValue(v))
}

// redactMap masks a request passthrough.
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
		out[maskedKey(out, k)] = v
	}
	return out
}

// maskedKey is k as RedactURL masks it (a key may be a URL), made unique
// among out's keys when another key masks alike.
func maskedKey(out map[string]any, k string) string {
	masked := RedactURL(k)
	if masked == k {
		return k
	}
	return uniqueKey(out, masked)
}

// uniqueKey is masked, a masked key, or "masked (2)" … when out has it.
func uniqueKey[V any](out map[string]V, masked string) string {
	m := masked
	for n := 2; ; n++ {
		if _, taken := out[m]; !taken {
			return m
		}
		m = fmt.Sprintf("%s (%d)", masked, n)
	}
}

// The view types have the fields of RequestOptions and Options and none of
// their methods: fmt prints them field by field, the default way, after
// Redacted has masked the credentials.
type (
	requestOptionsView struct {
		Method  string
		URL     string
		Headers headers.Set
		Body    any
		Request map[string]any
	}
	optionsView struct {
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

// view is o, redacted, as fmt prints it: its exported fields, and JSON
// (data, a request member, a parameter) as its text, not as a list of
// bytes.
func (o Options) view() optionsView {
	o = o.Redacted()
	v := optionsView{Method: o.Method, BaseURL: o.BaseURL, URL: o.URL, Headers: o.Headers,
		RemoveHeaders: o.RemoveHeaders, MediaType: o.MediaType, Data: jsonText(o.Data), Request: o.Request, Params: o.Params}
	if o.Request != nil {
		v.Request = make(map[string]any, len(o.Request))
		for k, x := range o.Request {
			v.Request[k] = jsonText(x)
		}
	}
	for i := range v.Params { // Redacted made Params a copy
		v.Params[i].Value = jsonText(v.Params[i].Value)
	}
	return v
}

// jsonText is x, or its text when it is JSON.
func jsonText(x any) any {
	if raw, ok := x.(json.RawMessage); ok {
		return string(raw)
	}
	return x
}

// view is r, redacted, as fmt prints it: a JSON body and JSON request
// members as their text, not as a list of bytes.
func (r RequestOptions) view() requestOptionsView {
	r = r.Redacted()
	for k, x := range r.Request { // Redacted made Request a copy
		r.Request[k] = jsonText(x)
	}
	return requestOptionsView{Method: r.Method, URL: r.URL, Headers: r.Headers, Body: jsonText(r.Body), Request: r.Request}
}

// String returns r as fmt's %v would print the struct, with credentials
// masked (see Redacted).
func (r RequestOptions) String() string { return fmt.Sprint(r) }

// GoString returns r as %#v would print the struct, with credentials masked.
func (r RequestOptions) GoString() string { return fmt.Sprintf("%#v", r) }

// Format makes every fmt verb (%v, %+v, %#v, %s, …) print r with
// credentials masked (see Redacted).
func (r RequestOptions) Format(s fmt.State, verb rune) {
	writeView(s, verb, r.view(), "builder.requestOptionsView", "builder.RequestOptions")
}

// endpointView is what an Endpoint prints: its defaults, and the error of
// an invalid Option.
type endpointView struct {
	Defaults Options
	Err      error
}

// Format makes every fmt verb print e as its defaults (DefaultOptions),
// credentials masked as Options prints them. (A value receiver, so that
// an Endpoint printed by value, or inside a struct, is masked too.)
func (e Endpoint) Format(s fmt.State, verb rune) {
	writeView(s, verb, &endpointView{Defaults: e.DefaultOptions(), Err: e.err}, "builder.endpointView", "builder.Endpoint")
}

// builderView is what a Builder prints: the call as Merge gives it, or
// Merge's error.
type builderView struct {
	Call Options
	Err  error
}

// String returns the call b holds as Merge gives it, credentials masked
// as Options prints them. (A Builder's Format method sets the media type,
// so fmt verbs other than %v, %+v, %s, %q, %x and %X print the struct as
// it is.)
func (b *Builder) String() string {
	if b == nil {
		return "<nil>"
	}
	return fmt.Sprintf("%+v", b.view())
}

// GoString returns b as String does, in the syntax of %#v.
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

// String returns o as fmt's %v would print the struct, with credentials
// masked (see Options.Redacted).
func (o Options) String() string { return fmt.Sprint(o) }

// GoString returns o as %#v would print the struct, with credentials masked.
func (o Options) GoString() string { return fmt.Sprintf("%#v", o) }

// Format makes every fmt verb print o with credentials masked.
func (o Options) Format(s fmt.State, verb rune) {
	writeView(s, verb, o.view(), "builder.optionsView", "builder.Options")
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
		_, _ = fmt.Fprintf(s, "&builder.Error{Op:%q, Input:%q, Err:%s}", e.Op, maskInput(e.Input), inner)
		return
	}
	_, _ = fmt.Fprintf(s, fmt.FormatString(s, verb), RedactURL(e.Error()))
}
