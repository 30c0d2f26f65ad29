//go:build js && wasm

// Command wasm is the endpoint engine compiled to WebAssembly for the
// JavaScript package @endpointkit/endpoint (see endpoint.mjs).
//
// The bridge is a handful of //go:wasmexport functions (exports.go) that
// read their input from, and write their output to, buffers in linear
// memory: a call costs tens of nanoseconds, where a syscall/js callback
// costs microseconds (it registers a finalizer for every js.Value it
// touches). Options travel as JSON text in the shape of builder.Options
// and builder.RequestOptions, which both sides already parse fast.
package main

import "runtime/debug"

func main() {
	// The module's live heap is tens of kilobytes, so the collector's
	// pace is set by its minimum heap goal, 4 MB × GOGC/100: a cycle every
	// 4 MB allocated, whose marking the one thread does in the calls that
	// allocate. 8 MB (GOGC=200) makes varied calls about 5% faster for
	// about 4 MB more linear memory (wasm/README.md, Size and speed).
	debug.SetGCPercent(200)
	// The runtime must stay up for the exports to be called; main has
	// nothing else to do.
	select {}
}
