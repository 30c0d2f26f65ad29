package openapi_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/catalog/openapi"
)

// An *Error printed kin-openapi's message as it was, and kin-openapi
// quotes a $ref as the document writes it: a reference to
// https://user:password@host/… or …?access_token=… put the credential
// in the error text, whether the description was given as data or as a
// file (LoadFile masked only its own "only local files" note).
var _ = Describe("a load error on a reference that carries a credential", func() {
	const doc = `{"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{"/x":{"get":{"parameters":[{"$ref":%q}],"responses":{"200":{"description":"ok"}}}}}}`
	refs := []string{
		"https://me:refS3CRET1@specs.example/p.json#/p",
		"http://me:refS3CRET2@127.0.0.1:1/p.json#/p",
		"//me:refS3CRET3@specs.example/p.json#/p",
		"https://specs.example/p.json?access_token=refS3CRET4#/p",
		"https://me:refS3CRET5@specs.example/%zz#/p",
		// A password holding a space, a "/" or a "<", which end user
		// information in text.
		"https://me:ref S3CRET6@specs.example/p.json#/p",
		"https://me:ref/S3CRET7@specs.example/p.json#/p",
		"https://me:ref<S3CRET8@specs.example/p.json#/p",
	}

	expectMasked := func(err error) {
		GinkgoHelper()
		Expect(errors.Is(err, openapi.ErrLoad)).To(BeTrue())
		var e *openapi.Error
		Expect(errors.As(err, &e)).To(BeTrue())
		for _, text := range []string{err.Error(), fmt.Sprintf("%v", err), fmt.Sprintf("%+v", err), fmt.Sprintf("%s", err), fmt.Sprintf("%q", err)} {
			Expect(text).NotTo(ContainSubstring("S3CRET"))
			Expect(text).To(ContainSubstring("[REDACTED]"))
		}
	}

	for _, ref := range refs {
		It("masks it in Load: "+ref, func() {
			_, err := openapi.Load([]byte(fmt.Sprintf(doc, ref)))
			expectMasked(err)
		})

		It("masks it in LoadFile: "+ref, func() {
			path := filepath.Join(GinkgoT().TempDir(), "api.json")
			Expect(os.WriteFile(path, []byte(fmt.Sprintf(doc, ref)), 0o600)).To(Succeed())
			_, err := openapi.LoadFile(path)
			expectMasked(err)
		})
	}

	It("masks a credential in the file name", func() {
		path := filepath.Join(GinkgoT().TempDir(), "api.json?token=nameS3CRET")
		_, err := openapi.LoadFile(path)
		Expect(errors.Is(err, openapi.ErrLoad)).To(BeTrue())
		Expect(err.Error()).NotTo(ContainSubstring("S3CRET"))
		Expect(strings.Count(err.Error(), "[REDACTED]")).To(BeNumerically(">=", 1))
	})
})
