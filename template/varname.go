package template

import (
	"strings"

	"github.com/endpointkit/endpoint/internal/ascii"
)

// VarName returns name as a template can hold it: name itself when it is a
// variable name (letters, digits and "_", joined by single "." or "-"),
// else name with every other byte percent-encoded, as RFC 6570 lets a
// variable name be ("include[]" is include%5B%5D, "$filter" %24filter).
// Expanded with ? or &, the encoded name is what a server reads as name.
// The template looks variables up by the name as written, so a caller
// looks the encoded one up.
func VarName(name string) string {
	if validVarName(name) {
		return name
	}
	var b strings.Builder
	b.Grow(3 * len(name))
	for i := 0; i < len(name); i++ {
		if c := name[i]; ascii.IsWord(c) {
			b.WriteByte(c)
		} else {
			b.WriteByte('%')
			b.WriteByte("0123456789ABCDEF"[c>>4])
			b.WriteByte("0123456789ABCDEF"[c&15])
		}
	}
	return b.String()
}

// validVarName reports whether name is a variable name as compile reads
// one, without percent-encoding.
func validVarName(name string) bool {
	if name == "" {
		return false
	}
	for i := 0; i < len(name); i++ {
		switch c := name[i]; {
		case ascii.IsWord(c):
		case c == '.' || c == '-':
			if i == 0 || i == len(name)-1 || name[i-1] == '.' || name[i-1] == '-' {
				return false
			}
		default:
			return false
		}
	}
	return true
}
