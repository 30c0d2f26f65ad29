package headers

import (
	"maps"
	"slices"

	"github.com/endpointkit/endpoint/internal/ascii"
)

// Set maps lower-cased header names to values. Build one with FromMap or
// Merge, which lower-case the keys; code that writes a Set by hand should pass
// names through Name. Lookups through Get and Lookup tolerate hand-built Sets
// with mixed-case keys anyway.
//
// A nil Set is a valid empty Set for reading (Get, Lookup, Clone, Validate,
// and as a Merge layer).
type Set map[string]string

// Clone returns a copy of s that shares nothing with it. The copy is never
// nil, even for a nil s, so the caller can add headers to it straight away
// (writing to a nil map panics). Entries are copied as they are; use Merge(s)
// to also lower-case hand-written keys.
func (s Set) Clone() Set {
	c := make(Set, len(s))
	maps.Copy(c, s)
	return c
}

// Get returns the value of the header name (any case), or "" if it is absent.
// Use Lookup to tell an absent header from an empty one.
func (s Set) Get(name string) string {
	v, _ := s.Lookup(name)
	return v
}

// Lookup returns the value of the header name (any case) and whether it is
// present. It does not allocate. If a hand-built Set holds several keys that
// differ only in case, the key that sorts last wins, which is the all
// lower-case key when present (the same rule as FromMap and Merge).
func (s Set) Lookup(name string) (string, bool) {
	if !ascii.HasUpper(name) {
		if v, ok := s[name]; ok {
			return v, true
		}
	}
	// name has upper-case letters, or s was written by hand with mixed-case
	// keys: fall back to a scan. Header sets are small.
	var best, val string
	found := false
	for k, v := range s {
		if ascii.EqualFold(k, name) && (!found || k > best) {
			best, val, found = k, v, true
		}
	}
	return val, found
}

// Merge returns a new Set holding every layer's headers, keys lower-cased.
// Later layers replace earlier ones by lower-cased name, which is how default
// headers cascade into a call. Nil layers are skipped, the inputs are never
// modified, and the result is never nil. Values are not validated; call
// Validate on the result.
//
// Inside one layer, keys that differ only in case follow FromMap's rule: the
// key that sorts last wins.
func Merge(layers ...Set) Set {
	n := 0
	for _, l := range layers {
		n += len(l)
	}
	out := make(Set, n)
	for _, l := range layers {
		putLayer(out, l)
	}
	return out
}

// FromMap validates m and returns it as a new Set with lower-cased keys. The
// result is never nil (an empty Set for a nil m), and m is not modified.
//
// If several keys of m differ only in case ("Accept", "ACCEPT"), the value of
// the key that sorts last (byte order) wins. JavaScript's octokit lets the
// key inserted last win, but Go maps have no insertion order, so this rule is
// the deterministic replacement; it differs from octokit v6 when the
// upper-case spelling came last. Because lower-case letters sort after
// upper-case ones, an all lower-case key always wins.
//
// On an invalid name or value FromMap returns a nil Set and an [*Error] for
// the key that sorts first among the invalid ones (so the error is
// deterministic).
func FromMap(m map[string]string) (Set, error) {
	if err := firstInvalid(m); err != nil {
		return nil, err
	}
	out := make(Set, len(m))
	putLayer(out, m)
	return out, nil
}

// Validate checks every name with ValidateName and every value with
// ValidateValue. When several headers are invalid it reports the one whose
// key sorts first, so the error does not depend on map order.
func (s Set) Validate() error {
	return firstInvalid(s)
}

// putLayer copies layer into dst with lower-cased keys. Layers whose keys are
// already lower-case (the usual case) are copied directly; otherwise keys are
// applied in sorted order so that collisions resolve deterministically.
func putLayer(dst Set, layer map[string]string) {
	mixed := false
	for k := range layer {
		if ascii.HasUpper(k) {
			mixed = true
			break
		}
	}
	if !mixed {
		maps.Copy(dst, layer)
		return
	}
	keys := make([]string, 0, len(layer))
	for k := range layer {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		dst[Name(k)] = layer[k]
	}
}

// firstInvalid returns the error for the smallest key of m whose name or value
// is invalid, or nil.
func firstInvalid(m map[string]string) error {
	var bad string
	found := false
	for k, v := range m {
		if k != "" && ascii.IndexNonToken(k) < 0 && ascii.IndexCtlButTab(v) < 0 {
			continue
		}
		if !found || k < bad {
			bad, found = k, true
		}
	}
	if !found {
		return nil
	}
	if err := ValidateName(bad); err != nil {
		return err
	}
	return ValidateValue(bad, m[bad])
}
