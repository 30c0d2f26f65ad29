package catalog

import (
	"strings"

	"github.com/endpointkit/endpoint/internal/ascii"
)

// Match returns the operation that a request with this method and
// concrete path addresses: "/repos/golang/go/issues" finds
// "GET /repos/{owner}/{repo}/issues". path may be an absolute URL on one
// of the description's servers; a query string is ignored. A template
// segment that is a variable alone matches any non-empty segment, and
// one that mixes text and variables ("{base}...{head}") matches a
// segment holding its text in order; a last segment that is a variable
// alone ("{ref}") also takes the rest of a longer path, since clients
// send refs and file paths with their slashes. When several operations
// match, the most specific wins: the most literal segments, then the most
// mixed ones, then one that did not need to take the rest of the path,
// then the first in the description. So "/repos/o/r/issues/events" is
// "/repos/{owner}/{repo}/issues/events", not ".../issues/{issue_number}",
// and "/repos/o/r/compare/a...b" is ".../compare/{base}...{head}".
//
// No match is an *Error wrapping ErrUnknownRoute. Match walks every
// operation of the method; it is meant for a request now and then (a
// pagination walk), not for every call.
func (c *Catalog) Match(method, path string) (*Operation, error) {
	c = c.or0()
	if method == "" {
		method = "GET"
	}
	p := c.normalize(path)
	segs := strings.Split(p, "/")
	var best *Operation
	bestScore := -1
	for _, op := range c.ops {
		if !ascii.EqualFold(op.Method, method) {
			continue
		}
		if score, ok := matchSegments(op.Path, segs); ok && score > bestScore {
			best, bestScore = op, score
		}
	}
	if best == nil {
		return nil, &Error{Route: cleanRoute(strings.ToUpper(method) + " " + p), Err: ErrUnknownRoute, Detail: "no operation matches this method and path"}
	}
	return best, nil
}

// DeclaresQuery reports whether the operation a request addresses (see
// [Catalog.Match]) declares the query parameter name. It is what
// paginate.WithCatalog asks, to default per_page.
func (c *Catalog) DeclaresQuery(method, path, name string) bool {
	op, err := c.Match(method, path)
	if err != nil {
		return false
	}
	in, ok := op.In(name)
	return ok && in == Query
}

// matchSegments matches a path template against the segments of a
// concrete path and scores how specific the match is (see Match).
func matchSegments(tmpl string, segs []string) (score int, ok bool) {
	// The template's segments are read in place: Match asks every
	// operation of the method, most of which the count rules out.
	n := strings.Count(tmpl, "/") + 1
	if len(segs) < n || len(segs) > n && !isWholeVar(tmpl[strings.LastIndexByte(tmpl, '/')+1:]) {
		return 0, false
	}
	literal, mixed := 0, 0
	for i, rest := 0, tmpl; i < n; i++ {
		t := rest
		if j := strings.IndexByte(rest, '/'); j >= 0 {
			t, rest = rest[:j], rest[j+1:]
		}
		if !matchSegment(t, segs[i]) {
			return 0, false
		}
		switch {
		case !strings.Contains(t, "{"):
			literal++
		case !isWholeVar(t):
			mixed++
		}
	}
	score = literal*1024 + mixed*2
	if len(segs) == n {
		score++
	}
	return score, true
}

// isWholeVar reports whether a template segment is one simple variable.
func isWholeVar(t string) bool {
	return len(t) > 2 && t[0] == '{' && t[len(t)-1] == '}' && !strings.ContainsAny(t[1:len(t)-1], "{}+#./;?&*:,")
}

// matchSegment matches one template segment against one concrete segment.
func matchSegment(t, s string) bool {
	if !strings.Contains(t, "{") {
		return t == s
	}
	if s == "" {
		return false
	}
	// The literal pieces between expressions, in order: the first at the
	// start, the last at the end, the others in between.
	first := true
	for t != "" {
		i := strings.IndexByte(t, '{')
		if i < 0 {
			return strings.HasSuffix(s, t) && len(s) >= len(t)
		}
		lit := t[:i]
		switch {
		case first && !strings.HasPrefix(s, lit):
			return false
		case first:
			s = s[len(lit):]
		default:
			k := strings.Index(s, lit)
			if k < 0 {
				return false
			}
			s = s[k+len(lit):]
		}
		first = false
		j := strings.IndexByte(t[i:], '}')
		if j < 0 {
			return false
		}
		t = t[i+j+1:]
	}
	return true
}
