package value

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"unicode/utf8"
)

// Of converts a Go value as encoding/json would marshal it, but for -0 as 0
// (as in JavaScript). Common shapes are converted directly; the rest goes
// through encoding/json after a walk that refuses a value past the limits,
// so that a cyclic or self-sharing value fails fast.
func Of(x any) (Value, error) {
	if v, ok := Scalar(x); ok {
		return v, nil // without a Budget, which would escape
	}
	return new(Budget).Of(x, 0)
}

// Scalar converts nil, a Value, a string, a bool, an int, an int64 or a
// finite float64 without allocating, and reports false for anything else.
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

// SetScalar is Scalar writing into *v (untouched when false), so that a
// value kept in a larger structure is filled in place.
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

// Of is the function Of for a value nested depth levels deep in one the
// caller builds, spending from b, which the call's other values share.
func (b *Budget) Of(x any, depth int) (Value, error) {
	if v, ok := Scalar(x); ok {
		return v, nil
	}
	switch t := x.(type) {
	case float64: // NaN or an infinity: Scalar takes the others
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
		return b.rawOf(t, depth)
	case []any:
		return ofList(b, t, depth, func(e any) (Value, error) { return b.Of(e, depth+1) })
	case []string:
		return ofList(b, t, depth, func(e string) (Value, error) { return Str(validUTF8(e)), nil })
	case map[string]any:
		return ofMap(b, t, depth, func(e any) (Value, error) { return b.Of(e, depth+1) })
	case map[string]string:
		return ofMap(b, t, depth, func(e string) (Value, error) { return Str(validUTF8(e)), nil })
	}
	return b.reflectOf(x, depth)
}

// rawOf decodes JSON text given as a value; malformed, it is ErrInvalid
// (beside ErrSyntax), as encoding/json refuses it too.
func (b *Budget) rawOf(raw json.RawMessage, depth int) (Value, error) {
	if raw == nil {
		return Value{}, nil
	}
	v, err := decodeBudget(raw, b, depth)
	if se, ok := err.(*SyntaxError); ok {
		return Value{}, fmt.Errorf("%w: json.RawMessage: %w", ErrInvalid, se)
	}
	return v, err
}

// ofList converts a slice with its items converted by item; nil is null.
func ofList[E any](b *Budget, list []E, depth int, item func(E) (Value, error)) (Value, error) {
	if list == nil {
		return Value{}, nil
	}
	if err := b.Spend(1+len(list), depth); err != nil {
		return Value{}, err
	}
	arr, items := makeArray(len(list))
	for i, e := range list {
		v, err := item(e)
		if err != nil {
			return Value{}, err
		}
		items[i] = v
	}
	return arr, nil
}

// ofMap converts a map with its values converted by item, keys sorted as
// encoding/json sorts them; nil is null.
func ofMap[E any](b *Budget, m map[string]E, depth int, item func(E) (Value, error)) (Value, error) {
	if m == nil {
		return Value{}, nil
	}
	if err := b.Spend(1+len(m), depth); err != nil {
		return Value{}, err
	}
	ob := ObjectBuilder{members: make([]Member, 0, len(m))}
	for _, k := range slices.Sorted(maps.Keys(m)) {
		v, err := item(m[k])
		if err != nil {
			return Value{}, err
		}
		// Keys made valid UTF-8 may meet ("\xff" and "\ufffd"): the last
		// value wins in the first one's place, as decoding what
		// encoding/json writes for other map types gives.
		ob.Set(validUTF8(k), v)
	}
	return ob.Object(), nil
}

// validUTF8 replaces each byte of invalid UTF-8 with U+FFFD, as
// encoding/json does when it writes s (strings.ToValidUTF8 would replace a
// run of them once); valid text is returned as it is.
func validUTF8(s string) string {
	if shortASCII(s) || utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		b.WriteRune(r) // RuneError for a bad byte
	}
	return b.String()
}

// shortASCII reports whether s is shorter than 16 bytes and ASCII, as most
// parameter values are, for a fraction of utf8.ValidString's cost.
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
