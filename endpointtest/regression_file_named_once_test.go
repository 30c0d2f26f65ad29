package endpointtest_test

import (
	"errors"
	"io/fs"
	"path/filepath"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/endpointtest"
)

// File and LoadFixtures quoted the path and then os.ReadFile's or
// WalkDir's error, which names it again: `endpointtest: "f.json": open
// f.json: no such file or directory`.
var _ = Describe("regression: a file or directory that cannot be read is named once", func() {
	expectCause := func(err error, notExist bool) {
		GinkgoHelper()
		Expect(errors.Is(err, endpointtest.ErrFixture)).To(BeTrue())
		Expect(errors.Is(err, fs.ErrNotExist)).To(Equal(notExist))
		var pe *fs.PathError
		Expect(errors.As(err, &pe)).To(BeTrue())
	}

	It("by File, which fails the test", func() {
		dir := GinkgoT().TempDir()
		for path, problem := range map[string]string{
			filepath.Join(dir, "nope.json"): "stat: no such file or directory",
			dir:                             "not a regular file",
		} {
			t := newRecorder()
			defer t.cleanup()
			endpointtest.NewServer(t).Handle("GET /x", endpointtest.File(path))
			Expect(t.Fatals()).To(HaveLen(1))
			Expect(t.Fatals()[0]).To(HavePrefix(`endpointtest: "` + path + `": ` + problem))
			Expect(strings.Count(t.Fatals()[0], path)).To(Equal(1), t.Fatals()[0])
		}
	})

	It("by LoadFixtures, for the directory it is given", func() {
		dir := filepath.Join(GinkgoT().TempDir(), "gone")
		err := endpointtest.LoadFixtures(nil, dir).Err()
		expectCause(err, true)
		Expect(err.Error()).To(Equal(`endpointtest: "` + dir + `": lstat: no such file or directory`))
	})
})
