// Package userinfo finds the user information of a URL as someone wrote
// it, valid or not, so that an error can quote the URL without it. It is
// the one place that rule is written: builder's errors, RedactURL and
// RedactRawURL, the template package's errors and the Enterprise helpers
// all read it.
//
// A password is whatever its owner typed: "pa ss", "p<w", "pa/ss" and
// "a?b#c" are passwords too, written unencoded. net/url refuses the
// first two, and reads "https://u:pa/ss@h/x" as host "u" and port "pa"
// with no user information at all; a rule that ends the user information
// where net/url ends an authority (the first "/", "?" or "#") or where
// text ends a word (a space, "<") shows such a password. So here the user
// information runs from the start of the first authority to the last "@"
// of the text, whatever lies between. For a URL whose path or query
// holds an "@" ("/logo@2x.png", "?q=a@b") that masks more than the user
// information: the error shows less of the URL, never a password.
package userinfo

import (
	"errors"
	"strings"

	"github.com/endpointkit/endpoint/internal/ascii"
)

// Redacted stands in for user information (builder.RedactedValue).
const Redacted = "[REDACTED]"

// Redact returns s with its user information (see Bounds) replaced by
// Redacted, or s itself when it has none.
func Redact(s string, bare bool) string {
	start, at := Bounds(s, bare)
	if at < 0 {
		return s
	}
	return s[:start] + Redacted + s[at:]
}

// ErrInvalid is why a parser refuses a URL when it reads the rest of it
// with the user information replaced (see Cause).
var ErrInvalid = errors.New("invalid user information (percent-encode it)")

// Cause returns err, parse's error for s, said without a piece of s's
// user information: a parser's message may quote part of s ("invalid
// port \":pa\"" from net/url for "https://u:pa/ss@h/x", "invalid URL
// escape \"%zz\""), and that part may be part of a password. When s has
// user information (see Bounds), it is parse's error for s with that
// replaced by a plain name, or ErrInvalid when parse accepts that.
func Cause(s string, err error, parse func(string) error) error {
	start, at := Bounds(s, false)
	if at < 0 {
		return err
	}
	if err = parse(s[:start] + "user" + s[at:]); err == nil {
		return ErrInvalid
	}
	return err
}

// Bounds returns where the user information of s starts and the index of
// the "@" that ends it, the last "@" of s; (-1, -1) when s has none. It
// starts at s's first authority (see Authority). With bare, s is one
// host or URL as given, which may lack its scheme ("user:pass@host/api",
// as a git remote or a credential helper writes one): unless s starts
// with a path ("/api") or with a scheme and authority ("https://",
// "//"), its user information starts at its start.
func Bounds(s string, bare bool) (start, at int) {
	start = Authority(s)
	if bare && s != "" && s[0] != '/' && !Leads(s, start) {
		start = 0
	}
	if start < 0 {
		return -1, -1
	}
	at = strings.LastIndexByte(s[start:], '@')
	if at < 0 {
		return -1, -1
	}
	return start, start + at
}

// Authority returns the index where the first authority of s starts, -1
// when s has none: after the slashes or backslashes of the first run of
// two or more that starts one (see StartsAuthority: "https://h",
// "GET //h", not "/a//b"), or after the colon, and any slashes or
// backslashes, of a web scheme (see WebScheme: "https:h", "https:\\h"),
// which a browser reads as an authority too.
func Authority(s string) int {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case isSlash(c) && i+1 < len(s) && isSlash(s[i+1]) && StartsAuthority(s, i, false):
			return skipSlashes(s, i)
		case c == ':' && WebScheme(s, i):
			return skipSlashes(s, i+1)
		}
	}
	return -1
}

// Leads reports whether s starts with the authority that starts at start
// (see Authority): what comes before it is slashes alone ("//h"), or a
// scheme, its colon and any slashes or backslashes ("https://h",
// "https:h"). Such an s is one URL, not text holding one.
func Leads(s string, start int) bool {
	if start <= 0 {
		return false
	}
	lead := strings.TrimRight(s[:start], `/\`)
	if lead == "" {
		return true
	}
	scheme, ok := strings.CutSuffix(lead, ":")
	if !ok || scheme == "" || !ascii.IsAlpha(scheme[0]) {
		return false
	}
	for i := 1; i < len(scheme); i++ {
		if !ascii.IsSchemeChar(scheme[i]) {
			return false
		}
	}
	return true
}

// StartsAuthority reports whether the two slashes (or backslashes) at
// s[i] start an authority: at the start of s, after a scheme's colon, or
// after a byte that may come before a URL in text (a quote, "<", "(",
// "[", ",", "=" and, unless s is a decoded query value, where they are
// data, white space or a control byte). After anything else, a letter or
// a slash, they are part of a path ("/a//b").
func StartsAuthority(s string, i int, decoded bool) bool {
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

// WebScheme reports whether the ":" at s[i] ends a web scheme: http,
// https, ws, wss or ftp, in any case, and not the end of a longer word
// ("xhttps:"). A browser reads what follows it as an authority whatever
// slashes or backslashes come between, none included ("https:u:p@h").
func WebScheme(s string, i int) bool {
	j := i - 1
	for j >= 0 && i-j <= len("https") && ascii.IsAlpha(s[j]) {
		j--
	}
	if j >= 0 && ascii.IsSchemeChar(s[j]) {
		return false // a longer scheme or word: "xhttps:"
	}
	switch w := s[j+1 : i]; {
	case strings.EqualFold(w, "http"), strings.EqualFold(w, "https"), strings.EqualFold(w, "ws"),
		strings.EqualFold(w, "wss"), strings.EqualFold(w, "ftp"):
		return true
	}
	return false
}

func isSlash(c byte) bool { return c == '/' || c == '\\' }

// skipSlashes returns the index of the first byte from i that is not a
// slash or a backslash.
func skipSlashes(s string, i int) int {
	for i < len(s) && isSlash(s[i]) {
		i++
	}
	return i
}
