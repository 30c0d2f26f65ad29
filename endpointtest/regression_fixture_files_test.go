package endpointtest_test

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/endpointtest"
)

// LoadFixtures read every .json file whole with os.ReadFile: a link to
// /dev/zero filled memory without end, and a named pipe blocked forever.
var _ = Describe("LoadFixtures on a file that is not an options file", func() {
	It("refuses a link to a device", func() {
		if runtime.GOOS == "windows" {
			Skip("no /dev/zero")
		}
		dir := GinkgoT().TempDir()
		Expect(os.Symlink("/dev/zero", filepath.Join(dir, "zero.json"))).To(Succeed())
		expectRefused(loadFixturesErr(dir), "zero.json", "not a regular file")
	})

	It("refuses a file over MaxFixtureSize before reading it", func() {
		dir := GinkgoT().TempDir()
		big := filepath.Join(dir, "big.json")
		Expect(os.WriteFile(big, nil, 0o600)).To(Succeed())
		Expect(os.Truncate(big, endpointtest.MaxFixtureSize+1)).To(Succeed()) // sparse: nothing written
		expectRefused(loadFixturesErr(dir), "big.json", "33554433 bytes, more than 33554432")
	})

	It("names a file it cannot read once", func() {
		if runtime.GOOS == "windows" {
			Skip("symbolic links need privileges")
		}
		dir := GinkgoT().TempDir()
		Expect(os.Symlink(filepath.Join(dir, "gone"), filepath.Join(dir, "dangling.json"))).To(Succeed())
		err := loadFixturesErr(dir)
		expectRefused(err, "dangling.json", "stat: no such file or directory")
		Expect(strings.Count(err.Error(), dir)).To(Equal(1))
	})
})

// loadFixturesErr is LoadFixtures(nil, dir).Err(). Before the fix it
// never returned for a pipe or /dev/zero; go test's timeout catches that,
// as the project's specs assert results, never timings.
func loadFixturesErr(dir string) error {
	return endpointtest.LoadFixtures(nil, dir).Err()
}

// expectRefused checks that err is ErrFixture's and names the file once.
func expectRefused(err error, name, problem string) {
	GinkgoHelper()
	Expect(errors.Is(err, endpointtest.ErrFixture)).To(BeTrue())
	Expect(err.Error()).To(HaveSuffix(name + `": ` + problem))
}
