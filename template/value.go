package template

import (
	"encoding"
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// Go value mapping, the one place where Go values become template values,
// shared by expansion, AppendQuery and IsUndefined. The table is in the
// package documentation (doc.go).

// maxDeref bounds pointer chasing so that a pointer cycle cannot loop forever.
const maxDeref = 16

type valueKind uint8

const (
	undefinedKind valueKind = iota
	scalarKind
	listKind
	mapKind
	deepKind // a map written as OpenAPI's deepObject (DeepObjectVar)
)

// value is a Go value mapped to an RFC 6570 value: a scalar's text in str,
// or an integer in num, so strings and integers cost no allocation.
type value struct {
	kind     valueKind
	isString bool // a string kind other than Verbatim: AppendQuery's q rule applies
	search   bool // a query keeps its "+" (SearchVar)
	isPath   bool
	isInt    bool // num holds an integer not yet formatted (IntVar)
	num      int64
	str      string
	// ref holds a list's members or a map's keys and values alternating
	// ([]string), or the error of a value that cannot be expanded
	// (InvalidVar): one field keeps a Var small.
	ref any
}

// items is a list's members or a map's keys and values alternating.
func (m *value) items() []string {
	items, _ := m.ref.([]string)
	return items
}

// err is why the value cannot be expanded, or nil.
func (m *value) err() error {
	err, _ := m.ref.(error)
	return err
}

// Constructors rather than pointer-receiver setters: a store through a
// pointer would make escape analysis move the caller's scratch buffer to the
// heap.

func stringValue(s string) value { return value{kind: scalarKind, str: s} }

func bytesValue(b []byte) value { return value{kind: scalarKind, str: string(b)} }

// intValue holds an integer unformatted; expansion formats it into its own
// scratch buffer, so mapping it needs none.
func intValue(i int64) value { return value{kind: scalarKind, isInt: true, num: i} }

// mapValue maps v. scratch (length 0) receives formatted numbers and items
// (length 0) receives list and map members, so small values need no
// allocation. The error wraps ErrValue; the caller adds the variable name.
func mapValue(v any, scratch []byte, items []string) (value, error) {
	if l, ok := v.([]string); ok { // fast path for the common list type
		if len(l) == 0 {
			return value{}, nil
		}
		return value{kind: listKind, ref: l}, nil
	}
	v, m, done, err := mapScalar(v, scratch)
	if done || err != nil {
		return m, err
	}
	return mapComposite(v, items)
}

// mapScalar maps nil, pointers and scalars. done is false when v (returned
// dereferenced) is something else, for mapComposite to judge.
func mapScalar(v any, scratch []byte) (_ any, m value, done bool, err error) {
	for depth := 0; ; depth++ {
		switch x := v.(type) {
		case nil:
			return v, m, true, nil
		case string:
			m = stringValue(x)
			m.isString = true
			return v, m, true, nil
		case Path:
			m = stringValue(string(x))
			m.isString = true
			m.isPath = true
			return v, m, true, nil
		case Verbatim:
			m = stringValue(string(x))
			return v, m, true, nil
		case bool:
			m = stringValue(strconv.FormatBool(x))
			return v, m, true, nil
		case int:
			m = intValue(int64(x))
			return v, m, true, nil
		case int8:
			m = intValue(int64(x))
			return v, m, true, nil
		case int16:
			m = intValue(int64(x))
			return v, m, true, nil
		case int32:
			m = intValue(int64(x))
			return v, m, true, nil
		case int64:
			m = intValue(x)
			return v, m, true, nil
		case uint:
			m = bytesValue(strconv.AppendUint(scratch, uint64(x), 10))
			return v, m, true, nil
		case uint8:
			m = intValue(int64(x))
			return v, m, true, nil
		case uint16:
			m = intValue(int64(x))
			return v, m, true, nil
		case uint32:
			m = intValue(int64(x))
			return v, m, true, nil
		case uint64:
			m = bytesValue(strconv.AppendUint(scratch, x, 10))
			return v, m, true, nil
		case uintptr:
			m = bytesValue(strconv.AppendUint(scratch, uint64(x), 10))
			return v, m, true, nil
		case float64:
			b, err := appendFloat(scratch, x, 64)
			m = bytesValue(b)
			return v, m, true, err
		case float32:
			b, err := appendFloat(scratch, float64(x), 32)
			m = bytesValue(b)
			return v, m, true, err
		case json.Number:
			m = stringValue(string(x))
			return v, m, true, nil
		case []byte:
			m = bytesValue(x)
			return v, m, true, nil
		}

		rv := reflect.ValueOf(v)
		if rv.Kind() == reflect.Pointer && rv.IsNil() {
			// Before the method checks: a value-receiver method called
			// through a nil pointer would panic.
			return v, m, true, nil
		}
		switch x := v.(type) {
		case encoding.TextMarshaler:
			s, err := callText(func() (string, error) {
				b, err := x.MarshalText()
				return string(b), err
			})
			m = stringValue(s)
			return v, m, true, err
		case fmt.Stringer:
			s, err := callText(func() (string, error) { return x.String(), nil })
			m = stringValue(s)
			return v, m, true, err
		}

		switch rv.Kind() {
		case reflect.Pointer:
			if depth == maxDeref {
				return v, m, true, fmt.Errorf("%w: %T: pointer chain deeper than %d", ErrValue, v, maxDeref)
			}
			v = rv.Elem().Interface()
			continue
		case reflect.String:
			m = stringValue(rv.String())
			m.isString = true
		case reflect.Bool:
			m = stringValue(strconv.FormatBool(rv.Bool()))
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			m = intValue(rv.Int())
		case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
			m = bytesValue(strconv.AppendUint(scratch, rv.Uint(), 10))
		case reflect.Float32, reflect.Float64:
			b, err := appendFloat(scratch, rv.Float(), rv.Type().Bits())
			m = bytesValue(b)
			return v, m, true, err
		default:
			return v, m, false, nil
		}
		return v, m, true, nil
	}
}

// callText runs a user method, turning a panic into ErrValue (as fmt does),
// because no input may make this package panic.
func callText(f func() (string, error)) (s string, err error) {
	defer func() {
		if r := recover(); r != nil {
			s, err = "", fmt.Errorf("%w: method panicked: %v", ErrValue, r)
		}
	}()
	s, err = f()
	if err != nil {
		err = fmt.Errorf("%w: %w", ErrValue, err)
	}
	return s, err
}

// appendFloat appends f formatted the way encoding/json does, which is
// also JavaScript's Number.prototype.toString for these cases: shortest
// round-trip digits for the given bit size (32 or 64), exponent form below
// 1e-6 and from 1e21 on, no leading zero in the exponent (1e-7, 1e+21).
// NaN and infinities are ErrValue: neither JSON nor a URL has them.
func appendFloat(dst []byte, f float64, bits int) ([]byte, error) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return dst, fmt.Errorf("%w: %v is not a finite number", ErrValue, f)
	}
	format := byte('f')
	if abs := math.Abs(f); abs != 0 {
		if bits == 64 && (abs < 1e-6 || abs >= 1e21) || bits == 32 && (float32(abs) < 1e-6 || float32(abs) >= 1e21) {
			format = 'e'
		}
	}
	dst = strconv.AppendFloat(dst, f, format, -1, bits)
	if format == 'e' {
		// Clean up e-09 to e-9.
		if n := len(dst); n >= 4 && dst[n-4] == 'e' && dst[n-3] == '-' && dst[n-2] == '0' {
			dst[n-2] = dst[n-1]
			dst = dst[:n-1]
		}
	}
	return dst, nil
}

// member maps one list member or map value to its text; ok is false for an
// undefined member, which the caller skips. It gets no scratch buffer: its
// result is stored in a list, and sharing a scratch buffer would make escape
// analysis move the caller's buffer to the heap.
func member(v any) (s string, ok bool, err error) {
	_, m, done, err := mapScalar(v, nil)
	switch {
	case err != nil:
		return "", false, err
	case !done:
		return "", false, fmt.Errorf("%w: member of type %T (lists and maps must hold scalars)", ErrValue, v)
	case m.kind == undefinedKind:
		return "", false, nil
	case m.isInt:
		return strconv.FormatInt(m.num, 10), true, nil
	}
	return m.str, true, nil
}

// mapComposite maps lists and associative arrays.
func mapComposite(v any, items []string) (m value, err error) {
	add := func(val any, key string, isMap bool) error {
		s, ok, err := member(val)
		if err != nil || !ok {
			return err
		}
		if isMap {
			items = append(items, key)
		}
		items = append(items, s)
		return nil
	}
	kind := listKind
	switch x := v.(type) {
	case []string:
		items = x // no copy: expansion only reads it
	case []any:
		for _, e := range x {
			if err := add(e, "", false); err != nil {
				return m, err
			}
		}
	case map[string]string:
		kind = mapKind
		for _, k := range slices.Sorted(maps.Keys(x)) {
			items = append(items, k, x[k])
		}
	case map[string]any:
		kind = mapKind
		for _, k := range slices.Sorted(maps.Keys(x)) {
			if err := add(x[k], k, true); err != nil {
				return m, err
			}
		}
	case Pairs:
		kind = mapKind
		for _, p := range x {
			if err := add(p.Value, p.Key, true); err != nil {
				return m, err
			}
		}
	default:
		rv := reflect.ValueOf(v)
		switch rv.Kind() {
		case reflect.Slice, reflect.Array:
			for i := range rv.Len() {
				if err := add(rv.Index(i).Interface(), "", false); err != nil {
					return m, err
				}
			}
		case reflect.Map:
			if rv.Type().Key().Kind() != reflect.String {
				return m, fmt.Errorf("%w: %T (map keys must be strings)", ErrValue, v)
			}
			kind = mapKind
			keys := rv.MapKeys()
			slices.SortFunc(keys, func(a, b reflect.Value) int { return strings.Compare(a.String(), b.String()) })
			for _, k := range keys {
				if err := add(rv.MapIndex(k).Interface(), k.String(), true); err != nil {
					return m, err
				}
			}
		default:
			return m, fmt.Errorf("%w: %T", ErrValue, v)
		}
	}
	if len(items) == 0 {
		return m, nil // RFC 6570 section 2.3: empty lists and maps are undefined
	}
	m.kind = kind
	m.ref = items
	return m, nil
}

// IsUndefined reports whether v expands to nothing: nil, a nil pointer, an
// empty list or map, or one whose members are all nil. A value that cannot be
// mapped at all (see ErrValue) is not undefined; expanding it fails.
func IsUndefined(v any) bool {
	var scratch [32]byte
	m, err := mapValue(v, scratch[:0], nil)
	return err == nil && m.kind == undefinedKind
}
