package value

// RedactText returns v with every member whose key is sensitive masked, at
// any depth, and every string and key passed through text.
func RedactText(v Value, sensitive func(key string) bool, mask Value, text func(string) string) Value {
	switch v.kind {
	case String:
		if t := text(v.str); t != v.str {
			return Str(t)
		}
	case Array:
		arr, items := makeArray(v.Len())
		for i, e := range v.ref.items {
			items[i] = RedactText(e, sensitive, mask, text)
		}
		return arr
	case Object:
		members := make([]Member, v.Len())
		for i, m := range v.ref.members {
			members[i] = Member{Key: text(m.Key), Value: mask}
			if !sensitive(m.Key) {
				members[i].Value = RedactText(m.Value, sensitive, mask, text)
			}
		}
		return NewObject(members).WithFlag(v.flag)
	}
	return v
}
