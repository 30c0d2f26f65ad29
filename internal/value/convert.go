package value

import (
	"encoding/json"
	"fmt"
	"maps"
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

// SetScalar is Scalar writing into *v, which it leaves alone when it
// reports false. Filled in place, a value the caller keeps in a larger
// structure is not first made and then copied there.
func (v *Value) SetScalar(x any) bool {
	switch t := x.(type) {
	case nil:
		*v = Value{}
	case string:
		*v = Str(validUTF8(t))
	case int:
		*v = Int(int64(t))
	default:
		s, ok := Scalar(x)
		if !ok {
			return false
		}
		*v = s
	}
	return true
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
		v, err := decodeBudget(t, b, depth)
		if se, ok := err.(*SyntaxError); ok {
			// Malformed JSON is a value with no JSON form, as encoding/json
			// refuses it (an error calling MarshalJSON): ErrInvalid, which
			// builder exports, beside the decoder's ErrSyntax, which it
			// does not. ErrLimit stays as it is.
			return Value{}, fmt.Errorf("%w: json.RawMessage: %w", ErrInvalid, se)
		}
		return v, err
	case []any:
		if t == nil {
			return Value{}, nil
		}
		if err := b.spend(1+len(t), depth); err != nil {
			return Value{}, err
		}
		arr, items := makeArray(len(t))
		for i, e := range t {
			v, err := b.of(e, depth+1)
			if err != nil {
				return Value{}, err
			}
			items[i] = v
		}
		return arr, nil
	case []string:
		if t == nil {
			return Value{}, nil
		}
		if err := b.spend(1+len(t), depth); err != nil {
			return Value{}, err
		}
		arr, items := makeArray(len(t))
		for i, s := range t {
			items[i] = Str(validUTF8(s))
		}
		return arr, nil
	case map[string]any:
		if t == nil {
			return Value{}, nil
		}
		if err := b.spend(1+len(t), depth); err != nil {
			return Value{}, err
		}
		members := make([]Member, 0, len(t))
		replaced := false
		for _, k := range slices.Sorted(maps.Keys(t)) {
			v, err := b.of(t[k], depth+1)
			if err != nil {
				return Value{}, err
			}
			key := validUTF8(k)
			replaced = replaced || len(key) != len(k) // a bad byte becomes three
			members = append(members, Member{key, v})
		}
		return objectOfKeys(members, replaced), nil
	case map[string]string:
		if t == nil {
			return Value{}, nil
		}
		if err := b.spend(1+len(t), depth); err != nil {
			return Value{}, err
		}
		members := make([]Member, 0, len(t))
		replaced := false
		for _, k := range slices.Sorted(maps.Keys(t)) {
			key := validUTF8(k)
			replaced = replaced || len(key) != len(k)
			members = append(members, Member{key, Str(validUTF8(t[k]))})
		}
		return objectOfKeys(members, replaced), nil
	}
	return b.reflectOf(x, depth)
}

// objectOfKeys makes the object of a Go map's members, in sorted order.
// Once a key had invalid UTF-8 replaced (replaced), two keys may have
// become one ("\xff" and "\ufffd"): the object keeps one member, the
// last value in the first one's place, as decoding what encoding/json
// writes for any other map type gives.
func objectOfKeys(members []Member, replaced bool) Value {
	if !replaced {
		return NewObject(members)
	}
	var ob ObjectBuilder
	for _, m := range members {
		ob.Set(m.Key, m.Value)
	}
	return ob.Object()
}

// validUTF8 replaces each byte of invalid UTF-8 with U+FFFD, as
// encoding/json does when it writes s; valid text is returned as it is.
func validUTF8(s string) string {
	if shortASCII(s) || utf8.ValidString(s) {
		return s
	}
	return replaceInvalid(s)
}

// shortASCII reports whether s is shorter than 16 bytes and ASCII: most
// parameter values, which a byte loop checks for a fraction of the cost
// of a call to utf8.ValidString.
func shortASCII(s string) bool {
	if len(s) >= 16 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// replaceInvalid is validUTF8's slow path.
func replaceInvalid(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		b.WriteRune(r) // RuneError for a bad byte
		i += size
	}
	return b.String()
}
