package template_test

import (
	"errors"
	"fmt"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/template"
)

var _ = Describe("errors and limits", func() {
	It("names the template, offset and cause of a syntax error, in the module's words", func() {
		_, err := template.Parse("/x/{a b}")
		var te *template.Error
		Expect(errors.As(err, &te)).To(BeTrue())
		Expect(te.Template).To(Equal("/x/{a b}"))
		Expect(te.Offset).To(Equal(5))
		Expect(err).To(MatchError(template.ErrSyntax))
		Expect(err.Error()).To(HavePrefix(`template "/x/{a b}" at offset 5: invalid template: `))
		Expect(err.Error()).To(ContainSubstring("unacceptable variable name")) // the module's words
	})

	It("keeps the module's hint whole, and not the template it repeats", func() {
		_, err := template.Parse("/x/a<b")
		Expect(err).To(MatchError(template.ErrSyntax))
		Expect(err.Error()).To(Equal(`template "/x/a<b" at offset 4: invalid template: unacceptable character (hint: use %XX encoding)`))
	})

	It("reports offsets in the rewritten text", func() {
		_, err := template.Parse("/:owner/{a b}")
		var te *template.Error
		Expect(errors.As(err, &te)).To(BeTrue())
		Expect(te.Template).To(Equal("/{owner}/{a b}"))
		Expect(te.Offset).To(Equal(11))
	})

	It("names the variable of an expansion error", func() {
		_, err := template.Expand("/x/{v}", map[string]any{"v": struct{}{}})
		Expect(err.Error()).To(Equal(`template "/x/{v}" at offset 3, variable "v": unsupported value: struct {}`))
	})

	It("shortens long templates in messages but keeps them in the field", func() {
		long := "/" + strings.Repeat("a", 500) + "{"
		_, err := template.Parse(long)
		var te *template.Error
		Expect(errors.As(err, &te)).To(BeTrue())
		Expect(te.Template).To(Equal(long))
		Expect(len(err.Error())).To(BeNumerically("<", 400))
	})

	It("refuses templates longer than MaxLength", func() {
		_, err := template.Parse("/" + strings.Repeat("a", template.MaxLength))
		Expect(err).To(MatchError(template.ErrTooLong))
		_, err = template.Parse("/" + strings.Repeat("a", template.MaxLength-1))
		Expect(err).NotTo(HaveOccurred())
	})

	It("refuses more than MaxExpressions expressions", func() {
		_, err := template.Parse(strings.Repeat("{a}", template.MaxExpressions))
		Expect(err).NotTo(HaveOccurred())
		_, err = template.Parse(strings.Repeat("{a}", template.MaxExpressions+1))
		Expect(err).To(MatchError(template.ErrTooManyExpressions))
		var te *template.Error
		Expect(errors.As(err, &te)).To(BeTrue())
		Expect(te.Offset).To(Equal(3 * template.MaxExpressions))
	})

	It("does not panic on a nil *Template", func() {
		var t *template.Template
		_, err := t.Expand(nil)
		Expect(err).To(MatchError(template.ErrSyntax))
		out, err := t.AppendPath([]byte("x"), nil)
		Expect(err).To(HaveOccurred())
		Expect(string(out)).To(Equal("x"))
		Expect(t.Vars()).To(BeNil())
		Expect(t.SegmentVars()).To(BeNil())
		Expect(t.String()).To(BeEmpty())
		Expect(t.VarIndex("a") >= 0).To(BeFalse())
		var e *template.Error
		Expect(e.Error()).To(Equal("template: <nil>"))
		Expect(e.Unwrap()).To(BeNil())
	})

	Describe("credentials in the text an error quotes", func() {
		numberVerb := "%d" // a verb no error text answers, which prints the fields
		// texts are every way e's text reaches a log line.
		texts := func(e *template.Error) []string {
			return []string{e.Error(), e.Reason(), fmt.Sprintf("%v", e), fmt.Sprintf("%+v", e),
				fmt.Sprintf("%s", e), fmt.Sprintf("%q", e), fmt.Sprintf("%#v", e), fmt.Sprintf(numberVerb, e)}
		}

		DescribeTable("masks a sensitive query or fragment value of a template that fails to parse",
			func(tmpl, want string) {
				_, err := template.Parse(tmpl)
				Expect(err).To(MatchError(template.ErrSyntax))
				var te *template.Error
				Expect(errors.As(err, &te)).To(BeTrue())
				Expect(err.Error()).To(HavePrefix(`template "` + want + `" at offset `))
				for _, text := range texts(te) {
					Expect(text).NotTo(ContainSubstring("S3CRET"))
				}
				Expect(te.Template).To(ContainSubstring("S3CRET"), "the field keeps the text")
				Expect(te.Subject()).To(Equal(te.Template), "and so does Subject")
			},
			Entry("access_token", "/user?access_token=S3CRET{", "/user?access_token=[REDACTED]{"),
			Entry("after another parameter, any case", "/user?a=1&Client_Secret=S3CRET{", "/user?a=1&Client_Secret=[REDACTED]{"),
			Entry("a bracketed name", "/user?user[password]=S3CRET{", "/user?user[password]=[REDACTED]{"),
			Entry("an encoded name", "/user?access%5Ftoken=S3CRET{", "/user?access%5Ftoken=[REDACTED]{"),
			Entry("in the fragment", "/cb#access_token=S3CRET&x={", "/cb#access_token=[REDACTED]&x={"),
			Entry("in an encoded URL", "/cb?next=https%3A%2F%2Fh%2F%3Ftoken%3DS3CRET{", "/cb?next=https%3A%2F%2Fh%2F%3Ftoken%3D[REDACTED]{"),
			Entry("after a reserved expression", "{+url}?token=S3CRET{", "{+url}?token=[REDACTED]{"),
			Entry("with user information too", "https://u:S3CRET@h/x?token=S3CRET{", "https://[REDACTED]@h/x?token=[REDACTED]{"),
		)

		It("masks before it cuts a long template short, so that no part of the value shows", func() {
			tmpl := "/" + strings.Repeat("a", 105) + "?access_token=S3CRET-and-the-rest{"
			_, err := template.Parse(tmpl)
			var te *template.Error
			Expect(errors.As(err, &te)).To(BeTrue())
			for _, text := range texts(te) {
				Expect(text).NotTo(ContainSubstring("S3C"))
			}
		})

		It("masks a Path value a segment error quotes, and a query parameter's name", func() {
			_, err := template.Expand("/a/{p}", map[string]any{"p": template.Path("x?token=S3CRET/..")})
			Expect(err).To(MatchError(template.ErrPathSegment))
			var te *template.Error
			Expect(errors.As(err, &te)).To(BeTrue())
			for e := err; e != nil; e = errors.Unwrap(e) {
				Expect(e.Error()).NotTo(ContainSubstring("S3CRET"))
			}
			for _, text := range texts(te) {
				Expect(text).NotTo(ContainSubstring("S3CRET"))
			}
			Expect(err.Error()).To(HaveSuffix(`segment ".." of "x?token=[REDACTED]"`))

			_, _, err = template.AppendQueryVar(nil, -1, "https://h/?token=S3CRET", template.PairsVar([]string{"a", "1"}))
			Expect(err).To(MatchError(template.ErrValue))
			Expect(errors.As(err, &te)).To(BeTrue())
			Expect(te.Var).To(ContainSubstring("S3CRET"), "the field keeps the name")
			for _, text := range texts(te) {
				Expect(text).NotTo(ContainSubstring("S3CRET"))
			}
		})

		It("prints its fields with %#v, masked, and a nil *Error", func() {
			_, err := template.Parse("/user?access_token=S3CRET{")
			Expect(fmt.Sprintf("%#v", err)).To(Equal(`&template.Error{Template:"/user?access_token=[REDACTED]{", Offset:26, ` +
				`Var:"", Err:errors.New("invalid template: incomplete expression")}`))
			var e *template.Error
			Expect(fmt.Sprintf("%#v", e)).To(Equal("(*template.Error)(nil)"))
			Expect(fmt.Sprintf("%#v", &template.Error{Offset: -1})).To(Equal(`&template.Error{Template:"", Offset:-1, Var:"", Err:<nil>}`))
		})
	})

	It("lists Vars once each in order and finds each by VarIndex", func() {
		t := mustParse("/{b}/{a,b}{?c,a}{&d*}{+e:3}")
		Expect(t.Vars()).To(Equal([]string{"b", "a", "c", "d", "e"}))
		Expect(t.VarIndex("d") >= 0).To(BeTrue())
		Expect(t.VarIndex("x") >= 0).To(BeFalse())
		v := t.Vars()
		v[0] = "changed"
		Expect(t.Vars()[0]).To(Equal("b"))
	})

	It("returns no partial output when a later expression fails", func() {
		out, err := template.Expand("/a/{x}/{y:2}", map[string]any{"x": "ok", "y": []string{"a"}})
		Expect(err).To(MatchError(template.ErrPrefix))
		Expect(out).To(BeEmpty())
		buf, err := mustParse("/a/{x}/{y:2}").AppendPath([]byte("keep"), lookupIn(map[string]any{"x": "ok", "y": []string{"a"}}))
		Expect(err).To(MatchError(template.ErrPrefix))
		Expect(string(buf)).To(Equal("keep"))
	})

	It("accepts exactly what the uritemplate module accepts on the suite's templates", func() {
		for _, file := range suiteFiles {
			cases, err := loadSuite(file)
			Expect(err).NotTo(HaveOccurred())
			for _, c := range cases {
				if usesHyphenExtension(c.Template) {
					continue
				}
				_, modErr := moduleExpand(c.Template, nil)
				Expect(template.Compile(c.Template) == nil).To(Equal(modErr == nil), c.Template)
			}
		}
	})
})

// A template that failed to parse was quoted, password and all, by the Error and
// the uritemplate error it wrapped.
var _ = Describe("a password in a template that fails to parse", Label("regression"), func() {
	DescribeTable("shows in no error of the chain, with %v, %+v, %s, %q, %#v, %d or %x",
		func(tmpl, want string) {
			_, err := template.Parse(tmpl)
			Expect(err).To(MatchError(template.ErrSyntax))
			Expect(err.Error()).To(HavePrefix(`template "` + want + `" at offset `))
			for e := err; e != nil; e = errors.Unwrap(e) {
				for _, verb := range []string{"%v", "%+v", "%s", "%q", "%#v", "%d", "%x"} {
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
