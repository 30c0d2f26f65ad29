package catalog_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/catalog"
)

var _ = Describe("Match", func() {
	perPage := catalog.Param{Name: "per_page", In: catalog.Query, Schema: catalog.Schema{Type: catalog.Integer}}
	c, err := catalog.New(catalog.Info{Title: "match", Servers: []catalog.Server{{URL: "https://ghe.example/api/v3"}}}, []catalog.Operation{
		{ID: "one", Method: "GET", Path: "/repos/{owner}/{repo}/issues/{number}"},
		{ID: "events", Method: "GET", Path: "/repos/{owner}/{repo}/issues/events", Params: []catalog.Param{perPage}},
		{ID: "list", Method: "GET", Path: "/repos/{owner}/{repo}/issues", Params: []catalog.Param{perPage}},
		{ID: "create", Method: "POST", Path: "/repos/{owner}/{repo}/issues"},
		{ID: "basehead", Method: "GET", Path: "/repos/{owner}/{repo}/compare/{basehead}"},
		{ID: "base-head", Method: "GET", Path: "/repos/{owner}/{repo}/compare/{base}...{head}"},
		{ID: "ref", Method: "GET", Path: "/repos/{owner}/{repo}/git/ref/{ref}"},
		{ID: "ref-tags", Method: "GET", Path: "/repos/{owner}/{repo}/git/ref/{ref}/tags"},
		{ID: "gist", Method: "GET", Path: "/gists/{gist_id}"},
		{ID: "gist-sha", Method: "GET", Path: "/gists/{gist_id}/{sha}"},
	})
	Expect(err).NotTo(HaveOccurred())

	DescribeTable("finds the most specific operation of a concrete path",
		func(method, path, id string) {
			op, err := c.Match(method, path)
			Expect(err).NotTo(HaveOccurred())
			Expect(op.ID).To(Equal(id))
		},
		Entry("variables", "GET", "/repos/golang/go/issues/7", "one"),
		Entry("a literal beats a variable", "GET", "/repos/golang/go/issues/events", "events"),
		Entry("by method", "POST", "/repos/golang/go/issues", "create"),
		Entry("method in any case, none is GET", "", "/repos/golang/go/issues", "list"),
		Entry("mixed text beats a variable alone", "GET", "/repos/o/r/compare/main...topic", "base-head"),
		Entry("a variable alone without the text", "GET", "/repos/o/r/compare/main", "basehead"),
		Entry("a last variable takes the rest of the path", "GET", "/repos/o/r/git/ref/heads/feature/x", "ref"),
		Entry("a literal after the variable beats taking the rest", "GET", "/repos/o/r/git/ref/main/tags", "ref-tags"),
		Entry("the exact length beats taking the rest", "GET", "/gists/abc/def", "gist-sha"),
		Entry("a shorter path, the shorter template", "GET", "/gists/abc", "gist"),
		Entry("an absolute URL on the server, with a query", "GET", "https://ghe.example/api/v3/repos/o/r/issues?page=2&per_page=5", "list"),
	)

	DescribeTable("refuses what no operation matches",
		func(method, path string) {
			_, err := c.Match(method, path)
			Expect(err).To(MatchError(catalog.ErrUnknownRoute))
		},
		Entry("an empty variable", "GET", "/repos//r/issues"),
		Entry("too short", "GET", "/repos/o"),
		Entry("another literal", "GET", "/repos/o/r/pulls"),
		Entry("another method", "DELETE", "/repos/o/r/issues"),
		Entry("mixed text missing", "GET", "/repos/o/r/compare/"),
	)

	// Issue 34, item 9: Resolve, which builder.WithCatalog asks, took no
	// concrete URL. It binds the operation Match finds to the URL's path.
	DescribeTable("Resolve binds a concrete absolute URL on the server to its operation",
		func(method, url, id, template string) {
			op, err := c.Resolve(method, url)
			if id == "" {
				Expect(err).To(MatchError(catalog.ErrUnknownRoute))
				return
			}
			Expect(err).NotTo(HaveOccurred())
			Expect(op.(*catalog.Operation).ID).To(Equal(id))
			_, t, err := op.Target()
			Expect(err).NotTo(HaveOccurred())
			Expect(t.String()).To(Equal(template))
			always, _ := op.Requires()
			Expect(always).To(BeEmpty())
		},
		Entry("a path of values", "GET", "https://ghe.example/api/v3/repos/o/r/issues/7", "one", "/repos/o/r/issues/7"),
		Entry("with a query, which the route keeps", "GET", "https://GHE.example/api/v3/repos/o/r/issues?page=2", "list", "/repos/o/r/issues"),
		Entry("a POST, whose template names its query parameters", "POST", "https://ghe.example/api/v3/repos/o/r/issues{?per_page}", "create", "/repos/o/r/issues"),
		Entry("a last variable that takes the rest", "GET", "https://ghe.example/api/v3/repos/o/r/git/ref/heads/feature/x", "ref", "/repos/o/r/git/ref/heads/feature/x"),
		Entry("a template is Lookup's, as before", "GET", "https://ghe.example/api/v3/repos/{o}/{r}/issues/{n}", "one", "/repos/{o}/{r}/issues/{n}"),
		Entry("not on another host", "GET", "https://other.example/api/v3/repos/o/r/issues/7", "", ""),
		Entry("nor outside the server's path", "GET", "https://ghe.example/repos/o/r/issues/7", "", ""),
		Entry("nor as a path alone", "GET", "/repos/o/r/issues/7", "", ""),
		Entry("nor a path no operation matches", "GET", "https://ghe.example/api/v3/repos/o/r/pulls", "", ""),
	)

	It("says whether the operation declares a query parameter", func() {
		Expect(c.DeclaresQuery("GET", "/repos/o/r/issues", "per_page")).To(BeTrue())
		Expect(c.DeclaresQuery("GET", "/repos/o/r/issues/7", "per_page")).To(BeFalse())
		Expect(c.DeclaresQuery("GET", "/nowhere", "per_page")).To(BeFalse())
	})
})
