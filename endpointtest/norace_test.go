//go:build !race

package endpointtest_test

const raceEnabled = false
