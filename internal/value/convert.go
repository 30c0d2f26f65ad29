package value

import (
	"encoding"
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"
	"unicode/utf8"
)

// Of converts a Go value into a Value, as encoding/json would marshal it:
// structs by their json tags in field order, maps with their keys
// sorted, []byte as base64, json.Marshaler and encoding.TextMarshaler
// through their methods (time.Time as RFC 3339), json.RawMessage as the
// one value it holds, pointers as what they point to, nil as null. The
// common shapes (strings, numbers, []any, map[string]any …) are
// converted directly, and a string or a number costs no allocation; the
// rest goes through encoding/json, after a walk that refuses a value
// past the limits, so that a cyclic or self-sharing value fails fast.
//
// Invalid UTF-8 in strings and keys becomes U+FFFD here, as encoding/json
// writes it, so that a value reads back from its JSON exactly. -0 is 0, as
// in JavaScript.
func Of(x any) (Value, error) {
	if v, ok := Scalar(x); ok {
		return v, nil
	}
	return NewBudget().of(x, 0)
}

// OfBudget is Of, spending from b.
func OfBudget(x any, b *Budget) (Value, error) { return OfAt(x, b, 0) }

// OfAt is Of for a value nested depth levels deep in one the caller
// builds, spending from b.
func OfAt(x any, b *Budget, depth int) (Value, error) {
	if v, ok := Scalar(x); ok {
		return v, nil
	}
	return b.of(x, depth)
}

// Scalar converts nil, a Value, a string, a bool or a finite number of a
// built-in type, without allocating, and reports false for anything
// else.
func Scalar(x any) (Value, bool) {
	switch t := x.(type) {
	case nil:
		return Value{}, true
	case Value:
		return t, true
	case string:
		return Str(validUTF8(t)), true
	case bool:
		return Boolean(t), true
	case int:
		return Int(int64(t)), true
	case int64:
		return Int(t), true
	case float64:
		return Float(t)
	}
	return Value{}, false
}

func (b *Budget) of(x any, depth int) (Value, error) {
	switch t := x.(type) {
	case nil:
		return Value{}, nil
	case Value:
		return t, nil
	case string:
		return Str(validUTF8(t)), nil
	case bool:
		return Boolean(t), nil
	case int:
		return Int(int64(t)), nil
	case int8:
		return Int(int64(t)), nil
	case int16:
		return Int(int64(t)), nil
	case int32:
		return Int(int64(t)), nil
	case int64:
		return Int(t), nil
	case uint:
		return Uint(uint64(t)), nil
	case uint8:
		return Uint(uint64(t)), nil
	case uint16:
		return Uint(uint64(t)), nil
	case uint32:
		return Uint(uint64(t)), nil
	case uint64:
		return Uint(t), nil
	case uintptr:
		return Uint(uint64(t)), nil
	case float64:
		if v, ok := Float(t); ok {
			return v, nil
		}
		return Value{}, invalidError(fmt.Sprintf("%v is not a finite number", t))
	case float32:
		if v, ok := Float32(t); ok {
			return v, nil
		}
		return Value{}, invalidError(fmt.Sprintf("%v is not a finite number", t))
	case json.Number:
		if t == "" {
			return Int(0), nil // encoding/json writes the zero Number as 0
		}
		if v, ok := NumberText(string(t)); ok {
			return v, nil
		}
		return Value{}, invalidError(fmt.Sprintf("json.Number %q is not a number", string(t)))
	case json.RawMessage:
		if t == nil {
			return Value{}, nil
		}
		return decodeBudget(t, b, depth)
	case []any:
		if t == nil {
			return Value{}, nil
		}
		if err := b.spend(1+len(t), depth); err != nil {
			return Value{}, err
		}
		items := make([]Value, len(t))
		for i, e := range t {
			v, err := b.of(e, depth+1)
			if err != nil {
				return Value{}, err
			}
			items[i] = v
		}
		return NewArray(items), nil
	case []string:
		if t == nil {
			return Value{}, nil
		}
		if err := b.spend(1+len(t), depth); err != nil {
			return Value{}, err
		}
		items := make([]Value, len(t))
		for i, s := range t {
			items[i] = Str(validUTF8(s))
		}
		return NewArray(items), nil
	case map[string]any:
		if t == nil {
			return Value{}, nil
		}
		if err := b.spend(1+len(t), depth); err != nil {
			return Value{}, err
		}
		members := make([]Member, 0, len(t))
		for _, k := range slices.Sorted(maps.Keys(t)) {
			v, err := b.of(t[k], depth+1)
			if err != nil {
				return Value{}, err
			}
			members = append(members, Member{validUTF8(k), v})
		}
		return NewObject(members), nil
	case map[string]string:
		if t == nil {
			return Value{}, nil
		}
		if err := b.spend(1+len(t), depth); err != nil {
			return Value{}, err
		}
		members := make([]Member, 0, len(t))
		for _, k := range slices.Sorted(maps.Keys(t)) {
			members = append(members, Member{validUTF8(k), Str(validUTF8(t[k]))})
		}
		return NewObject(members), nil
	}
	return b.reflectOf(x, depth)
}

// reflectOf converts what the fast paths do not know: named scalar
// types directly, everything else through encoding/json once a walk has
// checked it is within the limits.
func (b *Budget) reflectOf(x any, depth int) (Value, error) {
	rv := reflect.ValueOf(x)
	t := rv.Type()
	if !implementsMarshaler(t) {
		switch rv.Kind() {
		case reflect.String:
			return Str(validUTF8(rv.String())), nil
		case reflect.Bool:
			return Boolean(rv.Bool()), nil
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			return Int(rv.Int()), nil
		case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
			return Uint(rv.Uint()), nil
		case reflect.Float32:
			return b.of(float32(rv.Float()), depth)
		case reflect.Float64:
			return b.of(rv.Float(), depth)
		case reflect.Pointer:
			if rv.IsNil() {
				return Value{}, nil
			}
			if e := rv.Elem(); isScalarKind(e.Kind()) && !implementsMarshaler(e.Type()) {
				// *string, *int …: what they point to. (A pointer to a
				// struct goes to encoding/json as it is, since fields
				// reached through it are addressable there.)
				return b.reflectOf(e.Interface(), depth)
			}
		case reflect.Chan, reflect.Func, reflect.Complex64, reflect.Complex128, reflect.UnsafePointer:
			return Value{}, invalidError(fmt.Sprintf("%s has no JSON form", t))
		}
	}
	// A walk over everything encoding/json would visit, spending the
	// budget as it goes, so that a cycle or an exponential DAG fails
	// here instead of inside json.Marshal.
	walk := *b
	if err := walk.count(rv, depth); err != nil {
		return Value{}, err
	}
	data, err := marshal(x)
	if err != nil {
		return Value{}, err
	}
	return decodeBudget(data, b, depth)
}

// marshal is json.Marshal with a panic in a MarshalJSON or MarshalText
// method turned into ErrInvalid: no caller value may crash the library.
func marshal(x any) (data []byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			data, err = nil, invalidError(fmt.Sprintf("%T: marshaling panicked: %v", x, r))
		}
	}()
	data, err = json.Marshal(x)
	if err != nil {
		return nil, &wrapped{ErrInvalid, err.Error()}
	}
	return data, nil
}

var (
	jsonMarshaler = reflect.TypeFor[json.Marshaler]()
	textMarshaler = reflect.TypeFor[encoding.TextMarshaler]()
)

// implementsMarshaler reports whether t or *t has a MarshalJSON or
// MarshalText method, which encoding/json would call.
func implementsMarshaler(t reflect.Type) bool {
	if t.Implements(jsonMarshaler) || t.Implements(textMarshaler) {
		return true
	}
	if t.Kind() != reflect.Pointer {
		p := reflect.PointerTo(t)
		return p.Implements(jsonMarshaler) || p.Implements(textMarshaler)
	}
	return false
}

// count walks v as encoding/json would, spending one node for each
// pointer, array, slice, map, struct and member it meets. Values with
// their own marshaling method are not looked into: what they write is
// counted when it is decoded.
func (b *Budget) count(v reflect.Value, depth int) error {
	if !v.IsValid() {
		return nil
	}
	if implementsMarshaler(v.Type()) {
		return b.spend(1, depth)
	}
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return nil
		}
		if err := b.spend(1, depth); err != nil {
			return err
		}
		return b.count(v.Elem(), depth)
	case reflect.Struct:
		if err := b.spend(1+v.NumField(), depth); err != nil {
			return err
		}
		t := v.Type()
		for i := range v.NumField() {
			if f := t.Field(i); f.IsExported() || f.Anonymous {
				if err := b.count(v.Field(i), depth+1); err != nil {
					return err
				}
			}
		}
	case reflect.Slice, reflect.Array:
		if v.Kind() == reflect.Slice && (v.IsNil() || v.Type().Elem().Kind() == reflect.Uint8) {
			return b.spend(1, depth) // nil, or []byte: one base64 string
		}
		if err := b.spend(1+v.Len(), depth); err != nil {
			return err
		}
		if !isScalarKind(v.Type().Elem().Kind()) {
			for i := range v.Len() {
				if err := b.count(v.Index(i), depth+1); err != nil {
					return err
				}
			}
		}
	case reflect.Map:
		if v.IsNil() {
			return nil
		}
		if err := b.spend(1+v.Len(), depth); err != nil {
			return err
		}
		if !isScalarKind(v.Type().Elem().Kind()) {
			for it := v.MapRange(); it.Next(); {
				if err := b.count(it.Value(), depth+1); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

func isScalarKind(k reflect.Kind) bool {
	switch k {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.String:
		return true
	}
	return false
}

// validUTF8 replaces each byte of invalid UTF-8 with U+FFFD, as
// encoding/json does when it writes s; valid text is returned as it is.
func validUTF8(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		b.WriteRune(r) // RuneError for a bad byte
		i += size
	}
	return b.String()
}
