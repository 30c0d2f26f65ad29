package template

import (
	"encoding"
	"encoding/json"
	"fmt"
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

// value is a Go value mapped to an RFC 6570 value: a scalar's text in str,
// or an integer in num, so that neither costs an allocation.
type value struct {
	kind     valueKind
	isString bool // a string kind other than Verbatim: AppendQuery's q rule applies
	search   bool // a query keeps its "+" (SearchVar)
	isPath   bool
	isInt    bool // num holds an integer, formatted where it is written
	num      int64
	str      string
	// ref is items' []string or err's error: one field keeps a Var small.
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

// mapValue maps a Go value as the package documentation says; the error
// wraps ErrValue.
func mapValue(v any) (value, error) {
	v, m, done, err := mapScalar(v)
	if done || err != nil {
		return m, err
	}
	return mapComposite(v)
}

// mapScalar maps nil, pointers and scalars; done is false when v (returned
// dereferenced) is something else.
func mapScalar(v any) (_ any, m value, done bool, err error) {
	for depth := 0; ; depth++ {
		switch x := v.(type) {
		case nil:
			return v, m, true, nil
		case string:
			return v, value{kind: scalarKind, str: x, isString: true}, true, nil
		case Path:
			return v, PathVar(string(x)).v, true, nil
		case Verbatim:
			return v, StringVar(string(x)).v, true, nil
		case []byte:
			return v, StringVar(string(x)).v, true, nil
		}
		rv := reflect.ValueOf(v)
		if rv.Kind() == reflect.Pointer && rv.IsNil() {
			return v, m, true, nil // before the methods, which a nil pointer may panic in
		}
		if s, ok, err := callMethod(v); ok {
			return v, StringVar(s).v, true, err
		}
		if rv.Kind() != reflect.Pointer {
			m, done, err = mapByKind(rv)
			return v, m, done, err
		}
		if depth == maxDeref {
			return v, m, true, fmt.Errorf("%w: %T: pointer chain deeper than %d", ErrValue, v, maxDeref)
		}
		v = rv.Elem().Interface()
	}
}

// mapByKind maps a named string, bool or number type; done is false else.
func mapByKind(rv reflect.Value) (m value, done bool, err error) {
	switch rv.Kind() {
	case reflect.String:
		m = value{kind: scalarKind, str: rv.String(), isString: true}
	case reflect.Bool:
		m = StringVar(strconv.FormatBool(rv.Bool())).v
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		m = IntVar(rv.Int()).v
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		m = StringVar(strconv.FormatUint(rv.Uint(), 10)).v
	case reflect.Float32, reflect.Float64:
		var f any = rv.Float()
		if rv.Kind() == reflect.Float32 {
			f = float32(rv.Float()) // encoding/json writes a float32's own shortest digits
		}
		text, err := json.Marshal(f)
		if err != nil { // NaN or ±Inf
			return m, true, fmt.Errorf("%w: %v is not a finite number", ErrValue, f)
		}
		m = StringVar(string(text)).v
	default:
		return m, false, nil
	}
	return m, true, nil
}

// callMethod is the text of v's MarshalText or String method, ok false
// when it has neither; a panic in it is ErrValue.
func callMethod(v any) (s string, ok bool, err error) {
	defer func() {
		if r := recover(); r != nil {
			s, ok, err = "", true, fmt.Errorf("%w: method panicked: %v", ErrValue, r)
		}
	}()
	switch x := v.(type) {
	case encoding.TextMarshaler:
		b, err := x.MarshalText()
		if err != nil {
			return "", true, fmt.Errorf("%w: %w", ErrValue, err)
		}
		return string(b), true, nil
	case fmt.Stringer:
		return x.String(), true, nil
	}
	return "", false, nil
}

// mapComposite maps lists and associative arrays of scalars (a map's in
// key order), nil members skipped; an empty one is undefined.
func mapComposite(v any) (value, error) {
	kind := listKind
	var items []string
	add := func(key string, val any) error {
		_, m, done, err := mapScalar(val)
		switch {
		case err != nil:
			return err
		case !done:
			return fmt.Errorf("%w: member of type %T (lists and maps must hold scalars)", ErrValue, val)
		case m.kind == undefinedKind:
			return nil
		case kind == mapKind:
			items = append(items, key)
		}
		if m.isInt {
			m.str = strconv.FormatInt(m.num, 10)
		}
		items = append(items, m.str)
		return nil
	}
	var err error
	switch x := v.(type) {
	case []string:
		items = x // not copied: expansion only reads it
	case Pairs:
		kind = mapKind
		for i := 0; i < len(x) && err == nil; i++ {
			err = add(x[i].Key, x[i].Value)
		}
	default:
		err = eachMember(v, &kind, add)
	}
	if err != nil || len(items) == 0 {
		return value{}, err
	}
	return value{kind: kind, ref: items}, nil
}

// eachMember gives add the members of a slice or array, or the keys and
// values of a map with string keys in key order (kind set to mapKind).
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
