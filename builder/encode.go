package builder

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"sync"
	"unicode/utf8"

	"github.com/endpointkit/endpoint/template"
)

// appendJSON appends v as JSON to dst: byte for byte what json.Marshal
// writes with HTML escaping off (see marshalValue), without reflection or
// intermediate buffers for the values requests are made of: nil, strings,
// booleans, numbers, json.Number, []string, []any, map[string]any,
// map[string]string and Params. Anything else — structs, pointers, named
// types, json.Marshaler and encoding.TextMarshaler implementations — goes
// to encoding/json. Built-in types have no methods, so a value matched by
// the type switch can never be a Marshaler that the fast path would
// bypass. On error dst holds partial output and must be dropped.
func appendJSON(dst []byte, v any) ([]byte, error) {
	var e jsonEncoder
	return e.value(dst, v)
}

// jsonEncoder tracks how deep the fast path is. Past cycleCheckDepth
// levels it remembers the maps and slices it is inside, as encoding/json
// does, so that a value which contains itself fails with encoding/json's
// error instead of recursing until the stack runs out.
type jsonEncoder struct {
	depth int
	seen  map[jsonRef]struct{}
}

// cycleCheckDepth is encoding/json's startDetectingCyclesAfter: below it,
// no bookkeeping.
const cycleCheckDepth = 1000

// jsonRef identifies a map (by pointer) or a slice (by data pointer and
// length, as encoding/json does).
type jsonRef struct {
	ptr uintptr
	len int
}

// see is called, past cycleCheckDepth, before the members of the map or
// slice v of n members; it fails if the encoder is already inside v.
// Callers box v only past that depth: boxing a slice allocates.
func (e *jsonEncoder) see(v any, n int) error {
	rv := reflect.ValueOf(v)
	ref := jsonRef{rv.Pointer(), n}
	if _, ok := e.seen[ref]; ok {
		return &json.UnsupportedValueError{Value: rv, Str: "encountered a cycle via " + rv.Type().String()}
	}
	if e.seen == nil {
		e.seen = make(map[jsonRef]struct{})
	}
	e.seen[ref] = struct{}{}
	return nil
}

// forget undoes see once v's members are written.
func (e *jsonEncoder) forget(v any, n int) {
	delete(e.seen, jsonRef{reflect.ValueOf(v).Pointer(), n})
}

func (e *jsonEncoder) value(dst []byte, v any) ([]byte, error) {
	switch v := v.(type) {
	case nil:
		return append(dst, "null"...), nil
	case string:
		return appendJSONString(dst, v), nil
	case bool:
		return strconv.AppendBool(dst, v), nil
	case int:
		return strconv.AppendInt(dst, int64(v), 10), nil
	case int8:
		return strconv.AppendInt(dst, int64(v), 10), nil
	case int16:
		return strconv.AppendInt(dst, int64(v), 10), nil
	case int32:
		return strconv.AppendInt(dst, int64(v), 10), nil
	case int64:
		return strconv.AppendInt(dst, v, 10), nil
	case uint:
		return strconv.AppendUint(dst, uint64(v), 10), nil
	case uint8:
		return strconv.AppendUint(dst, uint64(v), 10), nil
	case uint16:
		return strconv.AppendUint(dst, uint64(v), 10), nil
	case uint32:
		return strconv.AppendUint(dst, uint64(v), 10), nil
	case uint64:
		return strconv.AppendUint(dst, v, 10), nil
	case uintptr:
		return strconv.AppendUint(dst, uint64(v), 10), nil
	case float64:
		return appendJSONFloat(dst, v, 64)
	case float32:
		return appendJSONFloat(dst, float64(v), 32)
	case json.Number:
		s := string(v)
		if s == "" {
			s = "0" // encoding/json's zero Number
		}
		if !validJSONNumber(s) {
			return appendFallback(dst, v) // for encoding/json's error
		}
		return append(dst, s...), nil
	case []string:
		return appendStringArray(dst, v), nil
	case map[string]string:
		return appendStringMap(dst, v), nil
	case []any:
		return e.array(dst, v)
	case map[string]any:
		return e.object(dst, v)
	case Params:
		return e.params(dst, v)
	}
	return appendFallback(dst, v)
}

func (e *jsonEncoder) array(dst []byte, a []any) ([]byte, error) {
	if a == nil {
		return append(dst, "null"...), nil
	}
	if e.depth++; e.depth > cycleCheckDepth {
		if err := e.see(a, len(a)); err != nil {
			return dst, err
		}
	}
	dst = append(dst, '[')
	for i, v := range a {
		if i > 0 {
			dst = append(dst, ',')
		}
		var err error
		if dst, err = e.value(dst, v); err != nil {
			return dst, err
		}
	}
	if e.depth > cycleCheckDepth {
		e.forget(a, len(a))
	}
	e.depth--
	return append(dst, ']'), nil
}

func (e *jsonEncoder) object(dst []byte, m map[string]any) ([]byte, error) {
	if m == nil {
		return append(dst, "null"...), nil
	}
	if e.depth++; e.depth > cycleCheckDepth {
		if err := e.see(m, 0); err != nil {
			return dst, err
		}
	}
	var arr [16]string
	dst = append(dst, '{')
	for i, k := range sortedKeys(arr[:0], m) {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = appendJSONString(dst, k)
		dst = append(dst, ':')
		var err error
		if dst, err = e.value(dst, m[k]); err != nil {
			return dst, err
		}
	}
	if e.depth > cycleCheckDepth {
		e.forget(m, 0)
	}
	e.depth--
	return append(dst, '}'), nil
}

// params writes p as one object, names in order, as Params.MarshalJSON
// does (encoding/json calls it even for a nil Params, which is "{}"). A
// value's error is prefixed with its parameter's name.
func (e *jsonEncoder) params(dst []byte, p Params) ([]byte, error) {
	if e.depth++; e.depth > cycleCheckDepth {
		if err := e.see(p, len(p)); err != nil {
			return dst, err
		}
	}
	dst = append(dst, '{')
	for i, pe := range p {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = appendJSONString(dst, pe.Name)
		dst = append(dst, ':')
		var err error
		if dst, err = e.value(dst, pe.Value); err != nil {
			return dst, paramError(pe.Name, err)
		}
	}
	if e.depth > cycleCheckDepth {
		e.forget(p, len(p))
	}
	e.depth--
	return append(dst, '}'), nil
}

// paramError names the parameter whose value could not be encoded.
func paramError(name string, err error) error {
	return fmt.Errorf("%s: %w", name, err)
}

// appendJSONString appends s as a JSON string the way encoding/json does
// with HTML escaping off: '"', '\\' and the control characters below
// U+0020 are escaped (\b \f \n \r \t by name, the rest as \u00XX), each
// byte of invalid UTF-8 becomes \ufffd, and U+2028 and U+2029 are escaped
// because JavaScript (JSONP) reads them as line ends. DEL and every other
// character are written as they are. strconv.Quote is no substitute: its
// \x7f-style escapes are not JSON.
func appendJSONString(dst []byte, s string) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch c {
			case '"', '\\':
				dst = append(dst, '\\', c)
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hexDigits[r&0xf])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}

const hexDigits = "0123456789abcdef"

// appendJSONFloat formats f as encoding/json's floatEncoder does. NaN and
// infinities are not JSON; encoding/json reports them, in its words.
func appendJSONFloat(dst []byte, f float64, bits int) ([]byte, error) {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		if bits == 32 {
			return appendFallback(dst, float32(f))
		}
		return appendFallback(dst, f)
	}
	return template.AppendFloat(dst, f, bits)
}

// validJSONNumber reports whether s is a JSON number literal (RFC 8259
// section 6), the check encoding/json applies to a json.Number.
func validJSONNumber(s string) bool {
	if s != "" && s[0] == '-' {
		s = s[1:]
	}
	if s == "" {
		return false
	}
	switch {
	case s[0] == '0':
		s = s[1:]
	case '1' <= s[0] && s[0] <= '9':
		s = skipDigits(s[1:])
	default:
		return false
	}
	if len(s) >= 2 && s[0] == '.' && isDigit(s[1]) {
		s = skipDigits(s[2:])
	}
	if len(s) >= 2 && (s[0] == 'e' || s[0] == 'E') {
		s = s[1:]
		if s[0] == '+' || s[0] == '-' {
			s = s[1:]
			if s == "" {
				return false
			}
		}
		s = skipDigits(s)
	}
	return s == ""
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func skipDigits(s string) string {
	for len(s) > 0 && isDigit(s[0]) {
		s = s[1:]
	}
	return s
}

// sortedKeys appends m's keys to dst in the byte order encoding/json
// writes map keys in. A caller's small array as dst keeps the keys of a
// small map off the heap.
func sortedKeys[V any](dst []string, m map[string]V) []string {
	for k := range m {
		dst = append(dst, k)
	}
	slices.Sort(dst)
	return dst
}

// appendStringArray writes a slice of strings as an array, nil as null.
func appendStringArray(dst []byte, a []string) []byte {
	if a == nil {
		return append(dst, "null"...)
	}
	dst = append(dst, '[')
	for i, s := range a {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = appendJSONString(dst, s)
	}
	return append(dst, ']')
}

// appendStringMap writes a map of strings as an object with sorted keys,
// nil as null.
func appendStringMap(dst []byte, m map[string]string) []byte {
	if m == nil {
		return append(dst, "null"...)
	}
	var arr [16]string
	dst = append(dst, '{')
	for i, k := range sortedKeys(arr[:0], m) {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = appendJSONString(dst, k)
		dst = append(dst, ':')
		dst = appendJSONString(dst, m[k])
	}
	return append(dst, '}')
}

// appendFallback encodes v with encoding/json, HTML escaping off and the
// Encoder's trailing newline dropped.
func appendFallback(dst []byte, v any) ([]byte, error) {
	b := bytes.NewBuffer(dst)
	enc := json.NewEncoder(b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return dst, err
	}
	out := b.Bytes()
	return out[:len(out)-1], nil // Encode ends every value with '\n'
}

// jsonBufPool holds scratch buffers for encoding bodies whose bytes are
// then copied out at their exact size.
var jsonBufPool = sync.Pool{New: func() any { b := make([]byte, 0, 512); return &b }}

// maxPooledJSON keeps one huge body from pinning its buffer in the pool.
const maxPooledJSON = 64 << 10

// marshalValue encodes like json.Marshal without HTML escaping, so that
// URLs, templates and bodies stay readable (and byte for byte what
// @octokit/request would send) in fixtures.
func marshalValue(v any) ([]byte, error) {
	return encodeJSON(func(b []byte) ([]byte, error) { return appendJSON(b, v) })
}

// encodeJSON runs write on a pooled scratch buffer and returns what it
// wrote as a fresh slice of exactly that length: one allocation, however
// often the output had to grow. On error it returns nil and the error,
// never partial output.
func encodeJSON(write func([]byte) ([]byte, error)) ([]byte, error) {
	bp := jsonBufPool.Get().(*[]byte)
	buf, err := write((*bp)[:0])
	var out []byte
	if err == nil {
		out = make([]byte, len(buf))
		copy(out, buf)
	}
	if cap(buf) <= maxPooledJSON {
		*bp = buf[:0]
		jsonBufPool.Put(bp)
	}
	return out, err
}
