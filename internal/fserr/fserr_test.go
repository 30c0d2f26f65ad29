package fserr_test

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/internal/fserr"
)

var _ = Describe("file errors named once", func() {
	missing := func() (string, error) {
		path := filepath.Join(GinkgoT().TempDir(), "nope.json")
		_, err := os.Open(path)
		Expect(err).To(HaveOccurred())
		return path, err
	}

	It("says an *fs.PathError's cause without its path, wrapped or not", func() {
		path, err := missing()
		Expect(fserr.Text(err, path)).To(Equal("open: no such file or directory"))
		Expect(fserr.Text(fmt.Errorf("reading: %w", err), path)).To(Equal("reading: open: no such file or directory"))
	})

	It("keeps the path of another file, and any other error, as they are", func() {
		path, err := missing()
		Expect(fserr.Text(err, "other.json")).To(Equal(err.Error()))
		Expect(fserr.Text(errors.New("too large"), path)).To(Equal("too large"))
		Expect(func() { fserr.Text(&fs.PathError{Op: "open", Path: path}, path) }).NotTo(Panic(), "a PathError without Err")
	})
})
