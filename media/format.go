package media

import (
	"strings"

	"github.com/endpointkit/endpoint/internal/ascii"
)

// vndPrefix starts every media type the format rewrite touches.
const vndPrefix = "application/vnd"

// formatMatch finds, in one comma-separated part of an accept header, the
// match of v6's
//
//	application\/vnd(\.\w+)(\.v3)?(\.\w+)?(\+json)?$
//
// The match must reach the end of part. It returns where the match starts,
// the end of the text the replacement keeps ("application/vnd" + group 1 +
// group 2, which are contiguous), and whether there is a match.
//
// Only the last "application/vnd" in part can start a match: anything after
// an earlier one contains the '/' of the later one, which the tail of the
// pattern cannot match. The tail is then checked with a direct parse, in
// linear time:
//
//	.w1 [+json]       -> keep ".w1"
//	.w1.w2 [+json]    -> keep ".w1.v3" if w2 is exactly "v3", else ".w1"
//	.w1.v3.w3 [+json] -> keep ".w1.v3"
//
// where each w is one or more [A-Za-z0-9_]. Anything else (a '-', a fourth
// segment, parameters, upper-case "APPLICATION") does not match.
func formatMatch(part string) (start, keepEnd int, ok bool) {
	start = strings.LastIndex(part, vndPrefix)
	if start < 0 {
		return 0, 0, false
	}
	base := start + len(vndPrefix)
	tail := strings.TrimSuffix(part[base:], "+json")

	// Segment 1 is required.
	end1, ok := wordSegment(tail, 0)
	if !ok {
		return 0, 0, false
	}
	if end1 == len(tail) {
		return start, base + end1, true
	}
	end2, ok := wordSegment(tail, end1)
	if !ok {
		return 0, 0, false
	}
	isV3 := tail[end1:end2] == ".v3"
	if end2 == len(tail) {
		if isV3 {
			return start, base + end2, true
		}
		return start, base + end1, true // the second segment is group 3, dropped
	}
	if !isV3 {
		return 0, 0, false
	}
	end3, ok := wordSegment(tail, end2)
	if !ok || end3 != len(tail) {
		return 0, 0, false
	}
	return start, base + end2, true
}

// wordSegment matches \.\w+ at s[i:] and returns the end of the match.
func wordSegment(s string, i int) (int, bool) {
	if i >= len(s) || s[i] != '.' {
		return 0, false
	}
	j := i + 1
	for j < len(s) && ascii.IsWord(s[j]) {
		j++
	}
	return j, j > i+1
}

// rewriteFormat applies the format rewrite to every comma-separated part of
// accept. It returns accept itself, without allocating, when no part
// matches, and otherwise allocates the result once.
func rewriteFormat(accept, format string) string {
	n, changed := 0, false
	for part, rest, more := accept, "", true; more; part = rest {
		part, rest, more = strings.Cut(part, ",")
		if _, keep, ok := formatMatch(part); ok {
			n += keep + 1 + len(format)
			changed = true
		} else {
			n += len(part)
		}
		if more {
			n++
		}
	}
	if !changed {
		return accept
	}
	var sb strings.Builder
	sb.Grow(n)
	for part, rest, more := accept, "", true; more; part = rest {
		part, rest, more = strings.Cut(part, ",")
		if _, keep, ok := formatMatch(part); ok {
			sb.WriteString(part[:keep])
			sb.WriteByte('.')
			sb.WriteString(format)
		} else {
			sb.WriteString(part)
		}
		if more {
			sb.WriteByte(',')
		}
	}
	return sb.String()
}
