package fserr_test

import (
	"testing"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

func TestFserr(t *testing.T) {
	RegisterFailHandler(Fail)
	RunSpecs(t, "fserr")
}
