package builder

import (
	"maps"
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
	}
	return v
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
