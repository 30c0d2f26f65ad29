//go:build race

package paginate_test

// raceEnabled: the race detector allocates on its own.
const raceEnabled = true
