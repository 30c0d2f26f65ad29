//go:build js && wasm

package main

import (
	"errors"
	"runtime"
	"unsafe"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
)

// The exports. A call's string inputs are consecutive in the input
// buffer; each export returns the length of its output (JSON, or for
// ek_defaults nothing) when it succeeds, and minus the length of an
// error object when it fails. No panic escapes: one would stop the Go
// program and every later call would fail.

var reg = newRegistry()

// errArgs: an export was called with lengths outside the input buffer,
// which only a caller other than endpoint.mjs can do.
var errArgs = errors.New("endpoint: bridge called with bad arguments")

// build(handle, route, options) → RequestOptions JSON, like
// endpoint(route, options).
//
//go:wasmexport ek_build
//lint:ignore U1000 called from JavaScript (go:wasmexport)
func build(handle, routeLen, optsLen int32) (n int32) {
	defer recoverTo(&n)
	yieldSometimes()
	e, err := reg.get(handle)
	if err != nil {
		return fail(err)
	}
	route, ok := inputRoute(0, routeLen)
	opts, optsOK := inputBytes(routeLen, optsLen)
	if !ok || !optsOK {
		return fail(errArgs)
	}
	// Options JSON straight into the call and the result straight into
	// the reused output buffer (JavaScript copies it out before the next
	// call); AppendBuildJSON keeps nothing of either.
	if cap(reuse) > maxReuse {
		reuse = nil // one huge body must not stay pinned
	}
	var sp builder.JSONSpans
	data, err := e.AppendBuildJSONSpans(reuse[:0], route, opts, &sp)
	if err != nil {
		return fail(err)
	}
	reuse = data
	spanWords = [spanLen]int32{
		int32(sp.Method[0]), int32(sp.Method[1]), int32(sp.URL[0]), int32(sp.URL[1]),
		int32(sp.Headers[0]), int32(sp.Headers[1]), int32(sp.Body[0]), int32(sp.Body[1]),
		int32(sp.Request[0]), int32(sp.Request[1]), int32(uint32(sp.HeadersID)), int32(sp.HeadersID >> 32),
	}
	return result(data, false)
}

// spanWords says where the members of build's last result are
// (builder.JSONSpans): the method, URL, headers, body and request as
// start and end offsets, then the headers' ID, low word first. With it
// JavaScript slices the URL out of the text, keeps parsed headers by
// their ID and parses only the body.
var spanWords [spanLen]int32

const spanLen = 12

// spansBuffer returns where spanWords is.
//
//go:wasmexport ek_spans
//lint:ignore U1000 called from JavaScript (go:wasmexport)
func spansBuffer() unsafe.Pointer { return unsafe.Pointer(&spanWords) }

// reuse is build's output buffer, kept from call to call; only results
// are written to it, never errors, which take a buffer of their own.
var reuse []byte

// maxReuse bounds the output buffer kept for the next call.
const maxReuse = 64 << 10

// merge(handle, route, options) → Options JSON, like endpoint.merge.
//
//go:wasmexport ek_merge
//lint:ignore U1000 called from JavaScript (go:wasmexport)
func merge(handle, routeLen, optsLen int32) (n int32) {
	defer recoverTo(&n)
	yieldSometimes()
	e, route, opts, err := callArgs(handle, routeLen, optsLen)
	if err != nil {
		return fail(err)
	}
	m, err := e.Merge(route, opts)
	if err != nil {
		return fail(err)
	}
	return succeed(m.MarshalJSON())
}

// parse(options) → RequestOptions JSON; parse uses no defaults.
//
//go:wasmexport ek_parse
//lint:ignore U1000 called from JavaScript (go:wasmexport)
func parse(optsLen int32) (n int32) {
	defer recoverTo(&n)
	yieldSometimes()
	opts, err := optionsAt(0, optsLen)
	if err != nil {
		return fail(err)
	}
	r, err := endpoint.Parse(opts)
	if err != nil {
		return fail(err)
	}
	return succeed(r.MarshalJSON())
}

// defaults(handle, isRoute, payload) → the new endpoint's handle (> 0).
// The payload is a route string when isRoute is 1, else options JSON.
//
//go:wasmexport ek_defaults
//lint:ignore U1000 called from JavaScript (go:wasmexport)
func defaults(handle, isRoute, payloadLen int32) (n int32) {
	defer recoverTo(&n)
	yieldSometimes()
	e, err := reg.get(handle)
	if err != nil {
		return fail(err)
	}
	var opt builder.Option
	if isRoute == 1 {
		route, ok := input(0, payloadLen)
		if !ok {
			return fail(errArgs)
		}
		opt = endpoint.WithRoute(route)
	} else {
		o, err := optionsAt(0, payloadLen)
		if err != nil {
			return fail(err)
		}
		opt = endpoint.WithOptions(o)
	}
	next := e.Defaults(opt)
	// A layer that cannot merge makes every call of the new endpoint
	// fail with the same error; v6 throws it from .defaults(), where the
	// bad layer is, and so do we.
	if err := next.Err(); err != nil {
		return fail(err)
	}
	h, err := reg.add(next)
	if err != nil {
		return fail(err)
	}
	return h
}

// defaultsOf(handle) → Options JSON of the endpoint's merged defaults.
//
//go:wasmexport ek_DEFAULTS
//lint:ignore U1000 called from JavaScript (go:wasmexport)
func defaultsOf(handle int32) (n int32) {
	defer recoverTo(&n)
	e, err := reg.get(handle)
	if err != nil {
		return fail(err)
	}
	return succeed(e.DefaultOptions().MarshalJSON())
}

// release(handle) forgets an endpoint whose JavaScript function is gone.
//
//go:wasmexport ek_release
//lint:ignore U1000 called from JavaScript (go:wasmexport)
func release(handle int32) {
	reg.release(handle)
}

// handles returns the number of live endpoints, the root included.
//
//go:wasmexport ek_handles
//lint:ignore U1000 called from JavaScript (go:wasmexport)
func handles() int32 { return int32(reg.len()) }

// heap runs a garbage collection and returns the Go heap in use, in KiB:
// the debug counter that tests use to see released endpoints freed.
//
//go:wasmexport ek_heap
//lint:ignore U1000 called from JavaScript (go:wasmexport)
func heap() int32 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return int32(m.HeapAlloc / 1024)
}

// callArgs reads build's and merge's inputs: the route, then the options.
func callArgs(handle, routeLen, optsLen int32) (*builder.Endpoint, string, builder.Options, error) {
	e, err := reg.get(handle)
	if err != nil {
		return nil, "", builder.Options{}, err
	}
	route, ok := inputRoute(0, routeLen)
	if !ok {
		return nil, "", builder.Options{}, errArgs
	}
	opts, err := optionsAt(routeLen, optsLen)
	if err != nil {
		return nil, "", builder.Options{}, err
	}
	return e, route, opts, nil
}

// optionsAt decodes n bytes of options JSON at offset off; none means no
// options. Options.UnmarshalJSON reads JSON.stringify's output in one
// pass and copies what it keeps, so the input buffer can be reused.
func optionsAt(off, n int32) (builder.Options, error) {
	var o builder.Options
	if n == 0 {
		return o, nil
	}
	data, ok := inputBytes(off, n)
	if !ok {
		return o, errArgs
	}
	if err := o.UnmarshalJSON(data); err != nil {
		return builder.Options{}, err
	}
	return o, nil
}

func succeed(data []byte, err error) int32 {
	if err != nil {
		return fail(err)
	}
	return result(data, false)
}

func fail(err error) int32 {
	return result(errorJSON(err), true)
}

// recoverTo turns a panic into an error result.
func recoverTo(n *int32) {
	if p := recover(); p != nil {
		*n = fail(panicError(p))
	}
}
