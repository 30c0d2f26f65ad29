//go:build js && wasm

package main

import (
	"errors"
	"math"
	"strconv"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
)

// rootHandle is the handle of the package's own endpoint; it is never
// released.
const rootHandle = 0

// errUnknownHandle: JavaScript used an endpoint whose handle was released,
// which endpoint.mjs never does; kept as an error rather than a panic.
var errUnknownHandle = errors.New("endpoint: unknown endpoint handle")

// registry maps the integer handles JavaScript holds to Endpoints, so that
// a chain of .defaults() calls keeps its flattened defaults on the Go side
// and each call sends only its own options. JavaScript calls into Go one
// at a time, so no lock is needed.
type registry struct {
	next      int32
	endpoints map[int32]*builder.Endpoint
	// peak is the most entries the map has held since it was made; Go maps
	// never shrink, so release makes a new one once most are gone.
	peak int
}

func newRegistry() *registry {
	return &registry{
		next:      rootHandle + 1,
		endpoints: map[int32]*builder.Endpoint{rootHandle: endpoint.Defaults()},
	}
}

// get returns the Endpoint behind handle h.
func (r *registry) get(h int32) (*builder.Endpoint, error) {
	e, ok := r.endpoints[h]
	if !ok {
		return nil, errors.New(errUnknownHandle.Error() + " " + strconv.Itoa(int(h)))
	}
	return e, nil
}

// errTooMany: handles are positive int32s and are not reused.
var errTooMany = errors.New("endpoint: too many endpoints made by defaults()")

// add stores e and returns its new handle.
func (r *registry) add(e *builder.Endpoint) (int32, error) {
	if r.next == math.MaxInt32 {
		return 0, errTooMany
	}
	h := r.next
	r.next++
	r.endpoints[h] = e
	r.peak = max(r.peak, len(r.endpoints))
	return h, nil
}

// release forgets handle h once JavaScript has garbage-collected the
// function that held it. The root stays.
func (r *registry) release(h int32) {
	if h == rootHandle {
		return
	}
	delete(r.endpoints, h)
	if n := len(r.endpoints); r.peak >= shrinkFrom && n < r.peak/4 {
		// A new map sized for what is left (maps.Clone would copy the
		// capacity too).
		m := make(map[int32]*builder.Endpoint, n)
		for k, v := range r.endpoints {
			m[k] = v
		}
		r.endpoints, r.peak = m, n
	}
}

// shrinkFrom is the peak below which the map is never remade: small maps
// cost little, and remaking one costs a copy of what is left.
const shrinkFrom = 1024

// len is the number of live handles, root included.
func (r *registry) len() int { return len(r.endpoints) }
