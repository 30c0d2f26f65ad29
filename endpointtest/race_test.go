//go:build race

package endpointtest_test

import (
	"os"
	"syscall"
	"testing"
)

// raceEnabled: the race detector slows the specs that walk every
// operation of a catalogue, so they sample.
const raceEnabled = true

// TestMain ends a passing run without the race runtime's one-second sleep
// at exit (golang/go#20364), which every package's test binary would pay
// in turn: m.Run has failed the run already on any race it saw, in a test
// or outside one. With coverage, the exit hooks that write it run.
func TestMain(m *testing.M) {
	code := m.Run()
	if code == 0 && testing.CoverMode() == "" {
		syscall.Exit(0)
	}
	os.Exit(code)
}
