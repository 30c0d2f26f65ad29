package template

import "strings"

// VarName returns name as a template can hold it: itself when it is a
// variable name (letters, digits and "_", joined by single "." or "-"),
// else with every other byte percent-encoded, as RFC 6570 allows
// ("include[]" is include%5B%5D), which is what a server reads from {?…}.
func VarName(name string) string {
	if end, err := scanVarName(name, 0); err == nil && end == len(name) && strings.IndexByte(name, '%') < 0 {
		return name
	}
	return string(appendEscaped(make([]byte, 0, 3*len(name)), name, wordSet, false))
}

// wordSet is the bytes of a variable name that need no encoding.
var wordSet = makeCharset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_")
