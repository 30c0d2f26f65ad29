package template

// Test hooks: compiled only into the test binary.

import "unsafe"

// CacheLen returns the number of cached templates.
func CacheLen() int { return cache.len() }

// ResetCache empties the template cache.
func ResetCache() { cache.reset() }

// Compile runs this package's own scanner without the module, so tests can
// check that both accept the same templates.
func Compile(s string) error {
	_, err := compile(s)
	return err
}

// RewriteColonNames exposes the :name rewriting step.
var RewriteColonNames = rewriteColonNames

// CacheCost returns the cache's estimated bytes.
func CacheCost() int {
	cache.mu.Lock()
	defer cache.mu.Unlock()
	return cache.bytes
}

// HasDotSegmentBytes is HasDotSegment on a byte slice, the form expansion
// checks.
var HasDotSegmentBytes = hasDotSegment[[]byte]

// HyphensForValidator exposes the rewriting that lets the module validate
// templates with hyphenated names.
var HyphensForValidator = hyphensForValidator

// DotFree reports whether AppendScalars skips the dot-segment scan for t.
func DotFree(t *Template) bool { return t.dotFree }

// MemoUsed returns the bytes the address memo holds.
func MemoUsed() int64 { return memo.Used() }

// Compacted reports whether t's variables point into the compact form,
// and whether it has code.
func Compacted(t *Template) (vars, code bool) {
	base := uintptr(unsafe.Pointer(unsafe.StringData(t.prog)))
	for _, v := range t.vars {
		p := uintptr(unsafe.Pointer(unsafe.StringData(v)))
		if p < base || p+uintptr(len(v)) > base+uintptr(len(t.prog)) {
			return false, false
		}
	}
	return true, t.code < len(t.prog)
}
