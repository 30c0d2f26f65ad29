package template

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/yosida95/uritemplate/v3"
)

// MaxLength is the longest template accepted, in bytes, before and after
// :name rewriting (ErrTooLong).
const MaxLength = 8192

// MaxExpressions is the most {...} expressions a template may have
// (ErrTooManyExpressions); real routes have fewer than ten.
const MaxExpressions = 256

// Template is a parsed URI template, immutable and safe for concurrent use.
type Template struct {
	raw        string
	parts      []part
	vars       []string // once each, in order of first appearance
	segVars    []string
	joinVars   []string // segVars without explode or prefix (Joins)
	slashStart bool     // the path part starts with a literal "/"
	// authority is the offset of an expression before an absolute
	// template's path, or -1; the path rules start at pathFrom, after an
	// http(s) authority (any other scheme is joined to a base URL).
	authority, pathFrom int
}

// part is a literal (specs == nil) or an expression.
type part struct {
	lit    string // encoded literal text
	op     *operator
	specs  []varspec
	offset int  // byte offset of the part in raw (an expression's "{")
	inPath bool // in the path part (see AppendPath)
}

// varspec is one variable of an expression.
type varspec struct {
	name    string
	prefix  int // 0: none
	explode bool
	index   int // in Template.vars
}

// Parse parses s, its path's :name placeholders read as {name}. A template
// seen before is found in the cache, the same *Template.
func Parse(s string) (*Template, error) {
	if len(s) > MaxLength { // before the lookup: do not hash a huge string
		return nil, &Error{Template: s, Offset: MaxLength, Err: fmt.Errorf("%w: %d bytes, the limit is %d", ErrTooLong, len(s), MaxLength)}
	}
	if s == "" || s[0] != 0 { // a NUL first is ParseRFC6570's key
		if t, ok := cache.get(s); ok {
			return t, nil
		}
	}
	key := strings.Clone(s) // do not pin a larger string the caller sliced s from
	return parseCached(key, rewriteColonNames(key))
}

// ParseRFC6570 is Parse without :name: every colon is literal, as in an
// API description's path (/v1/models/{model}:generateContent).
func ParseRFC6570(s string) (*Template, error) {
	if strings.IndexByte(s, ':') < 0 || len(s) > MaxLength || rewriteColonNames(s) == s {
		return Parse(s) // the same *Template: nothing to read as :name
	}
	key := "\x00" + s // apart from Parse's entry, under a key Parse never looks up
	if t, ok := cache.get(key); ok {
		return t, nil
	}
	return parseCached(key, strings.Clone(s))
}

// parseCached validates s with the uritemplate module, compiles it and
// caches it under key.
func parseCached(key, s string) (*Template, error) {
	if len(s) > MaxLength {
		return nil, &Error{Template: s, Offset: MaxLength, Err: fmt.Errorf("%w: %d bytes after :name rewriting, the limit is %d", ErrTooLong, len(s), MaxLength)}
	}
	t, err := compile(s)
	if _, modErr := uritemplate.New(hyphensForValidator(s)); modErr != nil {
		offset := -1 // where the scanner, which has offsets, finds the fault
		var e *Error
		if errors.As(err, &e) {
			offset = e.Offset
		}
		return nil, &Error{Template: s, Offset: offset, Err: fmt.Errorf("%w: %w", ErrSyntax, moduleError(modErr))}
	}
	if err != nil {
		return nil, err
	}
	return cache.put(key, t), nil
}

// hyphensForValidator writes every "-" inside an expression as "_", so
// that the uritemplate module, which knows only RFC 6570's names,
// validates the rest of a template with hyphenated names.
func hyphensForValidator(s string) string {
	if strings.IndexByte(s, '-') < 0 {
		return s
	}
	b := []byte(s)
	in := false
	for i, c := range b {
		in = c == '{' || in && c != '}'
		if in && c == '-' {
			b[i] = '_'
		}
	}
	return string(b)
}

// String returns the template text as parsed (after :name rewriting).
func (t *Template) String() string {
	if t == nil {
		return ""
	}
	return t.raw
}

// Vars lists the variable names once each, in order of first appearance.
func (t *Template) Vars() []string {
	if t == nil {
		return nil
	}
	return slices.Clone(t.vars)
}

// VarIndex returns the index of name in Vars, or -1: where AppendVars
// takes its value.
func (t *Template) VarIndex(name string) int {
	if t == nil {
		return -1
	}
	return slices.Index(t.vars, name)
}

// SegmentVars lists, once each, the variables AppendPath requires: those
// of {x} and {+x} in the path part.
func (t *Template) SegmentVars() []string {
	if t == nil {
		return nil
	}
	return slices.Clone(t.segVars)
}

// Joins reports whether a list or map given for name would be joined with
// commas into the path: a {x} or {+x} there without explode or prefix.
func (t *Template) Joins(name string) bool {
	return t != nil && slices.Contains(t.joinVars, name)
}
