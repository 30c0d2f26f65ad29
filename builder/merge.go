package builder

import (
	"errors"
	"reflect"
	"slices"

	"dario.cat/mergo"

	"github.com/endpointkit/endpoint/internal/value"
	"github.com/endpointkit/endpoint/media"
	"github.com/endpointkit/endpoint/template"
)

// mergeLayers lays l over base as @octokit/endpoint's merge does: set
// options override, headers merge by name (a removed one deletes),
// previews are unioned, meta information and object parameters
// deep-merged, keys keep the base's order. mergo walks the fields for
// Defaults and Merge, a transformer per field type; a build uses overlay,
// the same rules without reflection. Neither layer changes.
func mergeLayers(base, l *layer) (layer, error) {
	out := *base
	if err := mergo.Merge(&out, l, mergo.WithOverride, mergo.WithTransformers(fieldMerges)); err != nil {
		return layer{}, err
	}
	return out, nil
}

// errMergeCopy is a transformer's error for a field that is not
// addressable, which mergeLayers's pointers rule out.
var errMergeCopy = errors.New("builder: merge: a layer field is not addressable")

// transformers merges each field type of a layer by its own rule.
type transformers map[reflect.Type]func(dst, src reflect.Value) error

func (t transformers) Transformer(typ reflect.Type) func(dst, src reflect.Value) error {
	return t[typ]
}

var fieldMerges = transformers{
	reflect.TypeFor[headerList]():  transform(mergeHeaders),
	reflect.TypeFor[previewList](): transform(unionPreviews),
	reflect.TypeFor[body]():        transform(mergeBody),
	reflect.TypeFor[value.Value](): transform(mergeRequest),
	reflect.TypeFor[paramList]():   transform(mergeParams),
	reflect.TypeFor[keyOrder]():    transform(mergeKeys),
	reflect.TypeFor[catalogRef]():  transform(mergeCatalog),
	reflect.TypeFor[searchList]():  transform(unionSearch),
}

// transform adapts a merge function to mergo, through the fields'
// addresses, since boxing a struct copies it to the heap.
func transform[T any](merge func(base, layer T) T) func(dst, src reflect.Value) error {
	return func(dst, src reflect.Value) error {
		if !dst.CanAddr() || !src.CanAddr() {
			return errMergeCopy // mergeLayers gives mergo both by address
		}
		d := (*T)(dst.Addr().UnsafePointer())
		*d = merge(*d, *(*T)(src.Addr().UnsafePointer()))
		return nil
	}
}

// overlay sets out to l over base by mergeLayers's rules, sharing what
// it does not change, without the key order.
func overlay(out, base, l *layer) {
	*out = *base
	if l.Method != "" {
		out.Method = l.Method
	}
	if l.BaseURL != "" {
		out.BaseURL = l.BaseURL
	}
	if l.URL != "" {
		out.URL = l.URL
	}
	if l.Format != "" {
		out.Format = l.Format
	}
	if len(l.Headers.list) > 0 {
		out.Headers = mergeHeaders(base.Headers, l.Headers)
	}
	if len(l.Previews.names) > 0 {
		out.Previews = unionPreviews(base.Previews, l.Previews)
	}
	if l.Data.set {
		out.Data = l.Data
	}
	if l.Request.Kind() == value.Object {
		out.Request = value.Merge(base.Request, l.Request)
	}
	if len(l.Params.list) > 0 {
		out.Params = mergeParams(base.Params, l.Params)
	}
	if l.Catalog.c != nil {
		out.Catalog = l.Catalog
	}
	if len(l.Search.names) > 0 {
		out.Search = unionSearch(base.Search, l.Search)
	}
}

func unionSearch(base, l searchList) searchList {
	if len(l.names) == 0 {
		return base
	}
	out := slices.Clone(base.names)
	for _, n := range l.names {
		if !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	return searchList{out}
}

// mergeHeaders sets l's headers over base's, each in the place of one of
// the same name, new names after.
func mergeHeaders(base, l headerList) headerList {
	if len(l.list) == 0 {
		return base
	}
	if len(base.list) == 0 {
		return l
	}
	h := headerList{append(make([]header, 0, len(base.list)+len(l.list)), base.list...)}
	for _, e := range l.list {
		h.put(e)
	}
	return h
}

// unionPreviews keeps the inherited previews the layer does not repeat,
// then its own stripped of their first "-preview", compared before as in v6.
func unionPreviews(inherited, own previewList) previewList {
	if len(own.names) == 0 {
		return inherited
	}
	u := media.UnionPreviews(inherited.names, own.names)
	for i := len(u) - len(own.names); i < len(u); i++ {
		u[i] = media.StripPreview(u[i])
	}
	return previewList{u}
}

// mergeBody lets a layer's data replace the base's whole.
func mergeBody(base, l body) body {
	if l.set {
		return l
	}
	return base
}

func mergeRequest(base, l value.Value) value.Value {
	if l.Kind() != value.Object {
		return base
	}
	return value.Merge(base, l)
}

// mergeParams keeps the base's order, a value of a name there taking its
// place (deep-merged when both are objects), new names after.
func mergeParams(base, l paramList) paramList {
	if len(l.list) == 0 {
		return base
	}
	if len(base.list) == 0 {
		return l
	}
	s := paramSet{list: append(make([]param, 0, len(base.list)+len(l.list)), base.list...)}
	for _, p := range l.list {
		if i, free := s.lookup(p.name); i >= 0 {
			s.list[i].v = value.Merge(s.list[i].v, p.v)
		} else {
			*s.slot(i, free, p.name) = p.v
		}
	}
	return paramList{s.list}
}

// mergeKeys is the base's key order, the layer's new keys after.
func mergeKeys(base, l keyOrder) keyOrder {
	if len(l.keys) == 0 {
		return base
	}
	if len(base.keys) == 0 {
		return l
	}
	// v6's defaults hold mediaType after headers: a layer does not move it.
	keys := withMediaType(append(make([]string, 0, len(base.keys)+len(l.keys)+1), base.keys...))
	out := keyList{keys: keys, index: indexed(keys, keyName)}
	for _, k := range l.keys {
		if !out.has(k) {
			out.add(k)
		}
	}
	return keyOrder{keys: out.keys}
}

// dropInherited removes the defaults' parameters that would go to the
// body beside Data, as v6 and a build (dataBody) do; the call's own stay,
// for Parse to refuse.
func dropInherited(m, call *layer) {
	if !m.Data.set {
		return
	}
	method, err := normalizeMethod(m.Method)
	if err != nil || !hasBody(method) {
		return
	}
	t, err := template.Parse(m.URL)
	if err != nil {
		return
	}
	m.Params = paramList{slices.DeleteFunc(slices.Clone(m.Params.list), func(p param) bool {
		return t.VarIndex(p.name) < 0 && call.Params.find(p.name) < 0
	})}
}
