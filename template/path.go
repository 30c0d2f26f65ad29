package template

import (
	"fmt"
	"strings"

	"github.com/endpointkit/endpoint/internal/redact"
)

// Path is a multi-segment path value such as Path("docs/guide/README.md").
//
// In a simple expression ({p}) and in a path-segment expression ({/p}) a Path
// expands segment by segment: each "/" is kept and each segment is encoded
// with the unreserved set, so "?", "#", "%" and space are always escaped.
// Segments that are empty (leading, trailing or double slash), "." or ".."
// are refused with ErrPathSegment, since they would change which resource the
// URL names. The empty Path has no segments and expands like "".
//
// In every other expression ({+p}, {#p}, {.p}, {;p}, {?p}, {&p}) and as a
// list member or query parameter, a Path is just its string.
type Path string

// Verbatim is a string that AppendQuery sends as it is: in the q parameter its
// "+" is encoded as %2B instead of being kept as a literal "+". Everywhere else
// it is a plain string.
type Verbatim string

// Pair is one member of an ordered associative array.
type Pair struct {
	Key   string
	Value any
}

// Pairs is an associative array that expands in its own order (Go maps expand
// in sorted key order). A member whose Value is nil is skipped.
type Pairs []Pair

// appendPathSegments appends the Path text s segment by segment.
func appendPathSegments[T text](dst []byte, s T) ([]byte, error) {
	if len(s) == 0 {
		return dst, nil
	}
	start := 0
	for i := 0; i <= len(s); i++ {
		if i < len(s) && s[i] != '/' {
			continue
		}
		seg := s[start:i]
		if len(seg) == 0 || len(seg) <= 2 && seg[0] == '.' && seg[len(seg)-1] == '.' {
			// Copies, so that s does not escape on the success path; the
			// path masked, as it may hold a URL's credentials.
			return dst, fmt.Errorf("%w: segment %q of %q", ErrPathSegment, strings.Clone(string(seg)), redact.URL(strings.Clone(string(s))))
		}
		if start > 0 {
			dst = append(dst, '/')
		}
		dst = appendEscaped(dst, seg, unreservedSet, false)
		start = i + 1
	}
	return dst, nil
}
