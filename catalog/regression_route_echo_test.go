package catalog_test

import (
	"errors"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/catalog"
	"github.com/endpointkit/endpoint/catalog/github"
)

// An unknown route's error quoted a query that followed a "{?…}"
// expression, and a fragment, as they were: the access_token in them too.
var _ = Describe("an unknown route's credentials", func() {
	DescribeTable("are masked in the error",
		func(lookup func(*catalog.Catalog) error) {
			err := lookup(github.Catalog())
			Expect(errors.Is(err, catalog.ErrUnknownRoute)).To(BeTrue())
			Expect(err.Error()).NotTo(ContainSubstring("SECRET"))
		},
		Entry("a query after a query expression", func(c *catalog.Catalog) error {
			_, err := c.Lookup("GET", "/nope{?a}?access_token=SECRET")
			return err
		}),
		Entry("a fragment", func(c *catalog.Catalog) error {
			_, err := c.Lookup("GET", "/nope#access_token=SECRET")
			return err
		}),
		Entry("an operation ID with a fragment", func(c *catalog.Catalog) error {
			_, err := c.ByID("nope#access_token=SECRET")
			return err
		}),
	)
})

// Match read a concrete path with "://" in a segment as an absolute URL:
// everything up to the host was dropped, and another path was matched.
var _ = Describe("Match on a path with :// in a segment", func() {
	It("matches the path as sent", func() {
		op, err := github.Catalog().Match("GET", "/repos/o/r/contents/http://example.com/x")
		Expect(err).NotTo(HaveOccurred())
		Expect(op.String()).To(Equal("GET /repos/{owner}/{repo}/contents/{path}"))
	})

	It("names the path as sent when nothing matches", func() {
		_, err := github.Catalog().Match("GET", "/nope/http://example.com")
		Expect(errors.Is(err, catalog.ErrUnknownRoute)).To(BeTrue())
		Expect(err.Error()).To(ContainSubstring(`"GET /nope/http://example.com"`))
	})
})

// The edit distance filled its whole table: a long enum value in a
// description and a long value sent that differs from it by a letter took
// time in the square of their length (16,000 bytes: 0.7 s; 100,000: 30 s).
var _ = Describe("suggestions for a long value", func() {
	It("stay linear in its length", func() {
		const n = 100_000
		allowed := strings.Repeat("a", n)
		c, err := catalog.New(catalog.Info{}, []catalog.Operation{{
			ID: "x", Method: "GET", Path: "/x",
			Params: []catalog.Param{{Name: "q", In: catalog.Query, Schema: catalog.Schema{Type: catalog.String, Enum: []string{allowed}}}},
		}})
		Expect(err).NotTo(HaveOccurred())
		op := mustLookup(c, "GET", "/x")
		// The spec asserts the result, not the time (see the root
		// package's linear_test.go): a quadratic step takes half a minute.
		cerr := op.Check("q", allowed[1:]+"b")
		var ce *catalog.Error
		Expect(errors.As(cerr, &ce)).To(BeTrue())
		Expect(ce.Err).To(Equal(catalog.ErrEnum))
		Expect(ce.Suggestions).To(Equal([]string{allowed}))
	})

	It("agrees with the full table on short words", func() {
		Expect(catalog.Distance("abcdef", "abdcef", 4)).To(Equal(1))
		Expect(catalog.Distance("kitten", "sitting", 4)).To(Equal(3))
		Expect(catalog.Distance("aaaaaaaa", "bbbbbbbb", 2)).To(Equal(3))
		Expect(catalog.Distance("ab", "ba", 0)).To(Equal(1))
	})
})

// A parameter's name was quoted whole: a caller's 100 KB name made a
// 100 KB message.
var _ = It("cuts a long parameter name in an error, as it cuts values", func() {
	c, err := catalog.New(catalog.Info{}, []catalog.Operation{{ID: "x", Method: "GET", Path: "/x"}})
	Expect(err).NotTo(HaveOccurred())
	op := mustLookup(c, "GET", "/x")
	name := strings.Repeat("n", 100_000)
	err = op.Check(name, "v")
	Expect(errors.Is(err, catalog.ErrUnknownParam)).To(BeTrue())
	Expect(len(err.Error())).To(BeNumerically("<", 300), err.Error())
	Expect(err.Error()).To(ContainSubstring(`parameter "nnnn`))
})
