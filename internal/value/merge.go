package value

import "maps"

// Merge lays layer over base as @octokit/endpoint's mergeDeep does: of two
// objects, base's members keep their places, merged, and layer's new ones
// follow; otherwise layer replaces base (v6 spreads a string or array base
// into index keys).
func Merge(base, layer Value) Value {
	if base.kind != Object || layer.kind != Object || base.Len() == 0 {
		return layer
	}
	if layer.Len() == 0 {
		return base
	}
	ob := ObjectBuilder{
		members: append(make([]Member, 0, len(base.ref.members)+len(layer.ref.members)), base.ref.members...),
		index:   maps.Clone(base.ref.index),
	}
	for _, m := range layer.ref.members {
		if i := findMember(ob.index, ob.members, m.Key); i >= 0 {
			m.Value = Merge(ob.members[i].Value, m.Value)
		}
		ob.Set(m.Key, m.Value)
	}
	return ob.Object()
}
