package value

// RedactText returns v with the value of every member whose key sensitive
// reports replaced by mask, at any depth, and every string and key passed
// through text (which returns its argument when it masks nothing), for
// credentials inside a value such as a URL's user information; text may be
// nil. Only what changes is copied.
func RedactText(v Value, sensitive func(key string) bool, mask Value, text func(string) string) Value {
	out, _ := redact(v, sensitive, mask, text)
	return out
}

func redact(v Value, sensitive func(string) bool, mask Value, text func(string) string) (Value, bool) {
	switch v.kind {
	case String:
		if text != nil {
			if s, t := v.Text(), text(v.Text()); t != s {
				return Str(t), true
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
		keys := false // a key was masked: the index is rebuilt
		for i, m := range v.ref.members {
			r, changed := mask, true
			if !sensitive(m.Key) {
				r, changed = redact(m.Value, sensitive, mask, text)
			}
			key := m.Key
			if text != nil {
				key = text(key)
			}
			if !changed && key == m.Key {
				continue
			}
			if members == nil {
				members = append([]Member(nil), v.ref.members...)
			}
			members[i] = Member{Key: key, Value: r}
			keys = keys || key != m.Key
		}
		switch {
		case keys:
			return NewObject(members), true
		case members != nil:
			return Value{kind: Object, ref: &composite{members: members, index: v.ref.index}}, true
		}
	}
	return v, false
}
