package openapi_test

import (
	"math/rand/v2"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/getkin/kin-openapi/openapi3"

	"github.com/endpointkit/endpoint/builder"
)

// The value synthesizer of the round trip over vendors' descriptions
// (roundtrip_test.go): from a parameter's schema and where it travels,
// a value the description allows, drawn from a seeded generator. Its
// strings hold what an encoder gets wrong (commas, spaces, "+", "&",
// "=", "%", "/", non-ASCII, the empty string), except where OpenAPI's
// style for the place gives them no form: a delimiter that travels
// unencoded (a label's ".", a header's ","), or one the style's own
// encoding hides ("|" in a pipeDelimited query, " " in a
// spaceDelimited one: both are percent-encoded, so a server cannot tell
// an item's from the delimiter).

// where is the place a value travels to, with what its style forbids.
type where struct {
	in      string // path, query, header, cookie, body
	style   string // OpenAPI's, defaulted for the place
	explode bool
	// avoid are the characters a text item, key or value must not hold.
	avoid string
	// deepArrays says an array may go to a deepObject parameter (the
	// description was loaded with DeepObjectArrays).
	deepArrays bool
}

// text reports whether values at w travel as text: no nesting.
func (w where) text() bool { return w.in != "body" }

// palette is the strings a string parameter is drawn from.
var palette = []string{
	"plain", "a,b", "a b", "c++ & go", "x=y;z", "né 日本", "50% off", "a/b",
	"?#[]@!$'()*", "~-._", "", "tab\there", "100+", "a|b",
}

// headerPalette is for header and cookie values: visible ASCII, no
// space at either end (HTTP trims it).
var headerPalette = []string{"plain", "a b", "c++ & go", "x=y", "50% off", "a/b;c", "v1.2", "a,b"}

// formats are values for the string formats descriptions use.
var formats = map[string][]string{
	"date-time": {"2024-05-06T07:08:09+02:00", "2024-05-06T07:08:09Z"},
	"date":      {"2024-05-06"},
	"uuid":      {"0f8fad5b-d9cb-469f-a165-70867728950e"},
	"email":     {"a.b+c@example.com"},
	"uri":       {"https://example.com/a?b=c&d=e"},
	"url":       {"https://example.com/a?b=c&d=e"},
	"byte":      {"aGk+Lw=="},
	"password":  {"p@ss w+rd"},
	"int64":     {"9007199254740993"},
}

type synth struct {
	rng *rand.Rand
	// all says optional members are all set (else each one by chance).
	all bool
}

// value returns a value for schema s at w; ok is false when the schema
// leaves nothing to send there (an object of nothing but nested values).
func (g *synth) value(ref *openapi3.SchemaRef, w where, depth int) (any, bool) {
	s := schemaOf(ref)
	if s == nil {
		return g.str(nil, w), true
	}
	if len(s.AllOf) > 0 {
		s = mergeAllOf(s)
	}
	if depth > 5 {
		// Deep enough (a recursive schema): the least value of its type.
		switch pickType(s, w, depth) {
		case "object":
			return builder.Params{}, true
		case "array":
			return []any{}, true
		}
	}
	if s.Const != nil {
		return s.Const, true
	}
	if len(s.Enum) > 0 {
		var usable []any
		for _, e := range s.Enum {
			if t, ok := e.(string); e == nil || ok && !g.fits(t, w) {
				continue
			}
			usable = append(usable, e)
		}
		if len(usable) > 0 {
			return usable[g.rng.IntN(len(usable))], true
		}
	}
	if alts := append(slices.Clone(s.OneOf), s.AnyOf...); len(alts) > 0 && depth < 12 {
		// The first branch, but null, that can travel at w, with what the
		// schema says beside its branches (JSON Schema: both hold).
		base := *s
		base.OneOf, base.AnyOf = nil, nil
		for _, a := range alts {
			if as := schemaOf(a); as == nil || as.Type != nil && as.Type.Is("null") {
				continue
			}
			m := base
			m.AllOf = openapi3.SchemaRefs{a}
			if v, ok := g.value(&openapi3.SchemaRef{Value: mergeAllOf(&m)}, w, depth+1); ok && (!w.text() || depth > 0 || isFlat(v)) {
				return v, true
			}
		}
		if s.Type.IsEmpty() && len(s.Properties) == 0 {
			return nil, false
		}
	}
	switch typ := pickType(s, w, depth); typ {
	case "integer":
		return g.integer(s), true
	case "number":
		return g.number(s), true
	case "boolean":
		return g.rng.IntN(2) == 0, true
	case "array":
		return g.array(s, w, depth)
	case "object":
		return g.object(s, w, depth)
	}
	return g.str(s, w), true
}

// isFlat reports whether v travels as text at the top of a path, query
// or header value: a scalar, or an array or object of scalars.
func isFlat(v any) bool {
	switch x := v.(type) {
	case []any:
		for _, it := range x {
			if !isScalar(it) {
				return false
			}
		}
	case builder.Params:
		for _, m := range x {
			if !isScalar(m.Value) {
				return false
			}
		}
	}
	return true
}

func isScalar(v any) bool {
	switch v.(type) {
	case []any, builder.Params:
		return false
	}
	return true
}

func schemaOf(ref *openapi3.SchemaRef) *openapi3.Schema {
	if ref == nil {
		return nil
	}
	return ref.Value
}

// mergeAllOf merges allOf parts into one schema, as far as a value
// needs: types, properties, required names, items.
func mergeAllOf(s *openapi3.Schema) *openapi3.Schema {
	m := *s
	m.AllOf = nil
	m.Properties = openapi3.Schemas{}
	for k, v := range s.Properties {
		m.Properties[k] = v
	}
	m.Required = slices.Clone(s.Required)
	for _, p := range s.AllOf {
		ps := schemaOf(p)
		if ps == nil {
			continue
		}
		if len(ps.AllOf) > 0 {
			ps = mergeAllOf(ps)
		}
		if m.Type.IsEmpty() && !ps.Type.IsEmpty() {
			m.Type = ps.Type
		}
		for k, v := range ps.Properties {
			if _, ok := m.Properties[k]; !ok {
				m.Properties[k] = v
			}
		}
		m.Required = append(m.Required, ps.Required...)
		if m.Items == nil {
			m.Items = ps.Items
		}
		if len(m.Enum) == 0 {
			m.Enum = ps.Enum
		}
		if m.Const == nil {
			m.Const = ps.Const
		}
		if len(m.OneOf)+len(m.AnyOf) == 0 {
			m.OneOf, m.AnyOf = ps.OneOf, ps.AnyOf
		}
		if m.MinLength == 0 {
			m.MinLength = ps.MinLength
		}
		if m.MaxLength == nil {
			m.MaxLength = ps.MaxLength
		}
		if m.Format == "" {
			m.Format = ps.Format
		}
		if m.AdditionalProperties.Schema == nil && m.AdditionalProperties.Has == nil {
			m.AdditionalProperties = ps.AdditionalProperties
		}
	}
	return &m
}

// pickType chooses one of the schema's types (null aside) for a value
// at w: a text place takes no nesting below its top.
func pickType(s *openapi3.Schema, w where, depth int) string {
	var types []string
	if s.Type != nil {
		for _, t := range s.Type.Slice() {
			if t != "null" {
				types = append(types, t)
			}
		}
	}
	if len(types) == 0 {
		switch {
		case len(s.Properties) > 0 || s.AdditionalProperties.Schema != nil:
			types = []string{"object"}
		case s.Items != nil:
			types = []string{"array"}
		default:
			return "string"
		}
	}
	if w.text() && depth > 0 {
		for _, t := range types {
			if t != "array" && t != "object" {
				return t
			}
		}
	}
	if w.style == "deepObject" && depth == 0 {
		if slices.Contains(types, "object") {
			return "object"
		}
		if !w.deepArrays {
			for _, t := range types {
				if t != "array" {
					return t
				}
			}
		}
	}
	return types[0]
}

// fits reports whether a string may travel at w.
func (g *synth) fits(t string, w where) bool {
	if w.avoid != "" && strings.ContainsAny(t, w.avoid) {
		return false
	}
	switch w.in {
	case "path":
		return t != "" && t != "." && t != ".."
	case "header", "cookie":
		return t != "" && t == strings.TrimSpace(t) && !strings.ContainsFunc(t, func(r rune) bool { return r < 0x20 || r >= 0x7f })
	}
	return true
}

func (g *synth) str(s *openapi3.Schema, w where) string {
	var cands []string
	if s != nil {
		cands = formats[s.Format]
	}
	if len(cands) == 0 {
		cands = palette
		if w.in == "header" || w.in == "cookie" {
			cands = headerPalette
		}
	}
	for range 20 {
		t := cands[g.rng.IntN(len(cands))]
		if s != nil {
			if s.MinLength > 0 && uint64(utf8.RuneCountInString(t)) < s.MinLength {
				continue
			}
			if s.MaxLength != nil && uint64(utf8.RuneCountInString(t)) > *s.MaxLength {
				continue
			}
		}
		if g.fits(t, w) {
			return t
		}
	}
	return "plain"
}

func (g *synth) integer(s *openapi3.Schema) int64 {
	lo, hi := int64(0), int64(100)
	if s.Min != nil {
		lo = int64(*s.Min)
		if s.ExclusiveMin.Bool != nil && *s.ExclusiveMin.Bool || s.ExclusiveMin.Value != nil {
			lo++
		}
		if hi < lo {
			hi = lo + 100
		}
	}
	if s.Max != nil {
		hi = int64(*s.Max)
		if s.ExclusiveMax.Bool != nil && *s.ExclusiveMax.Bool || s.ExclusiveMax.Value != nil {
			hi--
		}
		if lo > hi {
			lo = hi
		}
	}
	if s.Format == "int64" && s.Max == nil && g.rng.IntN(3) == 0 {
		return 9007199254740993 // past float64's integers
	}
	return lo + g.rng.Int64N(hi-lo+1)
}

func (g *synth) number(s *openapi3.Schema) any {
	v := 2.5
	if s.Max != nil && *s.Max < v {
		v = *s.Max
	}
	if s.Min != nil && *s.Min > v {
		v = *s.Min
	}
	if s.MultipleOf != nil || v == float64(int64(v)) {
		return int64(v) // an integral number is written without a fraction
	}
	return v
}

func (g *synth) array(s *openapi3.Schema, w where, depth int) (any, bool) {
	n := 1 + g.rng.IntN(3)
	if s.MinItems > uint64(n) {
		n = int(s.MinItems)
	}
	if s.MaxItems != nil && uint64(n) > *s.MaxItems {
		n = int(*s.MaxItems)
	}
	var items []any
	for range 4 * n {
		if len(items) == n {
			break
		}
		v, ok := g.value(s.Items, w, depth+1)
		if !ok || w.text() && !isScalar(v) {
			continue
		}
		if s.UniqueItems || w.text() {
			// Distinct items: a server may read a list as a set.
			if slices.ContainsFunc(items, func(x any) bool { return textOf(x) == textOf(v) }) {
				continue
			}
		}
		items = append(items, v)
	}
	if len(items) == 0 {
		if s.MinItems > 0 {
			return nil, false
		}
		return []any{}, true
	}
	return items, true
}

func (g *synth) object(s *openapi3.Schema, w where, depth int) (any, bool) {
	var out builder.Params
	names := make([]string, 0, len(s.Properties))
	for k := range s.Properties {
		names = append(names, k)
	}
	slices.Sort(names)
	for _, k := range names {
		p := schemaOf(s.Properties[k])
		if p != nil && p.ReadOnly {
			continue
		}
		if !slices.Contains(s.Required, k) && !g.all && g.rng.IntN(2) == 0 {
			continue
		}
		if w.text() && !g.fits(k, w) || w.style == "deepObject" && (k == "" || strings.ContainsAny(k, "[]")) {
			continue
		}
		v, ok := g.value(s.Properties[k], w, depth+1)
		if !ok || w.text() && !isScalar(v) {
			continue
		}
		out = append(out, builder.Param{Name: k, Value: v})
	}
	for _, k := range s.Required {
		if _, declared := s.Properties[k]; !declared && !slices.ContainsFunc(out, func(p builder.Param) bool { return p.Name == k }) {
			out = append(out, builder.Param{Name: k, Value: g.str(nil, w)}) // required, of any type
		}
	}
	if len(out) == 0 && (len(s.Properties) == 0 || w.text()) && s.AdditionalProperties.Has == nil || s.AdditionalProperties.Has != nil && *s.AdditionalProperties.Has && len(out) == 0 {
		// A free-form object: two members of our own.
		keys := []string{"k1", "k 2"}
		if w.text() && w.avoid != "" {
			keys = []string{"k1", "k2"}
		}
		for _, k := range keys {
			var v any = g.str(nil, w)
			if ap := s.AdditionalProperties.Schema; ap != nil {
				var ok bool
				if v, ok = g.value(ap, w, depth+1); !ok || w.text() && !isScalar(v) {
					continue
				}
			}
			out = append(out, builder.Param{Name: k, Value: v})
		}
	}
	if len(out) == 0 && w.text() {
		return nil, false
	}
	if out == nil {
		out = builder.Params{}
	}
	return out, true
}
