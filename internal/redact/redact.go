// Package redact masks the credentials in a URL's text (user information,
// sensitive query and fragment values), so that errors and logs can quote
// it: one rule for all messages. A password being whatever its owner typed,
// user information runs to the last "@" of a URL as given ([Userinfo]) or of
// each authority in text ([URL]).
package redact

import (
	"errors"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/endpointkit/endpoint/internal/ascii"
)

// Redacted stands in for a credential (builder.RedactedValue).
const Redacted = "[REDACTED]"

// Names are the parameter and query names, in any case, whose values are
// credentials (builder.SensitiveParams).
var Names = [...]string{"access_token", "client_secret", "refresh_token", "token", "password", "private_key"}

// IsSensitive reports whether a parameter or member of this name carries a
// credential: one of Names, also as any key of a bracketed name
// (user[password], token[], user[token][]). It is builder.IsSensitiveParam.
func IsSensitive(name string) bool {
	base, keys, open := strings.Cut(name, "[")
	keys, closed := strings.CutSuffix(keys, "]")
	return isSensitiveName(name) || open && closed &&
		(isSensitiveName(base) || slices.ContainsFunc(strings.Split(keys, "]["), isSensitiveName))
}

func isSensitiveName(name string) bool {
	return slices.ContainsFunc(Names[:], func(s string) bool { return strings.EqualFold(name, s) })
}

// UniqueKey is masked, or "masked (2)" … when taken has it: two names that
// mask alike stay two keys.
func UniqueKey[V any](taken map[string]V, masked string) string {
	k := masked
	for n := 2; ; n++ {
		if _, ok := taken[k]; !ok {
			return k
		}
		k = masked + " (" + strconv.Itoa(n) + ")"
	}
}

// URL is builder.RedactURL; it returns s itself when there is nothing to
// mask, and runs only when an error's or a log's text is made.
func URL(s string) string { return redactURL(redactAlone(s), maxDecode, false) }

// redactAlone masks the user information of s when s is one URL alone: as
// net/url reads it when s starts with "//" or a scheme and "//" and net/url
// parses s, else up to the last "@" of s. Text is left to redactURL.
func redactAlone(s string) string {
	start, at := bounds(s, false)
	if at < 0 || !leads(s, start) {
		return s
	}
	if lead := strings.TrimRight(s[:start], `/\`); s[len(lead):start] == "//" {
		if u, err := url.Parse(s); err == nil {
			if u.User == nil {
				return s
			}
			end := len(s) // of the authority net/url reads, which holds an "@"
			if i := strings.IndexAny(s[start:], "/?#"); i >= 0 {
				end = start + i
			}
			at = strings.LastIndexByte(s[:end], '@')
		}
	}
	return s[:start] + Redacted + s[at:]
}

// RawURL is builder.RedactRawURL: URL for one URL, host or template as a
// caller gave it, perhaps malformed, whose user information runs to the
// last "@" of s (see [Userinfo]).
func RawURL(s string) string { return URL(Userinfo(s, true)) }

// maxDecode is how many times over URL decodes a query value for a URL it
// may hold (?redirect_uri=https%3A%2F%2Fu%3Ap%40h, perhaps encoded again);
// the bound keeps the work linear in s.
const maxDecode = 3

// redactURL is URL, decoding a query value up to levels times. decoded says
// s is such a value, decoded, not text: white space, braces and angle
// brackets in it are data. User information is masked first, over the
// whole text, so that a password holding "&" stays one inside a query value.
func redactURL(s string, levels int, decoded bool) string {
	return redactQuery(redactUserinfo(s, decoded), levels, decoded)
}

// redactUserinfo masks the user information of every authority in s: after
// a "//" that starts one, after a web scheme whatever its slashes, or after
// an encoded "://" ("%3A%2F%2F"), up to the authority's last "@" (or "%40").
func redactUserinfo(s string, decoded bool) string {
	out := splice{s: s}
	// An authority scanned to its end (noAt) without an "@" holds none
	// after any of its bytes either: "http:http:…" is not scanned from
	// each colon, which would be quadratic.
	noAt := 0
	for i := 0; i < len(s); i++ {
		var start, at int
		switch {
		case s[i] == '/' && i+1 < len(s) && s[i+1] == '/' && startsAuthority(s, i, decoded):
			start = i + 2
			at, _ = lastAt(s, start, decoded, false)
		case s[i] == ':' && webScheme(s, i):
			// Browsers read an authority after a web scheme whatever its
			// slashes ("https:u:p@h", "https:\\h"); "//" is the case above.
			if start = skipSlashes(s, i+1); start < noAt || s[i+1:start] == "//" {
				continue
			}
			var end int
			if at, end = lastAt(s, start, decoded, false); at < 0 {
				noAt = end
			}
		case s[i] == '%' && ascii.HasPrefixFold(s[i:], "%3A%2F%2F"):
			start = i + len("%3A%2F%2F")
			at, _ = lastAt(s, start, decoded, true)
		default:
			continue
		}
		// Read on after the user information, or from its start: the rest
		// may hold a query ("//&token=x") or another URL.
		i = start - 1
		if at >= 0 {
			out.put(start, start+at, Redacted)
			i = start + at
		}
	}
	return out.String()
}

// redactQuery masks the sensitive values of the queries and fragments in s.
func redactQuery(s string, levels int, decoded bool) string {
	q := query{s: s, levels: levels, decoded: decoded, out: splice{s: s}, runPct: -1}
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '%' && levels > 0 && ascii.HasPrefixFold(s[i:], "%3A%2F%2F"):
			// A URL encoded in a path segment (/proxy/https%3A%2F%2Fh%2F%3Ftoken%3Dx), read decoded.
			end := until(s, i, func(j int) bool { return s[j] == '/' || s[j] == '?' || endsValue(s, j, decoded) })
			q.out.put(i, end, redactEncoded(s[i:end], levels, decoded))
			i = end - 1
		case c == '?' || c == '&' || c == '#' || c == ';': // OAuth's implicit grant puts access_token in the fragment
			i = q.param(i)
		}
	}
	return q.out.String()
}

// query is the state of redactQuery's scan.
type query struct {
	s       string
	levels  int
	decoded bool
	out     splice
	// The value run last scanned ends at runEnd, its last "%" at runPct
	// (its start less one for none).
	runEnd, runPct int
}

// param masks the value of the parameter after the "?", "&", "#" or ";" at
// s[i] when it is a credential or holds an encoded URL (and such a URL
// written as its name), and returns where the scan reads on.
func (q *query) param(i int) int {
	s, decoded := q.s, q.decoded
	eq := until(s, i+1, func(j int) bool { return strings.IndexByte("=?;", s[j]) >= 0 || endsValue(s, j, decoded) })
	if eq == len(s) || s[eq] != '=' {
		return i
	}
	name := s[i+1 : eq]
	if strings.Contains(name, "//") {
		return i // not a name: a URL ("?https://u:p@h/a=b"), read on
	}
	if n, err := url.QueryUnescape(name); err == nil {
		if q.levels > 0 && strings.Contains(n, "//") { // an encoded URL (?https%3A%2F%2Fu%3Ap%40h=1)
			q.out.put(i+1, eq, redactEncoded(name, q.levels, decoded))
		}
		name = n
	}
	// A value runs to the first byte that ends one, so that a value inside
	// another (?next=https://h/?token=x) ends where the outer one does and
	// each run is scanned once.
	if eq+1 >= q.runEnd {
		q.runEnd = until(s, eq+1, func(j int) bool { return endsValue(s, j, decoded) })
		q.runPct = eq + 1 + strings.LastIndexByte(s[eq+1:q.runEnd], '%')
	}
	end := q.runEnd
	v := s[eq+1 : end]
	switch {
	case IsSensitive(name) && v != "": // "" also for a template ({token}), as "{" ends a value
		q.out.put(eq+1, end, Redacted)
	case q.levels > 0 && q.runPct > eq:
		// Read as it is and decoded, here and only here (reading it again
		// would be quadratic: ?a=%?a=%…).
		q.out.put(eq+1, end, redactEncoded(v, q.levels, decoded))
	default:
		return eq // read on inside the value, for a URL in it (?next=https://u:p@h/)
	}
	return end - 1
}

// splice is s with ranges replaced, in order.
type splice struct {
	s    string
	b    strings.Builder
	last int // s[:last] is written to b; 0 while nothing is replaced
}

// put replaces s[from:to] with text, which may be the same text.
func (p *splice) put(from, to int, text string) {
	if text == p.s[from:to] {
		return
	}
	p.b.WriteString(p.s[p.last:from])
	p.b.WriteString(text)
	p.last = to
}

// String returns the result, s itself when nothing was replaced.
func (p *splice) String() string {
	if p.last == 0 {
		return p.s
	}
	p.b.WriteString(p.s[p.last:])
	return p.b.String()
}

// lastAt returns the index, from start, of the last "@" (of "%40" in an
// encoded authority, which an encoded "/", "?" or "#" ends too) of the
// authority that starts at s[start] (-1 for none), and where it ends.
func lastAt(s string, start int, decoded, encoded bool) (at, end int) {
	end = until(s, start, func(j int) bool {
		switch s[j] {
		case '/', '?', '#':
			return true
		case '{', '}': // a route's ":name" written "{name}"; "&" may be part of a password
			return false
		case '%':
			return encoded && (ascii.HasPrefixFold(s[j:], "%2F") || ascii.HasPrefixFold(s[j:], "%3F") || strings.HasPrefix(s[j:], "%23"))
		}
		return !decoded && endsText(s, j)
	})
	if encoded {
		return strings.LastIndex(s[start:end], "%40"), end
	}
	return strings.LastIndexByte(s[start:end], '@'), end
}

// until returns the index of the first byte from s[i] on at which stop
// reports true, or len(s).
func until(s string, i int, stop func(j int) bool) int {
	for i < len(s) && !stop(i) {
		i++
	}
	return i
}

// endsValue reports whether s[i] ends a query value.
func endsValue(s string, i int, decoded bool) bool {
	c := s[i]
	return c == '&' || c == '#' || !decoded && endsText(s, i)
}

// endsText reports whether s[i] cannot be part of a URL in text: white
// space, a control byte, an angle bracket (<https://…>; rel="next"), a
// brace (a template's expression), or a quote followed by the end, white
// space or punctuation. Other quotes and backslashes may be part of a
// credential (%q writes \").
func endsText(s string, i int) bool {
	switch c := s[i]; c {
	case ' ', '<', '>', '{', '}':
		return true
	case '"', '\'', '`':
		return i+1 == len(s) || strings.IndexByte(" :,;.)]}>", s[i+1]) >= 0 || ascii.IsCtl(s[i+1])
	}
	return ascii.IsCtl(s[i])
}

// redactEncoded masks a value v holding a percent-encoded URL, as it is and
// decoded.
func redactEncoded(v string, levels int, decoded bool) string {
	return redactDecoded(redactURL(v, 0, decoded), levels)
}

// redactDecoded masks what s holds once decoded (up to levels times),
// written encoded again; s itself when it had nothing to mask.
func redactDecoded(s string, levels int) string {
	if levels == 0 || strings.IndexByte(s, '%') < 0 {
		return s
	}
	d := unescape(s)
	r := redactURL(d, levels-1, true)
	if r == d {
		// Nothing in it as it reads: it may be encoded again.
		if r = redactDecoded(d, levels-1); r == d {
			return s
		}
	}
	// Encoded again but for the masks.
	parts := strings.Split(r, Redacted)
	for i, p := range parts {
		parts[i] = url.QueryEscape(p)
	}
	return strings.Join(parts, Redacted)
}

// unescape decodes the escapes of a query value, keeping a "%" that starts
// none, so that a bad escape does not hide a URL after it, and a "+", so
// that it does not end a credential holding one.
func unescape(v string) string {
	b := make([]byte, 0, len(v))
	for i := 0; i < len(v); i++ {
		c := v[i]
		if c == '%' && i+2 < len(v) && ascii.IsHex(v[i+1]) && ascii.IsHex(v[i+2]) {
			n, _ := strconv.ParseUint(v[i+1:i+3], 16, 8) // two hex digits
			c = byte(n)
			i += 2
		}
		b = append(b, c)
	}
	return string(b)
}

// Userinfo returns s with its user information (see bounds) replaced by
// Redacted, or s itself when it has none.
func Userinfo(s string, bare bool) string {
	start, at := bounds(s, bare)
	if at < 0 {
		return s
	}
	return s[:start] + Redacted + s[at:]
}

// ErrUserinfo is the error of a URL that a parser accepts once its user
// information is replaced (see [Cause]).
var ErrUserinfo = errors.New("invalid user information (percent-encode it)")

// Cause says why parse refused s (its error err) without quoting s: parse's
// error for s with its user information replaced, or ErrUserinfo when parse
// accepts that, since a parser's message may quote part of a password
// (`invalid port ":pa"` for "https://u:pa/ss@h/x"); of a *url.Error, its Err.
func Cause(s string, err error, parse func(string) error) error {
	if start, at := bounds(s, false); at >= 0 {
		if err = parse(s[:start] + "user" + s[at:]); err == nil {
			return ErrUserinfo
		}
	}
	if ue, ok := err.(*url.Error); ok {
		return ue.Err
	}
	return err
}

// bounds returns where the user information of s starts, at its first
// authority, and the index of the last "@" of s, or (-1, -1): passwords
// such as "pa ss" and "pa/ss" are typed unencoded, and an "@" in a path
// only masks more. With bare, s is one host or URL as given
// ("user:pass@host"), whose user information starts at its start unless it
// starts with a path or a scheme and authority.
func bounds(s string, bare bool) (start, at int) {
	start = authority(s)
	if bare && s != "" && s[0] != '/' && !leads(s, start) {
		start = 0
	}
	if start < 0 {
		return -1, -1
	}
	if at = strings.LastIndexByte(s[start:], '@'); at >= 0 {
		return start, start + at
	}
	return -1, -1
}

// authority returns the index where the first authority of s starts, or -1:
// after slashes or backslashes that start one (see startsAuthority), or
// after a web scheme's colon and slashes ("https:h", as browsers read it).
func authority(s string) int {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case isSlash(c) && i+1 < len(s) && isSlash(s[i+1]) && startsAuthority(s, i, false):
			return skipSlashes(s, i)
		case c == ':' && webScheme(s, i):
			return skipSlashes(s, i+1)
		}
	}
	return -1
}

// leads reports whether only slashes ("//h") or a scheme, its colon and
// slashes ("https:h") precede the authority at start: s is one URL, not
// text holding one.
func leads(s string, start int) bool {
	if start <= 0 {
		return false
	}
	lead := strings.TrimRight(s[:start], `/\`)
	if lead == "" {
		return true
	}
	scheme, ok := strings.CutSuffix(lead, ":")
	return ok && ascii.IsScheme(scheme)
}

// startsAuthority reports whether the two slashes (or backslashes) at s[i]
// start an authority rather than sit in a path ("/a//b"): at the start of
// s, after a colon, or after what may precede a URL in text (a quote, "<",
// "(", "[", ",", "=", and white space or control bytes but in a decoded
// query value, where they are data).
func startsAuthority(s string, i int, decoded bool) bool {
	if i == 0 {
		return true
	}
	switch c := s[i-1]; c {
	case ':', '=', '"', '\'', '`', '<', '(', '[', ',':
		return true
	default:
		return !decoded && (c == ' ' || ascii.IsCtl(c))
	}
}

// webScheme reports whether the ":" at s[i] ends http, https, ws, wss or
// ftp (any case, not a longer word's end), after which browsers read an
// authority whatever slashes come between, none included ("https:u:p@h").
func webScheme(s string, i int) bool {
	j := i - 1
	for j >= 0 && i-j <= len("https") && ascii.IsAlpha(s[j]) {
		j--
	}
	if j >= 0 && ascii.IsSchemeChar(s[j]) {
		return false
	}
	return slices.ContainsFunc([]string{"http", "https", "ws", "wss", "ftp"}, func(w string) bool { return ascii.EqualFold(s[j+1:i], w) })
}

func isSlash(c byte) bool { return c == '/' || c == '\\' }

// skipSlashes returns the index of the first byte from s[i] on that is no
// slash or backslash, or len(s).
func skipSlashes(s string, i int) int { return len(s) - len(strings.TrimLeft(s[i:], `/\`)) }
