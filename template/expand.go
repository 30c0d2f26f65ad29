package template

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
	var buf [256]byte
	out, err := t.appendExpand(buf[:0], func(name string) (any, bool) {
		v, ok := vars[name]
		return v, ok
	}, false)
	if err != nil {
		return "", err
	}
	return string(out), nil
}

// AppendPath appends t expanded with the values lookup finds to dst and
// returns the extended buffer. It is Expand without a map, plus path rules
// for whole-segment variables:
//
// A simple expression with one variable and no modifier ({x}, also the {x}
// that :x is rewritten to) is a whole segment when it lies in the path part
// (after the authority of an absolute template, before the first "?" or "#"
// and before any {?...}, {&...} or {#...} expression), is preceded by a
// literal "/" (or starts a template without scheme), and is followed by "/",
// "?", "#", the end of the template, or an expression starting with "?", "&",
// "#", "/" or ".". Its value must be defined and expand to a non-empty string
// (else ErrMissing) that is not "." or ".." (else ErrDotSegment).
// SegmentVars lists these variables.
//
// On error dst is returned with its original length and err is an *Error.
// For string and integer values AppendPath allocates nothing beyond growing
// dst. A nil lookup means no values.
func (t *Template) AppendPath(dst []byte, lookup func(name string) (any, bool)) ([]byte, error) {
	if t == nil {
		return dst, errNilTemplate()
	}
	if t.authority >= 0 {
		return dst, &Error{Template: t.raw, Offset: t.authority, Err: ErrAuthority}
	}
	n0 := len(dst)
	dst, err := t.appendExpand(dst, lookup, true)
	if err != nil {
		return dst, err
	}
	if hasDotSegment(dst[n0:]) {
		return dst[:n0], &Error{Template: t.raw, Offset: -1, Err: ErrDotSegment}
	}
	return dst, nil
}

// HasDotSegment reports whether the path of url has a "." or ".." segment
// (a dot may be written %2e): every URL normaliser would remove it and
// climb a level. AppendPath refuses such a result; callers that join a
// base URL in front use this to check the base.
func HasDotSegment(url string) bool { return hasDotSegment(url) }

// hasDotSegment reports whether the path of url has a "." or ".." segment,
// whatever produced it.
func hasDotSegment[T string | []byte](url T) bool {
	i := 0
	// Skip "scheme://authority" when there is one.
	if j := schemeEnd(url); j > 0 && isScheme(url[:j]) {
		i = j + 3
		for i < len(url) && url[i] != '/' && url[i] != '?' && url[i] != '#' {
			i++
		}
	}
	start := i
	for ; i <= len(url); i++ {
		if i < len(url) && url[i] != '/' && url[i] != '?' && url[i] != '#' {
			continue
		}
		if isDotSegment(url[start:i]) {
			return true
		}
		if i == len(url) || url[i] != '/' {
			return false
		}
		start = i + 1
	}
	return false
}

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

func isScheme[T string | []byte](b T) bool {
	if len(b) == 0 || !isAlpha(b[0]) {
		return false
	}
	for i := 1; i < len(b); i++ {
		if c := b[i]; !isAlpha(c) && !('0' <= c && c <= '9') && c != '+' && c != '-' && c != '.' {
			return false
		}
	}
	return true
}

func noValues(string) (any, bool) { return nil, false }

func (t *Template) appendExpand(dst []byte, lookup func(string) (any, bool), pathRules bool) ([]byte, error) {
	if lookup == nil {
		lookup = noValues
	}
	n0 := len(dst)
	var scratch [32]byte
	var items [16]string
	for i := range t.parts {
		p := &t.parts[i]
		if p.specs == nil {
			dst = append(dst, p.lit...)
			continue
		}
		start := len(dst)
		var err error
		dst, err = t.expandExpr(dst, p, lookup, scratch[:0], items[:0])
		if err != nil {
			return dst[:n0], err
		}
		if pathRules && p.segment {
			switch seg := dst[start:]; {
			case len(seg) == 0:
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

// expandExpr appends one expression (RFC 6570 appendix A).
func (t *Template) expandExpr(dst []byte, p *part, lookup func(string) (any, bool), scratch []byte, items []string) ([]byte, error) {
	op := p.op
	first := true
	for i := range p.specs {
		sp := &p.specs[i]
		raw, ok := lookup(sp.name)
		if !ok {
			continue
		}
		if str, isString := raw.(string); isString {
			// Fast path for the most common value; same result as below.
			if first {
				dst = append(dst, op.first...)
				first = false
			} else {
				dst = append(dst, op.sep)
			}
			dst, _ = expandScalar(dst, str, sp, op, false) // no error without a Path
			continue
		}
		m, err := mapValue(raw, scratch, items)
		if err != nil {
			return dst, t.errorAt(p, sp.name, err)
		}
		if m.kind == undefinedKind {
			continue
		}
		if m.kind != scalarKind && sp.prefix > 0 {
			return dst, t.errorAt(p, sp.name, ErrPrefix)
		}
		if first {
			dst = append(dst, op.first...)
			first = false
		} else {
			dst = append(dst, op.sep)
		}
		switch m.kind {
		case scalarKind:
			if m.useBytes {
				dst, err = expandScalar(dst, m.bytes, sp, op, m.isPath)
			} else {
				dst, err = expandScalar(dst, m.str, sp, op, m.isPath)
			}
			if err != nil {
				return dst, t.errorAt(p, sp.name, err)
			}
		case listKind:
			dst = expandList(dst, m.items, sp, op)
		case mapKind:
			dst = expandMap(dst, m.items, sp, op)
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
