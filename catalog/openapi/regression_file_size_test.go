package openapi_test

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/catalog/openapi"
)

// LoadFile read a description, and every file it referred to, whole:
// a reference to /dev/zero filled memory.
var _ = Describe("LoadFile's size limit", func() {
	const doc = `{"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{"/x":{"get":{"parameters":[{"$ref":"REF#/p"}],"responses":{"200":{"description":"ok"}}}}}}`
	write := func(ref string) string {
		GinkgoHelper()
		path := filepath.Join(GinkgoT().TempDir(), "api.json")
		Expect(os.WriteFile(path, []byte(strings.ReplaceAll(doc, "REF", ref)), 0o600)).To(Succeed())
		return path
	}

	It("refuses a referenced regular file over MaxFileSize before reading it", func() {
		big := filepath.Join(GinkgoT().TempDir(), "big.json")
		Expect(os.WriteFile(big, nil, 0o600)).To(Succeed())
		Expect(os.Truncate(big, openapi.MaxFileSize+1)).To(Succeed()) // sparse: nothing written
		_, err := openapi.LoadFile(write(big))
		Expect(errors.Is(err, openapi.ErrLoad)).To(BeTrue())
		Expect(err.Error()).To(ContainSubstring("big.json: 134217729 bytes, more than 134217728"))
	})

	It("refuses a description file over the limit", func() {
		defer openapi.SetMaxFileSize(64)()
		_, err := openapi.LoadFile(write("other.json"))
		Expect(errors.Is(err, openapi.ErrLoad)).To(BeTrue())
		Expect(err.Error()).To(ContainSubstring("more than 64"))
	})

	It("reads a device only up to the limit", func() {
		if runtime.GOOS == "windows" {
			Skip("no /dev/zero")
		}
		defer openapi.SetMaxFileSize(1 << 20)()
		_, err := openapi.LoadFile(write("/dev/zero"))
		Expect(errors.Is(err, openapi.ErrLoad)).To(BeTrue())
		Expect(err.Error()).To(ContainSubstring("zero: more than 1048576 bytes"))
	})
})
