package template_test

import (
	"errors"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/template"
)

var _ = Describe("Path values", func() {
	DescribeTable("expand segment by segment in {p} and {/p}",
		func(tpl string, p template.Path, want string) {
			Expect(expand(tpl, map[string]any{"p": p})).To(Equal(want))
		},
		Entry(nil, "/repos/o/r/contents/{p}", template.Path("docs/guide/README.md"), "/repos/o/r/contents/docs/guide/README.md"),
		Entry(nil, "/c/{p}", template.Path("docs/a b#c?.md"), "/c/docs/a%20b%23c%3F.md"),
		Entry(nil, "/c/{p}", template.Path("50%/x"), "/c/50%25/x"),
		Entry(nil, "/c/{p}", template.Path("ä/ö"), "/c/%C3%A4/%C3%B6"),
		Entry(nil, "/c/{p}", template.Path(".github/..x/a.b"), "/c/.github/..x/a.b"),
		Entry(nil, "/c{/p}", template.Path("a b/c"), "/c/a%20b/c"),
		Entry(nil, "/c{/p*}", template.Path("a/c"), "/c/a/c"),
		Entry(nil, "/c/{p}", template.Path(""), "/c/"),
		Entry(nil, "/c{/p}", template.Path(""), "/c/"),
		Entry(nil, "/c/{p:6}", template.Path("ab/cde/f"), "/c/ab/cde"),
	)

	DescribeTable("are plain strings in other operators",
		func(tpl, want string) {
			Expect(expand(tpl, map[string]any{"p": template.Path("a b/../c")})).To(Equal(want))
		},
		Entry(nil, "{+p}", "a%20b/../c"),
		Entry(nil, "{#p}", "#a%20b/../c"),
		Entry(nil, "{.p}", ".a%20b%2F..%2Fc"),
		Entry(nil, "{;p}", ";p=a%20b%2F..%2Fc"),
		Entry(nil, "{?p}", "?p=a%20b%2F..%2Fc"),
		Entry(nil, "{&p}", "&p=a%20b%2F..%2Fc"),
	)

	It("is a plain string as a list member", func() {
		Expect(expand("{l}", map[string]any{"l": []any{template.Path("a/b"), template.Path("..")}})).To(Equal("a%2Fb,.."))
	})

	DescribeTable("refuses empty, . and .. segments with ErrPathSegment naming the variable",
		func(tpl string, p template.Path) {
			err := expandErr(tpl, map[string]any{"p": p})
			Expect(err).To(MatchError(template.ErrPathSegment))
			var te *template.Error
			Expect(errors.As(err, &te)).To(BeTrue())
			Expect(te.Var).To(Equal("p"))
			Expect(err.Error()).To(ContainSubstring(`variable "p"`))
		},
		Entry(nil, "/c/{p}", template.Path(".")),
		Entry(nil, "/c/{p}", template.Path("..")),
		Entry(nil, "/c/{p}", template.Path("a/./b")),
		Entry(nil, "/c/{p}", template.Path("a/../b")),
		Entry(nil, "/c/{p}", template.Path("a//b")),
		Entry(nil, "/c/{p}", template.Path("/a")),
		Entry(nil, "/c/{p}", template.Path("a/")),
		Entry(nil, "/c/{p}", template.Path("/")),
		Entry(nil, "/c{/p}", template.Path("a/..")),
		Entry(nil, "x{p}y", template.Path("a//b")),
	)

	It("dereferences a *Path and keeps its segment behaviour", func() {
		p := template.Path("a b/c")
		Expect(expand("/{p}", map[string]any{"p": &p})).To(Equal("/a%20b/c"))
	})
})
