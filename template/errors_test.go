package template_test

import (
	"errors"
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
		Expect(t.Uses("a")).To(BeFalse())
		var e *template.Error
		Expect(e.Error()).To(Equal("template: <nil>"))
		Expect(e.Unwrap()).To(BeNil())
	})

	It("lists Vars once each in order and reports Uses", func() {
		t := mustParse("/{b}/{a,b}{?c,a}{&d*}{+e:3}")
		Expect(t.Vars()).To(Equal([]string{"b", "a", "c", "d", "e"}))
		Expect(t.Uses("d")).To(BeTrue())
		Expect(t.Uses("x")).To(BeFalse())
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
