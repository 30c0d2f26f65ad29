package builder_test

// Regression: a "." or ".." path segment built from values (F19). Only a
// {x} that forms a whole segment is checked today; the same segment made
// by a prefix ({x:3}), a path expression ({/x}, {/x*}), a label ({.x}) or
// two expressions side by side passes, and URL normalisation (net/url,
// WHATWG, every proxy) then climbs a level: /repos/o/r{/x} with x=".."
// names /repos/o. Found by the property "keeps scheme, host and port, the
// segment count, and has no dot segments". Expected: ErrDotSegment (the
// sentinel whole-segment values already get); got: a URL with the dot
// segment. Reserved expansion ({+x}) is left out: it writes "/" and "."
// raw by definition.

import (
	"errors"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/template"
)

var _ = Describe("regression: dot segment from a value", func() {
	DescribeTable("is refused with ErrDotSegment",
		func(route string, params builder.Params, got string) {
			r, err := endpoint.Build(route, builder.Options{Params: params})
			Expect(errors.Is(err, template.ErrDotSegment)).To(BeTrue(),
				"want ErrDotSegment; got URL %q (before the fix: %q), error %v", r.URL, got, err)
		},
		Entry("prefix forming a segment", "GET /repos/o/{r:2}/issues",
			builder.Params{{Name: "r", Value: "..."}}, "https://api.github.com/repos/o/../issues"),
		Entry("prefix at the end", "GET /repos/{o:3}",
			builder.Params{{Name: "o", Value: "."}}, "https://api.github.com/repos/."),
		Entry("path expression", "GET /repos/o/r{/x}",
			builder.Params{{Name: "x", Value: ".."}}, "https://api.github.com/repos/o/r/.."),
		Entry("path expression before a literal", "GET /repos/o{/x}/issues",
			builder.Params{{Name: "x", Value: "."}}, "https://api.github.com/repos/o/./issues"),
		Entry("exploded path list", "GET /repos/o/r{/x*}",
			builder.Params{{Name: "x", Value: []string{"a", ".."}}}, "https://api.github.com/repos/o/r/a/.."),
		Entry("label", "GET /repos/o/{.x}",
			builder.Params{{Name: "x", Value: "."}}, "https://api.github.com/repos/o/.."),
		Entry("two expressions side by side", "GET /repos/{a}{b}/issues",
			builder.Params{{Name: "a", Value: "."}, {Name: "b", Value: "."}}, "https://api.github.com/repos/../issues"),
		Entry("expression and a literal dot", "GET /repos/{a}./issues",
			builder.Params{{Name: "a", Value: "."}}, "https://api.github.com/repos/../issues"),
		Entry("one defined variable of a path list", "GET /repos{/a,b}",
			builder.Params{{Name: "a", Value: ".."}}, "https://api.github.com/repos/.."),
		Entry("empty then literal dot", "GET /repos/{a}.",
			builder.Params{{Name: "a", Value: ""}}, "https://api.github.com/repos/."),
	)

	DescribeTable("still allows dots that are not a whole segment",
		func(route string, params builder.Params, want string) {
			r, err := endpoint.Build(route, builder.Options{Params: params})
			Expect(err).NotTo(HaveOccurred())
			Expect(r.URL).To(Equal(want))
		},
		Entry("file..txt", "GET /x/{f}", builder.Params{{Name: "f", Value: "file..txt"}}, "https://api.github.com/x/file..txt"),
		Entry("three dots", "GET /x/{a}{b}", builder.Params{{Name: "a", Value: ".."}, {Name: "b", Value: "."}}, "https://api.github.com/x/..."),
		Entry("compare basehead", "GET /compare/{base}...{head}",
			builder.Params{{Name: "base", Value: "main"}, {Name: "head", Value: "f"}}, "https://api.github.com/compare/main...f"),
		Entry("dots in a query", "GET /x{?a}", builder.Params{{Name: "a", Value: ".."}}, "https://api.github.com/x?a=.."),
		Entry("dots in a fragment", "GET /x{#a}", builder.Params{{Name: "a", Value: ".."}}, "https://api.github.com/x#.."),
	)
})
