package template

import (
	"bytes"
	"fmt"
	iroute "github.com/endpointkit/endpoint/internal/route"
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
	out, err := t.appendExpand(buf[:0], vals, noRules)
	if err != nil {
		return "", err
	}
	return string(out), nil
}

// AppendPath appends t expanded with the values lookup finds to dst and
// returns the extended buffer. It is Expand without a map, plus path rules
// for the path part (after the authority of an absolute template, before
// the first "?" or "#" and before any {?...}, {&...} or {#...}
// expression):
//
//   - every variable of a simple or reserved expression there ({x}, {+x},
//     also the {x} that :x is rewritten to) must be defined, else
//     ErrMissing; {/x}, {.x} and {;x} may be left out (SegmentVars lists
//     the required ones);
//   - no segment may be empty because a value was: "" for {owner} in
//     /repos/{owner}/{repo} is ErrMissing, as is {/x} given "" before more
//     path; an empty last segment is a value, as v6 has it (contents/{path}
//     with "" gives contents/), and a "//" written in the template itself
//     is its own;
//   - no segment may be "." or ".." (also written %2e), whatever made it
//     (ErrDotSegment), and the expansion of a template without scheme must
//     not start with "//", which URL resolvers read as a host
//     (ErrEmptySegment); nor may a value's own text hold an empty segment.
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
	dst, err := t.appendExpand(dst, vals, requireVars)
	if err != nil {
		return dst, err
	}
	if t.mayBreakPath(dst[n0:]) {
		// Worth a look: the segments are read again as they are written,
		// to tell a value's hole from what the template writes itself.
		if dst, err = t.appendExpand(dst[:n0], vals, checkSegments); err != nil {
			return dst, err
		}
	}
	out := dst[n0:]
	// A template without scheme is a path joined after a "/": one that
	// starts with {x} and expands to "/..." had an empty first segment.
	if len(out) >= 2 && out[0] == '/' && out[1] == '/' && schemeEnd(t.raw) < 0 ||
		len(out) >= 1 && out[0] == '/' && t.simpleStart {
		return dst[:n0], &Error{Template: t.raw, Offset: -1, Err: ErrEmptySegment}
	}
	return dst, nil
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

// segmentEnd holds the bytes that end a path segment.
var segmentEnd = [256]bool{'/': true, '?': true, '#': true}

// schemeEnd returns the index of the first "://" in url, or -1.
func schemeEnd[T string | []byte](url T) int {
	for i := 0; i+2 < len(url); i++ {
		if url[i] == ':' && url[i+1] == '/' && url[i+2] == '/' {
			return i
		}
	}
	return -1
}

// The rules appendExpand holds an expansion to: none (Expand), the values
// AppendPath requires, or those and its segment rules too.
const (
	noRules = iota
	requireVars
	checkSegments
)

// mayBreakPath reports whether the path part of out, t expanded, has what
// the segment rules must judge: an empty segment before its last, a dot
// segment, or a first "/" the template did not write (a value left its
// first segment empty). Most expansions have none and are not read again.
func (t *Template) mayBreakPath(out []byte) bool {
	path := iroute.URLPath(out)
	return bytes.Contains(path, []byte("//")) || len(path) > 0 && path[0] == '/' && !t.slashStart ||
		iroute.HasDotSegment(path)
}

// appendExpand appends every part of t, each variable's value taken from
// vals by its index, held to the rules (noRules, requireVars or
// checkSegments) in the path part.
func (t *Template) appendExpand(dst []byte, vals []Var, rules int) ([]byte, error) {
	pathRules := rules == checkSegments
	n0 := len(dst)
	var scratch [32]byte
	var path segments
	for i := range t.parts {
		p := &t.parts[i]
		start := len(dst)
		if p.specs == nil {
			dst = append(dst, p.lit...)
		} else {
			var err error
			if dst, err = t.expandExpr(dst, p, vals, scratch[:0], rules != noRules && p.required()); err != nil {
				return dst[:n0], err
			}
		}
		if !pathRules || path.done || p.offset < t.pathFrom || start == len(dst) && !p.required() {
			continue // the authority of an http(s) template, or nothing but an empty value written
		}
		if !p.inPath && (dst[start] == '?' || dst[start] == '#') {
			if path.started {
				if err := path.end(t, dst[path.start:start], false, false); err != nil {
					return dst[:n0], err
				}
			}
			path.done = true
			continue
		}
		if err := path.add(t, dst, start, p, vals); err != nil {
			return dst[:n0], err
		}
	}
	if pathRules && path.started && !path.done {
		if err := path.end(t, dst[path.start:], false, false); err != nil {
			return dst[:n0], err
		}
	}
	return dst, nil
}

// segments follows the segments of an expansion's path part as its parts
// are written, to hold each to AppendPath's rules when it ends.
type segments struct {
	started, done bool
	leading       bool  // a "/" now is the path's own first byte
	start         int   // where the current segment begins in dst
	expr          *part // the first expression in it, nil for none
}

// add reads dst[from:], just written by p: every "/" in it ends a
// segment, and a "?" or "#" a value or a part past the template's path
// part wrote ends the path, as a URL parser reads it.
func (s *segments) add(t *Template, dst []byte, from int, p *part, vals []Var) error {
	literal := p.specs == nil
	skipped := false
	if !s.started {
		s.started, s.leading, s.start = true, true, from
		if !literal && p.op.reserved {
			if n := ascii.HTTPScheme(dst[from:]); n > 0 {
				// {+url} given a whole URL: its path follows its authority.
				i := from + n
				for i < len(dst) && !segmentEnd[dst[i]] {
					i++
				}
				from, s.start, skipped = i, i, true
			}
		}
	}
	if !literal && s.expr == nil && !(skipped && from == len(dst)) {
		s.expr = p
		if from == len(dst) {
			s.leading = false // an empty value holds the first segment
		}
	}
	if s.leading && from < len(dst) {
		s.leading = false
		if dst[from] == '/' {
			s.start = from + 1
			from++
		}
	}
	switch {
	case literal && p.inPath && !p.slash, !literal && p.inPath && !p.op.reserved && p.op != opPath && !pathValue(p, vals):
		return nil // no "/" in it: a simple value's is encoded
	case !literal && p.op.reserved || !p.inPath:
		// A value or a part past the path part may also end the path.
		for i := from; i < len(dst); i++ {
			switch dst[i] {
			case '/':
				if err := s.cut(t, dst, i, p); err != nil {
					return err
				}
			case '?', '#':
				s.done = true
				return s.end(t, dst[s.start:i], false, false)
			}
		}
		return nil
	}
	for i := from; ; i++ {
		j := bytes.IndexByte(dst[i:], '/')
		if j < 0 {
			return nil
		}
		i += j
		if err := s.cut(t, dst, i, p); err != nil {
			return err
		}
	}
}

// pathValue reports whether an expression of p has a Path value, whose
// "/" it keeps.
func pathValue(p *part, vals []Var) bool {
	for i := range p.specs {
		if k := p.specs[i].index; k < len(vals) && vals[k].v.isPath {
			return true
		}
	}
	return false
}

// cut ends the segment before the "/" at dst[i], which p wrote.
func (s *segments) cut(t *Template, dst []byte, i int, p *part) error {
	literal := p.specs == nil
	if err := s.end(t, dst[s.start:i], true, !literal); err != nil {
		return err
	}
	s.start, s.expr = i+1, nil
	if !literal {
		s.expr = p // the expression goes on into the next segment
	}
	return nil
}

// errEmptyValue is the error of a value that leaves an empty segment
// before more of the path.
var errEmptyValue = fmt.Errorf("%w: empty, with more of the path after it", ErrMissing)

// end holds the segment seg to the rules: more says the path goes on,
// byValue that a value wrote the "/" that ends it.
func (s *segments) end(t *Template, seg []byte, more, byValue bool) error {
	if len(seg) > 6 || len(seg) > 0 && seg[0] != '.' && seg[0] != '%' {
		return nil // most segments: no dot segment starts so
	}
	switch {
	case iroute.IsDotSegment(seg):
		if s.expr != nil {
			return t.errorAt(s.expr, s.expr.specs[0].name, ErrDotSegment)
		}
		return &Error{Template: t.raw, Offset: -1, Err: ErrDotSegment}
	case len(seg) > 0:
	case byValue:
		return t.errorAt(s.expr, s.expr.specs[0].name, ErrEmptySegment) // a value's own "//"
	case s.expr != nil && more:
		return t.errorAt(s.expr, s.expr.specs[0].name, errEmptyValue)
	}
	return nil // a "//" the template writes, or an empty last segment
}

func (t *Template) errorAt(p *part, name string, err error) *Error {
	return &Error{Template: t.raw, Offset: p.offset, Var: name, Err: err}
}

// expandExpr appends one expression (RFC 6570 appendix A); with require,
// each of its variables must have a value.
func (t *Template) expandExpr(dst []byte, p *part, vals []Var, scratch []byte, require bool) ([]byte, error) {
	op := p.op
	first := true
	for i := range p.specs {
		sp := &p.specs[i]
		var m *value
		if sp.index < len(vals) {
			m = &vals[sp.index].v
		}
		if require && (m == nil || m.kind == undefinedKind && m.err() == nil) {
			return dst, t.errorAt(p, sp.name, ErrMissing)
		}
		if m == nil {
			continue
		}
		if err := m.err(); err != nil {
			return dst, t.errorAt(p, sp.name, err)
		}
		if m.kind == undefinedKind {
			continue
		}
		if m.kind != scalarKind && sp.prefix > 0 {
			return dst, t.errorAt(p, sp.name, ErrPrefix)
		}
		if m.kind == deepKind && op != opQuery && op != opQueryCont {
			return dst, t.errorAt(p, sp.name, errDeepPlace)
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
				return dst, t.errorAt(p, sp.name, err)
			}
		case listKind:
			dst = expandList(dst, m.items(), sp, op)
		case mapKind:
			dst = expandMap(dst, m.items(), sp, op)
		case deepKind:
			dst = expandDeep(dst, m.items(), sp.name, op.set)
		}
	}
	return dst, nil
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
