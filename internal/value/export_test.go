package value_test

import "testing"

// testing_AllocsPerRun is testing.AllocsPerRun; under the race detector
// allocation counts are meaningless, and specs using it are skipped there.
func testing_AllocsPerRun(runs int, f func()) float64 {
	if raceEnabled {
		return 0
	}
	return testing.AllocsPerRun(runs, f)
}
