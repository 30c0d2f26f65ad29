package media

import "github.com/endpointkit/endpoint/internal/ascii"

// octetStream disables every rewrite when it appears anywhere in the accept
// header, in any case: a binary download must keep asking for bytes.
const octetStream = "application/octet-stream"

// hasOctetStream reports whether s contains "application/octet-stream",
// ignoring ASCII case (JavaScript's /…/i without the u flag folds only ASCII
// here). The pattern is a fixed 24 bytes, so even this naive scan does at
// most 24 comparisons per byte: linear in len(s).
func hasOctetStream(s string) bool {
	for i := 0; i+len(octetStream) <= len(s); i++ {
		if ascii.ToLower(s[i]) != 'a' {
			continue
		}
		j := 1
		for j < len(octetStream) && ascii.ToLower(s[i+j]) == octetStream[j] {
			j++
		}
		if j == len(octetStream) {
			return true
		}
	}
	return false
}

// scanPreviewNames passes to w, in order, with every match that v6's global
// regex /[\w-]+(?=-preview)/g finds in s.
//
// Equivalent linear rule: for each maximal run of [\w-] bytes, if "-preview"
// occurs in the run at an offset >= 1, the match is the run's text before the
// LAST such occurrence (the greedy [\w-]+ backs off from the end of the run to
// the last place the lookahead succeeds; after it, no later start in the run
// can succeed). Each byte is looked at a bounded number of times.
func scanPreviewNames(s string, w *previewWriter) {
	start, last := -1, -1
	for i := 0; i <= len(s); i++ {
		if i < len(s) && (ascii.IsWord(s[i]) || s[i] == '-') {
			if start < 0 {
				start, last = i, -1
			}
			if s[i] == '-' && i > start && i+len(previewSuffix) <= len(s) && s[i:i+len(previewSuffix)] == previewSuffix {
				last = i
			}
			continue
		}
		if start >= 0 && last >= 0 {
			w.add(s[start:last])
		}
		start = -1
	}
}
