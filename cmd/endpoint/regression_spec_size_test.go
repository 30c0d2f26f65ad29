//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// --spec was read whole, whatever its size: --spec /dev/zero filled the
// memory, where every other file the command reads stops at MaxBody.
var _ = Describe("--spec, bounded as every other file", func() {
	petstoreText := func() string {
		GinkgoHelper()
		b, err := os.ReadFile(petstore)
		Expect(err).NotTo(HaveOccurred())
		return string(b)
	}

	It("refuses a regular file larger than the limit before reading it", func() {
		withBodyLimit(1 << 10)
		big := write(GinkgoT().TempDir(), "big.yaml", petstoreText()+"#"+strings.Repeat("x", 4<<10)+"\n")
		inProcess(nil, nil, "--spec", big, "GET /pets").failure("bytes, larger than the body limit of 1 KiB")
		inProcess(nil, nil, "routes", "--spec", big).failure("bytes, larger than the body limit of 1 KiB")
	})

	// fifo returns a named pipe that gives text to one reader.
	fifo := func(text string) string {
		GinkgoHelper()
		path := filepath.Join(GinkgoT().TempDir(), "spec.yaml")
		Expect(syscall.Mkfifo(path, 0o600)).To(Succeed())
		go func() {
			defer GinkgoRecover()
			f, err := os.OpenFile(path, os.O_WRONLY, 0)
			Expect(err).NotTo(HaveOccurred())
			defer f.Close()
			_, _ = f.WriteString(text) // the reader may stop early
		}()
		return path
	}

	It("reads a pipe up to the limit only", func() {
		withBodyLimit(1 << 10)
		inProcess(nil, nil, "--spec", fifo(petstoreText()+"#"+strings.Repeat("x", 4<<10)+"\n"), "GET /pets").
			failure("--spec: larger than the body limit of 1 KiB")
	})

	It("still loads a description from a pipe within the limit", func() {
		r := inProcess(nil, nil, "routes", "--spec", fifo(petstoreText()), "pets/list")
		Expect(r.code).To(Equal(0), r.stderr)
		Expect(r.stdout).To(Equal("GET  /pets  pets/list\n"))
	})
})
