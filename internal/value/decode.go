package value

import (
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/endpointkit/endpoint/internal/ascii"
)

// Decode reads one JSON value (RFC 8259) with white space around it.
// Objects keep their members in document order; of a repeated key the
// last value wins, in the place of the first, as in JavaScript. Numbers
// keep their text. Strings are read as encoding/json reads them: escapes
// decoded, invalid UTF-8 and lone surrogates replaced by U+FFFD. Decode
// takes time linear in the input and fails past MaxDepth or MaxNodes.
func Decode(data []byte) (Value, error) {
	return DecodeBudget(data, NewBudget())
}

// DecodeBudget is Decode, spending from b.
func DecodeBudget(data []byte, b *Budget) (Value, error) {
	return decodeBudget(data, b, 0)
}

func decodeBudget(data []byte, b *Budget, depth int) (Value, error) {
	// The decoder spends a copy of the budget and hands it back: storing
	// b itself would make every caller's budget escape to the heap.
	d := Decoder{s: string(data), budget: *b, depth: depth}
	d.Space()
	v, err := d.Value()
	*b = d.budget
	if err != nil {
		return Value{}, err
	}
	d.Space()
	if d.i != len(d.s) {
		return Value{}, d.syntax("data after the value")
	}
	return v, nil
}

// Decoder reads JSON text token by token, for callers (the options
// decoder) that interpret an object's members themselves. Strings
// without escapes are slices of the input, which NewDecoder copies once.
type Decoder struct {
	s      string
	i      int
	depth  int
	budget Budget
}

// NewDecoder returns a Decoder over a copy of data, with a budget of its
// own. The object or array it reads first holds the caller's values (an
// options object), not a value: it is not a level of nesting, and the
// values in it are counted against MaxDepth from 0, as the same values
// given as Go values are.
func NewDecoder(data []byte) *Decoder {
	return &Decoder{s: string(data), depth: -1}
}

// Offset returns the position of the next byte to read.
func (d *Decoder) Offset() int { return d.i }

// AtEnd reports whether only white space is left.
func (d *Decoder) AtEnd() bool {
	d.Space()
	return d.i == len(d.s)
}

// Peek returns the next byte without reading it, 0 at the end.
func (d *Decoder) Peek() byte {
	if d.i < len(d.s) {
		return d.s[d.i]
	}
	return 0
}

// Space skips JSON's white space: space, tab, line feed, carriage return.
func (d *Decoder) Space() {
	for d.i < len(d.s) {
		switch d.s[d.i] {
		case ' ', '\t', '\n', '\r':
			d.i++
		default:
			return
		}
	}
}

// Null reads null if it comes next.
func (d *Decoder) Null() bool {
	if strings.HasPrefix(d.s[d.i:], "null") {
		d.i += 4
		return true
	}
	return false
}

// Object reads an object at '{', calling member for each key with the
// decoder positioned at its value; member must read the value.
func (d *Decoder) Object(member func(key string) error) error {
	if !d.eat('{') {
		return d.syntax("expected an object")
	}
	if err := d.budget.spend(1, d.depth); err != nil {
		return err
	}
	d.depth++
	defer func() { d.depth-- }()
	d.Space()
	if d.eat('}') {
		return nil
	}
	for {
		d.Space()
		key, err := d.String()
		if err != nil {
			return err
		}
		d.Space()
		if !d.eat(':') {
			return d.syntax("expected ':' after object key")
		}
		d.Space()
		if err := d.budget.spend(1, 0); err != nil {
			return err
		}
		if err := member(key); err != nil {
			return err
		}
		d.Space()
		if d.eat(',') {
			continue
		}
		if d.eat('}') {
			return nil
		}
		return d.syntax("expected ',' or '}' in object")
	}
}

// Array reads an array at '[', calling item for each element with the
// decoder positioned at it; item must read the element.
func (d *Decoder) Array(item func() error) error {
	if !d.eat('[') {
		return d.syntax("expected an array")
	}
	if err := d.budget.spend(1, d.depth); err != nil {
		return err
	}
	d.depth++
	defer func() { d.depth-- }()
	d.Space()
	if d.eat(']') {
		return nil
	}
	for {
		d.Space()
		if err := d.budget.spend(1, 0); err != nil {
			return err
		}
		if err := item(); err != nil {
			return err
		}
		d.Space()
		if d.eat(',') {
			continue
		}
		if d.eat(']') {
			return nil
		}
		return d.syntax("expected ',' or ']' in array")
	}
}

// Value reads any JSON value.
func (d *Decoder) Value() (Value, error) {
	switch c := d.Peek(); {
	case c == '"':
		s, err := d.String()
		return Str(s), err
	case c == '{':
		var ob ObjectBuilder
		err := d.Object(func(key string) error {
			v, err := d.Value()
			ob.Set(key, v)
			return err
		})
		if err != nil {
			return Value{}, err
		}
		return ob.Object(), nil
	case c == '[':
		// Up to four items are gathered on the stack, so that a short
		// array (labels, assignees) costs makeArray's one allocation; a
		// longer one grows a slice of its own, which it then keeps.
		var short [4]Value
		var n int
		var long []Value
		err := d.Array(func() error {
			v, err := d.Value()
			switch {
			case long != nil:
				long = append(long, v)
			case n < len(short):
				short[n] = v
				n++
			default:
				long = append(append(make([]Value, 0, 2*len(short)), short[:]...), v)
			}
			return err
		})
		if err != nil {
			return Value{}, err
		}
		if long != nil {
			return NewArray(long), nil
		}
		arr, dst := makeArray(n)
		copy(dst, short[:n])
		return arr, nil
	case c == 't':
		if strings.HasPrefix(d.s[d.i:], "true") {
			d.i += 4
			return Boolean(true), nil
		}
	case c == 'f':
		if strings.HasPrefix(d.s[d.i:], "false") {
			d.i += 5
			return Boolean(false), nil
		}
	case c == 'n':
		if d.Null() {
			return Value{}, nil
		}
	case c == '-' || ascii.IsDigit(c):
		return d.number()
	case c == 0 && d.i == len(d.s):
		return Value{}, d.syntax("unexpected end of input")
	}
	return Value{}, d.syntax("invalid character " + quoteByte(d.s[d.i]))
}

// ValueInto is Value reading into *v: a string, the usual parameter, is
// written in place rather than made and then copied there.
func (d *Decoder) ValueInto(v *Value) error {
	if d.Peek() == '"' {
		s, err := d.String()
		*v = Str(s)
		return err
	}
	x, err := d.Value()
	*v = x
	return err
}

// Skip reads any JSON value as Value does, checking it the same way,
// without keeping it.
func (d *Decoder) Skip() error {
	switch d.Peek() {
	case '{':
		return d.Object(func(string) error { return d.Skip() })
	case '[':
		return d.Array(d.Skip)
	}
	_, err := d.Value()
	return err
}

// number reads a JSON number and keeps its text.
func (d *Decoder) number() (Value, error) {
	start := d.i
	d.eat('-')
	switch {
	case d.eat('0'):
	case d.digits() == 0:
		return Value{}, d.syntax("invalid number")
	}
	if d.eat('.') && d.digits() == 0 {
		return Value{}, d.syntax("invalid number")
	}
	if d.eat('e') || d.eat('E') {
		if !d.eat('+') {
			d.eat('-')
		}
		if d.digits() == 0 {
			return Value{}, d.syntax("invalid number")
		}
	}
	return Value{kind: Number, num: textForm, str: d.s[start:d.i]}, nil
}

func (d *Decoder) digits() int {
	start := d.i
	for d.i < len(d.s) && ascii.IsDigit(d.s[d.i]) {
		d.i++
	}
	return d.i - start
}

// String reads a string. Plain ones are slices of the input; escapes and
// invalid UTF-8 are decoded into a new string.
func (d *Decoder) String() (string, error) {
	if !d.eat('"') {
		return "", d.syntax("expected a string")
	}
	start := d.i
	for d.i < len(d.s) {
		// Most strings are plain ASCII to their end: skipped four bytes
		// at a time.
		if d.i += ascii.Span(d.s[d.i:], &plainJSON); d.i == len(d.s) {
			break
		}
		switch c := d.s[d.i]; {
		case c == '"':
			d.i++
			return d.s[start : d.i-1], nil
		case c == '\\' || c < 0x20:
			return d.unquote(start)
		default: // not ASCII: plainJSON holds the rest of ASCII
			r, size := utf8.DecodeRuneInString(d.s[d.i:])
			if r == utf8.RuneError && size == 1 {
				return d.unquote(start)
			}
			d.i += size
		}
	}
	return "", d.syntax("unterminated string")
}

// unquote finishes a string that has escapes or invalid UTF-8, from its
// first byte at start, as encoding/json's unquote does.
func (d *Decoder) unquote(start int) (string, error) {
	var b strings.Builder
	b.Grow(d.i - start + 16)
	b.WriteString(d.s[start:d.i])
	for d.i < len(d.s) {
		c := d.s[d.i]
		switch {
		case c == '"':
			d.i++
			return b.String(), nil
		case c < 0x20:
			return "", d.syntax("control character " + quoteByte(c) + " in string")
		case c == '\\':
			if d.i+1 >= len(d.s) {
				return "", d.syntax("unterminated string")
			}
			switch e := d.s[d.i+1]; e {
			case '"', '\\', '/':
				b.WriteByte(e)
			case 'b':
				b.WriteByte('\b')
			case 'f':
				b.WriteByte('\f')
			case 'n':
				b.WriteByte('\n')
			case 'r':
				b.WriteByte('\r')
			case 't':
				b.WriteByte('\t')
			case 'u':
				r := hex4(d.s[d.i+2:])
				if r < 0 {
					return "", d.syntax(`invalid \u escape`)
				}
				d.i += 6
				if utf16.IsSurrogate(r) {
					if r2 := escapedRune(d.s[d.i:]); r2 >= 0 {
						if dec := utf16.DecodeRune(r, r2); dec != utf8.RuneError {
							b.WriteRune(dec)
							d.i += 6
							continue
						}
					}
					r = utf8.RuneError
				}
				b.WriteRune(r)
				continue
			default:
				return "", d.syntax("invalid escape " + quoteByte(e))
			}
			d.i += 2
		case c < utf8.RuneSelf:
			b.WriteByte(c)
			d.i++
		default:
			r, size := utf8.DecodeRuneInString(d.s[d.i:])
			b.WriteRune(r) // RuneError for a byte of invalid UTF-8
			d.i += size
		}
	}
	return "", d.syntax("unterminated string")
}

// escapedRune reads "\uXXXX" at the start of s, or returns -1.
func escapedRune(s string) rune {
	if len(s) < 2 || s[0] != '\\' || s[1] != 'u' {
		return -1
	}
	return hex4(s[2:])
}

// hex4 reads four hex digits at the start of s, or returns -1.
func hex4(s string) rune {
	if len(s) < 4 {
		return -1
	}
	var r rune
	for _, c := range []byte(s[:4]) {
		d := ascii.Unhex(c)
		if d < 0 {
			return -1
		}
		r = r<<4 | rune(d)
	}
	return r
}

func (d *Decoder) eat(c byte) bool {
	if d.i < len(d.s) && d.s[d.i] == c {
		d.i++
		return true
	}
	return false
}

// Syntax returns a SyntaxError at the current offset.
func (d *Decoder) syntax(msg string) error { return &SyntaxError{Offset: d.i, Msg: msg} }

// Errorf returns a SyntaxError at the current offset for a caller's rule,
// such as "headers: want an object".
func (d *Decoder) Errorf(msg string) error { return d.syntax(msg) }

func quoteByte(c byte) string {
	if c >= 0x20 && c < 0x7f {
		return "'" + string(rune(c)) + "'"
	}
	const hex = "0123456789abcdef"
	return "0x" + string([]byte{hex[c>>4], hex[c&0xf]})
}

// ObjectBuilder collects an object's members; a key set again keeps its
// place and takes the new value. The zero ObjectBuilder is empty.
type ObjectBuilder struct {
	members []Member
	index   map[string]int
}

// Set sets key to v.
func (ob *ObjectBuilder) Set(key string, v Value) {
	if i := ob.find(key); i >= 0 {
		ob.members[i].Value = v
		return
	}
	if ob.index != nil {
		ob.index[key] = len(ob.members)
	} else if len(ob.members) >= indexFrom {
		ob.index = make(map[string]int, 2*len(ob.members))
		for i, m := range ob.members {
			ob.index[m.Key] = i
		}
		ob.index[key] = len(ob.members)
	}
	ob.members = append(ob.members, Member{key, v})
}

func (ob *ObjectBuilder) find(key string) int { return findMember(ob.index, ob.members, key) }

// Len returns the number of members so far.
func (ob *ObjectBuilder) Len() int { return len(ob.members) }

// Object returns the object; ob must not be used afterwards.
func (ob *ObjectBuilder) Object() Value {
	if ob.members == nil {
		ob.members = []Member{}
	}
	c := &composite{members: ob.members, index: ob.index}
	if c.index == nil && len(c.members) >= indexFrom {
		return NewObject(c.members)
	}
	return Value{kind: Object, ref: c}
}
