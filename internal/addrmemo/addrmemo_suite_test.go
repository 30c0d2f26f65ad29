package addrmemo_test

import (
	"testing"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

func TestAddrmemo(t *testing.T) {
	RegisterFailHandler(Fail)
	RunSpecs(t, "addrmemo")
}
