package media

import "strings"

// Accept returns the accept header v6's parse would send for the given
// accept header, mediaType.format and mediaType.previews. It never modifies
// previews and never allocates when there is nothing to do (no format and no
// non-empty preview), returning accept itself.
//
// Both rewrites are skipped when accept contains "application/octet-stream"
// in any case, anywhere (also inside a list).
//
// Format (when format is not empty): in each comma-separated part of accept
// (spaces kept), a trailing media type application/vnd.<w>[.v3][.<w>][+json]
// (each <w> one or more of [A-Za-z0-9_]) becomes
// application/vnd.<w>[.v3].<format>. So application/vnd.github.v3+json with
// "raw" gives application/vnd.github.v3.raw, application/vnd.github+json with
// "diff" gives application/vnd.github.diff and application/vnd.github.v3.raw+json
// with "html" gives application/vnd.github.v3.html. Parts with a '-' in the
// vnd type, parameters, upper case, more segments or other types are kept.
//
// Previews (when at least one entry of previews is not empty): the result is
// replaced by a list built from the preview names already in the
// (format-rewritten) accept, then previews in order, each written as
// application/vnd.github.<name>-preview followed by ".<format>", or "+json"
// when format is empty, joined with "," and no spaces. Everything else in
// accept is dropped, and duplicates are kept. A name "already in accept" is
// what v6's /[\w-]+(?=-preview)/g finds: in each run of [A-Za-z0-9_-] that
// contains "-preview" after its first byte, the text before the last
// "-preview" (application/vnd.github.machine-man-preview+json gives
// machine-man). previews are used as given; v6 strips "-preview" from them in
// merge (see StripPreview), not here.
//
// Departures from v6, on purpose:
//   - format is literal text. v6 passes it to String.prototype.replace, so "$1",
//     "$&" and "$$" in it are expanded; here they are copied as they are.
//   - empty entries of previews are skipped (v6 sends
//     application/vnd.github.-preview+json), and a previews list with no
//     non-empty entry counts as no previews at all, so it cannot wipe the
//     accept header.
//   - with format set and accept empty, v6 throws; here the format rewrite
//     has nothing to change.
//
// All scanning is linear in the size of the input.
func Accept(accept, format string, previews []string) string {
	withPreviews := hasName(previews)
	if format == "" && !withPreviews {
		return accept
	}
	if hasOctetStream(accept) {
		return accept
	}
	if !withPreviews {
		return rewriteFormat(accept, format)
	}
	// Count, then write into a buffer of exactly that size.
	w := previewWriter{format: format}
	w.walk(accept, previews)
	var sb strings.Builder
	sb.Grow(w.n)
	w = previewWriter{format: format, sb: &sb}
	w.walk(accept, previews)
	return sb.String()
}

// hasName reports whether previews has a non-empty entry.
func hasName(previews []string) bool {
	for _, p := range previews {
		if p != "" {
			return true
		}
	}
	return false
}

// previewMediaPrefix starts every preview media type.
const previewMediaPrefix = "application/vnd.github."

// previewWriter builds the preview accept list. With sb nil it only counts
// the bytes needed (n), so the real pass can allocate once.
type previewWriter struct {
	format string
	sb     *strings.Builder
	n      int
}

// walk adds the names found in the format-rewritten accept, then previews.
//
// The format-rewritten text is never built. A rewritten part is
// part[:start] + "application/vnd" + group1 + group2 + "." + format, and the
// names in it are those of part[:start] followed by those of format: the
// inserted text up to the '.' holds no '-', a run ending part[:start] that
// continues into "application" gains no "-preview" from it ("-preview"
// cannot straddle into a word starting with 'a'), and format is bounded by
// '.' before and ',' or the end after. Runs never cross ','.
func (w *previewWriter) walk(accept string, previews []string) {
	if w.format == "" {
		scanPreviewNames(accept, w)
	} else {
		for part, rest, more := accept, "", true; more; part = rest {
			part, rest, more = strings.Cut(part, ",")
			if start, _, ok := formatMatch(part); ok {
				scanPreviewNames(part[:start], w)
				scanPreviewNames(w.format, w)
			} else {
				scanPreviewNames(part, w)
			}
		}
	}
	for _, p := range previews {
		w.add(p)
	}
}

// add appends application/vnd.github.<name>-preview plus the format suffix.
// Empty names are skipped (a departure from v6, see Accept).
func (w *previewWriter) add(name string) {
	if name == "" {
		return
	}
	if w.sb == nil {
		if w.n > 0 {
			w.n++
		}
		w.n += len(previewMediaPrefix) + len(name) + len(previewSuffix)
		if w.format != "" {
			w.n += 1 + len(w.format)
		} else {
			w.n += len("+json")
		}
		return
	}
	if w.sb.Len() > 0 {
		w.sb.WriteByte(',')
	}
	w.sb.WriteString(previewMediaPrefix)
	w.sb.WriteString(name)
	w.sb.WriteString(previewSuffix)
	if w.format != "" {
		w.sb.WriteByte('.')
		w.sb.WriteString(w.format)
	} else {
		w.sb.WriteString("+json")
	}
}
