package template_test

// Regression: AppendScalars skips the dot-segment scan for a plain
// template whose segments it judged safe (isDotFree), and it counted a
// {?x} expression as part of the segment it follows. Defined, {?x} starts
// the query with "?", which ends that segment: "/a/..{?x}b" took the
// literal "b" after the expression as the byte that keeps the segment from
// being "..", and with x set expanded to "/a/..?x=1b", a dot segment that
// AppendPathVars refuses, without an error.

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/template"
)

var _ = Describe("regression: a dot segment ended by a {?x} expression", func() {
	DescribeTable("is refused by AppendScalars as by AppendPathVars",
		func(tpl string) {
			t := mustParse(tpl)
			vals := make([]template.Scalar, len(t.Vars()))
			for i := range vals {
				vals[i] = template.IntScalar(1)
			}
			_, err := t.AppendPathVars(nil, func(string) (template.Var, bool) { return template.IntVar(1), true })
			Expect(err).To(MatchError(template.ErrDotSegment))
			out, err := t.AppendScalars([]byte("pre"), vals)
			Expect(err).To(MatchError(template.ErrDotSegment))
			Expect(string(out)).To(Equal("pre"))
		},
		Entry("two dots", "/a/..{?x}b"),
		Entry("one dot", "/a/.{?x}.json"),
		Entry("encoded dots", "/a/%2e%2E{?x,y}/v"),
		Entry("after an expression", "/{a}/..{?x}b"),
	)

	It("still skips the scan where the segment before {?x} is safe", func() {
		Expect(template.DotFree(mustParse("/a/v{?x}.json"))).To(BeTrue())
		Expect(template.DotFree(mustParse("/r/{id}/assets{?name,label}"))).To(BeTrue())
		Expect(template.DotFree(mustParse("/a/..{?x}b"))).To(BeFalse())
	})

	It("expands the segment on when {?x} is undefined", func() {
		t := mustParse("/a/..{?x}b")
		out, err := t.AppendScalars(nil, nil)
		Expect(err).NotTo(HaveOccurred())
		Expect(string(out)).To(Equal("/a/..b"))
	})
})
