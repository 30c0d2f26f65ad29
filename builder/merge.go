package builder

import (
	"maps"
	"slices"
	"sort"

	"dario.cat/mergo"

	"github.com/endpointkit/endpoint/headers"
	"github.com/endpointkit/endpoint/media"
)

// merge lays layer over base, as @octokit/endpoint's merge does for one
// layer: set fields override, headers merge by lower-cased name, previews
// are unioned, request and object parameters are deep-merged. Neither input
// is changed; the result may share unchanged parts with both, so callers
// that keep it clone it first. unique says layer.Params hold each name once
// (a Builder's do), which spares the duplicate check.
func merge(base, layer *Options, unique bool) (Options, error) {
	if err := checkLimits(layer); err != nil {
		return Options{}, err
	}
	out := *base
	if layer.Method != "" {
		out.Method = layer.Method
	}
	if layer.BaseURL != "" {
		out.BaseURL = layer.BaseURL
	}
	if layer.URL != "" {
		out.URL = layer.URL
	}
	if len(layer.Headers) > 0 {
		h, err := headers.FromMap(layer.Headers)
		if err != nil {
			return Options{}, err
		}
		out.Headers = headers.Merge(base.Headers, h)
	}
	if layer.MediaType.Format != "" {
		out.MediaType.Format = layer.MediaType.Format
	}
	if len(layer.MediaType.Previews) > 0 {
		out.MediaType.Previews = unionPreviews(base.MediaType.Previews, layer.MediaType.Previews)
	}
	if layer.Data != nil {
		out.Data = layer.Data
	}
	if layer.Request != nil {
		out.Request = mergeValue(base.Request, layer.Request).(map[string]any)
	}
	if len(layer.Params) > 0 {
		out.Params = mergeParams(base.Params, layer.Params, unique)
	}
	return out, nil
}

// unionPreviews keeps the inherited previews the layer does not repeat,
// then the layer's own, each stripped of its first "-preview". Inherited
// entries were stripped when their layer was merged and are not stripped
// twice; the comparison is made before stripping, as v6 does.
func unionPreviews(inherited, own []string) []string {
	u := media.UnionPreviews(inherited, own)
	for i := len(u) - len(own); i < len(u); i++ {
		u[i] = media.StripPreview(u[i])
	}
	return u
}

// mergeParams keeps base's order; a layer value for an existing name takes
// that name's place, new names follow in the layer's order.
func mergeParams(base, layer Params, unique bool) Params {
	if len(base) == 0 && (unique || !hasDuplicates(layer)) {
		return layer
	}
	out := make(Params, len(base), len(base)+len(layer))
	copy(out, base)
	for _, p := range layer {
		if i := out.index(p.Name); i >= 0 {
			out[i].Value = mergeValue(out[i].Value, p.Value)
			continue
		}
		out = append(out, p)
	}
	return out
}

func hasDuplicates(p Params) bool {
	if len(p) > 16 {
		seen := make(map[string]struct{}, len(p))
		for _, e := range p {
			if _, ok := seen[e.Name]; ok {
				return true
			}
			seen[e.Name] = struct{}{}
		}
		return false
	}
	for i := range p {
		for j := i + 1; j < len(p); j++ {
			if p[i].Name == p[j].Name {
				return true
			}
		}
	}
	return false
}

// mergeValue deep-merges two JSON-like objects with mergo (on a copy of
// the base: mergo writes into its destination) and otherwise lets the
// layer's value replace the base's. Arrays are replaced, never appended.
func mergeValue(base, layer any) any {
	b, ok1 := base.(map[string]any)
	l, ok2 := layer.(map[string]any)
	if !ok1 || !ok2 || b == nil {
		return layer
	}
	dst := copyMap(b)
	if err := mergo.Merge(&dst, copyMap(l), mergo.WithOverride); err != nil {
		// mergo fails only on mismatched kinds, which two maps of the
		// same type cannot have; replacing is the safe answer.
		return layer
	}
	return dst
}

// sortedParams turns a map into Params in sorted key order, so that Go's
// random map order never reaches a URL.
func sortedParams(m map[string]any) Params {
	keys := slices.Collect(maps.Keys(m))
	sort.Strings(keys)
	out := make(Params, len(keys))
	for i, k := range keys {
		out[i] = Param{Name: k, Value: m[k]}
	}
	return out
}
