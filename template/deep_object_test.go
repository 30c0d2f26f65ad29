package template_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/template"
)

// OpenAPI's deepObject style has no RFC 6570 form: DeepObjectVar writes
// it, in a query expression and after a URL, with OpenAPI 3.1.1's Style
// Examples as the reference (its brackets percent-encoded).
var _ = Describe("DeepObjectVar", func() {
	color := template.DeepObjectVar([]string{"R", "100", "G", "200", "B", "150"})
	expand := func(tmpl string, vars map[string]template.Var) (string, error) {
		t, err := template.ParseRFC6570(tmpl)
		Expect(err).NotTo(HaveOccurred())
		vals := make([]template.Var, len(t.Vars()))
		for i, name := range t.Vars() {
			vals[i] = vars[name]
		}
		out, err := t.AppendVars(nil, vals)
		return string(out), err
	}

	It("writes the Style Examples' object as name[key]=value pairs in a query expression", func() {
		Expect(expand("/x{?color}", map[string]template.Var{"color": color})).To(Equal("/x?color%5BR%5D=100&color%5BG%5D=200&color%5BB%5D=150"))
		Expect(expand("/x?a=1{&color,q}", map[string]template.Var{"color": color, "q": template.StringVar("s")})).
			To(Equal("/x?a=1&color%5BR%5D=100&color%5BG%5D=200&color%5BB%5D=150&q=s"))
		// The explode modifier changes nothing: every member is a pair.
		Expect(expand("/x{?q,color*}", map[string]template.Var{"color": color, "q": template.StringVar("s")})).
			To(Equal("/x?q=s&color%5BR%5D=100&color%5BG%5D=200&color%5BB%5D=150"))
	})

	It("encodes keys and values, and a name the template holds encoded stays so", func() {
		v := template.DeepObjectVar([]string{"a]&b", "x=y#z", "", "é"})
		Expect(expand("{?f%24}", map[string]template.Var{"f%24": v})).To(Equal("?f%24%5Ba%5D%26b%5D=x%3Dy%23z&f%24%5B%5D=%C3%A9"))
	})

	It("is appended after a URL by AppendQueryVar", func() {
		out, _, err := template.AppendQueryVar([]byte("/x"), -1, "color", color)
		Expect(err).NotTo(HaveOccurred())
		Expect(string(out)).To(Equal("/x?color%5BR%5D=100&color%5BG%5D=200&color%5BB%5D=150"))
		out, q, err := template.AppendQueryVar([]byte("/x?a=1"), 2, "c!", template.DeepObjectVar([]string{"k k", "v"}))
		Expect(err).NotTo(HaveOccurred())
		Expect(string(out)).To(Equal("/x?a=1&c!%5Bk%20k%5D=v"))
		Expect(q).To(Equal(2))
	})

	It("is undefined when empty", func() {
		Expect(expand("/x{?color}", map[string]template.Var{"color": template.DeepObjectVar(nil)})).To(Equal("/x"))
		out, _, err := template.AppendQueryVar([]byte("/x"), -1, "color", template.DeepObjectVar([]string{"odd"}))
		Expect(err).NotTo(HaveOccurred())
		Expect(string(out)).To(Equal("/x"))
	})

	It("has no place outside a query expression", func() {
		for _, tmpl := range []string{"/x/{color}", "/x{.color}", "/x{;color}", "/x{/color}", "/x{#color}", "/x/{+color}"} {
			_, err := expand(tmpl, map[string]template.Var{"color": color})
			Expect(err).To(MatchError(template.ErrValue), tmpl)
			Expect(err).To(MatchError(ContainSubstring("deepObject")), tmpl)
		}
	})
})
