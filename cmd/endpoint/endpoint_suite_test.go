package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

func TestEndpointCommand(t *testing.T) {
	RegisterFailHandler(Fail)
	RunSpecs(t, "cmd/endpoint")
}

// binary is the endpoint command, built once for the whole suite.
var binary string

var _ = SynchronizedBeforeSuite(func() []byte {
	dir, err := os.MkdirTemp("", "endpoint-cli-")
	Expect(err).NotTo(HaveOccurred())
	path := filepath.Join(dir, "endpoint")
	// Without the symbol table and DWARF, which nothing here reads: a
	// third less linking.
	out, err := exec.Command("go", "build", "-ldflags=-s -w", "-o", path, ".").CombinedOutput()
	Expect(err).NotTo(HaveOccurred(), string(out))
	return []byte(path)
}, func(path []byte) {
	binary = string(path)
})

var _ = SynchronizedAfterSuite(func() {}, func() {
	Expect(os.RemoveAll(filepath.Dir(binary))).To(Succeed())
})
