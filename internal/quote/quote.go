// Package quote shortens the inputs error messages repeat, so that a
// megabyte template or URL does not flood a log line. The error types
// keep the whole input in their fields.
package quote

import "unicode/utf8"

// Cut returns s when it is at most max bytes long, and otherwise its
// first max bytes or fewer, cut on a UTF-8 boundary, followed by "…".
func Cut(s string, max int) string {
	if len(s) <= max {
		return s
	}
	cut := max
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}
