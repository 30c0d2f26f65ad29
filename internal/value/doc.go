// Package value is endpointkit's model of the values a call carries:
// immutable JSON values whose objects keep their order and whose numbers
// stay exact. Every value a caller hands the library (parameters, data,
// the request passthrough, defaults, options JSON) is converted here once,
// where it enters, by Of or Decode; from then on the engine reads only
// Values, so no caller memory is kept, nothing is shared that could
// change, and every limit is enforced in one place.
//
// The package holds the one walker of each kind: conversion from Go
// (convert.go), the JSON codec (decode.go, encode.go), the deep merge of
// layers (merge.go), redaction (redact.go) and the JavaScript forms of
// numbers (number.go).
package value
