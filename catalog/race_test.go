//go:build race

package catalog_test

// raceEnabled: the race detector allocates on its own.
const raceEnabled = true
