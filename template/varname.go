package template

import "github.com/endpointkit/endpoint/internal/ascii"

// VarName returns name as a template can hold it: itself when it is a
// variable name (letters, digits and "_", joined by single "." or "-"),
// else with every other byte percent-encoded, as RFC 6570 allows
// ("include[]" is include%5B%5D). Expanded with ? or &, the encoded name
// is what a server reads as name; the template knows the variable by it.
func VarName(name string) string {
	if validVarName(name) {
		return name
	}
	return string(appendEscaped(make([]byte, 0, 3*len(name)), name, wordSet, false))
}

// wordSet is the bytes of a variable name that need no encoding.
var wordSet = makeCharset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_")

// validVarName reports whether name is a variable name without
// percent-encoding.
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
