package github_test

import (
	"bytes"
	"compress/gzip"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/catalog/github"
)

var _ = Describe("Decode", func() {
	It("reads a catalogue in the embedded form back to the same catalogue", func() {
		var gz bytes.Buffer
		w := gzip.NewWriter(&gz)
		_, err := w.Write(github.GHEC().Encode())
		Expect(err).NotTo(HaveOccurred())
		Expect(w.Close()).To(Succeed())
		c, err := github.Decode(gz.Bytes())
		Expect(err).NotTo(HaveOccurred())
		Expect(c.Encode()).To(Equal(github.GHEC().Encode()))
	})

	It("refuses data that is not gzip, or not a catalogue", func() {
		_, err := github.Decode([]byte("not gzip"))
		Expect(err).To(HaveOccurred())
		var gz bytes.Buffer
		w := gzip.NewWriter(&gz)
		_, _ = w.Write([]byte(`{"not": "a catalogue"`))
		Expect(w.Close()).To(Succeed())
		_, err = github.Decode(gz.Bytes())
		Expect(err).To(HaveOccurred())
	})
})
