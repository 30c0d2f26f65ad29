package template

import (
	"bytes"
	"fmt"
	"strconv"

	"github.com/endpointkit/endpoint/internal/ascii"
)

// Expansion (RFC 6570 section 3 and appendix A), done entirely by this
// package: the uritemplate module only validates the syntax.

// Expand parses s (through the cache) and expands it with vars.
func Expand(s string, vars map[string]any) (string, error) {
	t, err := Parse(s)
	if err != nil {
		return "", err
	}
	return t.Expand(vars)
}

// Expand expands t with vars exactly as RFC 6570 level 4 says. A variable
// absent from vars, or whose value is undefined (see IsUndefined), expands to
// nothing. Go values map as described in the package documentation. On error
// the result is "".
func (t *Template) Expand(vars map[string]any) (string, error) {
	if t == nil {
		return "", errNilTemplate()
	}
	var room [8]Var
	vals := t.lookupVars(room[:0], func(name string) (any, bool) {
		v, ok := vars[name]
		return v, ok
	})
	var buf [256]byte
	out, err := t.appendExpand(buf[:0], vals, false)
	if err != nil {
		return "", err
	}
	return string(out), nil
}

// AppendPath appends t expanded with the values lookup finds to dst and
// returns the extended buffer. It is Expand without a map, plus path rules:
//
// A simple or reserved expression with one variable and no modifier ({x},
// {+x}, also the {x} that :x is rewritten to) is a whole segment when it
// lies in the path part (after the authority of an absolute template,
// before the first "?" or "#" and before any {?...}, {&...} or {#...}
// expression), is preceded by a literal "/" (or starts a template without
// scheme), and is followed by "/", "?", "#", the end of the template, or
// an expression starting with "?", "&", "#", "/" or ".". Its value must be
// defined, else ErrMissing; the empty string is a value and leaves an
// empty segment. It must not expand to "." or ".." (ErrDotSegment).
// SegmentVars lists these variables.
//
// The expanded path must have no "." or ".." segment, whatever made it
// (ErrDotSegment), and the expansion of a template without scheme must not
// start with "//", which URL resolvers read as a host (ErrEmptySegment).
//
// On error dst is returned with its original length and err is an *Error.
// A nil lookup means no values.
func (t *Template) AppendPath(dst []byte, lookup func(name string) (any, bool)) ([]byte, error) {
	if t == nil {
		return dst, errNilTemplate()
	}
	var room [8]Var
	return t.AppendVars(dst, t.lookupVars(room[:0], lookup))
}

// AppendVars is AppendPath for values held by position: vals[i] is the
// value of Vars()[i], and a missing entry is undefined. It is the one
// expansion; Expand and AppendPath look their values up and call it.
func (t *Template) AppendVars(dst []byte, vals []Var) ([]byte, error) {
	if t == nil {
		return dst, errNilTemplate()
	}
	if t.authority >= 0 {
		return dst, &Error{Template: t.raw, Offset: t.authority, Err: ErrAuthority}
	}
	n0 := len(dst)
	dst, err := t.appendExpand(dst, vals, true)
	if err != nil {
		return dst, err
	}
	return t.checkPath(dst, n0)
}

// lookupVars appends to vals the value lookup finds for each of t's
// variables, in Vars' order.
func (t *Template) lookupVars(vals []Var, lookup func(string) (any, bool)) []Var {
	if lookup == nil {
		return nil
	}
	vals = append(vals, make([]Var, len(t.vars))...)
	for i, name := range t.vars {
		if x, ok := lookup(name); ok {
			m, err := mapValue(x, nil, nil)
			if err != nil {
				vals[i] = InvalidVar(err)
			} else {
				vals[i] = Var{m}
			}
		}
	}
	return vals
}

// checkPath applies AppendPath's rules for the whole expansion, dst[n0:].
func (t *Template) checkPath(dst []byte, n0 int) ([]byte, error) {
	out := dst[n0:]
	if hasDotSegment(out) {
		return dst[:n0], &Error{Template: t.raw, Offset: -1, Err: ErrDotSegment}
	}
	// A template without scheme is a path joined after a "/": one that
	// starts with {x} and expands to "/..." had an empty first segment.
	if len(out) >= 2 && out[0] == '/' && out[1] == '/' && schemeEnd(t.raw) < 0 ||
		len(out) >= 1 && out[0] == '/' && t.simpleStart {
		return dst[:n0], &Error{Template: t.raw, Offset: -1, Err: ErrEmptySegment}
	}
	return dst, nil
}

// HasDotSegment reports whether the path of url has a "." or ".." segment
// (a dot may be written %2e): every URL normaliser would remove it and
// climb a level. AppendPath refuses such a result; callers that join a
// base URL in front use this to check the base. Only an http or https URL
// (in any case) has an authority, which is not looked at: any other text
// is a path, as the builder joins it after a base URL, so "a://../c"
// has a ".." segment.
func HasDotSegment(url string) bool { return hasDotSegment([]byte(url)) }

// hasDotSegment reports whether the path of url has a "." or ".." segment,
// whatever produced it. A dot segment starts the path or follows a slash
// and begins with "." or "%": only the segments that start with one of
// them, found by IndexByte, are looked at.
func hasDotSegment(url []byte) bool {
	// Skip "http://authority" or "https://authority" when there is one,
	// in any case. Only those URLs are absolute here (the builder joins
	// anything else after its base URL as a path), so in "a://../c" the
	// ".." is a segment of the path.
	i := ascii.HTTPScheme(url)
	if i > 0 {
		for i < len(url) && !segmentEnd[url[i]] {
			i++
		}
	}
	path := url[i:]
	if q := bytes.IndexByte(path, '?'); q >= 0 {
		path = path[:q]
	}
	if h := bytes.IndexByte(path, '#'); h >= 0 {
		path = path[:h]
	}
	return dotSegmentAt(path, '.') || dotSegmentAt(path, '%')
}

// dotSegmentAt reports whether a segment of path that starts with c is a
// dot segment.
func dotSegmentAt(path []byte, c byte) bool {
	for i := 0; ; i++ {
		j := bytes.IndexByte(path[i:], c)
		if j < 0 {
			return false
		}
		i += j
		if i > 0 && path[i-1] != '/' {
			continue
		}
		seg := path[i:]
		if end := bytes.IndexByte(seg, '/'); end >= 0 {
			seg = seg[:end]
		}
		if isDotSegment(seg) {
			return true
		}
	}
}

// segmentEnd holds the bytes that end a path segment.
var segmentEnd = [256]bool{'/': true, '?': true, '#': true}

// isDotSegment reports whether seg is "." or "..", with any dot written as
// %2e or %2E too, as the WHATWG URL standard counts them.
func isDotSegment[T string | []byte](seg T) bool {
	dots := 0
	for i := 0; i < len(seg); {
		switch {
		case seg[i] == '.':
			i++
		case i+2 < len(seg) && seg[i] == '%' && seg[i+1] == '2' && (seg[i+2] == 'e' || seg[i+2] == 'E'):
			i += 3
		default:
			return false
		}
		dots++
		if dots > 2 {
			return false
		}
	}
	return dots == 1 || dots == 2
}

// schemeEnd returns the index of the first "://" in url, or -1.
func schemeEnd[T string | []byte](url T) int {
	for i := 0; i+2 < len(url); i++ {
		if url[i] == ':' && url[i+1] == '/' && url[i+2] == '/' {
			return i
		}
	}
	return -1
}

// appendExpand appends every part of t, each variable's value taken from
// vals by its index; pathRules applies AppendPath's segment rules.
func (t *Template) appendExpand(dst []byte, vals []Var, pathRules bool) ([]byte, error) {
	n0 := len(dst)
	var scratch [32]byte
	for i := range t.parts {
		p := &t.parts[i]
		if p.specs == nil {
			dst = append(dst, p.lit...)
			continue
		}
		start := len(dst)
		var err error
		var defined bool
		dst, defined, err = t.expandExpr(dst, p, vals, scratch[:0])
		if err != nil {
			return dst[:n0], err
		}
		if pathRules && p.segment {
			switch seg := dst[start:]; {
			case !defined:
				return dst[:n0], t.errorAt(p, p.specs[0].name, ErrMissing)
			case string(seg) == "." || string(seg) == "..":
				return dst[:n0], t.errorAt(p, p.specs[0].name, ErrDotSegment)
			}
		}
	}
	return dst, nil
}

func (t *Template) errorAt(p *part, name string, err error) *Error {
	return &Error{Template: t.raw, Offset: p.offset, Var: name, Err: err}
}

// expandExpr appends one expression (RFC 6570 appendix A); defined says
// whether any of its variables had a value.
func (t *Template) expandExpr(dst []byte, p *part, vals []Var, scratch []byte) (_ []byte, defined bool, _ error) {
	op := p.op
	first := true
	for i := range p.specs {
		sp := &p.specs[i]
		if sp.index >= len(vals) {
			continue
		}
		m := &vals[sp.index].v
		if err := m.err(); err != nil {
			return dst, false, t.errorAt(p, sp.name, err)
		}
		if m.kind == undefinedKind {
			continue
		}
		if m.kind != scalarKind && sp.prefix > 0 {
			return dst, false, t.errorAt(p, sp.name, ErrPrefix)
		}
		if m.kind == deepKind && op != opQuery && op != opQueryCont {
			return dst, false, t.errorAt(p, sp.name, errDeepPlace)
		}
		if first {
			dst = append(dst, op.first...)
			first = false
		} else {
			dst = append(dst, op.sep)
		}
		switch m.kind {
		case scalarKind:
			var err error
			if m.isInt {
				// Formatted here, not into m: m also reaches an
				// error, and a buffer stored in it would escape.
				dst, err = expandScalar(dst, strconv.AppendInt(scratch, m.num, 10), sp, op, false)
			} else {
				dst, err = expandScalar(dst, m.str, sp, op, m.isPath)
			}
			if err != nil {
				return dst, false, t.errorAt(p, sp.name, err)
			}
		case listKind:
			dst = expandList(dst, m.items(), sp, op)
		case mapKind:
			dst = expandMap(dst, m.items(), sp, op)
		case deepKind:
			dst = expandDeep(dst, m.items(), sp.name, op.set)
		}
	}
	return dst, !first, nil
}

func expandScalar[T text](dst []byte, s T, sp *varspec, op *operator, isPath bool) ([]byte, error) {
	if sp.prefix > 0 {
		s = s[:prefixLen(s, sp.prefix)] // characters, truncated before encoding
	}
	if op.named {
		dst = append(dst, sp.name...)
		if len(s) == 0 {
			return append(dst, op.ifemp...), nil
		}
		dst = append(dst, '=')
	}
	if isPath && (op == opSimple || op == opPath) {
		return appendPathSegments(dst, s)
	}
	return appendEscaped(dst, s, op.set, op.reserved), nil
}

func expandList(dst []byte, items []string, sp *varspec, op *operator) []byte {
	if !sp.explode {
		if op.named {
			dst = append(dst, sp.name...)
			dst = append(dst, '=')
		}
		for i, it := range items {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = appendEscaped(dst, it, op.set, op.reserved)
		}
		return dst
	}
	for i, it := range items {
		if i > 0 {
			dst = append(dst, op.sep)
		}
		if op.named {
			dst = append(dst, sp.name...)
			if it == "" {
				dst = append(dst, op.ifemp...)
				continue
			}
			dst = append(dst, '=')
		}
		dst = appendEscaped(dst, it, op.set, op.reserved)
	}
	return dst
}

// expandMap appends an associative array; items alternates keys and values.
// Keys are encoded like values (the module writes exploded keys raw, which
// lets a key inject query parameters).
func expandMap(dst []byte, items []string, sp *varspec, op *operator) []byte {
	if !sp.explode {
		if op.named {
			dst = append(dst, sp.name...)
			dst = append(dst, '=')
		}
		for i := 0; i+1 < len(items); i += 2 {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = appendEscaped(dst, items[i], op.set, op.reserved)
			dst = append(dst, ',')
			dst = appendEscaped(dst, items[i+1], op.set, op.reserved)
		}
		return dst
	}
	for i := 0; i+1 < len(items); i += 2 {
		if i > 0 {
			dst = append(dst, op.sep)
		}
		dst = appendEscaped(dst, items[i], op.set, op.reserved)
		if op.named && items[i+1] == "" {
			dst = append(dst, op.ifemp...)
			continue
		}
		dst = append(dst, '=')
		dst = appendEscaped(dst, items[i+1], op.set, op.reserved)
	}
	return dst
}

// errDeepPlace is the error of a DeepObjectVar outside a query
// expression, which alone writes name=value pairs joined with "&".
var errDeepPlace = fmt.Errorf("%w: a deepObject value only goes in a query ({?x} or {&x})", ErrValue)

// expandDeep appends a DeepObjectVar's pairs, name[key]=value joined with
// "&"; name is the variable's name as the template writes it, already
// encoded. items alternates keys and values.
func expandDeep(dst []byte, items []string, name string, set *charset) []byte {
	for i := 0; i+1 < len(items); i += 2 {
		if i > 0 {
			dst = append(dst, '&')
		}
		dst = append(dst, name...)
		dst = append(dst, "%5B"...)
		dst = appendEscaped(dst, items[i], set, false)
		dst = append(dst, "%5D="...)
		dst = appendEscaped(dst, items[i+1], set, false)
	}
	return dst
}
