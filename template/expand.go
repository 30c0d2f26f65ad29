package template

import (
	"bytes"
	"fmt"
	"strconv"

	"github.com/endpointkit/endpoint/internal/ascii"
	iroute "github.com/endpointkit/endpoint/internal/route"
)

// Expand parses s (through the cache) and expands it with vars.
func Expand(s string, vars map[string]any) (string, error) {
	t, err := Parse(s)
	if err != nil {
		return "", err
	}
	return t.Expand(vars)
}

// Expand expands t with vars as RFC 6570 level 4 says: an absent or
// undefined variable (nil, a nil pointer, an empty list or map, or one
// of nil members) expands to nothing.
func (t *Template) Expand(vars map[string]any) (string, error) {
	if t == nil {
		return "", errNilTemplate()
	}
	var room [8]Var
	var buf [256]byte
	out, err := t.appendExpand(buf[:0], t.lookupVars(room[:0], func(name string) (any, bool) {
		v, ok := vars[name]
		return v, ok
	}), noRules)
	if err != nil {
		return "", err
	}
	return string(out), nil
}

// AppendPath appends t expanded with the values lookup finds (nil for
// none), holding the path part (after an absolute template's authority,
// before the first "?", "#", {?…}, {&…} or {#…}) to a route's rules:
//
//   - every variable of a {x} or {+x} there (SegmentVars) has a value, else
//     ErrMissing; {/x}, {.x} and {;x} may be left out;
//   - no value leaves a segment empty before more of the path (ErrMissing);
//     an empty last segment is a value, as v6 has it (contents/{path} with
//     "" gives contents/), and a "//" the template writes is its own;
//   - no segment is "." or ".." (also written %2e): ErrDotSegment;
//   - a template without scheme does not expand to "//…", which URL
//     resolvers read as a host (ErrEmptySegment), and no expression sits
//     in an absolute template's authority (ErrAuthority).
//
// On error dst is returned with its original length and err is an *Error.
func (t *Template) AppendPath(dst []byte, lookup func(name string) (any, bool)) ([]byte, error) {
	var room [8]Var
	return t.AppendVars(dst, t.lookupVars(room[:0], lookup))
}

// AppendVars is AppendPath for values held by position: vals[i] is the
// value of Vars()[i], and a missing entry is undefined. Callers with
// values of their own build Vars and expand here, so that nothing is boxed.
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
		// Written again, reading the segments as they are written, to tell
		// a value's hole from what the template writes itself.
		if dst, err = t.appendExpand(dst[:n0], vals, checkSegments); err != nil {
			return dst, err
		}
	}
	// A template without scheme is joined after a "/": a "//" it starts
	// with would be read as a host.
	if out := dst[n0:]; len(out) >= 2 && out[0] == '/' && out[1] == '/' {
		return dst[:n0], &Error{Template: t.raw, Offset: -1, Err: ErrEmptySegment}
	}
	return dst, nil
}

// lookupVars appends the value lookup finds for each of Vars.
func (t *Template) lookupVars(vals []Var, lookup func(string) (any, bool)) []Var {
	if lookup == nil || t == nil {
		return nil
	}
	vals = append(vals, make([]Var, len(t.vars))...)
	for i, name := range t.vars {
		if x, ok := lookup(name); ok {
			m, err := mapValue(x)
			if err != nil {
				vals[i] = InvalidVar(err)
			} else {
				vals[i] = Var{m}
			}
		}
	}
	return vals
}

// appendExpand's rules: none, AppendPath's required values, or its segments too.
const (
	noRules = iota
	requireVars
	checkSegments
)

// mayBreakPath reports whether the path of out has what the segment rules
// judge ("//", a dot segment, a first "/" the template did not write);
// most expansions have none and are not written again.
func (t *Template) mayBreakPath(out []byte) bool {
	path := iroute.URLPath(out)
	return bytes.Contains(path, []byte("//")) || len(path) > 0 && path[0] == '/' && !t.slashStart ||
		iroute.HasDotSegment(path)
}

// appendExpand appends every part of t, each variable's value vals[index].
func (t *Template) appendExpand(dst []byte, vals []Var, rules int) ([]byte, error) {
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
		if rules == checkSegments {
			if err := path.follow(t, dst, start, p); err != nil {
				return dst[:n0], err
			}
		}
	}
	if rules == checkSegments && !path.done {
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

// follow reads dst[from:], which p just wrote, as a URL parser would.
func (s *segments) follow(t *Template, dst []byte, from int, p *part) error {
	switch {
	case s.done || p.offset < t.pathFrom || from == len(dst) && !p.required():
		return nil // the authority of an http(s) template, or an empty value
	case !p.inPath && (dst[from] == '?' || dst[from] == '#'):
		s.done = true // begun, as mayBreakPath found a path
		return s.end(t, dst[s.start:from], false, false)
	}
	return s.add(t, dst, s.enter(dst, from, p), p)
}

// enter notes what p, which wrote dst[from:], begins (the path, or the
// segment's first expression) and returns where the segment's bytes begin.
func (s *segments) enter(dst []byte, from int, p *part) int {
	skipped := false
	if !s.started {
		from, skipped = s.begin(dst, from, p)
	}
	if p.specs != nil && s.expr == nil && !(skipped && from == len(dst)) {
		s.expr = p
		if from == len(dst) {
			s.leading = false // an empty value holds the first segment
		}
	}
	if s.leading && from < len(dst) {
		s.leading = false
		if dst[from] == '/' {
			from++
			s.start = from
		}
	}
	return from
}

// add ends a segment at every "/" p wrote in dst[from:], and the path at a
// "?" or "#" that a value or a part past the path part wrote.
func (s *segments) add(t *Template, dst []byte, from int, p *part) error {
	ends := p.specs != nil && p.op.reserved || !p.inPath
	for i := from; i < len(dst); i++ {
		switch c := dst[i]; {
		case c == '/': // a segment ends; an expression goes on into the next
			if err := s.end(t, dst[s.start:i], true, p.specs != nil); err != nil {
				return err
			}
			s.start, s.expr = i+1, nil
			if p.specs != nil {
				s.expr = p
			}
		case ends && (c == '?' || c == '#'):
			s.done = true
			return s.end(t, dst[s.start:i], false, false)
		}
	}
	return nil
}

// begin starts the path at dst[from], after the authority when p is a
// {+url} given a whole URL (skipped).
func (s *segments) begin(dst []byte, from int, p *part) (_ int, skipped bool) {
	s.started, s.leading, s.start = true, true, from
	if p.specs == nil || !p.op.reserved || ascii.HTTPScheme(dst[from:]) == 0 {
		return from, false
	}
	s.start += ascii.HTTPScheme(dst[from:])
	for s.start < len(dst) && dst[s.start] != '/' && dst[s.start] != '?' && dst[s.start] != '#' {
		s.start++
	}
	return s.start, true
}

var errEmptyValue = fmt.Errorf("%w: empty, with more of the path after it", ErrMissing)

// end holds the segment seg to the rules: more says the path goes on,
// byValue that a value wrote the "/" that ends it.
func (s *segments) end(t *Template, seg []byte, more, byValue bool) error {
	if len(seg) > 6 || len(seg) > 0 && seg[0] != '.' && seg[0] != '%' {
		return nil // no dot segment starts so
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
// every variable must have a value.
func (t *Template) expandExpr(dst []byte, p *part, vals []Var, scratch []byte, require bool) ([]byte, error) {
	op := p.op
	first := true
	for i := range p.specs {
		sp := &p.specs[i]
		var m *value
		if sp.index < len(vals) {
			m = &vals[sp.index].v
		}
		if m == nil || m.kind == undefinedKind && m.err() == nil {
			if require {
				return dst, t.errorAt(p, sp.name, ErrMissing)
			}
			continue
		}
		if err := m.err(); err != nil {
			return dst, t.errorAt(p, sp.name, err)
		}
		if first {
			dst = append(dst, op.first...)
			first = false
		} else {
			dst = append(dst, op.sep)
		}
		var err error
		switch {
		case m.kind != scalarKind:
			dst, err = expandComposite(dst, m, sp, op)
		case m.isInt:
			// Formatted here, not into m, whose buffer would escape.
			dst, err = expandScalar(dst, strconv.AppendInt(scratch, m.num, 10), sp, op, false)
		default:
			dst, err = expandScalar(dst, m.str, sp, op, m.isPath)
		}
		if err != nil {
			return dst, t.errorAt(p, sp.name, err)
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

// expandComposite appends a list, an associative array (keys encoded as
// values are) or a DeepObjectVar; none takes a prefix (RFC 6570 2.4.1).
func expandComposite(dst []byte, m *value, sp *varspec, op *operator) ([]byte, error) {
	items := m.items()
	switch {
	case sp.prefix > 0:
		return dst, ErrPrefix
	case m.kind == deepKind && op != opQuery && op != opQueryCont:
		return dst, errDeepPlace
	case m.kind == deepKind:
		return appendDeep(dst, sp.name, true, items, op.set), nil
	case !sp.explode:
		if op.named {
			dst = append(append(dst, sp.name...), '=')
		}
		for i, it := range items {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = appendEscaped(dst, it, op.set, op.reserved)
		}
		return dst, nil
	}
	if m.kind == mapKind {
		return expandExploded(dst, items, 2, sp, op), nil
	}
	return expandExploded(dst, items, 1, sp, op), nil
}

// expandExploded appends the members of an exploded list (step 1) or the
// pairs of an exploded associative array (step 2).
func expandExploded(dst []byte, items []string, step int, sp *varspec, op *operator) []byte {
	for i := 0; i+step <= len(items); i += step {
		if i > 0 {
			dst = append(dst, op.sep)
		}
		v := items[i+step-1]
		switch {
		case step == 2:
			dst = appendEscaped(dst, items[i], op.set, op.reserved)
		case op.named:
			dst = append(dst, sp.name...)
		default:
			dst = appendEscaped(dst, v, op.set, op.reserved)
			continue
		}
		if op.named && v == "" {
			dst = append(dst, op.ifemp...)
			continue
		}
		dst = append(dst, '=')
		dst = appendEscaped(dst, v, op.set, op.reserved)
	}
	return dst
}

var errDeepPlace = fmt.Errorf("%w: a deepObject value only goes in a query ({?x} or {&x})", ErrValue)

// appendDeep appends name[key]=value pairs joined with "&"; keepPct keeps
// the %XX of a template's variable name, which needs no other encoding.
func appendDeep(dst []byte, name string, keepPct bool, items []string, set *[256]bool) []byte {
	for i := 0; i+1 < len(items); i += 2 {
		if i > 0 {
			dst = append(dst, '&')
		}
		dst = appendEscaped(dst, name, componentSet, keepPct)
		dst = append(dst, "%5B"...)
		dst = appendEscaped(dst, items[i], set, false)
		dst = append(dst, "%5D="...)
		dst = appendEscaped(dst, items[i+1], set, false)
	}
	return dst
}
