package template

import (
	"strings"

	"github.com/endpointkit/endpoint/internal/ascii"
)

// :name rewriting, as @octokit/endpoint v6 does it (regexp /:([a-z]\w+)/g),
// but only in the path part of the template. The v6 rule applied to the
// whole string, which ate "repo:octokit" in query strings and the password
// in "user:pass@host".

// PathBounds returns where the path part of the template s begins and
// ends, as :name rewriting and the path checks read it: after
// "scheme://authority" when s begins with one, and up to the first "?" or
// "#" outside an expression, a {?…}, {&…} or {#…} expression, or an
// unclosed "{". s[start:end] of "https://h/api/{x}{?q}" is "/api/{x}".
func PathBounds(s string) (start, end int) {
	start = pathStart(s)
	return start, pathEnd(s, start)
}

// pathStart returns where the path part of s begins: 0, or, when s begins
// with "scheme://", the end of the authority (the first "/", "?" or "#"
// after it, or len(s)).
func pathStart(s string) int {
	if len(s) == 0 || !ascii.IsAlpha(s[0]) {
		return 0
	}
	i := 1
	for i < len(s) && ascii.IsSchemeChar(s[i]) {
		i++
	}
	if !strings.HasPrefix(s[i:], "://") {
		return 0
	}
	i += 3
	if j := strings.IndexAny(s[i:], "/?#"); j >= 0 {
		return i + j
	}
	return len(s)
}

// pathEnd returns where the path part that starts at start ends: at the first
// "?" or "#" outside an expression, at a {?...}, {&...} or {#...} expression,
// or at an unclosed "{".
func pathEnd(s string, start int) int {
	for i := start; i < len(s); {
		switch s[i] {
		case '?', '#':
			return i
		case '{':
			if i+1 < len(s) && (s[i+1] == '?' || s[i+1] == '&' || s[i+1] == '#') {
				return i
			}
			j := strings.IndexByte(s[i+1:], '}')
			if j < 0 {
				return i
			}
			i += j + 2
		default:
			i++
		}
	}
	return len(s)
}

// rewriteColonNames turns each :name in the path part of s into {name}: a
// colon, a lower-case ASCII letter, then one or more of [A-Za-z0-9_], taken
// greedily, where a hyphen between two of those continues the name (an
// extension, for GitHub's :enterprise-team). Text inside {...} expressions is never touched. It runs in linear
// time and returns s itself when nothing changes.
func rewriteColonNames(s string) string {
	start := pathStart(s)
	end := pathEnd(s, start)
	var b []byte
	last := 0
	for i := start; i < end; {
		switch s[i] {
		case '{':
			j := strings.IndexByte(s[i:end], '}')
			if j < 0 { // cannot happen: pathEnd stops at an unclosed "{"
				i = end
				continue
			}
			i += j + 1
		case ':':
			if i+2 < end && ascii.IsLower(s[i+1]) && ascii.IsWord(s[i+2]) {
				j := i + 3
				for j < end && (ascii.IsWord(s[j]) || s[j] == '-' && j+1 < end && ascii.IsWord(s[j+1])) {
					j++
				}
				if b == nil {
					b = make([]byte, 0, len(s)+8)
				}
				b = append(b, s[last:i]...)
				b = append(b, '{')
				b = append(b, s[i+1:j]...)
				b = append(b, '}')
				last, i = j, j
				continue
			}
			i++
		default:
			i++
		}
	}
	if b == nil {
		return s
	}
	return string(append(b, s[last:]...))
}
