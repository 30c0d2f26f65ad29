package endpoint_test

import (
	"testing"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// The root holds the specs of its own face: GitHub's defaults,
// WithEnterprise and the examples. What the builder does with them is
// specified in builder/, over these same defaults.
func TestEndpoint(t *testing.T) {
	RegisterFailHandler(Fail)
	RunSpecs(t, "endpoint")
}
