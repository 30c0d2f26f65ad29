package template_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/template"
)

var _ = Describe("VarName", func() {
	DescribeTable("keeps a variable name and encodes anything else so that a template holds it",
		func(name, want string) {
			got := template.VarName(name)
			Expect(got).To(Equal(want))
			t, err := template.Parse("/x{?" + got + "}")
			Expect(err).NotTo(HaveOccurred())
			Expect(t.Vars()).To(Equal([]string{got}))
			out, err := t.Expand(map[string]any{got: "v"})
			Expect(err).NotTo(HaveOccurred())
			Expect(out).To(Equal("/x?" + want + "=v"))
		},
		Entry(nil, "state", "state"),
		Entry(nil, "last.name", "last.name"),
		Entry("GitHub's hyphen", "enterprise-team", "enterprise-team"),
		Entry(nil, "include[]", "include%5B%5D"),
		Entry("OData", "$filter", "%24filter"),
		Entry(nil, "a b", "a%20b"),
		Entry("a dot at an end", "x.", "x%2E"),
		Entry("two dots", "a..b", "a%2E%2Eb"),
		Entry("a percent sign", "a%20b", "a%2520b"),
		Entry("non-ASCII", "straße", "stra%C3%9Fe"),
	)
})
