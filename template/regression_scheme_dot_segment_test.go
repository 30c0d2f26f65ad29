package template_test

// Regression: the dot-segment check skipped "scheme://authority" for any
// scheme, but only http and https URLs are absolute here: the builder
// joins anything else after its base URL as a path. "{+url}" with
// url="a://../c" (or the literal template "x:/{a}/.." with a="") passed
// AppendPath, and the builder built "https://api.github.com/a://../c",
// whose ".." segment a URL normaliser removes with the empty segment
// before it. Now only an http or https authority, in any case, is not
// looked at.

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/template"
)

var _ = Describe("regression: a dot segment after another scheme's //", func() {
	DescribeTable("is a dot segment of the path",
		func(tpl string, vars map[string]any) {
			_, err := mustParse(tpl).AppendPath([]byte("pre"), func(name string) (any, bool) {
				v, ok := vars[name]
				return v, ok
			})
			Expect(err).To(MatchError(template.ErrDotSegment))
		},
		Entry("a {+url} value", "{+url}", map[string]any{"url": "a:/../c"}),
		Entry("a {+url} value, one dot", "{+url}/x", map[string]any{"url": "ftp:/."}),
		Entry("a literal scheme-like prefix", "x:/{a}/..", map[string]any{"a": "b"}),
		Entry("a literal ftp URL", "ftp://../{a}", map[string]any{"a": "b"}),
	)

	DescribeTable("holds an empty segment after another scheme's //, which is the value's own",
		func(tpl string, vars map[string]any) {
			_, err := mustParse(tpl).AppendPath([]byte("pre"), func(name string) (any, bool) {
				v, ok := vars[name]
				return v, ok
			})
			Expect(err).To(MatchError(template.ErrEmptySegment))
		},
		Entry("a {+url} value", "{+url}", map[string]any{"url": "a://../c"}),
		Entry("a {+url} value, one dot", "{+url}/x", map[string]any{"url": "ftp://."}),
	)

	It("reads only http and https, in any case, as having an authority", func() {
		Expect(template.HasDotSegment("a://../c")).To(BeTrue())
		Expect(template.HasDotSegment("git+ssh://./c")).To(BeTrue())
		Expect(template.HasDotSegment("https://../c")).To(BeFalse())
		Expect(template.HasDotSegment("HTTP://../c")).To(BeFalse())
		Expect(template.HasDotSegment("HttpS://h/../c")).To(BeTrue())
		Expect(template.HasDotSegment("httpx://../c")).To(BeTrue())
		Expect(template.HasDotSegmentBytes([]byte("a://../c"))).To(BeTrue())

		out, err := mustParse("{+url}").AppendPath(nil, func(string) (any, bool) { return "https://../c", true })
		Expect(err).NotTo(HaveOccurred())
		Expect(string(out)).To(Equal("https://../c"))
	})
})
