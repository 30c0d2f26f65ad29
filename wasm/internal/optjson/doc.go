// Package optjson decodes options JSON into endpoint.Options for the wasm
// bridge. Decoding with Options.UnmarshalJSON was about 70% of a call
// from JavaScript; Decode does the same work in one pass over the bytes.
//
// Decode handles the JSON that JavaScript's JSON.stringify produces. For
// anything else it reports false and the caller falls back to
// Options.UnmarshalJSON, which then also reports the error, so errors
// are never Decode's. When Decode succeeds its result is exactly what
// UnmarshalJSON returns; the tests check that on the reference vectors
// and by fuzzing.
package optjson
