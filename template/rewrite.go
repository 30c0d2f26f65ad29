package template

import (
	iroute "github.com/endpointkit/endpoint/internal/route"
	"strings"

	"github.com/endpointkit/endpoint/internal/ascii"
)

// :name rewriting, as @octokit/endpoint v6 does it (regexp /:([a-z]\w+)/g),
// but only in the path part of the template. The v6 rule applied to the
// whole string, which ate "repo:octokit" in query strings and the password
// in "user:pass@host".

// rewriteColonNames turns each :name in the path part of s into {name}: a
// colon, a lower-case ASCII letter, then one or more of [A-Za-z0-9_], taken
// greedily, where a hyphen between two of those continues the name (an
// extension, for GitHub's :enterprise-team). Text inside {...} expressions is never touched. It runs in linear
// time and returns s itself when nothing changes.
func rewriteColonNames(s string) string {
	start, end := iroute.PathBounds(s)
	var b []byte
	last := 0
	for i := start; i < end; {
		switch s[i] {
		case '{':
			j := strings.IndexByte(s[i:end], '}')
			if j < 0 { // cannot happen: the path ends at an unclosed "{"
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
