package template

import (
	"sync"
	"unsafe"
)

// CacheSize is the most templates Parse keeps. Beyond it, or beyond
// CacheBytes of estimated memory, the oldest entry is evicted (FIFO).
// Routes are best written with their values as parameters: a route string
// that embeds values is a new template on every call.
const CacheSize = 4096

// CacheBytes bounds the estimated memory of the cached templates: their
// text and their parsed parts. An ordinary route costs about 1 KiB, so
// CacheSize of them fit; 4096 hostile templates of MaxExpressions
// expressions each do not, and older entries make way.
const CacheBytes = 8 << 20

// cost estimates the bytes key and t pin while cached.
func cost(key string, t *Template) int {
	n := 2*len(key) + len(t.raw) + int(unsafe.Sizeof(*t)) + 128 // entry, map and ring overhead
	n += cap(t.parts) * int(unsafe.Sizeof(part{}))
	for i := range t.parts {
		p := &t.parts[i]
		n += len(p.lit) + cap(p.specs)*int(unsafe.Sizeof(varspec{}))
	}
	return n + (cap(t.segVars)+cap(t.vars)+cap(t.joinVars))*int(unsafe.Sizeof(""))
}

// templateCache maps template text to its parsed *Template. Lookups are
// lock-free (sync.Map); inserts and evictions take mu, which keeps the size
// and byte count exact.
type templateCache struct {
	m     sync.Map // string -> *Template
	mu    sync.Mutex
	ring  []entry // insertion order, oldest at head; grows up to CacheSize
	head  int
	n     int
	bytes int // estimated, see cost
}

type entry struct {
	key  string
	cost int
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
	size := cost(key, t)
	for c.n > 0 && (c.n == CacheSize || c.bytes+size > CacheBytes) {
		old := c.ring[c.head]
		c.ring[c.head] = entry{}
		c.m.Delete(old.key)
		c.bytes -= old.cost
		c.head = (c.head + 1) % len(c.ring)
		c.n--
	}
	if c.n == len(c.ring) { // ring full but below CacheSize: grow it
		grown := make([]entry, 0, min(max(2*len(c.ring), 64), CacheSize))
		grown = append(grown, c.ring[c.head:]...)
		grown = append(grown, c.ring[:c.head]...)
		c.ring, c.head = grown[:cap(grown)], 0
	}
	c.ring[(c.head+c.n)%len(c.ring)] = entry{key: key, cost: size}
	c.n++
	c.bytes += size
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
