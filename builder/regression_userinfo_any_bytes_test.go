package builder_test

import (
	"context"
	"errors"
	"fmt"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/template"
)

// User information holding a space, "<", "/", "?" or "#" was shown:
// RedactURL ended it there, as text does, and net/url reads such a
// password as a port or a path, or refuses it.
var _ = Describe("regression: user information holding any byte", func() {
	DescribeTable("RedactURL masks it in a URL alone",
		func(in, want string) {
			Expect(builder.RedactURL(in)).To(Equal(want))
		},
		Entry("a space", "https://u:pa ss@h/x", "https://[REDACTED]@h/x"),
		Entry("a < in the user name", "https://u<s:p@h", "https://[REDACTED]@h"),
		Entry("a /, which net/url reads as a port", "https://u:pa/ss@h/api", "https://[REDACTED]@h/api"),
		Entry("a ? and a #", "https://u:p?a#ss@h/api?token=t", "https://[REDACTED]@h/api?token=[REDACTED]"),
		Entry("a tab", "https://u:pa\tss@h/x", "https://[REDACTED]@h/x"),
		Entry("a quote before a colon, which net/url reads", "https://us':pass@host/x", "https://[REDACTED]@host/x"),
		Entry("scheme-relative", "//u:pa ss@h/x", "//[REDACTED]@h/x"),
		Entry("a web scheme without slashes", "https:u:pa ss@h/x", "https:[REDACTED]@h/x"),
		Entry("four slashes, which net/url reads as an empty host", "https:////u:p@h/x", "https:////[REDACTED]@h/x"),
		Entry("a URL net/url reads keeps its path and query", "https://u:p@h/users/@me?q=a@b", "https://[REDACTED]@h/users/@me?q=a@b"),
		Entry("what net/url reads as a port and a path stays (RedactRawURL masks it)", "https://u:12/ab@h/", "https://u:12/ab@h/"),
	)

	DescribeTable("RedactRawURL masks it in a URL, base URL or host as given",
		func(in, want string) {
			Expect(builder.RedactRawURL(in)).To(Equal(want))
		},
		Entry("a space", "https://u:pa ss@h/x", "https://[REDACTED]@h/x"),
		Entry("what net/url reads as a port and a path", "https://u:12/ab@h/api", "https://[REDACTED]@h/api"),
		Entry("no scheme", "x-access-token:T@ghe.example.com/api/v3", "[REDACTED]@ghe.example.com/api/v3"),
		Entry("no scheme, a space", "user:pa ss@host/x", "[REDACTED]@host/x"),
		Entry("no scheme, a /", "user:pa/ss@host/x", "[REDACTED]@host/x"),
		Entry("no scheme, // in the password", "user:pa//ss@host", "[REDACTED]@host"),
		Entry("a token in the query too", "user:p@host/?access_token=t", "[REDACTED]@host/?access_token=[REDACTED]"),
		Entry("a path", "/api/v3", "/api/v3"),
		Entry("a host", "ghe.example.com:8443", "ghe.example.com:8443"),
		Entry("an @ in a path is taken for the end of user information", "https://h/logo@2x.png", "https://[REDACTED]@2x.png"),
		Entry("empty", "", ""),
	)

	It("masks the input of an Error made by hand, however printed", func() {
		e := &builder.Error{Op: "base url", Input: "https://u:pa ss@h/x", Err: builder.ErrInvalidBaseURL}
		for _, s := range []string{e.Error(), fmt.Sprintf("%v", e), fmt.Sprintf("%#v", e), fmt.Sprintf("%q", e)} {
			Expect(s).NotTo(ContainSubstring("pa ss"))
			Expect(s).To(ContainSubstring("https://[REDACTED]@h/x"))
		}
		e = &builder.Error{Op: "route", Input: "GET user:pa ss@h/x", Err: builder.ErrInvalidRoute}
		Expect(e.Error()).To(Equal(`endpoint: route "GET [REDACTED]@h/x": invalid route`))
	})

	It("keeps an Error's Input masked, so that it can be logged as it is", func() {
		_, err := builder.New().Route("GET /x").BaseURL("https://u:pa/ss@h/api").Build()
		var e *builder.Error
		Expect(errors.As(err, &e)).To(BeTrue())
		Expect(e.Input).To(Equal("https://[REDACTED]@h/api"))
		_, err = builder.RequestOptions{Method: "GET", URL: "u:pa ss@h/x"}.HTTPRequest(context.Background())
		Expect(errors.As(err, &e)).To(BeTrue())
		Expect(e.Input).To(Equal("[REDACTED]@h/x"))
		_, err = builder.New().Route("GET https://u:pa ss@h/x").Build()
		Expect(errors.As(err, &e)).To(BeTrue())
		Expect(e.Input).To(Equal("GET https://[REDACTED]@h/x"))
	})

	It("masks a template's password in the template's own error, which errors.As finds", func() {
		_, err := builder.New().Route("GET https://us<er:secret@h/x").Build()
		Expect(err).To(MatchError(template.ErrSyntax))
		var te *template.Error
		Expect(errors.As(err, &te)).To(BeTrue())
		Expect(te.Error()).NotTo(ContainSubstring("secret"))
		Expect(te.Template).To(Equal("https://us<er:secret@h/x"), "the field keeps the text")
		for e := error(te); e != nil; e = errors.Unwrap(e) {
			Expect(e.Error()).NotTo(ContainSubstring("secret"))
		}
	})

	It("says why net/url refuses a URL without a piece of its password", func() {
		_, err := builder.New().Route("GET https://user:pa/ss@h/api").Build()
		Expect(err).To(MatchError(builder.ErrInvalidHost))
		Expect(err.Error()).To(Equal(`endpoint: parse "https://[REDACTED]@h/api": invalid host: invalid user information (percent-encode it)`))
		_, err = builder.New().Route("GET /x").BaseURL("https://user:pa%zz@h/api%zz").Build()
		Expect(err).To(MatchError(builder.ErrInvalidBaseURL))
		Expect(err.Error()).To(HaveSuffix(`invalid host: invalid URL escape "%zz"`))
		Expect(err.Error()).NotTo(ContainSubstring("pa%"))
	})
})
