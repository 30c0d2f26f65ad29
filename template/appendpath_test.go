package template_test

import (
	"errors"
	"testing"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/template"
)

func lookupIn(vars map[string]any) func(string) (any, bool) {
	return func(name string) (any, bool) {
		v, ok := vars[name]
		return v, ok
	}
}

func mustParse(s string) *template.Template {
	GinkgoHelper()
	t, err := template.Parse(s)
	Expect(err).NotTo(HaveOccurred())
	return t
}

var _ = Describe("AppendPath", func() {
	It("appends the expansion to dst", func() {
		t := mustParse("/repos/{owner}/{repo}/issues{?state,labels}")
		out, err := t.AppendPath([]byte("https://api.github.com"), lookupIn(map[string]any{
			"owner": "octo cat", "repo": "hello", "state": "open", "labels": []string{"bug", "ui"},
		}))
		Expect(err).NotTo(HaveOccurred())
		Expect(string(out)).To(Equal("https://api.github.com/repos/octo%20cat/hello/issues?state=open&labels=bug,ui"))
	})

	It("treats a nil lookup as no values", func() {
		out, err := mustParse("/x{?a}").AppendPath(nil, nil)
		Expect(err).NotTo(HaveOccurred())
		Expect(string(out)).To(Equal("/x"))
	})

	DescribeTable("lists the variables the path requires in SegmentVars: those of {x} and {+x} in the path part",
		func(tpl string, want []string) {
			Expect(mustParse(tpl).SegmentVars()).To(Equal(want))
		},
		Entry("between slashes and at the end", "/repos/{owner}/{repo}", []string{"owner", "repo"}),
		Entry(":name form", "/orgs/:org/repos/:repo_id", []string{"org", "repo_id"}),
		Entry("before ? # literals", "/a/{x}?y=1", []string{"x"}),
		Entry("before #", "/a/{x}#f", []string{"x"}),
		Entry("before {?} {&} {#} {/} {.}", "/a/{p}{?q}", []string{"p"}),
		Entry("before {&}", "/a/{p}{&q}", []string{"p"}),
		Entry("before {#}", "/a/{p}{#q}", []string{"p"}),
		Entry("before {/}", "/a/{p}{/q}", []string{"p"}),
		Entry("before {.}", "/a/{p}{.ext}", []string{"p"}),
		Entry("template start without scheme", "{x}/y", []string{"x"}),
		Entry("once each", "/{x}/{x}", []string{"x"}),
		Entry("absolute template path", "https://h:1/{x}", []string{"x"}),
		Entry("inside a segment", "/a/v{x}/{y}z/x{z}y", []string{"x", "y", "z"}),
		Entry("two expressions in a segment", "/a/{x}{y}", []string{"x", "y"}),
		Entry("after an operator expression", "/a{/b}{x}", []string{"x"}),
		Entry("several variables", "/a/{x,y}", []string{"x", "y"}),
		Entry("a prefix", "/a/{x:3}", []string{"x"}),
		Entry("explode", "/a/{x*}", []string{"x"}),
		Entry("not: operators, which may be left out", "/a/{/y}/{.z}/{#w}", []string(nil)),
		Entry("reserved expansion too", "/a/{+x}/b/{+y}", []string{"x", "y"}),
		Entry("not: in the query", "/a?b=/{x}/", []string(nil)),
		Entry("not: after {?...}", "/a{?q}/{x}/", []string(nil)),
		Entry("not: in the fragment", "/a#/{x}/", []string(nil)),
		Entry("not: in the authority", "https://{host}/x", []string(nil)),
		Entry("before a literal character", "/a/{x}.json", []string{"x"}),
		Entry(":name inside a segment", "/x/:foo.bar", []string{"foo"}),
		Entry("a hyphenated :name", "/x/:foo-bar", []string{"foo-bar"}),
	)

	DescribeTable("refuses an undefined variable of {x} or {+x} in the path with ErrMissing, naming it (issue 34, items 2 and 3)",
		func(tpl string, vars map[string]any, name string) {
			out, err := mustParse(tpl).AppendPath([]byte("base"), lookupIn(vars))
			Expect(err).To(MatchError(template.ErrMissing))
			Expect(string(out)).To(Equal("base"))
			var te *template.Error
			Expect(errors.As(err, &te)).To(BeTrue())
			Expect(te.Var).To(Equal(name))
		},
		Entry("a segment of two expressions", "/a/{x}{y}/b", nil, "x"),
		Entry("one variable list", "/a/{x,y}/b", nil, "x"),
		Entry("two reserved expressions", "/a/{+x}{+y}/b", nil, "x"),
		Entry("a comparison's base, nil", "/repos/{owner}/{repo}/compare/{base}...{head}", map[string]any{"owner": "o", "repo": "r", "base": nil, "head": "main"}, "base"),
		Entry("inside a segment", "/a/v{x}", nil, "x"),
		Entry("before a literal", "/files/{name}.json", map[string]any{"name": []string{}}, "name"),
	)

	DescribeTable("refuses an empty value before more of the path with ErrMissing, naming it: never a // (issues 33 and 34, item 1)",
		func(tpl string, vars map[string]any, name string) {
			out, err := mustParse(tpl).AppendPath([]byte("base"), lookupIn(vars))
			Expect(err).To(MatchError(template.ErrMissing))
			Expect(string(out)).To(Equal("base"))
			var te *template.Error
			Expect(errors.As(err, &te)).To(BeTrue())
			Expect(te.Var).To(Equal(name))
			Expect(err.Error()).To(ContainSubstring("empty, with more of the path after it"))
		},
		Entry("an owner", "/repos/{owner}/{repo}/issues", map[string]any{"owner": "", "repo": "r"}, "owner"),
		Entry("the first segment", "/{a}/x", map[string]any{"a": ""}, "a"),
		Entry("reserved", "/x/{+p}/y", map[string]any{"p": ""}, "p"),
		Entry("two expressions, both empty", "/a/{x}{y}/b", map[string]any{"x": "", "y": ""}, "x"),
		Entry("a path expression given the empty string", "/a{/x}/b", map[string]any{"x": ""}, "x"),
		Entry("before a literal slash at the end", "/a/{x}/", map[string]any{"x": ""}, "x"),
		Entry(":name form", "/repos/:owner/:repo", map[string]any{"owner": "", "repo": "r"}, "owner"),
	)

	DescribeTable("refuses an undefined whole-segment variable with ErrMissing",
		func(tpl string, vars map[string]any) {
			dst := []byte("base")
			out, err := mustParse(tpl).AppendPath(dst, lookupIn(vars))
			Expect(err).To(MatchError(template.ErrMissing))
			Expect(string(out)).To(Equal("base"))
			var te *template.Error
			Expect(errors.As(err, &te)).To(BeTrue())
			Expect(te.Var).To(Equal("repo"))
			Expect(err.Error()).To(ContainSubstring(`variable "repo"`))
		},
		Entry("absent", "/repos/{owner}/{repo}", map[string]any{"owner": "o"}),
		Entry("nil", "/repos/{owner}/{repo}/x", map[string]any{"owner": "o", "repo": nil}),
		Entry("empty list", "/repos/{owner}/{repo}?x", map[string]any{"owner": "o", "repo": []string{}}),
		Entry(":name form", "/repos/:owner/:repo", map[string]any{"owner": "o"}),
		Entry("absent reserved", "/repos/{owner}/{+repo}/x", map[string]any{"owner": "o"}),
	)

	DescribeTable("takes the empty string as a value, as v6 does",
		func(tpl string, vars map[string]any, want string) {
			out, err := mustParse(tpl).AppendPath(nil, lookupIn(vars))
			Expect(err).NotTo(HaveOccurred())
			Expect(string(out)).To(Equal(want))
		},
		Entry("a file path of the root", "/repos/{owner}/{repo}/contents/{path}", map[string]any{"owner": "o", "repo": "r", "path": ""}, "/repos/o/r/contents/"),
		Entry("an empty Path", "/repos/{owner}/{repo}/contents/{path}", map[string]any{"owner": "o", "repo": "r", "path": template.Path("")}, "/repos/o/r/contents/"),
		Entry("before the query", "/repos/{owner}/{repo}/contents/{path}{?ref}", map[string]any{"owner": "o", "repo": "r", "path": "", "ref": "main"}, "/repos/o/r/contents/?ref=main"),
		Entry("a path expression at the end", "/a{/x}", map[string]any{"x": ""}, "/a/"),
	)

	DescribeTable("refuses a relative expansion that starts with // with ErrEmptySegment",
		func(tpl string, vars map[string]any) {
			out, err := mustParse(tpl).AppendPath([]byte("base"), lookupIn(vars))
			Expect(err).To(MatchError(template.ErrEmptySegment))
			Expect(string(out)).To(Equal("base"))
		},
		Entry("a literal", "//example.com/x", nil),
		Entry("a reserved value", "{+p}/x", map[string]any{"p": "//evil.com"}),
		Entry("a reserved value after a slash", "/{+p}", map[string]any{"p": "/x"}),
		Entry("an exploded path list", "{/p*}", map[string]any{"p": []string{"", "x"}}),
		Entry("a reserved value's own //, mid-path", "/a/{+p}", map[string]any{"p": "b//c"}),
		Entry("a literal, with :// in its query", "//evil.com/x?r=https://a", nil),
		Entry("a reserved value, with :// in the query", "{+p}/x?r=https://a", map[string]any{"p": "//evil.com"}),
	)

	It("keeps // inside an absolute template's path and after the first segment", func() {
		out, err := mustParse("https://h//x").AppendPath(nil, nil)
		Expect(err).NotTo(HaveOccurred())
		Expect(string(out)).To(Equal("https://h//x"))
		out, err = mustParse("/a//b").AppendPath(nil, nil)
		Expect(err).NotTo(HaveOccurred())
		Expect(string(out)).To(Equal("/a//b"))
	})

	DescribeTable("refuses a whole-segment value of . or .. with ErrDotSegment",
		func(v any) {
			_, err := mustParse("/repos/{owner}/{repo}/issues").AppendPath(nil, lookupIn(map[string]any{"owner": "o", "repo": v}))
			Expect(err).To(MatchError(template.ErrDotSegment))
			var te *template.Error
			Expect(errors.As(err, &te)).To(BeTrue())
			Expect(te.Var).To(Equal("repo"))
		},
		Entry(nil, "."),
		Entry(nil, ".."),
		Entry(nil, []string{".."}),
	)

	It("allows dots that are not the whole segment, and dots outside segments", func() {
		t := mustParse("/a/{x}/b{y}/{z}")
		out, err := t.AppendPath(nil, lookupIn(map[string]any{"x": "...", "y": "..", "z": ".x"}))
		Expect(err).NotTo(HaveOccurred())
		Expect(string(out)).To(Equal("/a/.../b../.x"))
	})

	It("applies Path rules, then the segment rules", func() {
		t := mustParse("/contents/{path}")
		out, err := t.AppendPath(nil, lookupIn(map[string]any{"path": template.Path("docs/a b#c?.md")}))
		Expect(err).NotTo(HaveOccurred())
		Expect(string(out)).To(Equal("/contents/docs/a%20b%23c%3F.md"))
		_, err = t.AppendPath(nil, lookupIn(map[string]any{"path": template.Path("a/../b")}))
		Expect(err).To(MatchError(template.ErrPathSegment))
	})

	It("does not apply segment rules in Expand", func() {
		Expect(expand("/repos/{owner}/{repo}", map[string]any{"repo": ".."})).To(Equal("/repos//.."))
	})

	It("allocates nothing beyond growing dst for string and int values", func() {
		if raceEnabled {
			// Under -race, a stack slice the plain build keeps escapes;
			// go test without -race (CI's first step) checks it.
			Skip("allocation counts differ under the race detector")
		}
		t := mustParse("/repos/{owner}/{repo}/issues/{number}{?state,page}")
		vars := map[string]any{"owner": "octo cat", "repo": "hello-world", "number": 1347, "state": "open", "page": int64(3)}
		lookup := lookupIn(vars)
		buf := make([]byte, 0, 256)
		allocs := testing.AllocsPerRun(200, func() {
			var err error
			buf, err = t.AppendPath(buf[:0], lookup)
			if err != nil {
				panic(err)
			}
		})
		Expect(string(buf)).To(Equal("/repos/octo%20cat/hello-world/issues/1347?state=open&page=3"))
		Expect(allocs).To(BeZero())
	})
	DescribeTable("refuses a dot segment however the path came to hold one",
		func(tmpl string, vars map[string]any) {
			_, err := mustParse(tmpl).AppendPath(nil, lookupIn(vars))
			Expect(errors.Is(err, template.ErrDotSegment)).To(BeTrue(), "%v", err)
		},
		Entry("path expression", "/repos/o/r{/x}", map[string]any{"x": ".."}),
		Entry("exploded path list", "/a{/x*}", map[string]any{"x": []string{"b", ".."}}),
		Entry("prefix", "/a/{x:2}/b", map[string]any{"x": "..."}),
		Entry("label", "/a/{.x}", map[string]any{"x": ""}),
		Entry("two expressions", "/a/{x}{y}/b", map[string]any{"x": ".", "y": "."}),
		Entry("reserved", "/a/{+x}", map[string]any{"x": "b/../c"}),
		Entry("literal", "/a/../b", nil),
		Entry("relative start", "{+x}/b", map[string]any{"x": ".."}),
		Entry("before a query", "/a/{+x}?q=1", map[string]any{"x": "."}),
		Entry("percent-encoded dots", "/x/%2e%2e", nil),
		Entry("mixed encoded dot", "/x/.%2E/y", nil),
		Entry("encoded dot from a reserved value", "/x/{+p}", map[string]any{"p": "%2e"}),
	)

	DescribeTable("keeps dots that are not whole segments",
		func(tmpl string, vars map[string]any, want string) {
			out, err := mustParse(tmpl).AppendPath(nil, lookupIn(vars))
			Expect(err).NotTo(HaveOccurred())
			Expect(string(out)).To(Equal(want))
		},
		Entry("file name", "/a/{x}.json", map[string]any{"x": "b"}, "/a/b.json"),
		Entry("three dots", "/a/{x}", map[string]any{"x": "..."}, "/a/..."),
		Entry("an encoded dot beside a letter", "/a/%2ex", nil, "/a/%2ex"),
		Entry("dots in the query", "/a{?x}", map[string]any{"x": ".."}, "/a?x=.."),
		Entry("dots in a host", "https://api.github.com/{x}", map[string]any{"x": "a.b"}, "https://api.github.com/a.b"),
	)

	DescribeTable("refuses an expression in the authority of an absolute template",
		func(tmpl string) {
			_, err := mustParse(tmpl).AppendPath(nil, lookupIn(map[string]any{"x": ".evil.example", "host": "evil.example"}))
			Expect(errors.Is(err, template.ErrAuthority)).To(BeTrue(), "%v", err)
		},
		Entry("host suffix", "https://api.github.com{x}/y"),
		Entry("whole host", "https://{host}/y"),
		Entry("port", "https://api.github.com:{x}/y"),
	)

	It("allows a template that starts with a reserved expression", func() {
		out, err := mustParse("{+base}/x").AppendPath(nil, lookupIn(map[string]any{"base": "https://h.example/api"}))
		Expect(err).NotTo(HaveOccurred())
		Expect(string(out)).To(Equal("https://h.example/api/x"))
	})
})
