package template

import iroute "github.com/endpointkit/endpoint/internal/route"

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

// HyphensForValidator exposes the rewriting that lets the module validate
// templates with hyphenated names.
var HyphensForValidator = hyphensForValidator

// HasDotSegment and HasDotSegmentBytes read the path of a built URL for a
// dot segment, as the path rules do (internal/route).
func HasDotSegment(url string) bool { return HasDotSegmentBytes([]byte(url)) }

func HasDotSegmentBytes(url []byte) bool { return iroute.HasDotSegment(iroute.URLPath(url)) }

// len returns the number of cached templates.
func (c *templateCache) len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.order)
}

// reset empties the cache (tests).
func (c *templateCache) reset() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.m.Clear()
	c.order, c.bytes = nil, 0
}
