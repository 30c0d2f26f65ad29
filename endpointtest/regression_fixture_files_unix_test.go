//go:build unix

package endpointtest_test

import (
	"path/filepath"
	"syscall"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// A named pipe: LoadFixtures opened it and blocked forever (see
// regression_fixture_files_test.go).
var _ = Describe("LoadFixtures on a named pipe", func() {
	It("refuses a named pipe without opening it", func() {
		dir := GinkgoT().TempDir()
		Expect(syscall.Mkfifo(filepath.Join(dir, "pipe.json"), 0o600)).To(Succeed())
		expectRefused(loadFixturesErr(dir), "pipe.json", "not a regular file")
	})
})
