package template

// The compact form of a template. A route built once among many others
// (every operation of an API in turn) finds its parsed parts out of the
// processor's caches: a line per part, one per list of variables, one
// for the variable names in the text. The compact form holds what a
// call reads in one block, read from start to end: the variable names,
// which Vars' strings point into, and for a plain template the steps of
// AppendScalars:
//
//	progLit length text | progVar index segment | progQuery first sep count, then per
//	variable: index length name
//
// (every count, length and index a byte). A plain template with a
// name or a variable count that does not fit has no code and is expanded
// the general way. Up to inlineVars variables' strings are held in the
// Template itself.

const (
	progLit byte = iota
	progVar
	progQuery
)

// compactMax is the largest count, length or index the code holds.
const compactMax = 255

// inlineVars is how many variables a Template holds in itself.
const inlineVars = 4

// compact sets t.prog and t.code from the parsed t, and points t.vars
// into them.
func (t *Template) compact() {
	b := make([]byte, 0, t.compactSize())
	for _, name := range t.vars {
		b = append(b, name...)
	}
	code := len(b)
	if t.plain {
		var ok bool
		if b, ok = t.appendCode(b); !ok {
			b = b[:code]
		}
	}
	t.prog, t.code = string(b), code
	vars := t.vars
	if len(vars) <= inlineVars {
		vars = t.inline[:len(vars):len(vars)]
	}
	at := 0
	for i, name := range t.vars {
		vars[i] = t.prog[at : at+len(name)]
		at += len(name)
	}
	t.vars = vars
}

// compactSize is an upper bound of the compact form's length.
func (t *Template) compactSize() int {
	n := 0
	for _, name := range t.vars {
		n += len(name)
	}
	for i := range t.parts {
		p := &t.parts[i]
		n += 4 + (len(p.lit)/compactMax+1)*2 + len(p.lit)
		for _, sp := range p.specs {
			n += 2 + len(sp.name)
		}
	}
	return n
}

// appendCode appends the steps of AppendScalars for the plain t; ok is
// false when a part does not fit.
func (t *Template) appendCode(prog []byte) (_ []byte, ok bool) {
	for i := range t.parts {
		p := &t.parts[i]
		switch {
		case p.specs == nil:
			for lit := p.lit; lit != ""; {
				n := min(len(lit), compactMax)
				prog = append(prog, progLit, byte(n))
				prog = append(prog, lit[:n]...)
				lit = lit[n:]
			}
		case p.op == opSimple:
			if p.specs[0].index > compactMax {
				return prog, false
			}
			seg := byte(0)
			if p.segment {
				seg = 1
			}
			prog = append(prog, progVar, byte(p.specs[0].index), seg)
		default: // a query expression: isPlain allows no other
			if len(p.specs) > compactMax || len(p.op.first) != 1 {
				return prog, false
			}
			prog = append(prog, progQuery, p.op.first[0], p.op.sep, byte(len(p.specs)))
			for _, sp := range p.specs {
				if sp.index > compactMax || len(sp.name) > compactMax {
					return prog, false
				}
				prog = append(prog, byte(sp.index), byte(len(sp.name)))
				prog = append(prog, sp.name...)
			}
		}
	}
	return prog, true
}

// runCode expands a plain template from its compact form, as
// AppendPathVars would; ok is false where that returns an error (a
// missing or dot segment), for it to say which.
func runCode(dst []byte, code string, vals []Scalar) (_ []byte, ok bool) {
	for at := 0; at < len(code); {
		switch code[at] {
		case progLit:
			n := int(code[at+1])
			dst = append(dst, code[at+2:at+2+n]...)
			at += 2 + n
		case progVar:
			v, seg := scalarAt(vals, int(code[at+1])), code[at+2] != 0
			at += 3
			if !v.Set {
				if seg {
					return dst, false
				}
				continue
			}
			start := len(dst)
			dst = appendScalar(dst, v, unreservedSet)
			if s := dst[start:]; seg && (string(s) == "." || string(s) == "..") {
				return dst, false
			}
		default: // progQuery
			first, sep, n := code[at+1], code[at+2], int(code[at+3])
			at += 4
			for range n {
				v, l := scalarAt(vals, int(code[at])), int(code[at+1])
				name := code[at+2 : at+2+l]
				at += 2 + l
				if !v.Set {
					continue
				}
				dst = append(dst, first)
				first = sep
				dst = append(dst, name...)
				dst = append(dst, '=')
				dst = appendScalar(dst, v, unreservedSet)
			}
		}
	}
	return dst, true
}
