package openapi_test

import (
	"os"
	"testing"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

func TestOpenAPI(t *testing.T) {
	RegisterFailHandler(Fail)
	RunSpecs(t, "catalog/openapi")
}

// long is set by ENDPOINTKIT_LONG=1, with which CI runs the specs labelled
// "long" at full size in a step of their own (.ci/run). Plain go test
// loads smaller hostile documents, most of whose time kin-openapi's
// loader takes, with the same assertions.
var long = os.Getenv("ENDPOINTKIT_LONG") != ""

// sized is full with ENDPOINTKIT_LONG=1, else quick, and a quarter of
// quick under -short or -race.
func sized(full, quick int) int {
	switch {
	case long:
		return full
	case testing.Short() || raceEnabled:
		return max(1, quick/4)
	}
	return quick
}
