package builder

import (
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"slices"
	"strings"

	"github.com/endpointkit/endpoint/headers"
	"github.com/endpointkit/endpoint/internal/ascii"
	"github.com/endpointkit/endpoint/internal/userinfo"
	"github.com/endpointkit/endpoint/internal/value"
)

// RedactedValue stands in for a credential in String, fmt output, Redacted
// and RedactURL.
const RedactedValue = userinfo.Redacted

// SensitiveParams are the parameter and query names, compared without
// regard to case, whose values are credentials: the names GitHub's OAuth
// endpoints and go-github's URL sanitizer treat as secrets, and password
// and private_key. This is the one list; IsSensitiveParam, RedactURL and
// every Redacted method read it.
var SensitiveParams = [...]string{"access_token", "client_secret", "refresh_token", "token", "password", "private_key"}

// IsSensitiveParam reports whether a query or body parameter, or an
// object member at any depth, of this name (any case) carries a
// credential: one of SensitiveParams, also as any key of a bracketed
// name (user[password], token[], token[0], user[token][]), as RedactURL
// reads a query.
func IsSensitiveParam(name string) bool {
	if isSensitiveName(name) {
		return true
	}
	open := strings.IndexByte(name, '[')
	if open < 0 || !strings.HasSuffix(name, "]") {
		return false
	}
	if isSensitiveName(name[:open]) {
		return true
	}
	for keys := name[open+1 : len(name)-1]; ; {
		key, rest, more := strings.Cut(keys, "][")
		if isSensitiveName(key) {
			return true
		}
		if !more {
			return false
		}
		keys = rest
	}
}

// isSensitiveName reports whether name is one of SensitiveParams, in any
// case.
func isSensitiveName(name string) bool {
	for _, s := range SensitiveParams {
		if strings.EqualFold(name, s) {
			return true
		}
	}
	return false
}

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
func RedactURL(s string) string { return redactURL(redactAlone(s), maxDecode, false) }

// redactAlone masks the user information of s when s is one URL alone
// (see RedactURL): as net/url reads it when s has a scheme and "//", or
// "//", and net/url reads s; else up to the last "@" of s. Text is
// returned as it is, for redactURL.
func redactAlone(s string) string {
	start, at := userinfo.Bounds(s, false)
	if at < 0 || !userinfo.Leads(s, start) {
		return s
	}
	lead := strings.TrimRight(s[:start], "/")
	if s[len(lead):start] == "//" && (lead == "" || strings.HasSuffix(lead, ":")) {
		if u, err := url.Parse(s); err == nil {
			if u.User == nil {
				return s
			}
			end := strings.IndexAny(s[start:], "/?#")
			if end < 0 {
				end = len(s) - start
			}
			at = start + strings.LastIndexByte(s[start:start+end], '@')
		}
	}
	return s[:start] + RedactedValue + s[at:]
}

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
func RedactRawURL(s string) string { return RedactURL(userinfo.Redact(s, true)) }

// maxDecode is how many times over RedactURL decodes a query value, for a
// URL it may hold (?redirect_uri=https%3A%2F%2Fu%3Ap%40h, or that URL
// encoded again as the value of another URL's query). A bound keeps the
// work linear in s.
const maxDecode = 3

// redactURL is RedactURL, decoding a percent-encoded query value up to
// levels times. decoded says s is such a value once decoded, not text:
// white space, braces and angle brackets in it are data, not the end of
// a value or the start of a template. User information is masked first,
// over the whole text, so that a password holding "&" is one even inside
// a query value.
func redactURL(s string, levels int, decoded bool) string {
	return redactQuery(redactUserinfo(s, decoded), levels, decoded)
}

// redactUserinfo masks the user information of every authority in s:
// after "//" that starts one (see userinfo.StartsAuthority), after a web scheme
// whose slashes are not "//" (see specialAuthority), or after an encoded
// "://" ("%3A%2F%2F", a URL in a path segment or a bare value), up to the
// authority's last "@" ("%40").
func redactUserinfo(s string, decoded bool) string {
	var b strings.Builder
	last := 0
	// An authority scanned to its end without an "@" holds none after
	// any of its bytes either: noAt, its end, spares "http:http:…" a
	// scan from each colon.
	noAt := 0
	for i := 0; i < len(s); i++ {
		var start, at int
		switch {
		case s[i] == '/' && i+1 < len(s) && s[i+1] == '/' && userinfo.StartsAuthority(s, i, decoded):
			start = i + 2
			at, _ = lastAt(s, start, decoded)
		case s[i] == ':' && specialAuthority(s, i):
			start = i + 1
			for start < len(s) && (s[start] == '/' || s[start] == '\\') {
				start++
			}
			if start < noAt {
				continue
			}
			var end int
			if at, end = lastAt(s, start, decoded); at < 0 {
				noAt = end
			}
		case s[i] == '%' && hasPrefixFold(s[i:], "%3A%2F%2F"):
			start = i + len("%3A%2F%2F")
			end := start
			for end < len(s) && !endsAuthority(s, end, decoded) && !hasPrefixFold(s[end:], "%2F") &&
				!hasPrefixFold(s[end:], "%3F") && !hasPrefixFold(s[end:], "%23") {
				end++
			}
			at = strings.LastIndex(s[start:end], "%40")
		default:
			continue
		}
		// Read on after the user information, or from the start: the
		// rest may hold a query ("//&token=x") or another URL.
		i = start - 1
		if at >= 0 {
			b.WriteString(s[last:start])
			b.WriteString(RedactedValue)
			last = start + at
			i = start + at
		}
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// redactQuery masks the sensitive values of the queries and fragments in
// s (see redactURL).
func redactQuery(s string, levels int, decoded bool) string {
	var b strings.Builder
	last := 0 // s[:last] is written to b, or nothing was masked yet
	put := func(from, to int, text string) {
		b.WriteString(s[last:from])
		b.WriteString(text)
		last = to
	}
	// The value run last scanned ends at runEnd; its last "%" is at
	// runPct (-1 for none).
	runEnd, runPct := 0, -1
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '%' && levels > 0 && hasPrefixFold(s[i:], "%3A%2F%2F"):
			// A URL encoded outside a query value (a path segment,
			// /proxy/https%3A%2F%2Fh%2F%3Ftoken%3Dx): read decoded, up to
			// the segment's end.
			end := i
			for end < len(s) && s[end] != '/' && s[end] != '?' && !endsValue(s, end, decoded) {
				end++
			}
			if r, ok := redactEncoded(s[i:end], levels, decoded); ok {
				put(i, end, r)
			}
			i = end - 1
		case c == '?' || c == '&' || c == '#' || c == ';': // OAuth's implicit grant puts access_token in the fragment
			eq := i + 1
			for eq < len(s) && s[eq] != '=' && s[eq] != '&' && s[eq] != '?' && s[eq] != ';' && !endsValue(s, eq, decoded) {
				eq++
			}
			if eq == len(s) || s[eq] != '=' {
				continue
			}
			name := s[i+1 : eq]
			if strings.Contains(name, "//") {
				continue // not a name: a URL ("?https://u:p@h/a=b"), read on
			}
			if strings.ContainsAny(name, "%+") {
				if n, err := url.QueryUnescape(name); err == nil {
					if levels > 0 && strings.Contains(n, "//") {
						// An encoded URL for a name (?https%3A%2F%2Fu%3Ap%40h=1).
						if r, ok := redactEncoded(name, levels, decoded); ok {
							put(i+1, eq, r)
						}
					}
					name = n
				}
			}
			// A value runs to the first byte that ends one, so a value
			// read inside another (?next=https://h/?token=x) ends where
			// the outer one does: each run is scanned once.
			if eq+1 >= runEnd {
				runEnd, runPct = eq+1, -1
				for runEnd < len(s) && !endsValue(s, runEnd, decoded) {
					if s[runEnd] == '%' {
						runPct = runEnd
					}
					runEnd++
				}
			}
			end := runEnd
			v := s[eq+1 : end]
			switch {
			case IsSensitiveParam(name) && v != "": // "" also for a template ({token}), as "{" ends a value
				put(eq+1, end, RedactedValue)
				i = end - 1
			case levels > 0 && runPct > eq:
				// Read as it is and decoded, here: what it holds is
				// not read again (that would be quadratic: ?a=%?a=%…).
				if r, ok := redactEncoded(v, levels, decoded); ok {
					put(eq+1, end, r)
				}
				i = end - 1
			default:
				// A URL in the value as it is (?next=https://u:p@h/):
				// read on inside the value.
				i = eq
			}
		}
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// lastAt returns the index, from start, of the last "@" of the
// authority that starts at s[start] (-1 when it has none), and where
// that authority ends.
func lastAt(s string, start int, decoded bool) (at, end int) {
	end = start
	for end < len(s) && !endsAuthority(s, end, decoded) {
		end++
	}
	return strings.LastIndexByte(s[start:end], '@'), end
}

// specialAuthority reports whether the ":" at s[i] ends a web scheme
// (see userinfo.WebScheme) whose slashes are not "//": none
// ("https:u:p@h"), one, three or more, or backslashes ("https:\\u:p@h"),
// which a browser reads as starting an authority. The "//" form is
// redactUserinfo's first case.
func specialAuthority(s string, i int) bool {
	if !userinfo.WebScheme(s, i) {
		return false
	}
	k := i + 1
	for k < len(s) && (s[k] == '/' || s[k] == '\\') {
		k++
	}
	return s[i+1:k] != "//"
}

// endsAuthority reports whether s[i] ends an authority ("&" may be
// part of a password, so it does not, nor may a brace: a route's
// ":name" becomes "{name}").
func endsAuthority(s string, i int, decoded bool) bool {
	switch c := s[i]; c {
	case '/', '?', '#':
		return true
	case '{', '}':
		return false
	}
	return !decoded && endsText(s, i)
}

// endsValue reports whether s[i] ends a query value.
func endsValue(s string, i int, decoded bool) bool {
	c := s[i]
	return c == '&' || c == '#' || !decoded && endsText(s, i)
}

// endsText reports whether s[i] cannot be part of a URL in text: white
// space, a control byte, an angle bracket (<https://…>; rel="next"), a
// brace (a template's expression), or a closing quote: one followed by
// the end, white space or punctuation ("https://h/?token=x": …). Other
// quotes and backslashes may be part of a credential (%q writes \").
func endsText(s string, i int) bool {
	switch c := s[i]; c {
	case ' ', '<', '>', '{', '}':
		return true
	case '"', '\'', '`':
		if i+1 == len(s) {
			return true
		}
		switch n := s[i+1]; n {
		case ' ', ':', ',', ';', '.', ')', ']', '}', '>':
			return true
		default:
			return ascii.IsCtl(n)
		}
	default:
		return ascii.IsCtl(c)
	}
}

// redactEncoded masks a query value v that holds a percent-encoded URL,
// as it is and decoded (see redactDecoded); false when neither had
// something to mask.
func redactEncoded(v string, levels int, decoded bool) (string, bool) {
	plain := redactURL(v, 0, decoded)
	if r, ok := redactDecoded(plain, levels); ok {
		return r, true
	}
	return plain, plain != v
}

// redactDecoded masks what s holds once decoded (perhaps decoded again:
// levels in all), written encoded again; false when it had nothing to
// mask. (s was read as it is: redactURL masks a superset of that.)
func redactDecoded(s string, levels int) (string, bool) {
	if levels == 0 || strings.IndexByte(s, '%') < 0 {
		return s, false
	}
	d := unescape(s)
	r := redactURL(d, levels-1, true)
	if r == d {
		// Nothing in it as it reads: it may be encoded again.
		var ok bool
		if r, ok = redactDecoded(d, levels-1); !ok {
			return s, false
		}
	}
	return queryEscapeBut(r, RedactedValue), true
}

// unescape decodes the escapes of a query value, keeping a "%" that
// starts none as it is, so that one bad escape does not hide a URL after
// it, and a "+" as it is, so that it does not end a credential that
// holds one.
func unescape(v string) string {
	b := make([]byte, 0, len(v))
	for i := 0; i < len(v); i++ {
		switch c := v[i]; {
		case c == '%' && i+2 < len(v) && ascii.IsHex(v[i+1]) && ascii.IsHex(v[i+2]):
			b = append(b, unhex(v[i+1])<<4|unhex(v[i+2]))
			i += 2
		default:
			b = append(b, c)
		}
	}
	return string(b)
}

func unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c >= 'a':
		return c - 'a' + 10
	}
	return c - 'A' + 10
}

// queryEscapeBut is url.QueryEscape of s but for the occurrences of keep,
// written as they are.
func queryEscapeBut(s, keep string) string {
	parts := strings.Split(s, keep)
	for i, p := range parts {
		parts[i] = url.QueryEscape(p)
	}
	return strings.Join(parts, keep)
}

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
// parameter itself included). Values that cannot be converted print as
// RedactedValue.
func (o Options) Redacted() Options {
	out := Options{
		Method:        o.Method,
		BaseURL:       RedactRawURL(o.BaseURL),
		URL:           RedactURL(o.URL),
		Headers:       redactHeaders(o.Headers),
		RemoveHeaders: slices.Clone(o.RemoveHeaders),
		MediaType:     MediaType{Format: o.MediaType.Format, Previews: slices.Clone(o.MediaType.Previews)},
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

// redactHeaders returns a copy of h (nil for nil) with the values of
// sensitive headers masked, and the credentials of URLs in the others (a
// referer): a copy even when nothing is masked, so that a caller changing
// the copy it logs leaves h as it was.
func redactHeaders(h headers.Set) headers.Set {
	var out headers.Set
	for name, v := range h {
		masked := RedactedValue
		// A name that is not valid is never sent; it may be a sensitive
		// one misspelt ("authorization ").
		if !headers.IsSensitive(name) && headers.ValidateName(name) == nil {
			if masked = RedactURL(v); masked == v {
				continue
			}
		}
		if out == nil {
			out = h.Clone()
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

// view is r, redacted, as fmt prints it: a JSON body as its text, not as
// a list of bytes.
func (r RequestOptions) view() requestOptionsView {
	r = r.Redacted()
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
