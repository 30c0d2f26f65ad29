package template_test

// Regression: ParseRFC6570 caches a template with a colon apart from
// Parse's entry for the same text, under the key "\x00" + text, which it
// took to be no template Parse accepts. But Parse looked its input up in
// the cache before checking it: once ParseRFC6570("/v1/{model}:generate")
// had run, Parse("\x00/v1/{model}:generate"), and a route
// "GET \x00/v1/{model}:generate", returned that template instead of
// ErrSyntax. Parse now never looks up a key that starts with NUL.

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/template"
)

var _ = Describe("regression: ParseRFC6570's cache key", func() {
	It("is not a template Parse returns", func() {
		const text = "/v1/{model}:generateRegression"
		t, err := template.ParseRFC6570(text)
		Expect(err).NotTo(HaveOccurred())
		Expect(t.String()).To(Equal(text))

		got, err := template.Parse("\x00" + text)
		Expect(err).To(MatchError(template.ErrSyntax))
		Expect(got).To(BeNil())

		// Both entries still serve their own callers.
		again, err := template.ParseRFC6570(text)
		Expect(err).NotTo(HaveOccurred())
		Expect(again).To(BeIdenticalTo(t))
		rewritten, err := template.Parse(text)
		Expect(err).NotTo(HaveOccurred())
		Expect(rewritten.String()).To(Equal("/v1/{model}{generateRegression}"))
	})
})
