package endpoint_test

import (
	"testing"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"github.com/onsi/gomega/format"
)

func TestEndpoint(t *testing.T) {
	format.MaxLength = 2000 // 1 MiB inputs make unreadable failure messages
	RegisterFailHandler(Fail)
	RunSpecs(t, "endpoint")
}
