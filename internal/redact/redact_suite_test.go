package redact_test

import (
	"testing"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

func TestRedact(t *testing.T) {
	RegisterFailHandler(Fail)
	RunSpecs(t, "redact")
}
