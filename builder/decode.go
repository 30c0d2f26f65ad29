package builder

import (
	"encoding/json"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/endpointkit/endpoint/headers"
)

// decodeOptions is UnmarshalJSON's fast path: one pass over the bytes,
// no reflection, no intermediate tokens. It decodes well-formed JSON of
// the octokit shape (all that JSON.stringify writes) exactly as
// unmarshalOptions does, and reports false for anything else — malformed
// JSON, a field of the wrong type, a mediaType key encoding/json would
// match case-insensitively, nesting past decodeMaxDepth — so that
// unmarshalOptions decodes it or reports its error. Errors are never
// this function's.
//
// The input is copied into one string, and strings without escapes are
// slices of it: one allocation for all of them. They keep that copy
// alive as long as any of them lives, which costs at most the size of
// the options object.
func decodeOptions(data []byte) (Options, bool) {
	d := decoder{s: string(data)}
	var o Options
	if !d.options(&o) {
		return Options{}, false
	}
	return o, true
}

// decodeMaxDepth bounds the nesting of maps and slices the fast path
// follows; deeper input goes to unmarshalOptions, whose limit
// (encoding/json's, 10000) is higher and whose error is the one to keep.
const decodeMaxDepth = 512

// decoder reads s from i on. Every method that reads a value reports
// false, at any position, when the input is not one it is sure of.
type decoder struct {
	s     string
	i     int
	depth int
}

// smallParams is how many parameters are collected on the stack before
// the slice moves to the heap; indexParams is how many a linear search
// for a repeated name goes through before a map takes over.
const (
	smallParams = 16
	indexParams = 32
)

// options reads the whole input: one object, nothing but white space
// after it.
func (d *decoder) options(o *Options) bool {
	d.space()
	if !d.eat('{') {
		return false
	}
	var small [smallParams]Param
	params := small[:0]
	var index map[string]int // name → position, once params is long
	ok := d.members(func(key string) bool {
		if isReserved(key) {
			return d.reservedOption(o, key)
		}
		v, ok := d.value()
		if ok {
			params, index = setParam(params, index, key, v)
		}
		return ok
	})
	d.space()
	if !ok || d.i != len(d.s) {
		return false
	}
	if len(params) > 0 {
		o.Params = make(Params, len(params))
		copy(o.Params, params)
	}
	return true
}

// setParam is Params.set — replace in place, else append — with a map
// from names to positions once there are many, so that a long list of
// parameters costs linear time, not quadratic.
func setParam(p []Param, index map[string]int, name string, v any) ([]Param, map[string]int) {
	if index == nil && len(p) >= indexParams {
		index = make(map[string]int, 2*len(p))
		for i := range p {
			index[p[i].Name] = i
		}
	}
	if index != nil {
		if i, ok := index[name]; ok {
			p[i].Value = v
			return p, index
		}
		index[name] = len(p)
		return append(p, Param{Name: name, Value: v}), index
	}
	for i := range p {
		if p[i].Name == name {
			p[i].Value = v
			return p, nil
		}
	}
	return append(p, Param{Name: name, Value: v}), nil
}

// reservedOption reads the value of a reserved key into its field, as
// setJSON does: null leaves the field as it is.
func (d *decoder) reservedOption(o *Options, key string) bool {
	if d.literal("null") {
		return true
	}
	var ok bool
	switch key {
	case "method":
		o.Method, ok = d.str()
	case "baseUrl":
		o.BaseURL, ok = d.str()
	case "url":
		o.URL, ok = d.str()
	case "headers":
		o.Headers, ok = d.headers()
	case "mediaType":
		ok = d.mediaType(&o.MediaType)
	case "data":
		o.Data, ok = d.value()
	case "request":
		if d.peek() != '{' {
			return false // setJSON's "want an object"
		}
		var m map[string]any
		m, ok = d.object()
		o.Request = m
	}
	return ok
}

// headers reads the headers object as headersJSON does: strings as they
// are, numbers and booleans as their JSON text, nulls skipped, names
// through headers.Name in document order. An object or array as a value
// is headersJSON's error.
func (d *decoder) headers() (headers.Set, bool) {
	if !d.eat('{') {
		return nil, false
	}
	out := headers.Set{}
	ok := d.members(func(name string) bool {
		var v string
		var ok bool
		switch d.peek() {
		case '"':
			v, ok = d.str()
		case 'n':
			return d.literal("null")
		case 't':
			v, ok = "true", d.literal("true")
		case 'f':
			v, ok = "false", d.literal("false")
		default:
			var n json.Number
			n, ok = d.number()
			v = string(n)
		}
		if ok {
			out[headers.Name(name)] = v
		}
		return ok
	})
	if !ok {
		return nil, false
	}
	return out, true
}

// mediaType reads {"format": string|null, "previews": [string...]|null}
// as json.Unmarshal fills setJSON's struct: a null format resets it, a
// repeated key wins. Other keys — encoding/json also matches "Format"
// and "PREVIEWS", and ignores unknown ones — are left to the fallback.
func (d *decoder) mediaType(mt *MediaType) bool {
	if !d.eat('{') {
		return false
	}
	var format string
	var hasFormat bool // setJSON's Format *string is not nil
	var previews []string
	ok := d.members(func(key string) bool {
		var ok bool
		switch {
		case key == "format" && d.literal("null"):
			format, hasFormat, ok = "", false, true
		case key == "format":
			format, ok = d.str()
			hasFormat = true
		case key == "previews" && d.literal("null"):
			previews, ok = nil, true
		case key == "previews":
			previews, ok = d.strings()
		}
		return ok
	})
	if !ok {
		return false
	}
	if hasFormat {
		mt.Format = format
	}
	mt.Previews = previews
	return true
}

// strings reads an array of strings.
func (d *decoder) strings() ([]string, bool) {
	if d.peek() != '[' {
		return nil, false
	}
	return arrayOf(d, d.str)
}

// value reads any JSON value as encoding/json decodes it into an any
// with UseNumber: map[string]any, []any, json.Number, string, bool or
// nil.
func (d *decoder) value() (any, bool) {
	switch d.peek() {
	case '"':
		if s, ok := d.str(); ok {
			return s, true
		}
	case '{':
		if m, ok := d.object(); ok {
			return m, true
		}
	case '[':
		if a, ok := d.array(); ok {
			return a, true
		}
	case 't':
		return true, d.literal("true")
	case 'f':
		return false, d.literal("false")
	case 'n':
		return nil, d.literal("null")
	default:
		if n, ok := d.number(); ok {
			return n, true
		}
	}
	return nil, false
}

// object reads an object at '{'; of a repeated key the last value wins.
func (d *decoder) object() (map[string]any, bool) {
	if d.depth++; d.depth > decodeMaxDepth {
		return nil, false
	}
	d.i++ // '{'
	m := make(map[string]any)
	ok := d.members(func(key string) bool {
		v, ok := d.value()
		m[key] = v
		return ok
	})
	if !ok {
		return nil, false
	}
	d.depth--
	return m, true
}

// array reads an array at '[' of any values.
func (d *decoder) array() ([]any, bool) {
	if d.depth++; d.depth > decodeMaxDepth {
		return nil, false
	}
	a, ok := arrayOf(d, d.value)
	d.depth--
	return a, ok
}

// arrayOf reads an array at '[', each element with read; [] is an empty,
// non-nil slice, as encoding/json makes it.
func arrayOf[T any](d *decoder, read func() (T, bool)) ([]T, bool) {
	d.i++ // '['
	a := []T{}
	ok := d.list(']', func() bool {
		v, ok := read()
		a = append(a, v)
		return ok
	})
	if !ok {
		return nil, false
	}
	return a, true
}

// str reads a string. One of plain ASCII or valid UTF-8 is a slice of
// the input; escapes and invalid UTF-8 are decoded by unquote.
func (d *decoder) str() (string, bool) {
	if !d.eat('"') {
		return "", false
	}
	start := d.i
	for d.i < len(d.s) {
		switch c := d.s[d.i]; {
		case c == '"':
			d.i++
			return d.s[start : d.i-1], true
		case c == '\\' || c < 0x20:
			return d.unquote(start)
		case c < utf8.RuneSelf:
			d.i++
		default:
			r, size := utf8.DecodeRuneInString(d.s[d.i:])
			if r == utf8.RuneError && size == 1 {
				return d.unquote(start)
			}
			d.i += size
		}
	}
	return "", false
}

// unquote finishes a string that str found an escape or invalid UTF-8
// in, from its first byte at start, as encoding/json's unquote does:
// \uXXXX surrogate pairs joined, a lone surrogate and each byte of
// invalid UTF-8 replaced by U+FFFD. A raw control character, a bad
// escape or a missing closing quote is the fallback's syntax error.
func (d *decoder) unquote(start int) (string, bool) {
	var b strings.Builder
	b.Grow(d.i - start + 16)
	b.WriteString(d.s[start:d.i])
	for d.i < len(d.s) {
		c := d.s[d.i]
		switch {
		case c == '"':
			d.i++
			return b.String(), true
		case c < 0x20:
			return "", false
		case c == '\\':
			if d.i+1 >= len(d.s) {
				return "", false
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
					return "", false
				}
				d.i += 6
				if utf16.IsSurrogate(r) {
					if r2 := u4(d.s[d.i:]); r2 >= 0 {
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
				return "", false
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
	return "", false
}

// u4 reads "\uXXXX" at the start of s, or returns -1.
func u4(s string) rune {
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
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c -= 'a' - 10
		case 'A' <= c && c <= 'F':
			c -= 'A' - 10
		default:
			return -1
		}
		r = r<<4 | rune(c)
	}
	return r
}

// number reads a JSON number (RFC 8259 section 6) and keeps its text.
func (d *decoder) number() (json.Number, bool) {
	start := d.i
	d.eat('-')
	switch {
	case d.eat('0'):
	case d.digits() == 0:
		return "", false
	}
	if d.eat('.') && d.digits() == 0 {
		return "", false
	}
	if d.eat('e') || d.eat('E') {
		if !d.eat('+') {
			d.eat('-')
		}
		if d.digits() == 0 {
			return "", false
		}
	}
	return json.Number(d.s[start:d.i]), true
}

func (d *decoder) digits() int {
	start := d.i
	for d.i < len(d.s) && isDigit(d.s[d.i]) {
		d.i++
	}
	return d.i - start
}

// members reads an object's members once its '{' is read: each key,
// then each(key) for the value, up to and including the '}'.
func (d *decoder) members(each func(key string) bool) bool {
	return d.list('}', func() bool {
		key, ok := d.str()
		return ok && d.colon() && each(key)
	})
}

// list reads comma-separated items, each with each, and the closing
// byte; white space may come between any two tokens.
func (d *decoder) list(closing byte, each func() bool) bool {
	d.space()
	if d.eat(closing) {
		return true
	}
	for {
		if !each() {
			return false
		}
		d.space()
		if !d.eat(',') {
			return d.eat(closing)
		}
		d.space()
	}
}

// colon reads ':' and the white space around it.
func (d *decoder) colon() bool {
	d.space()
	ok := d.eat(':')
	d.space()
	return ok
}

// literal reads word (true, false or null) if it comes next; what
// follows it is checked by the caller's next.
func (d *decoder) literal(word string) bool {
	if strings.HasPrefix(d.s[d.i:], word) {
		d.i += len(word)
		return true
	}
	return false
}

func (d *decoder) eat(c byte) bool {
	if d.i < len(d.s) && d.s[d.i] == c {
		d.i++
		return true
	}
	return false
}

func (d *decoder) peek() byte {
	if d.i < len(d.s) {
		return d.s[d.i]
	}
	return 0
}

// space skips JSON's white space: space, tab, line feed, carriage return.
func (d *decoder) space() {
	for d.i < len(d.s) {
		switch d.s[d.i] {
		case ' ', '\t', '\n', '\r':
			d.i++
		default:
			return
		}
	}
}
