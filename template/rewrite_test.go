package template_test

import (
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/internal/route"
	"github.com/endpointkit/endpoint/template"
)

var _ = Describe(":name rewriting", func() {
	// @octokit/endpoint v6 rewrites /:([a-z]\w+)/g everywhere; this package
	// keeps the name rule but applies it to the path part only.
	DescribeTable("rewrites in the path part only",
		func(in, want string) {
			t, err := template.Parse(in)
			Expect(err).NotTo(HaveOccurred())
			Expect(t.String()).To(Equal(want))
		},
		Entry("simple", "/orgs/:org/repos", "/orgs/{org}/repos"),
		Entry("several", "/repos/:owner/:repo/issues/:issue_number", "/repos/{owner}/{repo}/issues/{issue_number}"),
		Entry("a hyphen between word characters continues the name (extension)", "/x/:foo-bar", "/x/{foo-bar}"),
		Entry("GitHub's hyphenated name", "/enterprises/:enterprise/teams/:enterprise-team", "/enterprises/{enterprise}/teams/{enterprise-team}"),
		Entry("name stops at a trailing hyphen", "/x/:foo-/y", "/x/{foo}-/y"),
		Entry("name stops at a double hyphen", "/x/:foo--bar", "/x/{foo}--bar"),
		Entry("name stops at a non-word character", "/x/:foo.bar", "/x/{foo}.bar"),
		Entry("greedy word characters", "/x/:oWNER_1x", "/x/{oWNER_1x}"),
		Entry("two characters are enough", "/x/:a1", "/x/{a1}"),
		Entry("single letter left alone", "/x/:a", "/x/:a"),
		Entry("upper-case start left alone", "/x/:Owner", "/x/:Owner"),
		Entry("underscore start left alone", "/x/:_id", "/x/:_id"),
		Entry("digit start left alone", "/x/:1abc", "/x/:1abc"),
		Entry("query string untouched", "/search?q=repo:octokit", "/search?q=repo:octokit"),
		Entry("fragment untouched", "/x/:id#sec:tion", "/x/{id}#sec:tion"),
		Entry("after {?...} untouched", "/x/:id{?q}/:no", "/x/{id}{?q}/:no"),
		Entry("after {&...} untouched", "/x{&q}:no", "/x{&q}:no"),
		Entry("after {#...} untouched", "/x{#f}:no", "/x{#f}:no"),
		Entry("inside expressions untouched", "/x/{a:3}/{+b}:cd", "/x/{a:3}/{+b}{cd}"),
		Entry("port kept", "http://localhost:3000/x/:id", "http://localhost:3000/x/{id}"),
		Entry("userinfo kept", "https://user:pass@host/x", "https://user:pass@host/x"),
		Entry("userinfo kept, path rewritten", "https://user:pass@host/x/:id", "https://user:pass@host/x/{id}"),
		Entry("authority without path", "https://host:8443", "https://host:8443"),
		Entry("authority then query", "https://host?x=:abc", "https://host?x=:abc"),
		Entry("relative without slash", ":owner/:repo", "{owner}/{repo}"),
		Entry("no scheme: colon path", "mailto:someone", "mailto{someone}"),
	)

	It("handles large hostile input in one pass", func() {
		// A backtracking regexp would crawl on these; the scanner is linear.
		s := "/" + strings.Repeat(":a", 500000)
		Expect(template.RewriteColonNames(s)).To(Equal(s))
		s = "/" + strings.Repeat(":ab/", 250000)
		Expect(template.RewriteColonNames(s)).To(Equal("/" + strings.Repeat("{ab}/", 250000)))
		s = "/" + strings.Repeat("{:ab", 250000)
		Expect(template.RewriteColonNames(s)).To(Equal(s))
	})

	It("lists a rewritten name once in Vars", func() {
		t, err := template.Parse("/" + strings.Repeat(":ab/", 200))
		Expect(err).NotTo(HaveOccurred())
		Expect(t.Vars()).To(Equal([]string{"ab"}))
		Expect(t.SegmentVars()).To(Equal([]string{"ab"}))
	})

	It("counts a rewritten placeholder against MaxLength", func() {
		s := "/" + strings.Repeat(":ab", template.MaxLength/3)
		Expect(len(s)).To(BeNumerically("<=", template.MaxLength))
		_, err := template.Parse(s)
		Expect(err).To(MatchError(template.ErrTooLong))
	})

	It("reports the path part it works on", func() {
		start, end := route.PathBounds("https://h:1/a/b?c")
		Expect(start).To(Equal(11))
		Expect(end).To(Equal(15))
		start, end = route.PathBounds("/a{/b}{?c}")
		Expect(start).To(Equal(0))
		Expect(end).To(Equal(6))
	})
})
