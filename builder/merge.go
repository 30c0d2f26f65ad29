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

// Layers merge as @octokit/endpoint's merge does for one layer: set
// options override, headers merge by lower-cased name (a removed header
// deletes), previews are unioned, the request passthrough and object
// parameters are deep-merged, and the merged order is the base's keys,
// then the layer's new ones.
//
// mergeLayers does it with mergo over the library's own layer type, for
// Defaults (once per Endpoint) and Merge: mergo walks the fields and
// overrides the set strings, and a transformer per field type applies the
// rules below. A build reads its call over the defaults with overlay, the
// same rules without reflection; a spec holds the two to each other.

// mergeLayers lays l over base; neither changes. l goes to mergo by
// address, so that the transformers read its fields in place rather
// than copying each into an interface.
func mergeLayers(base, l *layer) (layer, error) {
	out := *base
	if err := mergo.Merge(&out, l, mergo.WithOverride, mergo.WithTransformers(transformers{})); err != nil {
		return layer{}, err
	}
	return out, nil
}

// errMergeCopy is a transformer's error when mergo hands it a field
// that is not addressable, which mergeLayers's pointers rule out.
var errMergeCopy = errors.New("builder: merge: a layer field is not addressable")

// transformers gives mergo the merge of each of the layer's field types.
type transformers struct{}

var (
	headerListType  = reflect.TypeFor[headerList]()
	previewListType = reflect.TypeFor[previewList]()
	bodyType        = reflect.TypeFor[body]()
	valueType       = reflect.TypeFor[value.Value]()
	paramListType   = reflect.TypeFor[paramList]()
	keyOrderType    = reflect.TypeFor[keyOrder]()
	catalogRefType  = reflect.TypeFor[catalogRef]()
	searchListType  = reflect.TypeFor[searchList]()
)

// The transformers, made once: mergo asks for one per field per merge.
var (
	transformHeaders  = transform(mergeHeaders)
	transformPreviews = transform(unionPreviews)
	transformBody     = transform(mergeBody)
	transformRequest  = transform(mergeRequest)
	transformParams   = transform(mergeParams)
	transformKeys     = transform(mergeKeys)
	transformCatalog  = transform(mergeCatalog)
	transformSearch   = transform(unionSearch)
)

func (transformers) Transformer(t reflect.Type) func(dst, src reflect.Value) error {
	switch t {
	case headerListType:
		return transformHeaders
	case previewListType:
		return transformPreviews
	case bodyType:
		return transformBody
	case valueType:
		return transformRequest
	case paramListType:
		return transformParams
	case keyOrderType:
		return transformKeys
	case catalogRefType:
		return transformCatalog
	case searchListType:
		return transformSearch
	}
	return nil
}

// transform adapts a merge function of one field type to mergo. Both
// fields are read, and dst written, through their addresses: boxing a
// struct in an interface copies it to the heap. mergo asks for a
// transformer by the field's type, so a field of type T is a T.
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

// overlay is a call's layer l read over its defaults base, each field the
// call's when it sets it, else the defaults' (shared, not copied), with
// the rules of mergeLayers. Keys, the order Merge writes, are left out: a
// build does not need them.
func overlay(base, l *layer) layer {
	out := *base
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
	return out
}

// unionSearch is base's names, then the layer's new ones.
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

// mergeHeaders sets each of the layer's headers over the base's: a
// value replaces one of the same name in its place, a removal marks it
// removed; new names follow.
func mergeHeaders(base, l headerList) headerList {
	if len(l.list) == 0 {
		return base
	}
	if len(base.list) == 0 {
		return l
	}
	return headerList{overlayHeaders(make([]header, 0, len(base.list)+len(l.list)), base.list, l.list)}
}

// overlayHeaders appends base to dst, then sets each of l's headers over
// it: in the place of one of the same name, else at the end.
func overlayHeaders(dst, base, l []header) []header {
	h := headerList{append(dst, base...)}
	for _, e := range l {
		if i := h.find(e.name); i >= 0 {
			h.list[i] = e
			continue
		}
		h.list = append(h.list, e)
	}
	return h.list
}

// unionPreviews keeps the inherited previews the layer does not repeat,
// then the layer's own, each stripped of its first "-preview". Inherited
// entries were stripped when their layer was merged and are not stripped
// twice; the comparison is made before stripping, as v6 does.
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

// mergeBody lets a layer's data replace the base's. (Data is the whole
// body, never merged.)
func mergeBody(base, l body) body {
	if l.set {
		return l
	}
	return base
}

// mergeRequest deep-merges the request passthrough.
func mergeRequest(base, l value.Value) value.Value {
	if l.Kind() != value.Object {
		return base
	}
	return value.Merge(base, l)
}

// mergeParams keeps the base's order; a layer value for an existing name
// takes that name's place (deep-merged when both are objects), and new
// names follow in the layer's order.
func mergeParams(base, l paramList) paramList {
	if len(l.list) == 0 {
		return base
	}
	if len(base.list) == 0 {
		return l
	}
	s := paramSet{list: make([]param, len(base.list), len(base.list)+len(l.list))}
	copy(s.list, base.list)
	for _, p := range l.list {
		if i := s.find(p.name); i >= 0 {
			s.list[i].v = value.Merge(s.list[i].v, p.v)
			continue
		}
		s.set(p.name, p.v)
	}
	return paramList{s.list}
}

// mergeKeys is the base's key order followed by the layer's new keys.
func mergeKeys(base, l keyOrder) keyOrder {
	if len(l.keys) == 0 {
		return base
	}
	if len(base.keys) == 0 {
		return l
	}
	// v6's defaults always hold mediaType, after headers, even empty (then
	// order leaves it out, and marshalJSON puts it back there): a layer
	// that sets it does not move it. The list has room for it: no copy.
	out := newKeyList(withMediaType(append(make([]string, 0, len(base.keys)+len(l.keys)+1), base.keys...)))
	for _, k := range l.keys {
		if !out.has(k) {
			out.add(k)
		}
	}
	return keyOrder{keys: out.keys}
}

// dropInherited removes from merged options the parameters that came
// only from the defaults and would go to the body beside Data: v6 drops
// them silently, and keeping them would make every defaults layer with
// parameters unusable with Data. The call's own stay, so that Parse
// reports them. Build's resolve applies the same rule.
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
	kept := make([]param, 0, len(m.Params.list))
	for _, p := range m.Params.list {
		if t.Uses(p.name) || call.Params.find(p.name) >= 0 {
			kept = append(kept, p)
		}
	}
	m.Params = paramList{kept}
}
