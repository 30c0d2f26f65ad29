//go:build race

package endpointtest_test

// raceEnabled: the race detector slows the specs that walk every
// operation of a catalogue, so they sample.
const raceEnabled = true
