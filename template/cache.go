package template

import "sync"

// CacheSize is the most templates Parse keeps. Beyond it, or beyond 4 MiB
// of template text in total, the oldest entry is evicted (FIFO). An entry's
// memory is a small multiple of its text length, so the cache's memory is
// bounded too (typical routes are under 100 bytes).
const CacheSize = 4096

// cacheBytes bounds the total length of the cached template texts (keys), so
// that 4096 hostile MaxLength templates cannot pin 32 MiB.
const cacheBytes = 4 << 20

// templateCache maps template text to its parsed *Template. Lookups are
// lock-free (sync.Map); inserts and evictions take mu, which keeps the size
// and byte count exact.
type templateCache struct {
	m     sync.Map // string -> *Template
	mu    sync.Mutex
	ring  []string // insertion order, oldest at head; grows up to CacheSize
	head  int
	n     int
	bytes int
}

var cache = &templateCache{}

func (c *templateCache) get(s string) (*Template, bool) {
	v, ok := c.m.Load(s)
	if !ok {
		return nil, false
	}
	return v.(*Template), true
}

// put stores t under key unless another goroutine stored one first, and
// returns the stored template so that every caller sees the same pointer.
func (c *templateCache) put(key string, t *Template) *Template {
	c.mu.Lock()
	defer c.mu.Unlock()
	if v, ok := c.m.Load(key); ok {
		return v.(*Template)
	}
	for c.n > 0 && (c.n == CacheSize || c.bytes+len(key) > cacheBytes) {
		old := c.ring[c.head]
		c.ring[c.head] = ""
		c.m.Delete(old)
		c.bytes -= len(old)
		c.head = (c.head + 1) % len(c.ring)
		c.n--
	}
	if c.n == len(c.ring) { // ring full but below CacheSize: grow it
		grown := make([]string, 0, min(max(2*len(c.ring), 64), CacheSize))
		grown = append(grown, c.ring[c.head:]...)
		grown = append(grown, c.ring[:c.head]...)
		c.ring, c.head = grown[:cap(grown)], 0
	}
	c.ring[(c.head+c.n)%len(c.ring)] = key
	c.n++
	c.bytes += len(key)
	c.m.Store(key, t)
	return t
}

// len returns the number of cached templates.
func (c *templateCache) len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.n
}

// reset empties the cache (tests).
func (c *templateCache) reset() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.m.Clear()
	c.ring, c.head, c.n, c.bytes = nil, 0, 0, 0
}
