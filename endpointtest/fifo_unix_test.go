//go:build unix

package endpointtest_test

import (
	"path/filepath"
	"syscall"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

func init() {
	mkfifo = func(path string) error { return syscall.Mkfifo(path, 0o600) }
}

// A named pipe blocked LoadFixtures forever (see fixtures_test.go).
var _ = Describe("LoadFixtures on a named pipe", Label("regression"), func() {
	It("refuses a named pipe without opening it", func() {
		dir := GinkgoT().TempDir()
		Expect(syscall.Mkfifo(filepath.Join(dir, "pipe.json"), 0o600)).To(Succeed())
		expectRefused(loadFixturesErr(dir), "pipe.json", "not a regular file")
	})
})
