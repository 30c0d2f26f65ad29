package value

// Redact returns v with the value of every object member whose key
// sensitive reports true replaced by mask, at any depth. Only what
// changes is copied; v is returned as it is when nothing does.
func Redact(v Value, sensitive func(key string) bool, mask Value) Value {
	out, _ := redact(v, sensitive, mask, nil)
	return out
}

// RedactText is Redact that also passes every string of v through text
// (which returns its argument when it masks nothing), for credentials
// inside a value, such as a URL's user information.
func RedactText(v Value, sensitive func(key string) bool, mask Value, text func(string) string) Value {
	out, _ := redact(v, sensitive, mask, text)
	return out
}

func redact(v Value, sensitive func(string) bool, mask Value, text func(string) string) (Value, bool) {
	switch v.kind {
	case String:
		if text != nil {
			if s := v.Text(); text(s) != s {
				return Str(text(s)), true
			}
		}
	case Array:
		var items []Value
		for i, e := range v.ref.items {
			r, changed := redact(e, sensitive, mask, text)
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
				r, changed = redact(m.Value, sensitive, mask, text)
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
