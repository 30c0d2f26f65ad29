package catalog

import (
	"strconv"
	"strings"

	"github.com/endpointkit/endpoint/internal/value"
)

// What WithCatalog's builder cannot write from the template alone: the
// query styles RFC 6570 has no form for. The template writes form
// (exploded or not) and the path styles; StyledValue turns the value of
// a query parameter of another style into one the builder writes as the
// style wants.

// styledQuery reports whether StyledValue rewrites some values of p, a
// query parameter of an operation that sends a body or not: one of
// pipeDelimited or spaceDelimited not exploded, a deepObject, or a form
// parameter that may be an object, not exploded, where the template does
// not name it (the builder writes a GET's other parameters after it, and
// refuses an object there).
func styledQuery(p *Param, body bool) bool {
	switch p.Style {
	case StyleDeepObject:
		return true
	case StylePipeDelimited, StyleSpaceDelimited:
		return !p.Explode
	}
	return !p.Explode && !body && p.Style == StyleDefault && mayBeObject(p.Schema.Type)
}

func mayBeObject(t Type) bool { return t == 0 || t&Object != 0 }

// styledHeader reports whether StyledValue writes some values of p, a
// header parameter: one that may be an array or an object.
func styledHeader(p *Param) bool {
	return p.Schema.Type == 0 || p.Schema.Type&(Array|Object) != 0
}

// StyledValue returns the value a query parameter's array or object is
// sent as when its style is none the operation's template writes, and
// the text a header parameter's is sent as, for builder.WithCatalog,
// which then writes it as it writes any value:
//
//   - pipeDelimited and spaceDelimited, not exploded: the items, or an
//     object's keys and values in turn, joined with "|" or " " into one
//     string (color=blue%7Cblack%7Cbrown; exploded, the template writes
//     them as form does: color=blue&color=black);
//   - deepObject: the object, marked (value.DeepObjectFlag) to be
//     written as one name[key]=value pair per member
//     (color%5BR%5D=100&color%5BG%5D=200); an array is no deepObject,
//     unless the parameter takes arrays (Param.DeepArrays): it is an
//     object of its items' positions (ids%5B0%5D=1&ids%5B1%5D=2);
//   - form, not exploded, of an operation without a body (GET, HEAD),
//     whose template does not name it: an object's keys and values
//     joined with "," (color=R%2C100%2CG%2C200), as such an array is;
//   - a header, in OpenAPI's simple style (its only one): an array's
//     items joined with "," (blue,black,brown), an object's keys and
//     values too (R,100,G,200), or, exploded, its key=value pairs
//     (R=100,G=200), as the text is, unencoded.
//
// ok is false, and v is returned, for any other parameter or value:
// scalars are written alike in every query style, and a value that
// nests an array or object, which no style defines, is left for the
// builder to refuse (CheckParam refuses it first). Null items and
// members are left out, and a value of nothing else is null, which sends
// nothing. It costs no allocation when ok is false. A nil Operation
// gives v, false.
func (op *Operation) StyledValue(name string, v value.Value) (_ value.Value, ok bool) {
	k := v.Kind()
	if op == nil || !op.styled || k != value.Array && k != value.Object {
		return v, false
	}
	i := op.paramIndex(name)
	if i < 0 {
		return v, false
	}
	p := &op.Params[i]
	switch p.In {
	case Header:
		return styledHeaderValue(p, v, k)
	case Query:
		return op.styledQueryValue(p, v, k)
	}
	return v, false
}

// styledHeaderValue is StyledValue for header parameter p and v, an
// array or object of kind k.
func styledHeaderValue(p *Param, v value.Value, k value.Kind) (value.Value, bool) {
	if !styledHeader(p) {
		return v, false
	}
	if k == value.Object && p.Explode {
		return joinText(v, ',', '=')
	}
	return joinText(v, ',', ',')
}

// styledQueryValue is StyledValue for query parameter p and v, an array
// or object of kind k.
func (op *Operation) styledQueryValue(p *Param, v value.Value, k value.Kind) (value.Value, bool) {
	switch {
	case p.Style == StyleDeepObject:
		if k == value.Object {
			return v.WithFlag(value.DeepObjectFlag), true
		}
		if p.DeepArrays {
			return indexed(v)
		}
	case (p.Style == StylePipeDelimited || p.Style == StyleSpaceDelimited) && !p.Explode,
		k == value.Object && styledQuery(p, op.Method != "GET" && op.Method != "HEAD"):
		d := p.Style.Delimiter()
		return joinText(v, d, d)
	}
	return v, false
}

// indexed is an array as a deepObject of its items' positions, for
// DeepArrays: ["a", "b"] as {"0": "a", "1": "b"}, written
// name[0]=a&name[1]=b. Null items are left out, and number the rest; an
// array of nothing else is null, which sends nothing. ok is false for an
// array that nests an array or object.
func indexed(v value.Value) (value.Value, bool) {
	members := make([]value.Member, 0, v.Len())
	for _, it := range v.Items() {
		switch it.Kind() {
		case value.Null:
			continue
		case value.Array, value.Object:
			return v, false
		}
		members = append(members, value.Member{Key: strconv.Itoa(len(members)), Value: it})
	}
	if len(members) == 0 {
		return value.Value{}, true
	}
	return value.NewObject(members).WithFlag(value.DeepObjectFlag), true
}

// joinText joins the text of an array's items, or an object's members,
// with sep, and each member's key and value with kv; nulls are left out.
// ok is false for a value that nests an array or object.
func joinText(v value.Value, sep, kv byte) (value.Value, bool) {
	var b []byte
	for _, it := range v.Items() {
		switch it.Kind() {
		case value.Null:
			continue
		case value.Array, value.Object:
			return v, false
		}
		b = appendItem(b, it.Text(), sep)
	}
	for _, m := range v.Members() {
		switch m.Value.Kind() {
		case value.Null:
			continue
		case value.Array, value.Object:
			return v, false
		}
		b = appendItem(b, m.Key, sep)
		b = append(b, kv)
		b = append(b, m.Value.Text()...)
	}
	if b == nil {
		return value.Value{}, true // nothing to send
	}
	return value.Str(string(b[1:])), true
}

// appendItem appends sep and s: the first separator is dropped at the end.
func appendItem(b []byte, s string, sep byte) []byte {
	b = append(b, sep)
	return append(b, s...)
}

// deepKeysOK reports whether v may be sent as a deepObject: no array, and
// no member (but a null one, left out) whose key is empty or holds "["
// or "]". OpenAPI gives the style no escape, and a server that decodes
// the query before it reads name[key] (all do: RFC 3986 wants the
// brackets encoded) would read color[]=1 as an array's item, and the key
// "a][b" as a member b of a member a: names the object did not have.
func deepKeysOK(v *value.Value) bool {
	if v.Kind() == value.Array {
		return false // but for DeepArrays: see checkValue
	}
	_, bad := badDeepMember(v)
	return !bad
}

// badDeepMember returns the key of v's first member (but a null one)
// that deepKeysOK refuses, and whether there is one.
func badDeepMember(v *value.Value) (key string, bad bool) {
	for _, m := range v.Members() {
		if m.Value.Kind() != value.Null && badDeepKey(m.Key) {
			return m.Key, true
		}
	}
	return "", false
}

func badDeepKey(k string) bool { return k == "" || strings.ContainsAny(k, "[]") }
