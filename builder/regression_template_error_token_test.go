package builder_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	endpoint "github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/template"
)

// A route or URL that failed to parse as a template was quoted by the
// *template.Error inside the *builder.Error with its user information
// masked but not its sensitive query parameters: that rule was
// builder.RedactURL's, which the template package cannot import. The
// outer message masked "?access_token=…"; errors.Unwrap of it, %#v of
// it, or the inner error logged on its own showed the token.
var _ = Describe("regression: a template error over a URL that holds a token", func() {
	// templateCalls are the public entry points that parse target, a
	// route's target or a URL, as a template, by name.
	templateCalls := func(target string) map[string]func() error {
		build := func(b *builder.Builder) func() error {
			return func() error { _, err := b.Build(); return err }
		}
		return map[string]func() error{
			"route":                build(endpoint.Route("GET " + target)),
			"route without method": build(endpoint.Route(target)),
			"Builder.URL":          build(endpoint.Route("GET /x").URL(target)),
			"endpoint.Build":       func() error { _, err := endpoint.Build("GET "+target, builder.Options{}); return err },
			"URL option": func() error {
				_, err := endpoint.Build("", builder.Options{Method: "GET", URL: target})
				return err
			},
			"endpoint.Parse": func() error {
				_, err := endpoint.Parse(builder.Options{Method: "GET", URL: target})
				return err
			},
			"WithURL": func() error {
				_, err := endpoint.Defaults(endpoint.WithMethod("GET"), endpoint.WithURL(target)).Build("", builder.Options{})
				return err
			},
			"WithRoute": func() error {
				_, err := endpoint.Defaults(endpoint.WithRoute("GET "+target)).Build("", builder.Options{})
				return err
			},
			"options JSON": func() error {
				b, _ := json.Marshal(map[string]string{"method": "GET", "url": target})
				_, err := endpoint.Defaults().BuildJSON("", b)
				return err
			},
			"Builder.HTTPRequest": func() error {
				_, err := endpoint.Route("GET " + target).HTTPRequest(context.Background())
				return err
			},
		}
	}

	DescribeTable("no error of the chain shows it, however printed",
		func(target string, is error, secrets ...string) {
			for site, call := range templateCalls(target) {
				err := call()
				Expect(err).To(MatchError(is), "%s(%q)", site, target)
				var te *template.Error
				Expect(errors.As(err, &te)).To(BeTrue(), "%s(%q): a template's error: %v", site, target, err)
				expectChainHides(err, site, secrets...)
			}
		},
		Entry("access_token", "/user?access_token=S3CRETa1{", template.ErrSyntax, "S3CRETa1"),
		Entry("client_secret after another parameter", "/user?per_page=1&client_secret=S3CRETa2{", template.ErrSyntax, "S3CRETa2"),
		Entry("refresh_token, the error after it", "/user?refresh_token=S3CRETa3&x={", template.ErrSyntax, "S3CRETa3"),
		Entry("token inside an unclosed expression", "/user{?token=S3CRETa4", template.ErrSyntax, "S3CRETa4"),
		Entry("PASSWORD in capitals", "/user?PASSWORD=S3CRETa5{", template.ErrSyntax, "S3CRETa5"),
		Entry("private_key", "/keys?private_key=S3CRETa6{", template.ErrSyntax, "S3CRETa6"),
		Entry("a bracketed name", "/user?user[password]=S3CRETa7{", template.ErrSyntax, "S3CRETa7"),
		Entry("a list name", "/user?token[]=S3CRETa8{", template.ErrSyntax, "S3CRETa8"),
		Entry("a percent-encoded name", "/user?access%5Ftoken=S3CRETa9{", template.ErrSyntax, "S3CRETa9"),
		Entry("in a percent-encoded URL", "/login?redirect_uri=https%3A%2F%2Fh%2Fcb%3Faccess_token%3DS3CRETb1{",
			template.ErrSyntax, "S3CRETb1"),
		Entry("in a URL encoded twice", "/login?next=https%253A%252F%252Fh%252F%253Ftoken%253DS3CRETb2{", template.ErrSyntax, "S3CRETb2"),
		Entry("in the fragment", "/cb#access_token=S3CRETb3&state={", template.ErrSyntax, "S3CRETb3"),
		Entry("after a semicolon", "/x;token=S3CRETb4{", template.ErrSyntax, "S3CRETb4"),
		Entry("with user information", "https://u:S3CRETb5@h.test/x?token=S3CRETb6{", template.ErrSyntax, "S3CRETb5", "S3CRETb6"),
		Entry("after a {+url} variable", "{+url}?access_token=S3CRETb7{", template.ErrSyntax, "S3CRETb7"),
		Entry("after a :name", "/repos/:owner?client_secret=S3CRETb8{", template.ErrSyntax, "S3CRETb8"),
		Entry("after the fault", "/x/{|a}?token=S3CRETb9", template.ErrSyntax, "S3CRETb9"),
		Entry("where the quote is cut short", "/"+strings.Repeat("a", 100)+"?access_token=S3CRETc1-and-more{",
			template.ErrSyntax, "S3C"),
		Entry("past MaxLength", "/x?access_token=S3CRETc2&a="+strings.Repeat("a", template.MaxLength), template.ErrTooLong, "S3CRETc2"),
	)

	It("hides a token in a value that a template's error quotes", func() {
		calls := map[string]func() error{
			"a Path value with a dot segment": func() error {
				_, err := endpoint.Route("GET /a/{p}").Param("p", template.Path("x?access_token=S3CRETd1/..")).Build()
				return err
			},
			"a Path value holding a URL": func() error {
				_, err := endpoint.Route("GET /a/{p}").Param("p", template.Path("https://u:S3CRETd1@h/x?token=S3CRETd1/..")).Build()
				return err
			},
			"a Path value, in one step": func() error {
				_, err := endpoint.Route("GET /a/{p}").Param("p", template.Path("x?token=S3CRETd1/.")).HTTPRequest(context.Background())
				return err
			},
			"a query parameter named by a URL": func() error {
				_, err := endpoint.Route("GET /search").Param("https://h/cb?client_secret=S3CRETd1", []any{[]any{1}}).Build()
				return err
			},
		}
		for site, call := range calls {
			err := call()
			Expect(err).To(HaveOccurred(), site)
			var te *template.Error
			Expect(errors.As(err, &te)).To(BeTrue(), "%s: a template's error: %v", site, err)
			expectChainHides(err, site, "S3CRETd1")
		}
	})

	// A base URL is refused before a template reads it, so this held
	// before the fix too: it keeps the base URL among the inputs that
	// are checked.
	It("hides a token in a base URL that holds a brace", func() {
		for _, base := range []string{"https://h.test/api{?access_token=S3CRETe1", "https://h.test/api?token=S3CRETe1{"} {
			calls := map[string]func() error{
				"Builder.BaseURL": func() error { _, err := endpoint.Route("GET /x").BaseURL(base).Build(); return err },
				"WithBaseURL": func() error {
					_, err := endpoint.Defaults(endpoint.WithBaseURL(base)).Route("GET /x").Build()
					return err
				},
			}
			for site, call := range calls {
				err := call()
				Expect(err).To(MatchError(builder.ErrInvalidBaseURL), site)
				var te *template.Error
				Expect(errors.As(err, &te)).To(BeFalse(), "%s: refused before any template reads it", site)
				expectChainHides(err, site, "S3CRETe1")
			}
		}
	})

	It("still says where and what, with the parameter's name", func() {
		_, err := endpoint.Route("GET /user?access_token=S3CRET{").Build()
		Expect(err.Error()).To(Equal(`endpoint: parse "/user?access_token=[REDACTED]{": at offset 26: invalid template: incomplete expression`))
		Expect(errors.Unwrap(err).Error()).To(Equal(`template "/user?access_token=[REDACTED]{" at offset 26: invalid template: incomplete expression`))
	})
})

// expectChainHides checks that no error err's Unwrap methods reach (one
// error or several) shows a secret, nor the secret as %q escapes it, in
// Error() or printed with %v, %+v, %s, %q or %#v.
func expectChainHides(err error, site string, secrets ...string) {
	GinkgoHelper()
	var walk func(e error, depth int)
	walk = func(e error, depth int) {
		if e == nil {
			return
		}
		Expect(depth).To(BeNumerically("<", 20), "%s: an Unwrap cycle", site)
		texts := []string{e.Error()}
		for _, verb := range []string{"%v", "%+v", "%s", "%q", "%#v"} {
			texts = append(texts, fmt.Sprintf(verb, e))
		}
		for _, text := range texts {
			for _, s := range secrets {
				q := strconv.Quote(s)
				Expect(text).NotTo(ContainSubstring(s), "%s: %T: %s", site, e, text)
				Expect(text).NotTo(ContainSubstring(q[1:len(q)-1]), "%s: %T: %s", site, e, text)
			}
		}
		switch u := e.(type) {
		case interface{ Unwrap() error }:
			walk(u.Unwrap(), depth+1)
		case interface{ Unwrap() []error }:
			for _, c := range u.Unwrap() {
				walk(c, depth+1)
			}
		}
	}
	walk(err, 0)
}
