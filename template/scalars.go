package template

import (
	"bytes"
	"slices"
	"strconv"
)

// Expansion of routes: almost every REST route is literals, {name} and
// {?query} expressions filled with strings and integers. AppendScalars expands
// those in one pass over the parts, without a lookup function or a Var
// per variable; it gives what AppendPathVars gives for the same values.

// Scalar is a string or an integer value, or undefined (the zero Scalar).
// A Scalar with Str set is what [StringVar] makes, one with IsInt what
// [IntVar] makes.
type Scalar struct {
	Str   string
	Int   int64
	IsInt bool
	Set   bool
}

// StringScalar is the string s.
func StringScalar(s string) Scalar { return Scalar{Str: s, Set: true} }

// IntScalar is the integer i.
func IntScalar(i int64) Scalar { return Scalar{Int: i, IsInt: true, Set: true} }

// VarIndex returns the index of name in [Template.Vars], or -1.
func (t *Template) VarIndex(name string) int {
	if t == nil {
		return -1
	}
	return slices.Index(t.vars, name)
}

// AppendScalars is [Template.AppendPathVars] for values held by
// position: vals[i] is the value of Vars()[i] (missing entries are
// undefined). The path rules and errors are AppendPathVars'. It takes
// one pass over the template's compact form (program.go) when its
// expressions are all {name}, {?x,y} or {&x,y}, as a REST route's are,
// and then allocates nothing beyond growing dst; other templates, and
// values that make an error, go through AppendPathVars.
func (t *Template) AppendScalars(dst []byte, vals []Scalar) ([]byte, error) {
	if t == nil {
		return dst, errNilTemplate()
	}
	if t.code < len(t.prog) {
		if out, ok := runCode(dst, t.prog[t.code:], vals); ok {
			return t.checkPath(out, len(dst), !t.dotFree)
		}
		// A missing or dot segment: AppendPathVars says which.
	}
	return t.AppendPathVars(dst, func(name string) (Var, bool) {
		if i := t.VarIndex(name); i >= 0 && i < len(vals) && vals[i].Set {
			return vals[i].Var(), true
		}
		return Var{}, false
	})
}

func scalarAt(vals []Scalar, i int) Scalar {
	if i < len(vals) {
		return vals[i]
	}
	return Scalar{}
}

// appendScalar appends a defined v: a string encoded with set, an
// integer in decimal (digits and "-" are in every set).
func appendScalar(dst []byte, v Scalar, set *charset) []byte {
	if v.IsInt {
		return strconv.AppendInt(dst, v.Int, 10)
	}
	return appendEscaped(dst, v.Str, set, false)
}

// Var returns s as a Var.
func (s Scalar) Var() Var {
	switch {
	case !s.Set:
		return Var{}
	case s.IsInt:
		return IntVar(s.Int)
	}
	return StringVar(s.Str)
}

// isPlain reports whether every expression of t is a simple {name} or a
// query expression ({?x,y}, {&x}), without modifiers, none of them before
// an absolute template's path: the templates AppendScalars expands
// itself.
func (t *Template) isPlain() bool {
	if t.authority >= 0 {
		return false
	}
	for i := range t.parts {
		p := &t.parts[i]
		if p.specs == nil {
			continue
		}
		switch {
		case p.op == opSimple && len(p.specs) == 1:
		case p.op == opQuery || p.op == opQueryCont:
		default:
			return false
		}
		for _, sp := range p.specs {
			if sp.prefix != 0 || sp.explode {
				return false
			}
		}
	}
	return true
}

// isDotFree reports whether no AppendScalars expansion of the plain
// template t can have a dot segment that the check of each whole-segment
// expression misses, so that the expansion need not be scanned again.
// Values add only unreserved bytes and %XX triplets of other bytes, never
// "/" or %2E; so a path segment is safe when it is one whole-segment
// expression, or has a literal byte that no dot segment holds. A {?x}
// expression, when defined, ends the segment before it with its "?". The
// segments are taken from the template's start: where a scheme comes
// first they are finer than the ones the scan sees, never coarser.
func (t *Template) isDotFree() bool {
	seg := make([]byte, 0, 64) // the current segment: literals, 0 for a whole-segment expression, 1 for another
	for i := range t.parts {
		p := &t.parts[i]
		if p.specs != nil {
			if p.op == opQuery {
				// Defined, it starts the query with "?", which ends the
				// segment before it; undefined, it adds nothing.
				if !safeSegment(seg) {
					return false
				}
				continue
			}
			if p.segment {
				seg = append(seg, 0)
			} else {
				seg = append(seg, 1)
			}
			continue
		}
		for j := 0; j < len(p.lit); j++ {
			switch c := p.lit[j]; c {
			case '/', '?', '#':
				if !safeSegment(seg) {
					return false
				}
				if c != '/' {
					return true // the query or fragment
				}
				seg = seg[:0]
			default:
				seg = append(seg, c)
			}
		}
	}
	return safeSegment(seg)
}

// safeSegment reports whether seg (see isDotFree) cannot expand to a dot
// segment.
func safeSegment(seg []byte) bool {
	if bytes.IndexByte(seg, 0) < 0 && bytes.IndexByte(seg, 1) < 0 {
		return !isDotSegment(seg) // literals only
	}
	if len(seg) == 1 && seg[0] == 0 {
		return true
	}
	for i := 0; i < len(seg); i++ {
		switch seg[i] {
		case '.', 0, 1:
		case '%':
			i += 2 // a triplet; it may be %2E
		default:
			return true
		}
	}
	return false
}
