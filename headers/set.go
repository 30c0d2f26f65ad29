package headers

import (
	"maps"
	"slices"

	"github.com/endpointkit/endpoint/internal/ascii"
)

// Set maps lower-cased header names to values, so that one header has one
// key; fill it by hand through [Name]. A nil Set reads as empty.
type Set map[string]string

// Clone returns a copy of s that shares nothing with it and is never nil,
// so that headers can be added to it straight away.
func (s Set) Clone() Set {
	c := make(Set, len(s))
	maps.Copy(c, s)
	return c
}

// Get returns the value of header name (any case), or "" when it is absent.
func (s Set) Get(name string) string {
	v, _ := s.Lookup(name)
	return v
}

// Lookup returns the value of header name (any case) and whether it is
// present. Of hand-built keys differing only in case, the last in sort
// order wins, as in [FromMap].
func (s Set) Lookup(name string) (string, bool) {
	if !ascii.HasUpper(name) {
		if v, ok := s[name]; ok {
			return v, true
		}
	}
	var best, val string
	found := false
	for k, v := range s {
		if ascii.EqualFold(k, name) && (!found || k > best) {
			best, val, found = k, v, true
		}
	}
	return val, found
}

// Merge returns a new Set of every layer's headers, keys lower-cased and
// later layers winning; it validates nothing (see [Set.Validate]).
func Merge(layers ...Set) Set {
	out := Set{}
	for _, l := range layers {
		putLayer(out, l)
	}
	return out
}

// FromMap validates m and returns it as a new Set with lower-cased keys. Of
// keys differing only in case the last in byte order (an all lower-case
// one) wins, as Go maps have no insertion order; of invalid keys the error
// names the first.
func FromMap(m map[string]string) (Set, error) {
	if err := Set(m).Validate(); err != nil {
		return nil, err
	}
	out := make(Set, len(m))
	putLayer(out, m)
	return out, nil
}

// Validate checks every name and value, reporting the invalid key that
// sorts first so that the error does not depend on map order.
func (s Set) Validate() error {
	bad, found := "", false
	for k, v := range s {
		if (!ascii.IsToken(k) || ascii.IndexCtlButTab(v) >= 0) && (!found || k < bad) {
			bad, found = k, true
		}
	}
	if !found {
		return nil
	}
	if err := ValidateName(bad); err != nil {
		return err
	}
	return ValidateValue(bad, s[bad])
}

// putLayer copies layer into dst with lower-cased keys, in sorted order
// when some need folding, so that collisions resolve the same way each time.
func putLayer(dst Set, layer map[string]string) {
	for k := range layer {
		if ascii.HasUpper(k) {
			for _, k := range slices.Sorted(maps.Keys(layer)) {
				dst[Name(k)] = layer[k]
			}
			return
		}
	}
	maps.Copy(dst, layer)
}
