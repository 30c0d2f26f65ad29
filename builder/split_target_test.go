package builder_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
)

// SplitTarget is the one reading of "a catalogue's template ends with its
// {?…} expression": WithCatalog's literal query and endpointtest's
// matching of an operation's path both rest on it.
var _ = Describe("SplitTarget", func() {
	DescribeTable("splits before the {?…} expression a template ends with",
		func(target, path, query string) {
			p, q := builder.SplitTarget(target)
			Expect(p).To(Equal(path))
			Expect(q).To(Equal(query))
			Expect(p + q).To(Equal(target))
		},
		Entry("a method with a body", "/repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}",
			"/repos/{owner}/{repo}/releases/{release_id}/assets", "{?name,label}"),
		Entry("an exploded array", "/items{?ids*}", "/items", "{?ids*}"),
		Entry("encoded names", "/things/{%24id}{?include%5B%5D}", "/things/{%24id}", "{?include%5B%5D}"),
		Entry("the last of two", "/a{?x}{?y}", "/a{?x}", "{?y}"),
		Entry("no expression", "/repos/{owner}/{repo}", "/repos/{owner}/{repo}", ""),
		Entry("a literal query", "/user/repos?per_page=100", "/user/repos?per_page=100", ""),
		Entry("an expression not at the end", "/a{?x}/b", "/a{?x}/b", ""),
		Entry("a continuation", "/a?x=1{&y}", "/a?x=1{&y}", ""),
		Entry("an unclosed expression", "/a{?x", "/a{?x", ""),
		Entry("the empty template", "", "", ""),
	)
})
