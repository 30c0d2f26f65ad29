package builder_test

import (
	"testing"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"github.com/onsi/gomega/format"
)

func TestBuilder(t *testing.T) {
	format.MaxLength = 2000
	RegisterFailHandler(Fail)
	RunSpecs(t, "builder")
}
