//go:build !race

package openapi_test

const raceEnabled = false
