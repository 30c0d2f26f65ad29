package builder

import (
	"maps"
	"reflect"
	"slices"
)

// deepCopy copies the maps and slices JSON-like values are made of, so
// that nothing returned shares mutable state with a caller or a default.
// Other values (readers, funcs, structs) are shared as they are.
func deepCopy(v any) any {
	switch t := v.(type) {
	case map[string]any:
		return copyMap(t)
	case []any:
		if t == nil {
			return t
		}
		out := make([]any, len(t))
		for i, e := range t {
			out[i] = deepCopy(e)
		}
		return out
	case map[string]string:
		return maps.Clone(t)
	case []string:
		return slices.Clone(t)
	case Params:
		return t.clone()
	case []byte:
		if t == nil {
			return t
		}
		return append([]byte{}, t...)
	case nil, string, bool, int, int64, float64:
		return v
	}
	return copyReflect(v)
}

// copyReflect copies other slices and maps (typed lists such as []int, or
// map[string]int), so that no result shares a backing array or map with
// the defaults. Arrays, structs, pointers and readers are values the
// caller owns and are shared as they are.
func copyReflect(v any) any {
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Slice:
		if rv.IsNil() {
			return v
		}
		out := reflect.MakeSlice(rv.Type(), rv.Len(), rv.Len())
		for i := range rv.Len() {
			copyInto(out.Index(i), rv.Index(i))
		}
		return out.Interface()
	case reflect.Map:
		if rv.IsNil() {
			return v
		}
		out := reflect.MakeMapWithSize(rv.Type(), rv.Len())
		for it := rv.MapRange(); it.Next(); {
			e := reflect.New(rv.Type().Elem()).Elem()
			copyInto(e, it.Value())
			out.SetMapIndex(it.Key(), e)
		}
		return out.Interface()
	}
	return v
}

// copyInto sets dst to a deep copy of src where src holds a slice or map.
func copyInto(dst, src reflect.Value) {
	if src.Kind() == reflect.Interface && !src.IsNil() || src.Kind() == reflect.Slice || src.Kind() == reflect.Map {
		if c := deepCopy(src.Interface()); c != nil {
			dst.Set(reflect.ValueOf(c))
			return
		}
	}
	dst.Set(src)
}

func copyMap(m map[string]any) map[string]any {
	if m == nil {
		return nil
	}
	out := make(map[string]any, len(m))
	for k, e := range m {
		out[k] = deepCopy(e)
	}
	return out
}

func (p Params) clone() Params {
	if p == nil {
		return nil
	}
	out := make(Params, len(p))
	for i, e := range p {
		out[i] = Param{Name: e.Name, Value: deepCopy(e.Value)}
	}
	return out
}

// clone deep-copies o.
func (o Options) clone() Options {
	o.Headers = maps.Clone(o.Headers)
	o.MediaType.Previews = slices.Clone(o.MediaType.Previews)
	o.Data = deepCopy(o.Data)
	o.Request = copyMap(o.Request)
	o.Params = o.Params.clone()
	return o
}
