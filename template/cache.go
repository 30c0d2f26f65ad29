package template

import "sync"

// CacheSize is the most templates Parse keeps; beyond it, or beyond
// CacheBytes, the oldest is evicted.
const CacheSize = 4096

// CacheBytes bounds the cached templates' estimated memory: CacheSize
// ordinary routes (about 1 KiB each) fit, as many hostile ones do not.
const CacheBytes = 8 << 20

// cost estimates the bytes key and t pin while cached: the text twice
// (key and t), and each part with its variables.
func cost(key string, t *Template) int {
	n := 2*len(key) + len(t.raw) + 512
	for i := range t.parts {
		n += 96 + len(t.parts[i].lit) + 64*len(t.parts[i].specs)
	}
	return n
}

// templateCache maps template text to its *Template: lock-free lookups,
// inserts and evictions under mu.
type templateCache struct {
	m     sync.Map // string -> *Template
	mu    sync.Mutex
	order []string // keys, oldest first
	bytes int      // estimated, see cost
}

var cache = &templateCache{}

func (c *templateCache) get(s string) (*Template, bool) {
	v, _ := c.m.Load(s)
	t, ok := v.(*Template)
	return t, ok
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
	for len(c.order) > 0 && (len(c.order) == CacheSize || c.bytes+size > CacheBytes) {
		old, _ := c.m.LoadAndDelete(c.order[0])
		c.bytes -= cost(c.order[0], old.(*Template))
		c.order[0] = "" // let the text go
		c.order = c.order[1:]
	}
	c.order = append(c.order, key)
	c.bytes += size
	c.m.Store(key, t)
	return t
}
