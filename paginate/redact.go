package paginate

import (
	"net/url"
	"strings"
)

// redacted stands in for a credential in error text. Same word as
// builder.RedactedValue; this package keeps its own copy so that it needs
// only the standard library.
const redacted = "[REDACTED]"

// isSensitive reports whether a query or fragment parameter of this name
// (any case, percent-decoded) carries a credential. Same list as
// builder.IsSensitiveParam.
func isSensitive(name string) bool {
	if strings.ContainsAny(name, "%+") {
		if n, err := url.QueryUnescape(name); err == nil {
			name = n
		}
	}
	for _, s := range [...]string{"access_token", "client_secret", "refresh_token", "token"} {
		if strings.EqualFold(name, s) {
			return true
		}
	}
	return false
}

// redact masks credentials in s, a URL or any text holding URLs: the user
// information of an authority ("https://user:pass@host") and the value of
// every sensitive parameter after "?", "&" or "#" (OAuth's implicit grant
// puts access_token in the fragment). It returns s itself when nothing is
// masked.
func redact(s string) string {
	var b strings.Builder
	last := 0 // s[:last] has been copied to b
	mask := func(from, to int) {
		b.WriteString(s[last:from])
		b.WriteString(redacted)
		last = to
	}
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ':':
			if !strings.HasPrefix(s[i:], "://") {
				continue
			}
			start := i + 3
			end := start
			for end < len(s) && s[end] != '/' && s[end] != '?' && !endsValue(s[end]) {
				end++
			}
			if at := strings.LastIndexByte(s[start:end], '@'); at > 0 {
				mask(start, start+at)
			}
			i = end - 1
		case '?', '&', '#':
			eq := i + 1
			for eq < len(s) && s[eq] != '=' && s[eq] != '?' && !endsValue(s[eq]) {
				eq++
			}
			if eq == len(s) || s[eq] != '=' {
				continue
			}
			end := eq + 1
			for end < len(s) && !endsValue(s[end]) {
				end++
			}
			if end > eq+1 && isSensitive(s[i+1:eq]) {
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

// endsValue reports whether c ends a parameter value or an authority as
// redact reads them: a separator, white space, a control byte, a quote or
// an angle bracket (Link headers wrap URLs in "<" and ">").
func endsValue(c byte) bool {
	switch c {
	case '&', '#', '"', '\'', '`', '\\', '<', '>', 0x7f:
		return true
	}
	return c <= ' '
}
