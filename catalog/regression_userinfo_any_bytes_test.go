package catalog_test

import (
	"errors"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/catalog"
	"github.com/endpointkit/endpoint/catalog/github"
	"github.com/endpointkit/endpoint/internal/value"
)

// A route's user information was dropped only up to its first "/", and a
// quoted value's was masked as RedactURL reads text: a password with a
// "/" or a space showed.
var _ = Describe("regression: user information holding any byte", func() {
	It("is masked in an unknown route", func() {
		for _, path := range []string{
			"https://user:pa/ssSECRET@api.github.com/nope",
			"https://user:pa ssSECRET@api.github.com/nope",
			"https://user:pa#ssSECRET@api.github.com/nope",
		} {
			_, err := github.Catalog().Lookup("GET", path)
			Expect(errors.Is(err, catalog.ErrUnknownRoute)).To(BeTrue())
			Expect(err.Error()).NotTo(ContainSubstring("SECRET"), path)
			Expect(err.Error()).To(ContainSubstring("https://[REDACTED]@api.github.com/nope"))
		}
	})

	It("is masked in a quoted value", func() {
		op := mustLookup(typed(), "POST", "/t/{id}")
		err := op.CheckParam("qi", value.Str("https://u:pa ssSECRET@h/"))
		Expect(errors.Is(err, catalog.ErrType)).To(BeTrue())
		Expect(err.Error()).NotTo(ContainSubstring("SECRET"))
		Expect(err.Error()).To(ContainSubstring(`"https://[REDACTED]@h/"`))
	})
})
