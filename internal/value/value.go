// Package value is the engine's model of a call's values: immutable JSON
// values, objects in order and numbers exact. Every value a caller hands
// the library is converted once, where it enters ([Of], [Decode]), so the
// engine keeps no caller memory and enforces every limit in one place.
package value

import (
	"math"
	"slices"
	"strconv"
	"strings"
)

// Kind is the JSON type of a Value.
type Kind uint8

// The kinds, in JSON's words. The zero Value is Null.
const (
	Null Kind = iota
	Bool
	Number
	String
	Array
	Object
)

var kindNames = [...]string{Null: "null", Bool: "boolean", Number: "number", String: "string", Array: "array", Object: "object"}

// String returns the JSON Schema name of k, for messages.
func (k Kind) String() string { return kindNames[k] }

// numForm says how a Number holds its value, so that every number stays
// exact: integers as integers, JSON text as text.
type numForm uint8

const (
	intForm   numForm = iota // bits is an int64
	floatForm                // bits is a finite float64's bits
	textForm                 // str is a JSON number literal
)

// Flag marks a String for the template engine (a multi-segment path, a
// query value whose "+" is a literal plus) or an Object for OpenAPI's
// deepObject style; the value model carries it without giving it a meaning.
type Flag uint8

// The flags; the zero Flag is none.
const (
	PathFlag Flag = 1 + iota
	VerbatimFlag
	DeepObjectFlag
)

// Value is an immutable JSON value; Values share their members freely and
// never point into memory their caller owns.
type Value struct {
	kind Kind
	num  numForm
	flag Flag
	bits uint64
	str  string
	ref  *composite
}

// composite holds an array's items or an object's members, with an index
// by key from indexFrom members on.
type composite struct {
	items   []Value
	members []Member
	index   map[string]int
}

// indexFrom is the member count from which a map beats a linear scan.
const indexFrom = 12

// Member is one key and value of an object.
type Member struct {
	Key   string
	Value Value
}

// Str returns a String value.
func Str(s string) Value { return Value{kind: String, str: s} }

// Boolean returns a Bool value.
func Boolean(b bool) Value {
	v := Value{kind: Bool}
	if b {
		v.bits = 1
	}
	return v
}

// Int returns a Number holding i exactly.
func Int(i int64) Value { return Value{kind: Number, num: intForm, bits: uint64(i)} }

// Uint returns a Number holding u exactly, as text above math.MaxInt64.
func Uint(u uint64) Value {
	if u <= math.MaxInt64 {
		return Int(int64(u))
	}
	return Value{kind: Number, num: textForm, str: strconv.FormatUint(u, 10)}
}

// Float returns a Number holding f, or false for NaN and infinities, which
// JSON cannot hold. An integral f keeps its float form, so that it prints as
// JavaScript prints it.
func Float(f float64) (Value, bool) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return Value{}, false
	}
	return Value{kind: Number, num: floatForm, bits: math.Float64bits(f)}, true
}

// NumberText returns a Number whose text is s, or false when s is not a
// JSON number literal (RFC 8259 section 6).
func NumberText(s string) (Value, bool) {
	if !ValidNumber(s) {
		return Value{}, false
	}
	return Value{kind: Number, num: textForm, str: s}, true
}

// NewArray returns an Array of items, which it takes ownership of.
func NewArray(items []Value) Value {
	return Value{kind: Array, ref: &composite{items: items}}
}

// makeArray returns an Array of n items and the items to fill in, up to
// four (most lists) in one allocation with the array.
func makeArray(n int) (Value, []Value) {
	var c *composite
	var items []Value
	switch {
	case n == 1:
		blk := new(struct {
			c composite
			a [1]Value
		})
		c, items = &blk.c, blk.a[:]
	case n <= 4 && n > 0:
		blk := new(struct {
			c composite
			a [4]Value
		})
		c, items = &blk.c, blk.a[:n:n]
	default:
		c, items = new(composite), make([]Value, n)
	}
	c.items = items
	return Value{kind: Array, ref: c}, items
}

// NewObject returns an Object of members, which it takes ownership of; keys
// must be unique (an [ObjectBuilder] takes input that may repeat one).
func NewObject(members []Member) Value {
	c := &composite{members: members}
	if len(members) >= indexFrom {
		c.index = make(map[string]int, len(members))
		for i, m := range members {
			c.index[m.Key] = i
		}
	}
	return Value{kind: Object, ref: c}
}

// Kind returns v's JSON type.
func (v Value) Kind() Kind { return v.kind }

// Undefined reports whether RFC 6570 reads v as undefined, which an
// expansion leaves out: null, or an array or object whose items or members
// are all null (or that has none).
func (v Value) Undefined() bool {
	switch v.kind {
	case Array:
		return !slices.ContainsFunc(v.Items(), func(it Value) bool { return it.kind != Null })
	case Object:
		return !slices.ContainsFunc(v.Members(), func(m Member) bool { return m.Value.kind != Null })
	}
	return v.kind == Null
}

// Flag returns a String's or an Object's flag.
func (v Value) Flag() Flag { return v.flag }

// WithFlag returns v carrying f; it shares v's members.
func (v Value) WithFlag(f Flag) Value {
	v.flag = f
	return v
}

// Bool returns a Bool's value; false for every other kind.
func (v Value) Bool() bool { return v.kind == Bool && v.bits == 1 }

// Text returns a String's contents, the JSON text of a Number or Bool
// ("1e-7", "true"), "null", or "" for arrays and objects. Numbers print as
// JavaScript's String(n) does, or as their JSON text was written.
func (v Value) Text() string {
	if v.kind == String {
		return v.str // the common case, inlined
	}
	return v.scalarText()
}

func (v Value) scalarText() string {
	switch {
	case v.kind == Number && v.num != textForm:
		var buf [32]byte
		return string(v.AppendText(buf[:0]))
	case v.kind == Bool:
		return strconv.FormatBool(v.bits == 1)
	case v.kind == Null:
		return "null"
	}
	return v.str // a number's JSON text; "" for arrays and objects
}

// AppendText appends what Text returns to dst, without allocating for
// numbers and booleans.
func (v Value) AppendText(dst []byte) []byte {
	if v.kind == Number {
		switch v.num {
		case intForm:
			return strconv.AppendInt(dst, int64(v.bits), 10)
		case floatForm:
			return AppendFloat(dst, math.Float64frombits(v.bits))
		}
	}
	return append(dst, v.Text()...)
}

// AsInt returns the value of a Number made from a Go integer that int64
// holds, without parsing; false for every other value.
func (v Value) AsInt() (int64, bool) {
	if v.kind == Number && v.num == intForm {
		return int64(v.bits), true
	}
	return 0, false
}

// IsInteger reports whether v is a Number with an integral value, as JSON
// Schema's "integer" means it (1.0 is one).
func (v Value) IsInteger() bool {
	if v.kind != Number {
		return false
	}
	switch v.num {
	case intForm:
		return true
	case textForm:
		if !strings.ContainsAny(v.str, ".eE") {
			return true
		}
		f, err := strconv.ParseFloat(v.str, 64)
		return err == nil && f == math.Trunc(f)
	}
	f := math.Float64frombits(v.bits)
	return f == math.Trunc(f)
}

// Len returns the number of items of an Array or members of an Object.
func (v Value) Len() int {
	if v.ref == nil {
		return 0
	}
	return len(v.ref.items) + len(v.ref.members) // one of them is empty
}

// Items returns an Array's items, nil for other kinds; callers must not
// change the shared slice.
func (v Value) Items() []Value {
	if v.kind != Array {
		return nil
	}
	return v.ref.items
}

// Members returns an Object's members in order, nil for other kinds;
// callers must not change the shared slice.
func (v Value) Members() []Member {
	if v.kind != Object {
		return nil
	}
	return v.ref.members
}

// Get returns the member of an Object called key.
func (v Value) Get(key string) (Value, bool) {
	if v.kind == Object {
		if i := findMember(v.ref.index, v.ref.members, key); i >= 0 {
			return v.ref.members[i].Value, true
		}
	}
	return Value{}, false
}

// findMember returns the position of key among members, or -1.
func findMember(index map[string]int, members []Member, key string) int {
	if index != nil {
		if i, ok := index[key]; ok {
			return i
		}
		return -1
	}
	for i := range members {
		if members[i].Key == key {
			return i
		}
	}
	return -1
}
