package template_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/template"
)

var _ = Describe("ParseRFC6570", func() {
	It("keeps every colon literal, where Parse reads v6's :name", func() {
		t, err := template.ParseRFC6570("/v1/models/{model}:generateContent")
		Expect(err).NotTo(HaveOccurred())
		Expect(t.Vars()).To(Equal([]string{"model"}))
		Expect(t.String()).To(Equal("/v1/models/{model}:generateContent"))
		u, err := template.Parse("/v1/models/{model}:generateContent")
		Expect(err).NotTo(HaveOccurred())
		Expect(u.Vars()).To(Equal([]string{"model", "generateContent"}))
		// Each is cached apart: the same text parses as before.
		again, _ := template.ParseRFC6570("/v1/models/{model}:generateContent")
		Expect(again).To(BeIdenticalTo(t))
	})

	It("is Parse for a template without a :name", func() {
		for _, s := range []string{"/repos/{owner}/{repo}", "/search{?q}", "/a:1/b"} {
			t, err := template.ParseRFC6570(s)
			Expect(err).NotTo(HaveOccurred())
			u, _ := template.Parse(s)
			Expect(t).To(BeIdenticalTo(u), s)
		}
	})

	It("fails as Parse does on a template that is no RFC 6570", func() {
		_, err := template.ParseRFC6570("/x/{a b}:c")
		Expect(err).To(MatchError(template.ErrSyntax))
	})
})
