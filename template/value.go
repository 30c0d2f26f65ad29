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

// maxDeref bounds pointer chasing, so that a pointer cycle ends.
const maxDeref = 16

type valueKind uint8

const (
	undefinedKind valueKind = iota
	scalarKind
	listKind
	mapKind
	deepKind // a map written as OpenAPI's deepObject (DeepObjectVar)
)

// value is a Go value mapped to an RFC 6570 value (see the package
// documentation): a scalar's text in str, or an integer in num, so that
// strings and integers cost no allocation.
type value struct {
	kind     valueKind
	isString bool // a string kind other than Verbatim: AppendQuery's q rule applies
	search   bool // a query keeps its "+" (SearchVar)
	isPath   bool
	isInt    bool // num holds an integer, formatted where it is written
	num      int64
	str      string
	// ref holds a list's members or a map's keys and values alternating
	// ([]string), or the error of an InvalidVar: one field keeps a Var small.
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

// Constructors, not setters: a store through a pointer would move the
// caller's scratch buffer to the heap.

func stringValue(s string) value { return value{kind: scalarKind, str: s} }

func bytesValue(b []byte) value { return value{kind: scalarKind, str: string(b)} }

func intValue(i int64) value { return value{kind: scalarKind, isInt: true, num: i} }

// mapValue maps v. scratch (length 0) receives formatted numbers and items
// (length 0) list and map members, so that small values need no
// allocation. The error wraps ErrValue; the caller adds the variable name.
func mapValue(v any, scratch []byte, items []string) (value, error) {
	if l, ok := v.([]string); ok { // the common list type
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
			m.isString, m.isPath = true, true
			return v, m, true, nil
		case Verbatim:
			return v, stringValue(string(x)), true, nil
		case json.Number:
			return v, stringValue(string(x)), true, nil
		case []byte:
			return v, bytesValue(x), true, nil
		}
		rv := reflect.ValueOf(v)
		if rv.Kind() == reflect.Pointer && rv.IsNil() {
			return v, m, true, nil // before the methods, which a nil pointer may panic in
		}
		if s, ok, err := callMethod(v); ok {
			return v, stringValue(s), true, err
		}
		if rv.Kind() != reflect.Pointer {
			m, done, err = mapByKind(rv, scratch)
			return v, m, done, err
		}
		if depth == maxDeref {
			return v, m, true, fmt.Errorf("%w: %T: pointer chain deeper than %d", ErrValue, v, maxDeref)
		}
		v = rv.Elem().Interface()
	}
}

// mapByKind maps a value of a named string, bool or number type; done
// is false for any other kind.
func mapByKind(rv reflect.Value, scratch []byte) (m value, done bool, err error) {
	switch rv.Kind() {
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
		return bytesValue(b), true, err
	default:
		return m, false, nil
	}
	return m, true, nil
}

// callMethod is the text of v's MarshalText or String method; ok false
// when it has neither.
func callMethod(v any) (s string, ok bool, err error) {
	switch x := v.(type) {
	case encoding.TextMarshaler:
		s, err = callText(func() (string, error) {
			b, err := x.MarshalText()
			return string(b), err
		})
		return s, true, err
	case fmt.Stringer:
		s, err = callText(func() (string, error) { return x.String(), nil })
		return s, true, err
	}
	return "", false, nil
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

// member maps one list member or map value to its text; ok is false for
// an undefined member, which is skipped. It gets no scratch buffer, which
// its result, kept in a list, would move to the heap.
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
func mapComposite(v any, items []string) (value, error) {
	kind := listKind
	add := func(key string, val any) error {
		s, ok, err := member(val)
		if err != nil || !ok {
			return err
		}
		if kind == mapKind {
			items = append(items, key)
		}
		items = append(items, s)
		return nil
	}
	var err error
	switch x := v.(type) {
	case []string:
		items = x // not copied: expansion only reads it
	case map[string]string:
		kind = mapKind
		for _, k := range slices.Sorted(maps.Keys(x)) {
			items = append(items, k, x[k])
		}
	case Pairs:
		kind = mapKind
		for i := 0; i < len(x) && err == nil; i++ {
			err = add(x[i].Key, x[i].Value)
		}
	default:
		err = eachMember(v, &kind, add)
	}
	if err != nil || len(items) == 0 {
		return value{}, err // RFC 6570 section 2.3: empty lists and maps are undefined
	}
	return value{kind: kind, ref: items}, nil
}

// eachMember gives add the members of a slice or array, or the keys and
// values of a map with string keys in key order, setting kind to mapKind
// for a map.
func eachMember(v any, kind *valueKind, add func(key string, val any) error) error {
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Slice, reflect.Array:
		for i := range rv.Len() {
			if err := add("", rv.Index(i).Interface()); err != nil {
				return err
			}
		}
		return nil
	case reflect.Map:
		if rv.Type().Key().Kind() != reflect.String {
			return fmt.Errorf("%w: %T (map keys must be strings)", ErrValue, v)
		}
		*kind = mapKind
		keys := rv.MapKeys()
		slices.SortFunc(keys, func(a, b reflect.Value) int { return strings.Compare(a.String(), b.String()) })
		for _, k := range keys {
			if err := add(k.String(), rv.MapIndex(k).Interface()); err != nil {
				return err
			}
		}
		return nil
	}
	return fmt.Errorf("%w: %T", ErrValue, v)
}

// IsUndefined reports whether v expands to nothing: nil, a nil pointer, an
// empty list or map, or one whose members are all nil. A value that cannot be
// mapped at all (see ErrValue) is not undefined; expanding it fails.
func IsUndefined(v any) bool {
	var scratch [32]byte
	m, err := mapValue(v, scratch[:0], nil)
	return err == nil && m.kind == undefinedKind
}
