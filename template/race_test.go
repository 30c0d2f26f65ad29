//go:build race

package template_test

// raceEnabled: the race detector's build allocates where the plain one does not.
const raceEnabled = true
