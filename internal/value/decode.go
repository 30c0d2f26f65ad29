package value

import (
	"encoding/json"
	"errors"
	"strings"
	"unicode/utf8"

	"github.com/endpointkit/endpoint/internal/ascii"
)

// Decode reads one JSON value in linear time, failing past MaxDepth or
// MaxNodes: objects in document order (a repeated key's last value in the
// first one's place, as in JavaScript), numbers as their text, strings as
// encoding/json reads them.
func Decode(data []byte) (Value, error) {
	return decodeBudget(data, &Budget{}, 0)
}

func decodeBudget(data []byte, b *Budget, depth int) (Value, error) {
	// The decoder spends a copy of the budget and hands it back: storing b
	// itself would make every caller's budget escape to the heap.
	d := Decoder{budget: *b, depth: depth}
	if err := d.read(data); err != nil {
		return Value{}, err
	}
	v, err := d.Value()
	*b = d.budget
	if err != nil {
		return Value{}, err
	}
	return v, nil
}

// Decoder reads checked JSON text value by value, for a caller that
// interprets an object's members itself.
type Decoder struct {
	s      string
	i      int
	depth  int
	budget Budget
}

// NewDecoder checks that data is one JSON value (else a SyntaxError) and
// returns a Decoder over a copy of it, with a budget of its own; the object
// it reads first is not a level of nesting, as for the same Go values.
func NewDecoder(data []byte) (*Decoder, error) {
	d := &Decoder{depth: -1}
	return d, d.read(data)
}

func (d *Decoder) read(data []byte) error {
	if !json.Valid(data) {
		return syntaxError(data)
	}
	d.s = string(data)
	d.skip()
	return nil
}

// syntaxError is encoding/json's error for invalid data: ErrLimit past its
// own nesting limit, else a SyntaxError at the bad byte or the end.
func syntaxError(data []byte) error {
	se := new(json.SyntaxError)
	errors.As(json.Unmarshal(data, new(json.RawMessage)), &se)
	msg, at := se.Error(), int(se.Offset)
	switch {
	case strings.HasSuffix(msg, "exceeded max depth"):
		return limitError(depthText)
	case at == len(data) && strings.HasPrefix(msg, "invalid character ' '"):
		msg = "unexpected end of JSON input" // the space stands for the end
	case strings.HasPrefix(msg, "invalid character"):
		at-- // the bad byte's, which encoding/json counts as read
	}
	return &SyntaxError{Offset: at, Msg: msg}
}

// Peek returns the next byte without reading it; like every read, it is
// called inside the value only.
func (d *Decoder) Peek() byte { return d.s[d.i] }

// skip passes white space, commas and colons, as every read does after
// itself: in checked JSON, they separate what the reads read alike.
func (d *Decoder) skip() {
	for d.i < len(d.s) && (d.s[d.i] <= ' ' || d.s[d.i] == ',' || d.s[d.i] == ':') {
		d.i++
	}
}

// Null reads null if it comes next.
func (d *Decoder) Null() bool {
	if d.Peek() != 'n' {
		return false
	}
	d.i += len("null")
	d.skip()
	return true
}

// Members reads an object around a call's values (the options object, its
// headers and mediaType), else fails with msg, calling member for each key
// with the decoder at its value, which member must read. The caller bounds
// it: as for the same Go values, neither it nor its members are values.
func (d *Decoder) Members(msg string, member func(key string) error) error {
	return d.list('{', '}', msg, 0, func() error { return member(d.String()) })
}

// Items is Members for an array (mediaType's previews).
func (d *Decoder) Items(msg string, item func() error) error {
	return d.list('[', ']', msg, 0, item)
}

// list reads an array or object (else fails with msg), spending nodes for
// it and for each of its entries (a value's one, none around values), and
// calls entry at each.
func (d *Decoder) list(open, close byte, msg string, nodes int, entry func() error) error {
	if d.Peek() != open {
		return d.Errorf(msg)
	}
	if err := d.budget.Spend(nodes, d.depth); err != nil {
		return err
	}
	d.depth++
	defer func() { d.depth-- }()
	d.i++
	for d.skip(); d.s[d.i] != close; {
		if err := d.budget.Spend(nodes, 0); err != nil {
			return err
		}
		if err := entry(); err != nil {
			return err
		}
	}
	d.i++
	d.skip()
	return nil
}

// Value reads any JSON value.
func (d *Decoder) Value() (Value, error) {
	switch d.Peek() {
	case '"':
		return Str(d.String()), nil
	case '{':
		var ob ObjectBuilder
		err := d.list('{', '}', "want an object", 1, func() error {
			key := d.String()
			v, err := d.Value()
			ob.Set(key, v)
			return err
		})
		return ob.Object(), err // the caller drops it on an error
	case '[':
		// Up to four items are gathered on the stack, so that a short array
		// costs makeArray's one allocation.
		var short [4]Value
		items := short[:0]
		err := d.list('[', ']', "want an array", 1, func() error {
			v, err := d.Value()
			items = append(items, v)
			return err
		})
		arr, dst := makeArray(len(items))
		copy(dst, items)
		return arr, err
	}
	// null, true, false or a number: a literal up to what follows a value
	start := d.i
	for d.i < len(d.s) && d.s[d.i] > ' ' && d.s[d.i] != ',' && d.s[d.i] != ']' && d.s[d.i] != '}' {
		d.i++
	}
	lit := d.s[start:d.i]
	d.skip()
	switch lit {
	case "null":
		return Value{}, nil
	case "true", "false":
		return Boolean(lit == "true"), nil
	}
	return Value{kind: Number, num: textForm, str: lit}, nil
}

// String reads the string that comes next: a slice of the input, or, with
// escapes or invalid UTF-8, what encoding/json makes of it.
func (d *Decoder) String() string {
	start := d.i
	plain := true
	for d.i++; ; d.i++ {
		if d.i += ascii.Span(d.s[d.i:], &plainJSON); d.s[d.i] == '"' {
			break
		}
		plain = false // an escape or a byte from 0x80
		if d.s[d.i] == '\\' {
			d.i++
		}
	}
	d.i++
	s := d.s[start+1 : d.i-1]
	d.skip()
	if plain || !strings.Contains(s, `\`) && utf8.ValidString(s) {
		return s
	}
	var out string
	_ = json.Unmarshal([]byte(d.s[start:start+len(s)+2]), &out) // checked JSON
	return out
}

// Errorf returns a SyntaxError at the current offset for a caller's rule
// ("headers: want an object").
func (d *Decoder) Errorf(msg string) error { return &SyntaxError{Offset: d.i, Msg: msg} }

// ObjectBuilder collects an object's members, a key set again keeping its
// place, as in JavaScript. The zero ObjectBuilder is empty.
type ObjectBuilder struct {
	members []Member
	index   map[string]int
}

// Set sets key to v.
func (ob *ObjectBuilder) Set(key string, v Value) {
	if i := findMember(ob.index, ob.members, key); i >= 0 {
		ob.members[i].Value = v
		return
	}
	if ob.index == nil && len(ob.members)+1 >= indexFrom {
		ob.index = make(map[string]int, 2*len(ob.members))
		for i, m := range ob.members {
			ob.index[m.Key] = i
		}
	}
	if ob.index != nil {
		ob.index[key] = len(ob.members)
	}
	ob.members = append(ob.members, Member{key, v})
}

// Object returns the object; ob must not be used afterwards.
func (ob *ObjectBuilder) Object() Value {
	return Value{kind: Object, ref: &composite{members: ob.members, index: ob.index}}
}
