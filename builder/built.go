//go:build !endpoint_nohttp

package builder

import (
	"math"
	"net/url"
	"sync/atomic"
	"unsafe"

	"github.com/endpointkit/endpoint/headers"
)

// What Build knew, for RequestOptions.HTTPRequest. RequestOptions is the
// v6 face, plain fields a caller may edit, so HTTPRequest cannot take its
// URL and headers on trust: it reads the URL again and checks every
// header. But Build had just checked them. For the results it returns
// last, Build notes in a small table what it knew: the URL's text, where
// its path starts on the Endpoint's parsed base, and the checked header
// list the header map was made from. HTTPRequest finds the note by the
// URL's address and uses it only when the options still hold that very
// text and a header map with exactly those names and values; anything
// else (an edited or copied field, a note overwritten by another Build)
// takes the checking path, which gives the same request.

// built is Build's note on one result, in 32 bytes: the text of its
// URL lives in the same allocation, after the note (newBuilt), so that a
// note costs Build no allocation of its own and few bytes.
type built struct {
	text    *byte    // the result's URL: n bytes
	base    *url.URL // the Endpoint's parsed base, which the URL starts with
	headers *header  // the first of the nh checked, lower-case headers the header map was made of
	n       uint16   // the URL's length, at most builtRoom
	pathAt  uint16   // where the URL's path starts
	nh      uint32
}

// url is the URL the note is on.
func (b *built) url() string { return unsafe.String(b.text, int(b.n)) }

// headerList is the checked headers the note's header map was made of.
func (b *built) headerList() []header { return unsafe.Slice(b.headers, b.nh) }

// builtSlots holds the latest notes, each in the slot its URL's address
// hashes to; a newer one replaces an older.
var builtSlots [1 << builtBits]atomic.Pointer[built]

const builtBits = 8

// builtSlot is the slot of a URL: Fibonacci hashing of its address.
func builtSlot(s string) *atomic.Pointer[built] {
	p := uint64(uintptr(unsafe.Pointer(unsafe.StringData(s))))
	return &builtSlots[p*0x9e3779b97f4a7c15>>(64-builtBits)]
}

// keep sets r's URL and JSON body from the text the direct path wrote in
// scratch buffers (either may be nil), noting the URL for HTTPRequest
// when it was built on the Endpoint's checked base. The URL and the body
// go in the note's room when they fit, the body after the URL and capped
// at its length, so that a caller appending to it writes elsewhere.
func (r *resolved) keep(u, body []byte) {
	if len(u) == 0 || len(u) > builtRoom || !r.urlTrusted || r.base == nil ||
		r.pathAt < 0 || r.pathAt > len(u) || uint64(len(r.headers)) > math.MaxUint32 {
		keepCopies(r, u, body)
		return
	}
	n := len(u)
	if len(u)+len(body) <= builtRoom {
		n += len(body)
	}
	b, room := newBuilt(n)
	urlText, bodyText := intoRoom(room, u, body) // the URL fits: n holds it
	if body != nil {
		r.body.json = bodyText
	}
	*b = built{text: unsafe.StringData(urlText), base: r.base, n: uint16(len(u)), pathAt: uint16(r.pathAt), nh: uint32(len(r.headers))}
	if len(r.headers) > 0 {
		b.headers = &r.headers[0]
	}
	r.url = urlText
	builtSlot(urlText).Store(b)
}

// recall returns the note on a URL Build returned lately whose header
// list the header map hs holds, name for name and value for value; nil
// when there is none.
func recall(rawURL string, hs headers.Set) *built {
	if rawURL == "" {
		return nil
	}
	b := builtSlot(rawURL).Load()
	if b == nil || b.url() != rawURL || len(hs) != int(b.nh) {
		return nil
	}
	// As many names as the list's, all of them present: the same set.
	for _, h := range b.headerList() {
		if v, ok := hs[h.name]; !ok || v != h.value {
			return nil
		}
	}
	return b
}

// builtRoom is the most text a note holds; a longer URL is not noted.
const builtRoom = 224

// newBuilt returns a note with room for n bytes of text after it, in the
// smallest of a few sizes that fits (each, with the note, a size class of
// Go's allocator).
func newBuilt(n int) (*built, []byte) {
	switch {
	case n <= 32:
		return inRoom[built, [32]byte]()
	case n <= 48:
		return inRoom[built, [48]byte]()
	case n <= 64:
		return inRoom[built, [64]byte]()
	case n <= 80:
		return inRoom[built, [80]byte]()
	case n <= 96:
		return inRoom[built, [96]byte]()
	case n <= 128:
		return inRoom[built, [128]byte]()
	case n <= 160:
		return inRoom[built, [160]byte]()
	default:
		return inRoom[built, [builtRoom]byte]()
	}
}

// forgetBuilt empties the table (tests).
func forgetBuilt() {
	for i := range builtSlots {
		builtSlots[i].Store(nil)
	}
}
