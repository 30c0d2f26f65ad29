// Package redact masks the credentials a URL's text carries, its user
// information and the values of its sensitive query and fragment
// parameters, so that an error or a log line can quote the text. It is
// the one place that rule is written: builder's RedactURL, RedactRawURL
// and Redacted methods, and the template package's errors, all read it
// (template cannot import builder).
package redact

import (
	"net/url"
	"strings"

	"github.com/endpointkit/endpoint/internal/ascii"
	"github.com/endpointkit/endpoint/internal/userinfo"
)

// Names are the parameter and query names, compared without regard to
// case, whose values are credentials (builder.SensitiveParams).
var Names = [...]string{"access_token", "client_secret", "refresh_token", "token", "password", "private_key"}

// IsSensitive reports whether a parameter or member of this name (any
// case) carries a credential: one of Names, also as any key of a
// bracketed name (user[password], token[], token[0], user[token][]). It
// is builder.IsSensitiveParam.
func IsSensitive(name string) bool {
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

// isSensitiveName reports whether name is one of Names, in any case.
func isSensitiveName(name string) bool {
	for _, s := range Names {
		if strings.EqualFold(name, s) {
			return true
		}
	}
	return false
}

// URL returns s with the user information of its URLs and the values of
// its sensitive query and fragment parameters replaced by
// userinfo.Redacted, and s itself when there is nothing to mask: it is
// builder.RedactURL, whose documentation says what is masked and why.
// Callers run it when they make an error's or a log's text, never on a
// path that succeeds.
func URL(s string) string { return redactURL(redactAlone(s), maxDecode, false) }

// redactAlone masks the user information of s when s is one URL alone
// (see URL): as net/url reads it when s has a scheme and "//", or
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
	return s[:start] + userinfo.Redacted + s[at:]
}

// RawURL is URL for s that is one URL, base URL, host or template as a
// caller gave it, perhaps malformed or without its scheme: its user
// information runs from the start of its authority, or of s, to the last
// "@" of s (see userinfo.Redact), since a password typed unencoded may
// hold any byte. It is builder.RedactRawURL.
func RawURL(s string) string { return URL(userinfo.Redact(s, true)) }

// maxDecode is how many times over URL decodes a query value, for a
// URL it may hold (?redirect_uri=https%3A%2F%2Fu%3Ap%40h, or that URL
// encoded again as the value of another URL's query). A bound keeps the
// work linear in s.
const maxDecode = 3

// redactURL is URL, decoding a percent-encoded query value up to
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
		case s[i] == '%' && ascii.HasPrefixFold(s[i:], "%3A%2F%2F"):
			start = i + len("%3A%2F%2F")
			end := start
			for end < len(s) && !endsAuthority(s, end, decoded) && !ascii.HasPrefixFold(s[end:], "%2F") &&
				!ascii.HasPrefixFold(s[end:], "%3F") && !ascii.HasPrefixFold(s[end:], "%23") {
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
			b.WriteString(userinfo.Redacted)
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
		case c == '%' && levels > 0 && ascii.HasPrefixFold(s[i:], "%3A%2F%2F"):
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
			case IsSensitive(name) && v != "": // "" also for a template ({token}), as "{" ends a value
				put(eq+1, end, userinfo.Redacted)
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
	return queryEscapeBut(r, userinfo.Redacted), true
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
