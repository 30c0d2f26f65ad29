package builder_test

// Regression: fmt and Redacted mask URL user information and sensitive
// query values in every value, and in parameter names and request keys,
// but printed as they were a header name that is not a token (a header
// that is never sent, whose value they mask whole), the names of
// RemoveHeaders, and the media type's format and previews, which Options
// made by hand may hold anything in: `Headers: {"https://u:pass@h": …}`
// printed the password. Expected: each masked as RedactURL masks it.

import (
	"fmt"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
)

var _ = Describe("regression: credentials in header names, removed headers and media type names", func() {
	const secret = "s3cr3tPW"
	withUser := "https://u:" + secret + "@proxy.example/"
	withToken := "https://h.example/x?access_token=" + secret

	o := builder.Options{
		Method: "POST", URL: "/x",
		Headers:       map[string]string{withUser: "v", withToken: "w", "x-ok": "1"},
		RemoveHeaders: []string{withUser, withToken, "x-gone"},
		MediaType:     builder.MediaType{Format: withUser, Previews: []string{withToken, "squirrel-girl"}},
	}
	r := builder.RequestOptions{Method: "post", URL: "https://h.example/x",
		Headers: map[string]string{withUser: "v", withToken: "w", "x-ok": "1"}}

	It("never shows them with fmt or in Redacted", func() {
		for _, x := range []any{o, &o, r, &r, o.Redacted(), r.Redacted()} {
			for _, verb := range []string{"%v", "%+v", "%#v", "%s", "%q"} {
				s := fmt.Sprintf(verb, x)
				Expect(s).NotTo(ContainSubstring(secret), verb)
				Expect(s).To(ContainSubstring(builder.RedactedValue), verb)
			}
		}
		red := o.Redacted()
		Expect(red.Headers).To(HaveLen(3), "two names that mask alike stay apart")
		Expect(red.Headers).To(HaveKeyWithValue("x-ok", "1"))
		Expect(red.RemoveHeaders).To(HaveLen(3))
		Expect(red.RemoveHeaders[2]).To(Equal("x-gone"))
		Expect(red.MediaType.Previews[1]).To(Equal("squirrel-girl"))
		for _, name := range append(append([]string{red.MediaType.Format}, red.RemoveHeaders...), red.MediaType.Previews...) {
			Expect(name).NotTo(ContainSubstring(secret))
		}
		for name := range r.Redacted().Headers {
			Expect(name).NotTo(ContainSubstring(secret))
		}
		Expect(o.Headers).To(HaveKey(withUser), "o is unchanged")
		Expect(o.RemoveHeaders[0]).To(Equal(withUser))
		Expect(strings.Contains(o.MediaType.Format, secret)).To(BeTrue())
	})
})
