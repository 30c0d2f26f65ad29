package value

import (
	"encoding"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
)

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
		return nil, invalidError(err.Error())
	}
	return data, nil
}

// reflectOf converts other scalar types directly, everything else through
// encoding/json once a walk has checked the limits.
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
			return b.Of(float32(rv.Float()), depth)
		case reflect.Float64:
			return b.Of(rv.Float(), depth)
		case reflect.Pointer:
			if rv.IsNil() {
				return Value{}, nil
			}
			if e := rv.Elem(); isScalarKind(e.Kind()) && !implementsMarshaler(e.Type()) {
				// *string, *int …: what they point to. A pointer to a
				// struct goes to encoding/json as it is, since fields
				// reached through it are addressable there.
				return b.reflectOf(e.Interface(), depth)
			}
		}
	}
	// Walk what encoding/json would visit, spending a copy of the budget,
	// so that a cycle or an exponential DAG fails here, not in json.Marshal.
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

var (
	jsonMarshaler = reflect.TypeFor[json.Marshaler]()
	textMarshaler = reflect.TypeFor[encoding.TextMarshaler]()
)

// implementsMarshaler reports whether t or *t has a MarshalJSON or
// MarshalText method, which encoding/json would call.
func implementsMarshaler(t reflect.Type) bool {
	if k := t.Kind(); k != reflect.Pointer && k != reflect.Interface {
		t = reflect.PointerTo(t) // whose methods include t's
	}
	return t.Implements(jsonMarshaler) || t.Implements(textMarshaler)
}

// count walks v as encoding/json would, spending a node for each array,
// object and member and for each pointer or interface holding another (no
// more than decoding its JSON spends); what a marshaler writes is counted
// when it is decoded.
func (b *Budget) count(v reflect.Value, depth int) error {
	if implementsMarshaler(v.Type()) {
		return b.Spend(1, depth)
	}
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return nil
		}
		// No JSON node, but one holding another pointer or interface
		// spends, so that a loop of them, which meets no other node, ends.
		if k := v.Elem().Kind(); k == reflect.Pointer || k == reflect.Interface {
			if err := b.Spend(1, depth); err != nil {
				return err
			}
		}
		return b.count(v.Elem(), depth)
	case reflect.Struct:
		return b.countFields(v, depth)
	case reflect.Slice, reflect.Array, reflect.Map:
		return b.countItems(v, depth)
	}
	return nil
}

// countFields counts a struct, an object of its exported and embedded
// fields.
func (b *Budget) countFields(v reflect.Value, depth int) error {
	err := b.Spend(1, depth)
	t := v.Type()
	for i := 0; i < t.NumField() && err == nil; i++ {
		if f := t.Field(i); f.IsExported() || f.Anonymous {
			d := depth + 1
			if flattened(f) {
				d = depth // its fields are members of this object
			}
			if err = b.Spend(1, depth); err == nil { // a member
				err = b.count(v.Field(i), d)
			}
		}
	}
	return err
}

// countItems counts a slice, array or map, an array or object of its
// items.
func (b *Budget) countItems(v reflect.Value, depth int) error {
	if v.Kind() != reflect.Array && v.IsNil() || v.Kind() == reflect.Slice && v.Type().Elem().Kind() == reflect.Uint8 {
		return nil // null, or []byte: a base64 string; no node
	}
	if err := b.Spend(1+v.Len(), depth); err != nil || isScalarKind(v.Type().Elem().Kind()) {
		return err
	}
	for _, e := range v.Seq2() { // a map's values, a list's items
		if err := b.count(e, depth+1); err != nil {
			return err
		}
	}
	return nil
}

// flattened reports whether encoding/json writes the fields of f into its
// holder's object: an embedded struct (or pointer) without a json name.
func flattened(f reflect.StructField) bool {
	t := f.Type
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
	return f.Anonymous && name == "" && t.Kind() == reflect.Struct
}

// isScalarKind reports whether k is a boolean, a string or a real number,
// the kinds from Bool to Float64.
func isScalarKind(k reflect.Kind) bool {
	return reflect.Bool <= k && k <= reflect.Float64 || k == reflect.String
}
