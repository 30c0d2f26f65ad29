package media

import (
	"slices"
	"strings"

	"github.com/endpointkit/endpoint/internal/ascii"
)

// Accept returns the accept header v6's parse sends for accept,
// mediaType.format and mediaType.previews, or accept itself, without
// allocating, when there is nothing to do. A header naming
// application/octet-stream (any case, anywhere) is kept, so that a download
// keeps asking for bytes.
//
// Format: in each comma-separated part, a trailing
// application/vnd.<w>[.v3][.<w>][+json], each <w> in [A-Za-z0-9_]+, becomes
// application/vnd.<w>[.v3].<format> (application/vnd.github.v3+json and
// "raw" give application/vnd.github.v3.raw); other parts are kept.
//
// Previews (any non-empty entry): the result lists the preview names found
// in the format-rewritten accept, then previews, each as
// application/vnd.github.<name>-preview followed by "."+format or "+json",
// joined by ",". The rest of accept is dropped; duplicates stay. The names
// found are what v6's /[\w-]+(?=-preview)/g matches: in each run of [\w-]
// holding "-preview" after its first byte, the text before the last one.
// previews are used as given (stripping them is merge's job: [StripPreview]).
//
// On purpose unlike v6: format is literal text (v6 expands "$1", "$&" and
// "$$" in it); empty previews are skipped (v6 sends
// application/vnd.github.-preview+json), so they cannot wipe the header; and
// a format with an empty accept gives "" (v6 throws).
func Accept(accept, format string, previews []string) string {
	withPreviews := slices.ContainsFunc(previews, func(p string) bool { return p != "" })
	if format == "" && !withPreviews || hasOctetStream(accept) {
		return accept
	}
	// Written on the stack: a result of up to 256 bytes (most) is its one
	// allocation.
	var buf [256]byte
	if out := appendHeader(buf[:0], accept, format, previews, withPreviews); string(out) != accept {
		return string(out)
	}
	return accept
}

// appendHeader appends Accept's result to dst.
//
// With previews, the format-rewritten accept is never built. A rewritten
// part is part[:start] + "application/vnd" + groups 1 and 2 + "." + format,
// and its names are those of part[:start] followed by those of format: the
// inserted text up to the '.' holds no '-', a run ending part[:start] gains
// no "-preview" from "application", and format is bounded by '.' and by ','
// or the end. Runs never cross ','.
func appendHeader(dst []byte, accept, format string, previews []string, withPreviews bool) []byte {
	if !withPreviews {
		sep := ""
		for part := range strings.SplitSeq(accept, ",") {
			dst = append(dst, sep...)
			sep = ","
			if _, keep, ok := formatMatch(part); ok {
				dst = append(dst, part[:keep]...)
				dst = append(dst, '.')
				part = format
			}
			dst = append(dst, part...)
		}
		return dst
	}
	suffix := [2]string{".", format}
	if format == "" {
		suffix = [2]string{"+", "json"}
	}
	for part := range strings.SplitSeq(accept, ",") {
		if start, _, ok := formatMatch(part); ok && format != "" {
			dst = appendNames(dst, part[:start], suffix)
			part = format
		}
		dst = appendNames(dst, part, suffix)
	}
	for _, p := range previews {
		dst = appendPreview(dst, p, suffix)
	}
	return dst
}

// appendPreview adds application/vnd.github.<name>-preview and suffix to
// the list; an empty name is skipped (a departure from v6, see Accept).
func appendPreview(dst []byte, name string, suffix [2]string) []byte {
	if name == "" {
		return dst
	}
	if len(dst) > 0 {
		dst = append(dst, ',')
	}
	dst = append(dst, "application/vnd.github."...)
	dst = append(dst, name...)
	dst = append(dst, previewSuffix...)
	dst = append(dst, suffix[0]...)
	return append(dst, suffix[1]...)
}

// appendNames adds the preview names v6's /[\w-]+(?=-preview)/g finds in
// s. In a maximal run of [\w-] holding "-preview" at an offset of 1 or more,
// the greedy [\w-]+ backs off from the end of the run to the last such
// "-preview", and no later start in the run can match: one name per run,
// found in one pass.
func appendNames(dst []byte, s string, suffix [2]string) []byte {
	start, last := -1, -1
	for i := 0; i <= len(s); i++ {
		if i < len(s) && (ascii.IsWord(s[i]) || s[i] == '-') {
			if start < 0 {
				start, last = i, -1
			}
			if s[i] == '-' && i > start && strings.HasPrefix(s[i:], previewSuffix) {
				last = i
			}
			continue
		}
		if start >= 0 && last >= 0 {
			dst = appendPreview(dst, s[start:last], suffix)
		}
		start = -1
	}
	return dst
}

const octetStream = "application/octet-stream"

// hasOctetStream reports whether s contains octetStream, ASCII letters in
// any case, as JavaScript's /…/i folds them.
func hasOctetStream(s string) bool {
	for i := range len(s) - len(octetStream) + 1 {
		if s[i]|0x20 == 'a' && ascii.HasPrefixFold(s[i:], octetStream) {
			return true
		}
	}
	return false
}

// formatMatch finds in one comma-separated part of an accept header the
// match of v6's
//
//	application\/vnd(\.\w+)(\.v3)?(\.\w+)?(\+json)?$
//
// and returns where it starts and where the text the replacement keeps
// ("application/vnd" and groups 1 and 2) ends. Only the last
// "application/vnd" of part can start a match: after an earlier one comes
// the '/' of the later one, which the rest of the pattern cannot match.
func formatMatch(part string) (start, keepEnd int, ok bool) {
	start = strings.LastIndex(part, "application/vnd")
	base := start + len("application/vnd")
	if start < 0 || !strings.HasPrefix(part[base:], ".") {
		return 0, 0, false
	}
	w1, rest, two := strings.Cut(strings.TrimSuffix(part[base+1:], "+json"), ".")
	w2, w3, three := strings.Cut(rest, ".")
	if !isWord(w1) || two && !isWord(w2) || three && (w2 != "v3" || !isWord(w3)) {
		return 0, 0, false
	}
	keepEnd = base + 1 + len(w1)
	if w2 == "v3" {
		keepEnd += len(".v3")
	}
	return start, keepEnd, true
}

// isWord reports whether s matches \w+.
func isWord(s string) bool {
	for i := 0; i < len(s); i++ {
		if !ascii.IsWord(s[i]) {
			return false
		}
	}
	return s != ""
}

// previewSuffix is the marker GitHub puts after a preview's name.
const previewSuffix = "-preview"

// StripPreview removes the first "-preview" from name, wherever it is and
// case-sensitively, as v6's merge does ("foo-previewer" becomes "fooer").
func StripPreview(name string) string { return strings.Replace(name, previewSuffix, "", 1) }

// UnionPreviews combines inherited previews with a call's as v6's merge
// does: the entries of defaults not (exactly) in call, then call ([a b c]
// and [b a] give [c b a]; duplicates stay; entries compare unstripped),
// in a new slice, nil when both are empty.
func UnionPreviews(defaults, call []string) []string {
	if len(defaults) == 0 && len(call) == 0 {
		return nil
	}
	inCall := func(s string) bool { return slices.Contains(call, s) }
	if len(call) > 16 && len(defaults) > 16 { // linear time for long lists
		set := make(map[string]bool, len(call))
		for _, c := range call {
			set[c] = true
		}
		inCall = func(s string) bool { return set[s] }
	}
	out := append(make([]string, 0, len(defaults)+len(call)), defaults...)
	return append(slices.DeleteFunc(out, inCall), call...)
}
