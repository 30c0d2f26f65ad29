//go:build race

package endpoint_test

// raceEnabled: the race detector allocates on its own.
const raceEnabled = true
