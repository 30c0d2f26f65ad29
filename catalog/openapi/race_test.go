//go:build race

package openapi_test

// raceEnabled: the race detector slows the long loads tenfold.
const raceEnabled = true
