package builder

import (
	"runtime"
	"sync"
	"weak"
)

// The route memo (routeMemo) is global and keeps its entries for good, but
// the operation a catalogue resolved a route to belongs to that catalogue:
// held strongly there, it would keep a catalogue that a program loaded,
// used and dropped alive for good, and shut a reloaded one out of the fast
// path. So an entry knows its catalogue only through a catKey, weakly, and
// when the last Endpoint that uses a catalogue is collected, a cleanup
// takes that catalogue's operations out of the memo.

// catKey stands for one catalogue value (of a comparable type): Endpoints
// that use equal catalogues share it, and hold it, so it lives as long as
// one of them does.
type catKey struct{ cat Catalog }

// catKeys are the keys of live catalogues; there are as many as a program
// has catalogues in use, a few.
var catKeys struct {
	sync.Mutex
	live []weak.Pointer[catKey]
}

// catKeyOf returns the key of c, a catalogue of a comparable type; the
// same key for equal catalogues while one of them is in use.
func catKeyOf(c Catalog) (*catKey, weak.Pointer[catKey]) {
	catKeys.Lock()
	defer catKeys.Unlock()
	live := catKeys.live[:0]
	var found *catKey
	for _, w := range catKeys.live {
		k := w.Value()
		if k == nil {
			continue
		}
		live = append(live, w)
		if found == nil && k.cat == c {
			found = k
		}
	}
	clear(catKeys.live[len(live):])
	catKeys.live = live
	if found != nil {
		return found, weak.Make(found)
	}
	k := &catKey{cat: c}
	w := weak.Make(k)
	catKeys.live = append(catKeys.live, w)
	runtime.AddCleanup(k, forgetCatalog, w)
	return k, w
}

// forgetCatalog takes the operations of a catalogue no Endpoint uses any
// more out of the route memo, so that the collector can have it and a
// catalogue loaded later can take its routes.
func forgetCatalog(w weak.Pointer[catKey]) {
	routeMemo.Range(func(info *routeInfo) {
		if r := info.op.Load(); r != nil && r.key == w {
			info.op.CompareAndSwap(r, nil)
		}
	})
}
