package template

// Test hooks: compiled only into the test binary.

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
var HasDotSegmentBytes = hasDotSegment

// HyphensForValidator exposes the rewriting that lets the module validate
// templates with hyphenated names.
var HyphensForValidator = hyphensForValidator
