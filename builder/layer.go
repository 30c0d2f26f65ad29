package builder

import (
	"hash/maphash"
	"math/bits"
	"slices"

	"github.com/endpointkit/endpoint/internal/value"
)

// layer is one set of options converted at the edge (convert.go),
// immutable and checked; an empty field is not set. Fields are exported
// for mergo.
type layer struct {
	Method   string
	BaseURL  string
	URL      string
	Headers  headerList
	Format   string
	Previews previewList
	Data     body
	Request  value.Value // an Object, or Null when not set
	Params   paramList
	Keys     keyOrder   // the top-level keys in the octokit shape's order
	Catalog  catalogRef // WithCatalog
	Search   searchList // WithSearchParams
}

type searchList struct{ names []string }

func (s searchList) has(name string) bool { return slices.Contains(s.names, name) }

// headerList holds a layer's headers in order, names lower-case, each
// once; a removed one deletes it from the layers below.
type headerList struct{ list []header }

type header struct {
	name    string // lower-case
	value   string
	removed bool
}

func (h headerList) find(name string) int {
	for i := range h.list {
		if h.list[i].name == name {
			return i
		}
	}
	return -1
}

// put sets e in the place of its name, else appends it.
func (h *headerList) put(e header) {
	if i := h.find(e.name); i >= 0 {
		h.list[i] = e
	} else {
		h.list = append(h.list, e)
	}
}

// add is put within MaxHeaders.
func (h *headerList) add(e header) error {
	h.put(e)
	return headerLimit(len(h.list))
}

// previewList holds preview names, stripped of "-preview" once merged.
type previewList struct{ names []string }

// body is the data option: a []byte or io.Reader raw, or a value (a
// String a raw string body unless asJSON, from a Go value of another
// kind, a time.Time).
type body struct {
	set    bool
	raw    any
	v      value.Value
	asJSON bool
}

// paramList holds parameters in order, each name once.
type paramList struct{ list []param }

type param struct {
	name string
	v    value.Value
}

func (p paramList) find(name string) int {
	for i := range p.list {
		if p.list[i].name == name {
			return i
		}
	}
	return -1
}

// paramSet collects parameters in order, a name set again in its first
// place. Past paramsIndexFrom names an index keeps it linear: an
// open-addressing table of positions plus one, at most half full, hashed
// with maphash so that no choice of names makes it slow.
type paramSet struct {
	list  []param
	slots []int16 // MaxParams fits
}

// A position in a merge of two full layers fits a slot.
const _ = int16(2*MaxParams + 1)

// The counts of names from which nameIndex and paramSet keep an index.
const (
	indexFrom       = 16
	paramsIndexFrom = 8
)

var paramSeed = maphash.MakeSeed()

// lookup returns name's position or -1, and the free slot where it would
// go when the index is in use, building it once the list is long.
func (s *paramSet) lookup(name string) (i int, free uint64) {
	if s.slots == nil {
		if len(s.list) < paramsIndexFrom {
			return paramList{s.list}.find(name), 0
		}
		s.reindex(max(4*len(s.list), 256))
	}
	mask := uint64(len(s.slots) - 1)
	h := maphash.String(paramSeed, name) & mask
	for ; s.slots[h] != 0; h = (h + 1) & mask {
		if i := int(s.slots[h] - 1); s.list[i].name == name {
			return i, 0
		}
	}
	return -1, h
}

// reindex makes a table of at least n slots (a power of two) holding list.
func (s *paramSet) reindex(n int) {
	size := max(64, 1<<bits.Len(uint(n-1)))
	s.slots = make([]int16, size)
	mask := uint64(size - 1)
	for i := range s.list {
		h := maphash.String(paramSeed, s.list[i].name) & mask
		for s.slots[h] != 0 {
			h = (h + 1) & mask
		}
		s.slots[h] = int16(i + 1)
	}
}

// add returns where name's value is, a new place holding null (fresh)
// for a new name; past MaxParams an error.
func (s *paramSet) add(name string) (v *value.Value, fresh bool, err error) {
	i, free := s.lookup(name)
	if i < 0 && len(s.list) >= MaxParams {
		return nil, false, paramLimit()
	}
	return s.slot(i, free, name), i < 0, nil
}

// slot returns where name's value is, given lookup's results: for a new
// name a new place at the end, holding null.
func (s *paramSet) slot(i int, free uint64, name string) *value.Value {
	if i >= 0 {
		return &s.list[i].v
	}
	if len(s.list) == cap(s.list) {
		s.list = slices.Grow(s.list, max(3*len(s.list), 1))
	}
	s.list = s.list[:len(s.list)+1]
	p := &s.list[len(s.list)-1]
	p.v = value.Value{}
	p.name = name
	switch {
	case s.slots == nil:
	case 2*len(s.list) > len(s.slots):
		s.reindex(4 * len(s.list))
	default:
		s.slots[free] = int16(len(s.list))
	}
	return &p.v
}

// keyOrder is the order of a layer's top-level keys, and urlAt where a
// call's url option goes among its parameters when a route makes it one:
// 1 + the number before it, or 0 for last.
type keyOrder struct {
	keys  []string
	urlAt int
}

// The reserved keys of the octokit options shape.
const (
	keyMethod    = "method"
	keyBaseURL   = "baseUrl"
	keyURL       = "url"
	keyHeaders   = "headers"
	keyMediaType = "mediaType"
	keyData      = "data"
	keyRequest   = "request"
)

// reservedKeys in v6's order when the keys come from one object: its
// DEFAULTS' (method, baseUrl, headers, mediaType), then the call's.
var reservedKeys = [...]string{keyMethod, keyBaseURL, keyHeaders, keyMediaType, keyURL, keyData, keyRequest}

func isReserved(key string) bool { return slices.Contains(reservedKeys[:], key) }

func (l *layer) has(key string) bool {
	switch key {
	case keyMethod:
		return l.Method != ""
	case keyBaseURL:
		return l.BaseURL != ""
	case keyURL:
		return l.URL != ""
	case keyHeaders:
		return len(l.Headers.list) > 0
	case keyMediaType:
		return l.Format != "" || len(l.Previews.names) > 0
	case keyData:
		return l.Data.set
	case keyRequest:
		return l.Request.Kind() == value.Object
	}
	return l.Params.find(key) >= 0
}

// order returns the layer's keys: the recorded ones still set, then the
// others, reserved keys first.
func (l *layer) order() []string {
	out := keyList{keys: make([]string, 0, len(l.Keys.keys)+len(l.Params.list)+7)}
	add := func(k string) {
		if !out.has(k) && l.has(k) {
			out.add(k)
		}
	}
	for _, k := range l.Keys.keys {
		add(k)
	}
	for _, k := range reservedKeys {
		add(k)
	}
	for _, p := range l.Params.list {
		add(p.name)
	}
	return out.keys
}

// nameIndex is the positions in a list of distinct names, nil while the
// list is short enough to scan, so a list made name by name stays linear.
type nameIndex map[string]int

func (x nameIndex) at(key string) int {
	if i, ok := x[key]; ok {
		return i
	}
	return -1
}

// appendIndexed appends e, whose name is new, keeping x list's index.
func appendIndexed[T any](x *nameIndex, list []T, name func(*T) string, e T) []T {
	list = append(list, e)
	if *x != nil {
		(*x)[name(&list[len(list)-1])] = len(list) - 1 // not &e, which would escape
	} else {
		*x = indexed(list, name)
	}
	return list
}

func indexed[T any](list []T, name func(*T) string) nameIndex {
	if len(list) <= indexFrom {
		return nil
	}
	x := make(nameIndex, 2*len(list))
	for i := range list {
		x[name(&list[i])] = i
	}
	return x
}

func keyName(k *string) string          { return *k }
func memberName(m *value.Member) string { return m.Key }

type keyList struct {
	keys  []string
	index nameIndex
}

func (k *keyList) has(key string) bool {
	if k.index == nil {
		return slices.Contains(k.keys, key)
	}
	return k.index.at(key) >= 0
}

func (k *keyList) add(key string) { k.keys = appendIndexed(&k.index, k.keys, keyName, key) }
