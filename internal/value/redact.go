package value

import "github.com/endpointkit/endpoint/internal/redact"

// Redact returns v with every member redact.IsSensitive names masked, at
// any depth, and every string and key passed through redact.URL; keys
// that mask alike stay apart (redact.UniqueKey).
func Redact(v Value) Value {
	switch v.kind {
	case String:
		if t := redact.URL(v.str); t != v.str {
			return Str(t)
		}
	case Array:
		arr, items := makeArray(v.Len())
		for i, e := range v.ref.items {
			items[i] = Redact(e)
		}
		return arr
	case Object:
		members := make([]Member, v.Len())
		var keys map[string]bool // the keys so far, once one is masked
		for i, m := range v.ref.members {
			key := redact.URL(m.Key)
			if key != m.Key && keys == nil {
				keys = make(map[string]bool, len(members))
				for _, p := range members[:i] {
					keys[p.Key] = true
				}
			}
			if keys != nil {
				key = redact.UniqueKey(keys, key)
				keys[key] = true
			}
			members[i] = Member{Key: key, Value: Str(redact.Redacted)}
			if !redact.IsSensitive(m.Key) {
				members[i].Value = Redact(m.Value)
			}
		}
		return NewObject(members).WithFlag(v.flag)
	}
	return v
}
