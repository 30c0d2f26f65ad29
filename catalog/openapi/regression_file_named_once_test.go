package openapi_test

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/catalog/openapi"
)

// LoadFile's Error quoted the file and then os.Open's error, which names
// it again: `openapi: "spec.json": open spec.json: no such file …`.
var _ = Describe("regression: LoadFile names the file once", func() {
	expectOnce := func(err error, path, cause string, notExist bool) {
		GinkgoHelper()
		Expect(errors.Is(err, openapi.ErrLoad)).To(BeTrue())
		Expect(errors.Is(err, fs.ErrNotExist)).To(Equal(notExist))
		var pe *fs.PathError
		Expect(errors.As(err, &pe)).To(BeTrue())
		Expect(pe.Path).To(Equal(path))
		Expect(err.Error()).To(Equal(fmt.Sprintf("openapi: %q: %s", path, cause)))
		for _, verb := range []string{"%v", "%+v", "%s"} {
			Expect(strings.Count(fmt.Sprintf(verb, err), path)).To(Equal(1), verb)
		}
	}

	It("when it is missing, a directory or too large", func() {
		dir := GinkgoT().TempDir()
		missing := filepath.Join(dir, "nope.json")
		_, err := openapi.LoadFile(missing)
		expectOnce(err, missing, "open: no such file or directory", true)

		_, err = openapi.LoadFile(dir)
		expectOnce(err, dir, "read: is a directory", false)

		defer openapi.SetMaxFileSize(8)()
		big := filepath.Join(dir, "big.json")
		Expect(os.WriteFile(big, []byte(`{"openapi": "3.1.0"}`), 0o600)).To(Succeed())
		_, err = openapi.LoadFile(big)
		expectOnce(err, big, "read: 20 bytes, more than 8", false)
	})

	It("and a file it refers to by that file's path", func() {
		dir := GinkgoT().TempDir()
		spec := filepath.Join(dir, "api.json")
		doc := `{"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{"/x":{"$ref":"gone.json#/x"}}}`
		Expect(os.WriteFile(spec, []byte(doc), 0o600)).To(Succeed())
		_, err := openapi.LoadFile(spec)
		Expect(errors.Is(err, fs.ErrNotExist)).To(BeTrue())
		Expect(strings.Count(err.Error(), spec)).To(Equal(1), err.Error())
		Expect(strings.Count(err.Error(), filepath.Join(dir, "gone.json"))).To(Equal(1), err.Error())
	})
})
