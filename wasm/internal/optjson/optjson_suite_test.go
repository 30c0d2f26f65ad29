package optjson_test

import (
	"testing"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

func TestOptjson(t *testing.T) {
	RegisterFailHandler(Fail)
	RunSpecs(t, "Optjson")
}
