//go:build js && wasm

package main

import "unsafe"

// in is where JavaScript writes a call's input; out is where a call
// leaves its result (or error) for JavaScript to read. Both are reused
// from call to call and only grow. They are package variables, so the
// garbage collector (which does not move objects) keeps them alive.
var in, out []byte

// inBuffer makes room for n bytes of input and returns where they go.
//
//go:wasmexport ek_in
//lint:ignore U1000 called from JavaScript (go:wasmexport)
func inBuffer(n int32) unsafe.Pointer {
	if n < 1 {
		n = 1
	}
	if int(n) > cap(in) {
		in = make([]byte, n)
	}
	in = in[:n]
	return unsafe.Pointer(unsafe.SliceData(in))
}

// outBuffer returns where the last call's result starts.
//
//go:wasmexport ek_out
//lint:ignore U1000 called from JavaScript (go:wasmexport)
func outBuffer() unsafe.Pointer {
	if cap(out) == 0 {
		out = make([]byte, 0, 1)
	}
	return unsafe.Pointer(unsafe.SliceData(out))
}

// inputBytes returns the n bytes at offset off of the input buffer, not
// copied: the caller must not keep them past the call.
func inputBytes(off, n int32) ([]byte, bool) {
	if off < 0 || n < 0 || int(off)+int(n) > len(in) {
		return nil, false
	}
	return in[off : off+n], true
}

// input returns the string of n bytes at offset off of the input buffer,
// copied, so that nothing keeps pointing into the buffer.
func input(off, n int32) (string, bool) {
	b, ok := inputBytes(off, n)
	return string(b), ok
}

// routes holds the route strings calls have passed, so that a route seen
// before costs a lookup, not a copy; emptied when it fills.
var routes = make(map[string]string)

const maxRoutes = 4096

// lastRoute is the route inputRoute last returned: calls in a loop
// mostly repeat one, and comparing it costs less than hashing it.
var lastRoute string

// inputRoute is input for a route string.
func inputRoute(off, n int32) (string, bool) {
	b, ok := inputBytes(off, n)
	if !ok {
		return "", false
	}
	if string(b) == lastRoute {
		return lastRoute, true
	}
	if s, seen := routes[string(b)]; seen {
		lastRoute = s
		return s, true
	}
	s := string(b)
	lastRoute = s
	if len(s) <= 256 { // long strings are unlikely to repeat
		if len(routes) >= maxRoutes {
			clear(routes)
		}
		routes[s] = s
	}
	return s, true
}

// result makes data the call's output and returns its length, or minus
// its length when data is an error object. data is the call's own (a
// fresh MarshalJSON result, or build's reused buffer), so it is kept
// rather than copied.
func result(data []byte, isError bool) int32 {
	out = data
	if isError {
		return -int32(len(out))
	}
	return int32(len(out))
}
