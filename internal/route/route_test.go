package route_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/internal/route"
)

// SplitTarget is the one reading of "a catalogue's template ends with its
// {?…} expression": WithCatalog's literal query and endpointtest's
// matching of an operation's path both rest on it.
var _ = Describe("SplitTarget", func() {
	DescribeTable("splits before the {?…} expression a template ends with",
		func(target, path, query string) {
			p, q := route.SplitTarget(target)
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

var _ = Describe("Split", func() {
	DescribeTable("reads METHOD SP target, or a target alone",
		func(r, method, target string, ok bool) {
			m, t, good := route.Split(r)
			Expect(good).To(Equal(ok))
			Expect([]string{m, t}).To(Equal([]string{method, target}))
		},
		Entry("a route", "GET /repos/{owner}", "GET", "/repos/{owner}", true),
		Entry("a target alone", "/x", "", "/x", true),
		Entry("an absolute target alone", "https://h/x", "", "https://h/x", true),
		Entry("the empty route", "", "", "", true),
		Entry("two spaces", "GET  /x", "", "", false),
		Entry("a method that is no token", "G(T /x", "", "", false),
		Entry("no space", "GET/x", "", "", false),
		Entry("a space in the target", "GET /x y", "", "", false),
		Entry("a tab in the target", "GET /x\ty", "", "", false),
		Entry("a method alone", "GET", "", "", false),
		Entry("a relative target alone", "repos/o", "", "", false),
	)

	DescribeTable("tells a target that starts with a host",
		func(target string, host bool) {
			Expect(route.HostFirst(target)).To(Equal(host))
		},
		Entry("a host and a path", "api.github.com/repos/o/r", true),
		Entry("a host alone", "api.github.com", true),
		Entry("a port", "localhost:3000/x", true),
		Entry("a relative path", "repos/o/r", false),
		Entry("a path", "/repos/o/r.json", false),
		Entry("an absolute URL", "https://api.github.com/x", false),
		Entry("a template", "{owner}.github.io/x", false),
		Entry("a scheme-like prefix", "x:/a", false),
		Entry("the empty target", "", false),
	)
})

var _ = Describe("PathBounds", func() {
	DescribeTable("finds a template's path part",
		func(s, path string) {
			start, end := route.PathBounds(s)
			Expect(s[start:end]).To(Equal(path))
		},
		Entry("a relative template", "/repos/{o}{?q}", "/repos/{o}"),
		Entry("an absolute template", "https://h/api/{x}{?q}", "/api/{x}"),
		Entry("a literal query", "/a?b=1", "/a"),
		Entry("a fragment", "/a#f", "/a"),
		Entry("a continuation", "/a{&b}", "/a"),
		Entry("an unclosed expression", "/a/{b", "/a/"),
		Entry("no path", "https://h", ""),
	)
})

var _ = Describe("QueryBounds", func() {
	DescribeTable("finds a template's literal query, up to a fragment",
		func(s string, q, end int) {
			gotQ, gotEnd := route.QueryBounds(s)
			Expect([]int{gotQ, gotEnd}).To(Equal([]int{q, end}))
		},
		Entry("none", "/a/{b}", -1, 6),
		Entry("a literal query", "/x?a=1{&b}#f", 2, 10),
		Entry("a ? inside an expression is not one", "/x{?a}", -1, 6),
		Entry("a fragment first", "/x#f?a=1", -1, 2),
		Entry("a # inside an expression is not a fragment", "/x?a={#b}c", 2, 10),
	)
})
