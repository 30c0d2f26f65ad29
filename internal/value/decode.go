package value

import (
	"fmt"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/endpointkit/endpoint/internal/ascii"
)

// Decode reads one JSON value (RFC 8259) with white space around it, in
// time linear in the input, failing past MaxDepth or MaxNodes. Objects keep
// their document order, and of a repeated key the last value wins in the
// first one's place, as in JavaScript. Numbers keep their text. Strings are
// read as encoding/json reads them: invalid UTF-8 and lone surrogates
// become U+FFFD.
func Decode(data []byte) (Value, error) {
	return decodeBudget(data, &Budget{}, 0)
}

func decodeBudget(data []byte, b *Budget, depth int) (Value, error) {
	// The decoder spends a copy of the budget and hands it back: storing b
	// itself would make every caller's budget escape to the heap.
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

// Decoder reads JSON text token by token, for a caller (the options
// decoder) that interprets an object's members itself. Strings without
// escapes are slices of the input, which NewDecoder copies once.
type Decoder struct {
	s      string
	i      int
	depth  int
	budget Budget
}

// NewDecoder returns a Decoder over a copy of data, with a budget of its
// own. The object it reads first (an options object) is not a level of
// nesting: the values in it count against MaxDepth from 0, as the same
// values given as Go values do.
func NewDecoder(data []byte) *Decoder {
	return &Decoder{s: string(data), depth: -1}
}

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
func (d *Decoder) Null() bool { return d.word("null") }

func (d *Decoder) word(w string) bool {
	if strings.HasPrefix(d.s[d.i:], w) {
		d.i += len(w)
		return true
	}
	return false
}

// Object reads an object at '{', calling member for each key with the
// decoder at its value, which member must read.
func (d *Decoder) Object(member func(key string) error) error {
	return d.list('{', '}', "object", func() error {
		key, err := d.String()
		if err != nil {
			return err
		}
		d.Space()
		if !d.eat(':') {
			return d.syntax("expected ':' after object key")
		}
		d.Space()
		if err := d.budget.Spend(1, 0); err != nil {
			return err
		}
		return member(key)
	})
}

// Array reads an array at '[', calling item for each element with the
// decoder at it, which item must read.
func (d *Decoder) Array(item func() error) error {
	return d.list('[', ']', "array", func() error {
		if err := d.budget.Spend(1, 0); err != nil {
			return err
		}
		return item()
	})
}

// list reads an array or object from open to close, calling entry at each
// of its entries.
func (d *Decoder) list(open, close byte, what string, entry func() error) error {
	if !d.eat(open) {
		return d.syntax("expected an " + what)
	}
	if err := d.budget.Spend(1, d.depth); err != nil {
		return err
	}
	d.depth++
	defer func() { d.depth-- }()
	d.Space()
	if d.eat(close) {
		return nil
	}
	for {
		d.Space()
		if err := entry(); err != nil {
			return err
		}
		d.Space()
		if d.eat(',') {
			continue
		}
		if d.eat(close) {
			return nil
		}
		return d.syntax("expected ',' or '" + string(close) + "' in " + what)
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
		// Up to four items are gathered on the stack, so that a short array
		// costs makeArray's one allocation; a longer one grows its own slice.
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
	case c == 't' && d.word("true"), c == 'f' && d.word("false"):
		return Boolean(c == 't'), nil
	case c == 'n' && d.Null():
		return Value{}, nil
	case c == '-' || ascii.IsDigit(c):
		start := d.i
		if !d.number() {
			return Value{}, d.syntax("invalid number")
		}
		return Value{kind: Number, num: textForm, str: d.s[start:d.i]}, nil
	case c == 0 && d.i == len(d.s):
		return Value{}, d.syntax("unexpected end of input")
	}
	return Value{}, d.syntax("invalid character " + quoteByte(d.s[d.i]))
}

// ValueInto is Value reading into *v, so that a string, the usual
// parameter, is written in place rather than copied there.
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

// Skip reads and checks any JSON value as Value does, without keeping it.
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

// number reads a JSON number literal, stopping where it turns out invalid.
func (d *Decoder) number() bool {
	d.eat('-')
	if !d.eat('0') && d.digits() == 0 {
		return false
	}
	if d.eat('.') && d.digits() == 0 {
		return false
	}
	if d.eat('e') || d.eat('E') {
		if !d.eat('+') {
			d.eat('-')
		}
		return d.digits() > 0
	}
	return true
}

func (d *Decoder) digits() int {
	start := d.i
	for d.i < len(d.s) && ascii.IsDigit(d.s[d.i]) {
		d.i++
	}
	return d.i - start
}

// String reads a string: a slice of the input, or a new string when it has
// escapes or invalid UTF-8.
func (d *Decoder) String() (string, error) {
	if !d.eat('"') {
		return "", d.syntax("expected a string")
	}
	start := d.i
	for d.i < len(d.s) {
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

// unquote finishes the string starting at start that has escapes or
// invalid UTF-8, as encoding/json's unquote does.
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
			switch e := d.s[d.i+1]; {
			case unescaped[e] != 0:
				b.WriteByte(unescaped[e])
			case e == 'u':
				r := hex4(d.s[d.i+2:])
				if r < 0 {
					return "", d.syntax(`invalid \u escape`)
				}
				d.i += 6
				if utf16.IsSurrogate(r) {
					// A pair, or a lone surrogate written as U+FFFD.
					rest, ok := strings.CutPrefix(d.s[d.i:], `\u`)
					if dec := utf16.DecodeRune(r, hex4(rest)); ok && dec != utf8.RuneError {
						b.WriteRune(dec)
						d.i += 6
						continue
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

// unescaped maps the byte after a backslash to the byte it stands for, but
// for 'u'.
var unescaped = [256]byte{'"': '"', '\\': '\\', '/': '/', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t'}

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

func (d *Decoder) syntax(msg string) error { return &SyntaxError{Offset: d.i, Msg: msg} }

// Errorf returns a SyntaxError at the current offset for a caller's rule
// ("headers: want an object").
func (d *Decoder) Errorf(msg string) error { return d.syntax(msg) }

func quoteByte(c byte) string {
	if c >= 0x20 && c < 0x7f {
		return "'" + string(rune(c)) + "'"
	}
	return fmt.Sprintf("0x%02x", c)
}

// ObjectBuilder collects an object's members, a key set again keeping its
// place with the new value, as JavaScript objects do. The zero
// ObjectBuilder is empty.
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
	if ob.index == nil && len(ob.members) >= indexFrom {
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

func (ob *ObjectBuilder) find(key string) int { return findMember(ob.index, ob.members, key) }

// Object returns the object; ob must not be used afterwards.
func (ob *ObjectBuilder) Object() Value {
	if ob.members == nil {
		ob.members = []Member{}
	}
	if ob.index == nil {
		return NewObject(ob.members)
	}
	return Value{kind: Object, ref: &composite{members: ob.members, index: ob.index}}
}
