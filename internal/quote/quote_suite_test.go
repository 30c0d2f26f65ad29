package quote_test

import (
	"testing"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

func TestQuote(t *testing.T) {
	RegisterFailHandler(Fail)
	RunSpecs(t, "quote")
}
