package builder_test

import (
	"context"
	"strings"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/catalog/github"
	"github.com/endpointkit/endpoint/template"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// With a catalogue, the operation gives a route's path and the caller's
// literal query is kept. That query was cut at its first "{": a stray
// one was dropped without a word (".../issues?x={" built ".../issues?x="),
// and so was any text after an expression.
var _ = Describe("a route's query with a catalogue", func() {
	e := endpoint.Defaults(endpoint.WithCatalog(github.Catalog()))
	ctx := context.Background()

	DescribeTable("is a template, refused as without a catalogue",
		func(route string) {
			_, plain := endpoint.Route(route).Param("owner", "o").Param("repo", "r").Build()
			Expect(plain).To(MatchError(template.ErrSyntax))
			_, err := e.Route(route).Param("owner", "o").Param("repo", "r").Build()
			Expect(err).To(MatchError(template.ErrSyntax))
			Expect(err.Error()).To(Equal(plain.Error()))
			_, err = e.Route(route).Param("owner", "o").Param("repo", "r").HTTPRequest(ctx)
			Expect(err).To(MatchError(template.ErrSyntax))
		},
		Entry("a stray {", "GET /repos/{owner}/{repo}/issues?x={"),
		Entry("an unclosed expression", "GET /repos/{owner}/{repo}/issues?x={y"),
		Entry("a stray }", "GET /repos/{owner}/{repo}/issues?x=}"),
		Entry("a body method's", "POST /repos/{owner}/{repo}/issues?x={"),
	)

	It("keeps the text after an expression, and places its parameter once", func() {
		ro, err := e.Route("GET /repos/{owner}/{repo}/issues?x=1{&state}&c=2").
			Param("owner", "o").Param("repo", "r").Param("state", "open").Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(ro.URL).To(HavePrefix("https://api.github.com/repos/o/r/issues?x=1&c=2"))
		Expect(strings.Count(ro.URL, "state=open")).To(Equal(1), ro.URL)
		req, err := e.Route("GET /repos/{owner}/{repo}/issues?x=1{&state}&c=2").
			Param("owner", "o").Param("repo", "r").Param("state", "open").HTTPRequest(ctx)
		Expect(err).NotTo(HaveOccurred())
		Expect(req.URL.String()).To(Equal(ro.URL))
	})
})
