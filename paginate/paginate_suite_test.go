package paginate_test

import (
	"testing"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

func TestPaginate(t *testing.T) {
	RegisterFailHandler(Fail)
	RunSpecs(t, "paginate")
}
