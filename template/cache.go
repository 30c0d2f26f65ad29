package template

import (
	"reflect"
	"sync"
)

// CacheSize is the most templates Parse keeps; beyond it, or beyond
// CacheBytes, the oldest is evicted. A route that embeds its values
// instead of taking them as parameters is a new template on every call.
const CacheSize = 4096

// CacheBytes bounds the estimated memory of the cached templates, text
// and parsed parts: CacheSize ordinary routes (about 1 KiB each) fit, as
// many hostile templates of MaxExpressions expressions do not.
const CacheBytes = 8 << 20

// cost estimates the bytes key and t pin while cached.
func cost(key string, t *Template) int {
	n := 2*len(key) + len(t.raw) + sizeOf[Template]() + 128 // entry, map and ring overhead
	n += cap(t.parts) * sizeOf[part]()
	for i := range t.parts {
		p := &t.parts[i]
		n += len(p.lit) + cap(p.specs)*sizeOf[varspec]()
	}
	return n + (cap(t.segVars)+cap(t.vars)+cap(t.joinVars))*sizeOf[string]()
}

func sizeOf[T any]() int { return int(reflect.TypeFor[T]().Size()) }

// templateCache maps template text to its *Template: lock-free lookups
// (sync.Map), and inserts and evictions under mu, which keeps the count
// and the bytes exact.
type templateCache struct {
	m     sync.Map // string -> *Template
	mu    sync.Mutex
	ring  []entry // oldest at head; grows up to CacheSize
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
// returns the stored template: every caller sees the same pointer.
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
	if c.n == len(c.ring) { // full but below CacheSize: grow
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
