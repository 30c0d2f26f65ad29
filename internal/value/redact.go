package value

// Redact returns v with the value of every object member whose key
// sensitive reports true replaced by mask, at any depth. Only what
// changes is copied; v is returned as it is when nothing does.
func Redact(v Value, sensitive func(key string) bool, mask Value) Value {
	out, _ := redact(v, sensitive, mask)
	return out
}

func redact(v Value, sensitive func(string) bool, mask Value) (Value, bool) {
	switch v.kind {
	case Array:
		var items []Value
		for i, e := range v.ref.items {
			r, changed := redact(e, sensitive, mask)
			if !changed {
				continue
			}
			if items == nil {
				items = append([]Value(nil), v.ref.items...)
			}
			items[i] = r
		}
		if items != nil {
			return NewArray(items), true
		}
	case Object:
		var members []Member
		for i, m := range v.ref.members {
			r, changed := mask, true
			if !sensitive(m.Key) {
				r, changed = redact(m.Value, sensitive, mask)
			}
			if !changed {
				continue
			}
			if members == nil {
				members = append([]Member(nil), v.ref.members...)
			}
			members[i].Value = r
		}
		if members != nil {
			return Value{kind: Object, ref: &composite{members: members, index: v.ref.index}}, true
		}
	}
	return v, false
}
