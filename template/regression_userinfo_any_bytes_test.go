package template_test

import (
	"errors"
	"fmt"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/template"
)

// A template that fails to parse was quoted as it is, password and all,
// by the Error and again by the uritemplate module's error it wrapped.
var _ = Describe("regression: a password in a template that fails to parse", func() {
	DescribeTable("shows in no error of the chain, with %v, %+v, %s, %q or %#v",
		func(tmpl, want string) {
			_, err := template.Parse(tmpl)
			Expect(err).To(MatchError(template.ErrSyntax))
			Expect(err.Error()).To(HavePrefix(`template "` + want + `" at offset `))
			for e := err; e != nil; e = errors.Unwrap(e) {
				for _, verb := range []string{"%v", "%+v", "%s", "%q", "%#v"} {
					Expect(fmt.Sprintf(verb, e)).NotTo(ContainSubstring("SECRET"), verb)
				}
			}
			var te *template.Error
			Expect(errors.As(err, &te)).To(BeTrue())
			Expect(te.Template).To(Equal(tmpl), "the field keeps the text")
		},
		Entry("< in the user name", "https://us<er:SECRET@h/x", "https://[REDACTED]@h/x"),
		Entry("a space", "https://u:pa SECRET@h/x", "https://[REDACTED]@h/x"),
		Entry("a > after the password", "https://u:SECRET>@h/{x}", "https://[REDACTED]@h/{x}"),
		Entry("no scheme", "u:SECRET<@h/x", "[REDACTED]@h/x"),
	)

	It("keeps a template with no user information as it is", func() {
		_, err := template.Parse("/x/{a b}@y")
		Expect(err.Error()).To(HavePrefix(`template "/x/{a b}@y" at offset 5: `))
	})
})
