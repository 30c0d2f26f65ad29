package template

import (
	"strings"

	"github.com/endpointkit/endpoint/internal/ascii"
	iroute "github.com/endpointkit/endpoint/internal/route"
)

// rewriteColonNames turns each :name (see the package documentation) in
// the path part of s, outside expressions, into {name}; s itself when none.
func rewriteColonNames(s string) string {
	start, end := iroute.PathBounds(s)
	var b []byte
	last := 0
	for i := start; i < end; i++ {
		switch {
		case s[i] == '{':
			i += max(strings.IndexByte(s[i:end], '}'), 0) // to its "}"; the path ends at an unclosed "{"
		case s[i] == ':' && i+2 < end && ascii.IsLower(s[i+1]) && ascii.IsWord(s[i+2]):
			j := i + 3
			for j < end && (ascii.IsWord(s[j]) || s[j] == '-' && j+1 < end && ascii.IsWord(s[j+1])) {
				j++
			}
			b = append(append(b, s[last:i]...), '{')
			b = append(append(b, s[i+1:j]...), '}')
			last, i = j, j-1
		}
	}
	if b == nil {
		return s
	}
	return string(append(b, s[last:]...))
}
