package value

import (
	"math"
	"strconv"
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

// String returns the JSON Schema name of k: "null", "boolean", "number",
// "string", "array" or "object".
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "kind(" + strconv.Itoa(int(k)) + ")"
}

// numForm says how a Number holds its value, so that every number stays
// exact: integers as integers, json.Number text as text.
type numForm uint8

const (
	intForm   numForm = iota // bits is an int64
	uintForm                 // bits is a uint64 above math.MaxInt64
	floatForm                // bits is a finite float64's bits
	textForm                 // str is a JSON number literal
)

// Flag marks a String for the template engine: a multi-segment path, or
// a query value whose "+" is a literal plus; or an Object written as
// OpenAPI's deepObject style. The value model carries it without giving
// it a meaning.
type Flag uint8

// Flags of a String, and DeepObjectFlag of an Object.
const (
	NoFlag Flag = iota
	PathFlag
	VerbatimFlag
	DeepObjectFlag
)

// Value is an immutable JSON value: null, a boolean, an exact number, a
// string, an array, or an object whose members keep their order. Values
// share their members freely, since nothing ever changes them; a Value
// never points into memory its caller owns (strings aside, which Go
// never changes either).
type Value struct {
	kind Kind
	num  numForm
	flag Flag
	bits uint64
	str  string
	ref  *composite
}

// composite holds an array's items or an object's members. Objects with
// many members carry an index by key, built once with the object.
type composite struct {
	items   []Value
	members []Member
	index   map[string]int
}

// indexFrom is the member count from which an object keeps a map from
// keys to positions; below it a linear scan is faster.
const indexFrom = 12

// Member is one key and value of an object.
type Member struct {
	Key   string
	Value Value
}

// Str returns a String value.
func Str(s string) Value { return Value{kind: String, str: s} }

// Flagged returns a String value carrying f.
func Flagged(s string, f Flag) Value { return Value{kind: String, str: s, flag: f} }

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

// Uint returns a Number holding u exactly.
func Uint(u uint64) Value {
	if u <= math.MaxInt64 {
		return Int(int64(u))
	}
	return Value{kind: Number, num: uintForm, bits: u}
}

// Float returns a Number holding f, or false for NaN and infinities,
// which JSON cannot hold. An integral f keeps its float form, so that it
// prints as JavaScript prints it.
func Float(f float64) (Value, bool) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return Value{}, false
	}
	return Value{kind: Number, num: floatForm, bits: math.Float64bits(f)}, true
}

// NumberText returns a Number whose text is s, a JSON number literal
// (RFC 8259 section 6), or false when s is not one.
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

// makeArray returns an Array of n items and the items to fill in. A
// short array's items share one allocation with it: the lists callers
// pass (labels, assignees) mostly hold one to four.
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
	case n == 2:
		blk := new(struct {
			c composite
			a [2]Value
		})
		c, items = &blk.c, blk.a[:]
	case n == 3 || n == 4:
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

// NewObject returns an Object of members, which it takes ownership of.
// Keys must be unique (see ObjectBuilder for input that may repeat one).
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

// IsNull reports whether v is null.
func (v Value) IsNull() bool { return v.kind == Null }

// Undefined reports whether RFC 6570 reads v as undefined, which an
// expansion leaves out: null, or an array or object whose items or
// members are all null (or that has none).
func (v Value) Undefined() bool {
	switch v.kind {
	case Null:
		return true
	case Array:
		for _, it := range v.Items() {
			if it.kind != Null {
				return false
			}
		}
		return true
	case Object:
		for _, m := range v.Members() {
			if m.Value.kind != Null {
				return false
			}
		}
		return true
	}
	return false
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

// Text returns a String's contents, or the JSON text of a Number or Bool
// ("1e-7", "true"), or "null"; "" for arrays and objects. Numbers print
// as JavaScript's String(n) does; number text keeps its own digits.
func (v Value) Text() string {
	if v.kind == String {
		return v.str // inlined: the common case
	}
	return v.scalarText()
}

func (v Value) scalarText() string {
	switch v.kind {
	case Number:
		if v.num == textForm {
			return v.str
		}
		var buf [32]byte
		return string(v.AppendText(buf[:0]))
	case Bool:
		if v.bits == 1 {
			return "true"
		}
		return "false"
	case Null:
		return "null"
	}
	return ""
}

// AppendText appends what Text returns to dst, without allocating for
// numbers and booleans.
func (v Value) AppendText(dst []byte) []byte {
	switch v.kind {
	case Number:
		switch v.num {
		case intForm:
			return strconv.AppendInt(dst, int64(v.bits), 10)
		case uintForm:
			return strconv.AppendUint(dst, v.bits, 10)
		case floatForm:
			return AppendFloat(dst, math.Float64frombits(v.bits))
		}
		return append(dst, v.str...)
	case Bool:
		return strconv.AppendBool(dst, v.bits == 1)
	}
	return append(dst, v.Text()...)
}

// AsInt returns the value of a Number made from a Go integer that int64
// holds, without parsing or converting; false for every other value.
func (v Value) AsInt() (int64, bool) {
	if v.kind == Number && v.num == intForm {
		return int64(v.bits), true
	}
	return 0, false
}

// NumberText returns the JSON text of a Number read from JSON, kept as
// written; false for every other value.
func (v Value) NumberText() (string, bool) {
	if v.kind == Number && v.num == textForm {
		return v.str, true
	}
	return "", false
}

// Int64 returns a Number's value when it is an integer that int64 holds.
func (v Value) Int64() (int64, bool) {
	if v.kind != Number {
		return 0, false
	}
	switch v.num {
	case intForm:
		return int64(v.bits), true
	case floatForm:
		f := math.Float64frombits(v.bits)
		if f == math.Trunc(f) && f >= math.MinInt64 && f < math.MaxInt64 {
			return int64(f), true
		}
	case textForm:
		if i, err := strconv.ParseInt(v.str, 10, 64); err == nil {
			return i, true
		}
		if f, err := strconv.ParseFloat(v.str, 64); err == nil && f == math.Trunc(f) && f >= math.MinInt64 && f < math.MaxInt64 {
			return int64(f), true
		}
	}
	return 0, false
}

// IsInteger reports whether v is a Number with an integral value, as
// JSON Schema's "integer" type means it (1.0 is an integer).
func (v Value) IsInteger() bool {
	if v.kind != Number {
		return false
	}
	switch v.num {
	case intForm, uintForm:
		return true
	case floatForm:
		f := math.Float64frombits(v.bits)
		return f == math.Trunc(f)
	}
	return isIntegerText(v.str)
}

// Float64 returns a Number as the nearest float64; 0 for other kinds.
func (v Value) Float64() float64 {
	if v.kind != Number {
		return 0
	}
	switch v.num {
	case intForm:
		return float64(int64(v.bits))
	case uintForm:
		return float64(v.bits)
	case floatForm:
		return math.Float64frombits(v.bits)
	}
	f, _ := strconv.ParseFloat(v.str, 64)
	return f
}

// Len returns the number of items of an Array or members of an Object.
func (v Value) Len() int {
	if v.ref == nil {
		return 0
	}
	if v.kind == Array {
		return len(v.ref.items)
	}
	return len(v.ref.members)
}

// Index returns item i of an Array; it panics when i is out of range, as
// indexing a slice does.
func (v Value) Index(i int) Value { return v.ref.items[i] }

// Items returns an Array's items, nil for other kinds. The slice is
// shared: callers must not change it.
func (v Value) Items() []Value {
	if v.kind != Array || v.ref == nil {
		return nil
	}
	return v.ref.items
}

// Members returns an Object's members in order, nil for other kinds. The
// slice is shared: callers must not change it.
func (v Value) Members() []Member {
	if v.kind != Object || v.ref == nil {
		return nil
	}
	return v.ref.members
}

// Get returns the member of an Object called key.
func (v Value) Get(key string) (Value, bool) {
	if v.kind != Object || v.ref == nil {
		return Value{}, false
	}
	if i := v.ref.find(key); i >= 0 {
		return v.ref.members[i].Value, true
	}
	return Value{}, false
}

func (c *composite) find(key string) int { return findMember(c.index, c.members, key) }

// findMember returns the position of key among members, through index
// when there is one (large objects), or -1.
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

// Equal reports whether v and w are the same JSON value: objects member
// by member in order, flags ignored, numbers by their text or else as
// float64 (1 equals 1.0 and "1e0").
func Equal(v, w Value) bool {
	if v.kind != w.kind {
		return false
	}
	switch v.kind {
	case Null:
		return true
	case Bool:
		return v.bits == w.bits
	case String:
		return v.str == w.str
	case Number:
		if v.num == w.num && v.num != textForm {
			return v.bits == w.bits
		}
		return v.Text() == w.Text() || v.Float64() == w.Float64()
	case Array:
		a, b := v.Items(), w.Items()
		if len(a) != len(b) {
			return false
		}
		for i := range a {
			if !Equal(a[i], b[i]) {
				return false
			}
		}
		return true
	}
	a, b := v.Members(), w.Members()
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Key != b[i].Key || !Equal(a[i].Value, b[i].Value) {
			return false
		}
	}
	return true
}
