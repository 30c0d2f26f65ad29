package template

import (
	"fmt"
	"strings"

	"github.com/endpointkit/endpoint/internal/redact"
)

// Path is a value of several path segments, Path("docs/guide/README.md"),
// whose "/" a {p} or {/p} keeps, each segment encoded. An empty, "." or
// ".." segment is ErrPathSegment; the empty Path expands like "".
// Anywhere else a Path is its string.
type Path string

// Verbatim is a string whose "+" AppendQuery encodes as %2B in the q
// parameter, where a string's "+" is kept; elsewhere it is a string.
type Verbatim string

// Pair is one member of an ordered associative array.
type Pair struct {
	Key   string
	Value any
}

// Pairs is an associative array in its own order (a Go map's is sorted);
// a nil Value is skipped.
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
			// Copies, so that s does not escape; masked, as it may hold a
			// URL's credentials.
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
