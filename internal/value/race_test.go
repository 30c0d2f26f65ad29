//go:build race

package value_test

const raceEnabled = true
