// Package userinfo finds the user information of a URL as someone wrote it,
// valid or not, so that errors and logs can quote the URL without it. Since
// a password is whatever its owner typed, it runs from the first authority
// to the last "@" of the text (see [Bounds]).
package userinfo

import (
	"errors"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/endpointkit/endpoint/internal/ascii"
)

// Redacted stands in for user information (builder.RedactedValue).
const Redacted = "[REDACTED]"

// Redact returns s with its user information (see [Bounds]) replaced by
// Redacted, or s itself when it has none.
func Redact(s string, bare bool) string {
	start, at := Bounds(s, bare)
	if at < 0 {
		return s
	}
	return s[:start] + Redacted + s[at:]
}

// ErrInvalid is the error of a URL that a parser accepts once its user
// information is replaced (see [Cause]).
var ErrInvalid = errors.New("invalid user information (percent-encode it)")

// Cause returns parse's error for s with its user information replaced, or
// ErrInvalid when parse accepts that, since a parser's message may quote
// part of a password (`invalid port ":pa"` for "https://u:pa/ss@h/x").
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

// Bounds returns where the user information of s starts, at its first
// [Authority], and the index of the last "@" of s, or (-1, -1): passwords
// such as "pa ss" and "pa/ss" are typed unencoded, and an "@" in a path
// only masks more. With bare, s is one host or URL as given
// ("user:pass@host"), whose user information starts at its start unless it
// starts with a path or a scheme and authority.
func Bounds(s string, bare bool) (start, at int) {
	start = Authority(s)
	if bare && s != "" && s[0] != '/' && !Leads(s, start) {
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

// Authority returns the index where the first authority of s starts, or -1:
// after slashes or backslashes that start one (see [StartsAuthority]), or
// after a web scheme's colon and slashes ("https:h", as browsers read it).
func Authority(s string) int {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case isSlash(c) && i+1 < len(s) && isSlash(s[i+1]) && StartsAuthority(s, i, false):
			return SkipSlashes(s, i)
		case c == ':' && WebScheme(s, i):
			return SkipSlashes(s, i+1)
		}
	}
	return -1
}

// Leads reports whether only slashes ("//h") or a scheme, its colon and
// slashes ("https:h") precede the authority at start: s is one URL, not
// text holding one.
func Leads(s string, start int) bool {
	if start <= 0 {
		return false
	}
	lead := strings.TrimRight(s[:start], `/\`)
	if lead == "" {
		return true
	}
	scheme, ok := strings.CutSuffix(lead, ":")
	return ok && scheme != "" && ascii.IsAlpha(scheme[0]) &&
		strings.IndexFunc(scheme, func(r rune) bool { return r >= utf8.RuneSelf || !ascii.IsSchemeChar(byte(r)) }) < 0
}

// StartsAuthority reports whether the two slashes (or backslashes) at s[i]
// start an authority rather than sit in a path ("/a//b"): at the start of
// s, after a colon, or after what may precede a URL in text (a quote, "<",
// "(", "[", ",", "=", and white space or control bytes but in a decoded
// query value, where they are data).
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

// WebScheme reports whether the ":" at s[i] ends http, https, ws, wss or
// ftp (any case, not a longer word's end), after which browsers read an
// authority whatever slashes come between, none included ("https:u:p@h").
func WebScheme(s string, i int) bool {
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

// SkipSlashes returns the index of the first byte from s[i] on that is no
// slash or backslash, or len(s).
func SkipSlashes(s string, i int) int { return len(s) - len(strings.TrimLeft(s[i:], `/\`)) }
