package template

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/endpointkit/endpoint/internal/ascii"
	iroute "github.com/endpointkit/endpoint/internal/route"
)

// operator holds RFC 6570 appendix A's table for one operator.
type operator struct {
	first    string // written before the first defined variable
	sep      byte   // written between defined variables (and exploded members)
	named    bool   // name=value pairs
	ifemp    string // written after the name when the value is empty
	reserved bool   // allow U+R and keep %XX triplets ({+x}, {#x})
	set      *[256]bool
}

var (
	opSimple    = &operator{sep: ',', set: unreservedSet}
	opReserved  = &operator{sep: ',', reserved: true, set: reservedSet}
	opFragment  = &operator{first: "#", sep: ',', reserved: true, set: reservedSet}
	opLabel     = &operator{first: ".", sep: '.', set: unreservedSet}
	opPath      = &operator{first: "/", sep: '/', set: unreservedSet}
	opMatrix    = &operator{first: ";", sep: ';', named: true, set: unreservedSet}
	opQuery     = &operator{first: "?", sep: '&', named: true, ifemp: "=", set: unreservedSet}
	opQueryCont = &operator{first: "&", sep: '&', named: true, ifemp: "=", set: unreservedSet}
)

// compile scans s into parts, validating as it goes by the module's
// grammar (a fuzz target holds the two together), so that errors have
// offsets.
func compile(s string) (*Template, error) {
	t := &Template{raw: s, authority: -1}
	pStart, pEnd := iroute.PathBounds(s)
	if ascii.HTTPScheme(s) > 0 {
		t.pathFrom = pStart
	}
	seen := map[string]int{} // a variable's index in t.vars
	lit, nexpr := 0, 0       // start of the pending literal, expressions so far
	for i := 0; i < len(s); {
		if s[i] != '{' {
			if i == pStart || i == pEnd { // each literal wholly in the path part or out of it
				t.addLiteral(s, lit, i, pStart, pEnd)
				lit = i
			}
			n, err := literalLen(s, i)
			if err != nil {
				return nil, err
			}
			i += n
			continue
		}
		t.addLiteral(s, lit, i, pStart, pEnd)
		if i > 0 && s[i-1] == '$' {
			return nil, syntaxError(s, i-1, "${…} is shell and JavaScript syntax; a URI template writes {name}")
		}
		if nexpr++; nexpr > MaxExpressions {
			return nil, &Error{Template: s, Offset: i, Err: fmt.Errorf("%w: more than %d", ErrTooManyExpressions, MaxExpressions)}
		}
		p, end, err := compileExpr(s, i)
		if err != nil {
			return nil, err
		}
		p.inPath = i >= pStart && i < pEnd
		if i < pStart && t.authority < 0 {
			t.authority = i
		}
		t.addExpr(p, seen)
		i, lit = end, end
	}
	t.addLiteral(s, lit, len(s), pStart, pEnd)
	t.slashStart = strings.HasPrefix(s[pStart:], "/")
	return t, nil
}

// addExpr appends the expression p; seen holds t.vars' indexes.
func (t *Template) addExpr(p part, seen map[string]int) {
	for k, sp := range p.specs {
		at, ok := seen[sp.name]
		if !ok {
			at = len(t.vars)
			seen[sp.name] = at
			t.vars = append(t.vars, sp.name)
		}
		p.specs[k].index = at
		if p.required() && !slices.Contains(t.segVars, sp.name) {
			t.segVars = append(t.segVars, sp.name) // one per expression: few
		}
		if p.required() && !sp.explode && sp.prefix == 0 && !slices.Contains(t.joinVars, sp.name) {
			t.joinVars = append(t.joinVars, sp.name)
		}
	}
	t.parts = append(t.parts, p)
}

// literalLen is the length of the literal character or %XX at s[i].
func literalLen(s string, i int) (int, error) {
	switch c := s[i]; {
	case c == '%':
		if i+2 >= len(s) || !ascii.IsHex(s[i+1]) || !ascii.IsHex(s[i+2]) {
			return 0, syntaxError(s, i, "incomplete percent-encoding")
		}
		return 3, nil
	case c < utf8.RuneSelf:
		if !reservedSet[c] { // the literals production's ASCII, with "'" (erratum 6937, as the module has it)
			return 0, syntaxError(s, i, fmt.Sprintf("character %q not allowed in a literal (use %%XX)", c))
		}
		return 1, nil
	}
	r, size := utf8.DecodeRuneInString(s[i:])
	if !isUCSChar(r) { // nor is invalid UTF-8's utf8.RuneError
		return 0, syntaxError(s, i, fmt.Sprintf("character %U not allowed in a literal (use %%XX)", r))
	}
	return size, nil
}

// isUCSChar reports whether r is an RFC 3987 ucschar or iprivate, the
// non-ASCII characters RFC 6570 allows in literals.
func isUCSChar(r rune) bool {
	switch {
	case r < 0xA0:
		return false
	case r <= 0xD7FF, 0xE000 <= r && r <= 0xFDCF, 0xFDF0 <= r && r <= 0xFFEF:
		return true
	case r >= 0xE0000 && r < 0xE1000:
		return false
	}
	return r >= 0x10000 && r <= 0x10FFFD && r&0xFFFF <= 0xFFFD
}

func syntaxError(s string, offset int, msg string) *Error {
	return &Error{Template: s, Offset: offset, Err: fmt.Errorf("%w: %s", ErrSyntax, msg)}
}

// addLiteral appends s[from:to], its non-ASCII characters percent-encoded.
func (t *Template) addLiteral(s string, from, to, pStart, pEnd int) {
	l := s[from:to]
	if l == "" {
		return
	}
	if ascii.Span(l, reservedSet) < len(l) { // non-ASCII, or a %XX kept as it is
		l = string(appendEscaped(make([]byte, 0, len(l)*3), l, reservedSet, true))
	}
	t.parts = append(t.parts, part{lit: l, offset: from, inPath: from >= pStart && from < pEnd})
}

// compileExpr scans the expression at s[start] == '{' and returns it and
// the offset past its "}".
func compileExpr(s string, start int) (part, int, error) {
	p := part{op: opSimple, offset: start}
	i := start + 1
	// A reserved operator ("=,!@|") is no name character: scanVarName refuses it.
	if i < len(s) && operators[s[i]] != nil {
		p.op = operators[s[i]]
		i++
	}
	for {
		end, err := scanVarName(s, i)
		if err != nil {
			return p, 0, err
		}
		sp := varspec{name: s[i:end]}
		if i, err = scanModifier(s, end, &sp); err != nil {
			return p, 0, err
		}
		p.specs = append(p.specs, sp)
		switch {
		case i < len(s) && s[i] == ',':
			i++
		case i < len(s) && s[i] == '}':
			return p, i + 1, nil
		default:
			return p, 0, syntaxError(s, i, `expected "," or "}"`)
		}
	}
}

// operators are the operators by their character; {x} has none.
var operators = [256]*operator{'+': opReserved, '#': opFragment, '.': opLabel, '/': opPath, ';': opMatrix, '?': opQuery, '&': opQueryCont}

// scanVarName returns the end of the variable name at s[i]: varchars (word
// characters, %XX) joined by single "." or, for {enterprise-team}, "-".
func scanVarName(s string, i int) (int, error) {
	start := i
scan:
	for ; i < len(s); i++ {
		switch c := s[i]; {
		case ascii.IsWord(c):
		case c == '%':
			if i+2 >= len(s) || !ascii.IsHex(s[i+1]) || !ascii.IsHex(s[i+2]) {
				return 0, syntaxError(s, i, "incomplete percent-encoding in a variable name")
			}
			i += 2
		case c == '.' || c == '-':
			if i == start || s[i-1] == '.' || s[i-1] == '-' {
				return 0, syntaxError(s, i, fmt.Sprintf("misplaced %q in a variable name", c))
			}
		default:
			break scan
		}
	}
	if i == start {
		return 0, syntaxError(s, i, "expected a variable name")
	}
	if s[i-1] == '.' || s[i-1] == '-' {
		return 0, syntaxError(s, i-1, fmt.Sprintf("variable name ends with %q", s[i-1]))
	}
	return i, nil
}

// scanModifier reads a "*" or ":N" at s[i] into sp and returns the offset
// after it.
func scanModifier(s string, i int, sp *varspec) (int, error) {
	switch {
	case i >= len(s):
		return i, nil
	case s[i] == '*':
		sp.explode = true
		return i + 1, nil
	case s[i] != ':':
		return i, nil
	}
	i++
	digits := i
	for ; i < len(s) && ascii.IsDigit(s[i]); i++ {
		// RFC 6570's limit; 0 here is a leading zero.
		if sp.prefix = sp.prefix*10 + int(s[i]-'0'); sp.prefix == 0 || sp.prefix > 9999 {
			return 0, syntaxError(s, i, "prefix must be 1 to 9999, without leading zeros")
		}
	}
	if i == digits {
		return 0, syntaxError(s, i, "prefix must be 1 to 9999")
	}
	return i, nil
}

// required reports whether p's variables need a value under the path
// rules: {x} or {+x} in the path part, where none would leave a hole.
func (p *part) required() bool {
	return p.inPath && (p.op == opSimple || p.op == opReserved)
}
