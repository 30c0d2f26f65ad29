package builder_test

import (
	"fmt"
	"os"
	"testing"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"github.com/onsi/gomega/format"
)

func TestBuilder(t *testing.T) {
	format.MaxLength = 2000 // 1 MiB inputs make unreadable failure messages
	sizeLongSpecs()
	RegisterFailHandler(Fail)
	RunSpecs(t, "builder")
}

// Sizes of the long specs: generated cases per property, builds per
// stress goroutine, and the length of the adversarial inputs. With
// ENDPOINTKIT_LONG=1, as CI runs them in a step of their own, they are
// full size; plain go test runs them smaller, and -short or -race
// smaller still, so that the suite stays quick. The assertions are the
// same at every size.
var (
	propCases    = 10_000
	stressBuilds = 10_000
	longInput    = 1 << 20
	longScale    = 1 // what scaled divides a full size by
)

func sizeLongSpecs() {
	switch {
	case os.Getenv("ENDPOINTKIT_LONG") != "":
	case testing.Short() || raceEnabled:
		propCases, stressBuilds, longInput, longScale = 500, 150, 32<<10, 20
	default:
		propCases, stressBuilds, longInput, longScale = 2_000, 250, 128<<10, 5
	}
}

// scaled is the size of a long spec whose full size is full: all of it
// with ENDPOINTKIT_LONG=1, a fifth by default, a twentieth under -short
// or -race, at least 1.
func scaled(full int) int {
	return max(1, full/longScale)
}

// sizeText writes n bytes the way the spec names do: "1 MiB", "64 KiB".
func sizeText(n int) string {
	if n >= 1<<20 && n%(1<<20) == 0 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%d KiB", n>>10)
}
