//go:build !race

package paginate_test

const raceEnabled = false
