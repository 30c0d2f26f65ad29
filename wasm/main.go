//go:build js && wasm

// Command wasm is the endpoint engine compiled to WebAssembly for the
// JavaScript package @endpointkit/endpoint (see endpoint.mjs).
//
// The bridge is a handful of //go:wasmexport functions (exports.go) that
// read their input from, and write their output to, buffers in linear
// memory: a call costs tens of nanoseconds, where a syscall/js callback
// costs microseconds (it registers a finalizer for every js.Value it
// touches). Options travel as JSON text in the shape of endpoint.Options
// and endpoint.RequestOptions, which both sides already parse fast.
package main

func main() {
	// The runtime must stay up for the exports to be called; main has
	// nothing else to do.
	select {}
}
