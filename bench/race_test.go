//go:build race

package bench

// raceEnabled: the race detector allocates on its own, so allocation
// counts are not asserted under it.
const raceEnabled = true
