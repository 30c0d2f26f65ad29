package value

// Merge lays layer over base as @octokit/endpoint's mergeDeep does: when
// both are objects, base's members keep their places, a member layer
// also has takes layer's value (merged again when both are objects) and
// layer's new members follow in its order; otherwise layer replaces
// base. Arrays are replaced, never concatenated. Neither input changes.
//
// (v6 spreads a string or array default into index keys when an object
// is merged into it; here the object replaces it.)
func Merge(base, layer Value) Value {
	if base.kind != Object || layer.kind != Object || base.Len() == 0 {
		return layer
	}
	if layer.Len() == 0 {
		return base
	}
	ob := ObjectBuilder{members: make([]Member, len(base.ref.members), len(base.ref.members)+len(layer.ref.members))}
	copy(ob.members, base.ref.members)
	if base.ref.index != nil {
		ob.index = make(map[string]int, len(base.ref.index)+len(layer.ref.members))
		for k, i := range base.ref.index {
			ob.index[k] = i
		}
	}
	for _, m := range layer.ref.members {
		if i := ob.find(m.Key); i >= 0 {
			ob.members[i].Value = Merge(ob.members[i].Value, m.Value)
			continue
		}
		ob.Set(m.Key, m.Value)
	}
	return ob.Object()
}
