package value

import "github.com/endpointkit/endpoint/internal/redact"

// Redact returns v with every member redact.IsSensitive names masked, at
// any depth, and every string and key passed through redact.URL.
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
		for i, m := range v.ref.members {
			members[i] = Member{Key: redact.URL(m.Key), Value: Str(redact.Redacted)}
			if !redact.IsSensitive(m.Key) {
				members[i].Value = Redact(m.Value)
			}
		}
		return NewObject(members).WithFlag(v.flag)
	}
	return v
}
