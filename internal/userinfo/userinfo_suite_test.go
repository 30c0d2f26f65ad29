package userinfo_test

import (
	"testing"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

func TestUserinfo(t *testing.T) {
	RegisterFailHandler(Fail)
	RunSpecs(t, "userinfo")
}
