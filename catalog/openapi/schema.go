package openapi

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/endpointkit/endpoint/catalog"
	"github.com/getkin/kin-openapi/openapi3"
)

// extra is what a schema says of the members of an object that its
// properties do not list, as far as merging it with others needs.
type extra uint8

const (
	// extraUnsaid: no additionalProperties and no properties of its own,
	// as in a branch that only lists required names; the schemas it is
	// merged with decide.
	extraUnsaid extra = iota
	// extraRefused: additionalProperties false, or left out beside
	// properties. JSON Schema allows such members, but GitHub's
	// descriptions leave additionalProperties out of ordinary bodies:
	// refusing them catches a misspelt parameter.
	extraRefused
	// extraAllowed: additionalProperties true or a schema, kept in
	// part.additional.
	extraAllowed
)

// part is a converted schema with what merging it into another needs.
// Only a request body's top level keeps additional (RequestBody.Additional):
// below it, other members stay unchecked, since GitHub documents values
// its schemas do not allow there (a gist file set to null deletes it).
type part struct {
	catalog.Schema
	required   []string // the names it requires, its own and its parts'
	extra      extra
	additional *catalog.Schema // for extraAllowed; the zero Schema allows any value
}

// A converter turns a document's schemas into catalogue schemas, counting
// them against MaxSchemas: left goes below zero past it, and converting
// then stops.
type converter struct {
	left   int
	merged int // members merged since left last went down (charge)
	opts   Options
}

// charge counts a merge of oneOf or anyOf branches against MaxSchemas:
// each merge copies what the branches merged so far hold (their
// properties, enum members and required names), so a schema of many
// branches costs the square of their number, which counting schemas
// alone does not bound (a oneOf of 20,000 one-property branches: 110 GB
// allocated). A merged member counts as a tenth of a schema. (allOf
// merges into the parts merged so far, without copying them.)
func (c *converter) charge(p *part) {
	c.merged += len(p.Properties) + len(p.Enum) + len(p.required)
	for c.merged >= mergedPerSchema {
		c.merged -= mergedPerSchema
		c.left--
	}
}

// mergedPerSchema is how many merged members charge counts as a schema.
const mergedPerSchema = 10

// convert keeps what a call is checked against of a schema. stack holds
// the schemas being converted above this one, to stop at a cycle.
func (c *converter) convert(ref *openapi3.SchemaRef, depth int, stack []*openapi3.Schema) catalog.Schema {
	return c.convertPart(ref, depth, stack).Schema
}

// convertPart is convert, keeping what merging the schema into another
// needs: the names it requires and what it says of other members.
func (c *converter) convertPart(ref *openapi3.SchemaRef, depth int, stack []*openapi3.Schema) part {
	if ref == nil || ref.Value == nil {
		return part{}
	}
	if c.left--; c.left < 0 {
		return part{} // Convert fails with errTooManySchemas
	}
	s := ref.Value
	if s.Always != nil {
		return part{}
	}
	cycle := slices.Contains(stack, s)
	stack = append(stack, s)
	out := part{required: slices.Clone(s.Required)}
	out.Type = schemaType(s)
	out.setEnum(s)
	deep := depth < MaxDepth && !cycle
	if deep && s.Items != nil {
		it := c.convert(s.Items, depth+1, stack)
		out.Items = &it
	}
	if deep {
		out.Properties = c.properties(s, depth, stack)
	}
	c.setExtra(&out, s, deep, depth, stack)
	out.inferType(s.Nullable)
	if !cycle {
		out = c.mergeParts(out, s, depth, stack)
	}
	out.markRequired()
	return out
}

// schemaType is the union of the types s names, with null when s is
// nullable and names one.
func schemaType(s *openapi3.Schema) catalog.Type {
	var t catalog.Type
	if s.Type != nil {
		for _, name := range *s.Type {
			if ct, ok := catalog.ParseType(name); ok {
				t |= ct
			}
		}
	}
	if s.Nullable && t != 0 {
		t |= catalog.Null
	}
	return t
}

// inferType takes a schema without a type that declares properties as
// an object, and one that declares items as an array (GitHub's bodies
// leave out "type": "object" so).
func (out *part) inferType(nullable bool) {
	if out.Type == 0 && len(out.Properties) > 0 {
		out.Type = catalog.Object
	}
	if out.Type == 0 && out.Items != nil {
		out.Type = catalog.Array
	}
	if nullable && out.Type != 0 {
		out.Type |= catalog.Null
	}
}

// setEnum keeps s's enum (or const) as text; a null member allows null
// when out has a type.
func (out *part) setEnum(s *openapi3.Schema) {
	enum := s.Enum
	if s.Const != nil {
		enum = []any{s.Const}
	}
	for _, e := range enum {
		if e == nil {
			if out.Type != 0 {
				out.Type |= catalog.Null
			}
			continue
		}
		out.Enum = append(out.Enum, enumText(e))
	}
}

// properties converts s's properties in the document's order, leaving
// out the readOnly ones, which a request never sends.
func (c *converter) properties(s *openapi3.Schema, depth int, stack []*openapi3.Schema) []catalog.Property {
	required := newNameSet(s.Required)
	names := make([]string, 0, len(s.Properties))
	for name := range s.Properties {
		names = append(names, name)
	}
	slices.SortFunc(names, func(a, b string) int {
		if c := comparePos(propPos(s.Properties[a]), propPos(s.Properties[b])); c != 0 {
			return c
		}
		return strings.Compare(a, b)
	})
	var out []catalog.Property
	for _, name := range names {
		if p := s.Properties[name]; p != nil && p.Value != nil && p.Value.ReadOnly {
			continue // a request never sends it
		}
		out = append(out, catalog.Property{
			Name: name, Required: required.has(name),
			Schema: c.convert(s.Properties[name], depth+1, stack),
		})
	}
	return out
}

// setExtra reads what s says of members its properties do not list
// (see extra); a schema for them is converted only when deep.
func (c *converter) setExtra(out *part, s *openapi3.Schema, deep bool, depth int, stack []*openapi3.Schema) {
	switch ap := s.AdditionalProperties; {
	case ap.Has != nil && !*ap.Has:
		out.extra = extraRefused
	case ap.Has != nil || ap.Schema != nil:
		out.extra = extraAllowed
		out.additional = &catalog.Schema{}
		if deep && ap.Schema != nil {
			x := c.convert(ap.Schema, depth+1, stack)
			out.additional = &x
		}
	case len(s.Properties) > 0:
		out.extra = extraRefused
	}
}

// mergeParts merges into out s's allOf parts, then the union of its
// oneOf branches and that of its anyOf branches.
func (c *converter) mergeParts(out part, s *openapi3.Schema, depth int, stack []*openapi3.Schema) part {
	var at propIndex // out's properties, as the parts add to them
	for _, p := range s.AllOf {
		out = out.andIn(c.convertPart(p, depth, stack), &at)
	}
	for _, alts := range []openapi3.SchemaRefs{s.OneOf, s.AnyOf} {
		if len(alts) > 0 {
			out = out.and(c.alternatives(alts, depth, stack))
		}
	}
	// nullable beside oneOf (GitHub's milestone: a string, an integer
	// or null) says so of the types the parts gave.
	if s.Nullable && out.Type != 0 {
		out.Type |= catalog.Null
	}
	return out
}

// alternatives is the union of a oneOf's or anyOf's branches (at least
// one), each merge charged against MaxSchemas.
func (c *converter) alternatives(alts openapi3.SchemaRefs, depth int, stack []*openapi3.Schema) part {
	u := c.convertPart(alts[0], depth, stack)
	for _, alt := range alts[1:] {
		if c.left < 0 {
			break
		}
		u = u.or(c.convertPart(alt, depth, stack))
		c.charge(&u)
	}
	return u
}

// markRequired marks required the properties that out, or a part of it,
// requires: names a part requires may be properties of the whole.
func (out *part) markRequired() {
	if len(out.Properties) == 0 {
		return
	}
	required := newNameSet(out.required)
	for i := range out.Properties {
		if required.has(out.Properties[i].Name) {
			out.Properties[i].Required = true
		}
	}
}

// and merges b into a as allOf does: both must hold. A part that allows
// other members cannot open a schema that refuses them.
func (a part) and(b part) part { return a.andIn(b, nil) }

// andIn is and with at, when not nil, the index of a's properties that
// allOf's merge keeps from part to part (see intersectIn); a's required
// names grow in place, so that many parts cost their own size, not the
// square of their number.
func (a part) andIn(b part, at *propIndex) part {
	a.Schema = intersectIn(a.Schema, b.Schema, at)
	if at != nil {
		a.required = append(a.required, b.required...)
	} else {
		a.required = slices.Concat(a.required, b.required)
	}
	switch {
	case a.extra == extraRefused || b.extra == extraRefused:
		a.extra, a.additional = extraRefused, nil
	case a.extra == extraAllowed && b.extra == extraAllowed:
		x := intersect(*a.additional, *b.additional)
		a.additional = &x
	case b.extra == extraAllowed:
		a.extra, a.additional = extraAllowed, b.additional
	}
	return a
}

// or merges two branches of a oneOf or anyOf: either may hold. A name is
// required when every branch that may be an object requires it.
func (a part) or(b part) part {
	out := part{Schema: union(a.Schema, b.Schema)}
	switch aObj, bObj := mayBeObject(a.Type), mayBeObject(b.Type); {
	case aObj && bObj:
		inB := newNameSet(b.required)
		for _, name := range a.required {
			if inB.has(name) {
				out.required = append(out.required, name)
			}
		}
	case aObj:
		out.required = a.required
	case bObj:
		out.required = b.required
	}
	switch {
	case a.extra == extraAllowed && b.extra == extraAllowed:
		x := union(*a.additional, *b.additional)
		out.extra, out.additional = extraAllowed, &x
	case a.extra == extraAllowed:
		out.extra, out.additional = extraAllowed, a.additional
	case b.extra == extraAllowed:
		out.extra, out.additional = extraAllowed, b.additional
	case a.extra == extraRefused || b.extra == extraRefused:
		out.extra = extraRefused
	}
	return out
}

// takesNoScalar reports whether t allows no string, number or boolean.
func takesNoScalar(t catalog.Type) bool {
	return t != 0 && t&^(catalog.Null|catalog.Array|catalog.Object) == 0
}

func mayBeObject(t catalog.Type) bool { return t == 0 || t&catalog.Object != 0 }

func propPos(ref *openapi3.SchemaRef) pos {
	if ref == nil {
		return pos{math.MaxInt, 0}
	}
	if ref.Origin != nil {
		return origin(ref.Origin)
	}
	if ref.Value != nil {
		return origin(ref.Value.Origin)
	}
	return pos{math.MaxInt, 0}
}

func enumText(e any) string {
	switch x := e.(type) {
	case string:
		return x
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	case bool:
		return strconv.FormatBool(x)
	default:
		return fmt.Sprint(x)
	}
}

// intersect merges b into a as allOf does: both must hold.
func intersect(a, b catalog.Schema) catalog.Schema { return intersectIn(a, b, nil) }

// intersectIn is intersect with at, when not nil, the index of
// a.Properties, kept from one call to the next as allOf's merge grows
// them: made once they are many, instead of once a part.
func intersectIn(a, b catalog.Schema, at *propIndex) catalog.Schema {
	a.Type = intersectType(a.Type, b.Type)
	a.Enum = intersectEnum(a.Enum, b.Enum)
	if a.Items == nil {
		a.Items = b.Items
	} else if b.Items != nil {
		it := intersect(*a.Items, *b.Items)
		a.Items = &it
	}
	if at == nil {
		idx := indexProps(a.Properties, len(b.Properties))
		at = &idx
	} else if *at == nil {
		*at = indexProps(a.Properties, len(b.Properties))
	}
	for _, p := range b.Properties {
		i := at.find(a.Properties, p.Name)
		if i < 0 {
			at.add(p.Name, len(a.Properties))
			a.Properties = append(a.Properties, p)
		} else {
			a.Properties[i].Required = a.Properties[i].Required || p.Required
			a.Properties[i].Schema = intersect(a.Properties[i].Schema, p.Schema)
		}
	}
	return a
}

// intersectType is the types both a and b allow (an integer is a
// number), or a's when they contradict: that is the spec's bug.
func intersectType(a, b catalog.Type) catalog.Type {
	if a == 0 {
		return b
	}
	if b == 0 {
		return a
	}
	t := a & b
	if a&catalog.Number != 0 && b&catalog.Integer != 0 || b&catalog.Number != 0 && a&catalog.Integer != 0 {
		t |= catalog.Integer
	}
	if t == 0 {
		return a
	}
	return t
}

// intersectEnum is the members of both enums, in a's order; either
// enum alone when the other is empty, and a's when none is in both.
func intersectEnum(a, b []string) []string {
	if len(a) == 0 {
		return b
	}
	if len(b) == 0 {
		return a
	}
	var both []string
	inB := setOf(b)
	for _, e := range a {
		if inB[e] {
			both = append(both, e)
		}
	}
	if len(both) == 0 {
		return a
	}
	return both
}

// union merges two branches of a oneOf or anyOf: either may hold.
func union(a, b catalog.Schema) catalog.Schema {
	out := catalog.Schema{}
	if a.Type != 0 && b.Type != 0 {
		out.Type = a.Type | b.Type
	}
	out.Enum = unionEnum(a, b)
	switch {
	case a.Items != nil && b.Items != nil:
		it := union(*a.Items, *b.Items)
		out.Items = &it
	case a.Items != nil && b.Type&catalog.Array == 0 && b.Type != 0:
		out.Items = a.Items
	case b.Items != nil && a.Type&catalog.Array == 0 && a.Type != 0:
		out.Items = b.Items
	}
	out.Properties = unionProps(a, b)
	return out
}

// unionEnum is the enum of a's or b's branch. An enum survives only when
// every branch that takes that kind of value restricts it. An enum
// restricts scalars only (an array or object is checked by its items and
// members): a branch that takes no scalar but null leaves the other's
// enum.
func unionEnum(a, b catalog.Schema) []string {
	switch {
	case len(a.Enum) > 0 && len(b.Enum) > 0:
		out := slices.Clone(a.Enum)
		inA := setOf(a.Enum)
		for _, e := range b.Enum {
			if !inA[e] {
				inA[e] = true
				out = append(out, e)
			}
		}
		return out
	case len(a.Enum) > 0 && takesNoScalar(b.Type):
		return a.Enum
	case len(b.Enum) > 0 && takesNoScalar(a.Type):
		return b.Enum
	}
	return nil
}

// unionProps is the properties of both branches, a's first; one is
// required only when both branches that are objects require it.
func unionProps(a, b catalog.Schema) []catalog.Property {
	var out []catalog.Property
	aObj, bObj := a.Type == 0 || a.Type&catalog.Object != 0, b.Type == 0 || b.Type&catalog.Object != 0
	inA, inB := indexProps(a.Properties, len(b.Properties)), indexProps(b.Properties, len(a.Properties))
	for _, p := range a.Properties {
		switch i := inB.find(b.Properties, p.Name); {
		case i >= 0:
			q := &b.Properties[i]
			p.Required = p.Required && q.Required
			p.Schema = union(p.Schema, q.Schema)
		case bObj:
			p.Required = false
		}
		out = append(out, p)
	}
	for _, p := range b.Properties {
		if inA.find(a.Properties, p.Name) < 0 {
			if aObj {
				p.Required = false
			}
			out = append(out, p)
		}
	}
	return out
}

// setOf indexes an enum, so that merging two enums is linear in their
// length: a description may list thousands of values.
func setOf(enum []string) map[string]bool {
	m := make(map[string]bool, len(enum))
	for _, e := range enum {
		m[e] = true
	}
	return m
}

// Converting and merging schemas asks, for each name of one list,
// whether another list holds it: nameSet and propIndex answer from a map
// once a list is long, so that each such pass is linear in the lists'
// lengths, not their product. Required lists count nowhere against
// MaxSchemas: a 3 MB body schema requiring 300,000 names beside 3,000
// properties took minutes to load.
const linearUpTo = 8

// nameSet is a set of names (a schema's required list).
type nameSet struct {
	list []string
	m    map[string]bool
}

func newNameSet(list []string) nameSet {
	if len(list) > linearUpTo {
		return nameSet{m: setOf(list)}
	}
	return nameSet{list: list}
}

func (s nameSet) has(name string) bool {
	if s.m != nil {
		return s.m[name]
	}
	return slices.Contains(s.list, name)
}

// propIndex finds a property by name in the list it was made for (and
// the properties added to it with add); nil scans the list. asks is how
// many names will be looked up (and may be added: allOf's merge grows
// an empty list to thousands of properties, one at a time).
type propIndex map[string]int

func indexProps(ps []catalog.Property, asks int) propIndex {
	if len(ps)+asks <= 2*linearUpTo {
		return nil
	}
	m := make(propIndex, len(ps))
	for i, p := range ps {
		if _, dup := m[p.Name]; !dup {
			m[p.Name] = i
		}
	}
	return m
}

// find returns the position of name in ps, or -1.
func (m propIndex) find(ps []catalog.Property, name string) int {
	if m == nil {
		return slices.IndexFunc(ps, func(q catalog.Property) bool { return q.Name == name })
	}
	if i, ok := m[name]; ok {
		return i
	}
	return -1
}

func (m propIndex) add(name string, i int) {
	if m != nil {
		m[name] = i
	}
}
