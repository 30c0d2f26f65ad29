//go:build race

package main

// raceEnabled: the race detector changes what the heap holds.
const raceEnabled = true
