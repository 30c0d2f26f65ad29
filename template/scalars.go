package template

import (
	"slices"
	"strconv"
)

// Expansion of routes: almost every REST route is literals and {name}
// expressions filled with strings and integers. AppendScalars expands
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
// one pass for a template whose expressions are all {name}, and
// allocates nothing beyond growing dst.
func (t *Template) AppendScalars(dst []byte, vals []Scalar) ([]byte, error) {
	if t == nil {
		return dst, errNilTemplate()
	}
	if !t.plain {
		return t.AppendPathVars(dst, func(name string) (Var, bool) {
			if i := t.VarIndex(name); i >= 0 && i < len(vals) && vals[i].Set {
				return vals[i].Var(), true
			}
			return Var{}, false
		})
	}
	n0 := len(dst)
	for i := range t.parts {
		p := &t.parts[i]
		if p.specs == nil {
			dst = append(dst, p.lit...)
			continue
		}
		var v Scalar
		if p.varIndex < len(vals) {
			v = vals[p.varIndex]
		}
		start := len(dst)
		switch {
		case !v.Set:
			if p.segment {
				return dst[:n0], t.errorAt(p, p.specs[0].name, ErrMissing)
			}
			continue
		case v.IsInt:
			dst = strconv.AppendInt(dst, v.Int, 10) // digits and "-": unreserved
		default:
			dst = appendEscaped(dst, v.Str, unreservedSet, false)
		}
		if seg := dst[start:]; p.segment && (string(seg) == "." || string(seg) == "..") {
			return dst[:n0], t.errorAt(p, p.specs[0].name, ErrDotSegment)
		}
	}
	return t.checkPath(dst, n0)
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

// isPlain reports whether every expression of t is a simple {name}
// without modifier, none of them before an absolute template's path: the
// templates AppendScalars expands itself.
func (t *Template) isPlain() bool {
	if t.authority >= 0 {
		return false
	}
	for i := range t.parts {
		p := &t.parts[i]
		if p.specs != nil && (p.op != opSimple || len(p.specs) != 1 || p.specs[0].prefix != 0 || p.specs[0].explode) {
			return false
		}
	}
	return true
}
