// Package addrmemo remembers what was worked out from strings that a
// program passes again and again, by the string's address.
//
// Routes and URL templates are nearly always constants, passed on every
// call with the same address. A [Memo] finds what was computed from such
// a string (a route's split, a parsed template) without hashing or
// parsing it; the string is still compared, so a string at another
// address, or with other contents, only misses.
//
// A slot is taken by the first string that lands in it (one of Ways, by
// the address) and never replaced: a stream of new strings, such as
// routes built per call, costs no allocation once the slots or the byte
// budget are used up, and cannot push the constants out. What a Memo
// pins is bounded by its Budget.
package addrmemo

import (
	"strings"
	"sync/atomic"
	"unsafe"
)

// Slots is the number of entries a Memo holds at most.
const Slots = 1 << slotBits

const slotBits = 12

// Ways is the number of slots a string may take, one after another from
// where its address points: four, so that a string is rarely shut out by
// others that landed first. Once a third of the slots are taken (GitHub's
// 1,200 routes) by strings at addresses that follow one another, as
// constants' do, none is shut out; by strings anywhere, two ways shut out
// about one new string in seven, four about one in twenty.
const Ways = 4

// Memo maps strings to values of type V by address. The zero Memo
// remembers nothing; set Budget before use. It is safe for concurrent
// use.
type Memo[V any] struct {
	// Budget is the most bytes (as the callers of Put count them) the
	// Memo holds.
	Budget int64
	used   atomic.Int64
	slots  [Slots]atomic.Pointer[entry[V]]
}

type entry[V any] struct {
	key string
	v   V
}

// index is the first of s's slots: the first of the Ways-slot group that
// holds the slot its address hashes to.
func index(s string) uintptr {
	return slotOf(uintptr(unsafe.Pointer(unsafe.StringData(s))), len(s)) &^ (Ways - 1)
}

// slotOf hashes a string of n bytes at address p to a slot: Fibonacci
// hashing (the product with 2⁶⁴/φ, top bits kept), which spreads
// addresses that follow one another, as a program's constant strings do,
// evenly over the table, and others as a random choice would.
func slotOf(p uintptr, n int) uintptr {
	return uintptr((uint64(p) + uint64(n)) * 0x9e3779b97f4a7c15 >> (64 - slotBits))
}

// Get returns the value remembered for s.
func (m *Memo[V]) Get(s string) (v V, ok bool) {
	if p := m.Ref(s); p != nil {
		return *p, true
	}
	return v, false
}

// Ref returns the value remembered for s where the Memo holds it, or nil:
// a value that is a struct is then read in place, beside its key, and
// not copied.
func (m *Memo[V]) Ref(s string) *V {
	i := index(s)
	for k := range uintptr(Ways) {
		e := m.slots[i+k].Load()
		if e == nil {
			break // slots fill in order: the rest are empty
		}
		if e.key == s {
			return &e.v
		}
	}
	return nil
}

// Put remembers v for s when one of s's slots is free and the budget
// allows; size is what v holds, in bytes. The Memo keeps a copy of s (not
// s, which may be a slice of a larger string) and compares contents, so
// a hit costs a comparison of s, not a hash.
func (m *Memo[V]) Put(s string, v V, size int) {
	slot := m.freeSlot(s)
	if slot == nil {
		return // before allocating anything
	}
	cost := int64(size + len(s) + entrySize)
	if m.used.Load()+cost > m.Budget {
		return
	}
	m.used.Add(cost)
	if !slot.CompareAndSwap(nil, newEntry(s, v)) {
		m.used.Add(-cost)
	}
}

// newEntry returns an entry for v whose key is a copy of s, in the
// entry's own allocation when it is short, as routes are: a hit among
// many strings, each cold in the processor's cache, then reads one block
// of memory instead of two.
func newEntry[V any](s string, v V) *entry[V] {
	var e *entry[V]
	var room []byte
	// Rooms of 16k+8 bytes: with an entry of 8 bytes past a multiple of
	// 16, as routeInfo's and a pointer's are, each fills a size class of
	// Go's allocator to the byte.
	switch {
	case len(s) == 0 || len(s) > 120:
		return &entry[V]{key: strings.Clone(s), v: v}
	case len(s) <= 24:
		e, room = withRoom[entry[V], [24]byte]()
	case len(s) <= 40:
		e, room = withRoom[entry[V], [40]byte]()
	case len(s) <= 56:
		e, room = withRoom[entry[V], [56]byte]()
	case len(s) <= 72:
		e, room = withRoom[entry[V], [72]byte]()
	case len(s) <= 88:
		e, room = withRoom[entry[V], [88]byte]()
	default:
		e, room = withRoom[entry[V], [120]byte]()
	}
	e.key = unsafe.String(&room[0], copy(room, s))
	e.v = v
	return e
}

// withRoom returns a new T with room for bytes after it, in one
// allocation.
func withRoom[T, R any]() (*T, []byte) {
	m := new(struct {
		t    T
		room R
	})
	return &m.t, unsafe.Slice((*byte)(unsafe.Pointer(&m.room)), unsafe.Sizeof(m.room))
}

// entrySize is what an entry costs besides its key and value.
const entrySize = 64

// HasRoom reports whether Put might keep an entry for s: whether one of
// its slots is free and the budget not spent. Callers check it before
// working out an entry's size.
func (m *Memo[V]) HasRoom(s string) bool {
	return m.used.Load() < m.Budget && m.freeSlot(s) != nil
}

// freeSlot returns the first of s's slots that is empty, or nil.
func (m *Memo[V]) freeSlot(s string) *atomic.Pointer[entry[V]] {
	i := index(s)
	for k := range uintptr(Ways) {
		if slot := &m.slots[i+k]; slot.Load() == nil {
			return slot
		}
	}
	return nil
}

// Reset forgets every entry (tests).
func (m *Memo[V]) Reset() {
	for i := range m.slots {
		m.slots[i].Store(nil)
	}
	m.used.Store(0)
}

// Used returns the bytes the Memo holds, as Put counted them.
func (m *Memo[V]) Used() int64 { return m.used.Load() }

// Range calls f with each value the Memo holds, in place.
func (m *Memo[V]) Range(f func(v *V)) {
	for i := range m.slots {
		if e := m.slots[i].Load(); e != nil {
			f(&e.v)
		}
	}
}
