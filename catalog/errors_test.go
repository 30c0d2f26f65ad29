package catalog_test

// What the catalogue's errors quote: inputs cut short, credentials masked,
// suggestions found in linear time.

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/catalog"
	"github.com/endpointkit/endpoint/catalog/github"
	"github.com/endpointkit/endpoint/internal/value"
)

// An unknown route's error quoted a query that followed a "{?…}"
// expression, and a fragment, as they were: the access_token in them too.
var _ = Describe("an unknown route's credentials", Label("regression"), func() {
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
var _ = Describe("Match on a path with :// in a segment", Label("regression"), func() {
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
var _ = Describe("suggestions for a long value", Label("regression"), func() {
	It("stay linear in its length", func() {
		const n = 100_000
		allowed := strings.Repeat("a", n)
		c, err := catalog.New(catalog.Info{}, []catalog.Operation{{
			ID: "x", Method: "GET", Path: "/x",
			Params: []catalog.Param{{Name: "q", In: catalog.Query, Schema: catalog.Schema{Type: catalog.String, Enum: []string{allowed}}}},
		}})
		Expect(err).NotTo(HaveOccurred())
		op := mustLookup(c, "GET", "/x")
		// The spec asserts the result, not the time (see
		// builder/linear_test.go): a quadratic step takes half a minute.
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
var _ = It("cuts a long parameter name in an error, as it cuts values", Label("regression"), func() {
	c, err := catalog.New(catalog.Info{}, []catalog.Operation{{ID: "x", Method: "GET", Path: "/x"}})
	Expect(err).NotTo(HaveOccurred())
	op := mustLookup(c, "GET", "/x")
	name := strings.Repeat("n", 100_000)
	err = op.Check(name, "v")
	Expect(errors.Is(err, catalog.ErrUnknownParam)).To(BeTrue())
	Expect(len(err.Error())).To(BeNumerically("<", 300), err.Error())
	Expect(err.Error()).To(ContainSubstring(`parameter "nnnn`))
})

// A failing value was quoted unless its name was exactly one of
// builder.SensitiveParams: user[password] and token[] were shown.
var _ = Describe("a credential under a bracketed parameter name", Label("regression"), func() {
	enum := catalog.Schema{Type: catalog.String, Enum: []string{"alpha", "beta"}}
	c, err := catalog.New(catalog.Info{Title: "t"}, []catalog.Operation{
		{ID: "login", Method: "POST", Path: "/login", Params: []catalog.Param{
			{Name: "user[password]", In: catalog.Query, Schema: enum},
			{Name: "token[]", In: catalog.Query, Schema: catalog.Schema{Type: catalog.Array, Items: &enum}},
			{Name: "user[token][]", In: catalog.Body, Schema: catalog.Schema{Type: catalog.Integer}},
		}, Body: &catalog.RequestBody{Media: "application/json", Type: catalog.Object}},
	})

	DescribeTable("keeps the value out of the error",
		func(name string, v any) {
			Expect(err).NotTo(HaveOccurred())
			op, lerr := c.Lookup("POST", "/login")
			Expect(lerr).NotTo(HaveOccurred())
			cerr := op.Check(name, v)
			Expect(cerr).To(HaveOccurred())
			var ce *catalog.Error
			Expect(errors.As(cerr, &ce)).To(BeTrue())
			Expect(errors.Is(cerr, catalog.ErrEnum) || errors.Is(cerr, catalog.ErrType)).To(BeTrue())
			Expect(ce.Suggestions).To(BeEmpty())

			_, berr := builder.New(builder.WithCatalog(c)).Route("POST /login").Param(name, v).Build()
			Expect(berr).To(MatchError(cerr.(*catalog.Error).Err))
			for _, text := range []string{cerr.Error(), berr.Error(), fmt.Sprintf("%+v", berr), fmt.Sprintf("%#v", berr)} {
				Expect(text).NotTo(ContainSubstring("pwS3CRET"))
			}
		},
		Entry("user[password]", "user[password]", "pwS3CRET-a"),
		Entry("token[], one of a list", "token[]", []string{"alpha", "pwS3CRET-b"}),
		Entry("user[token][] of the wrong type", "user[token][]", "pwS3CRET-c"),
	)
})

// A number of the wrong type (a 1 MiB json.Number) and the method a path lacks
// were repeated whole in the reason.
var _ = Describe("an error's reason repeats a long input", Label("regression"), func() {
	long := "1." + strings.Repeat("5", 1<<20)

	DescribeTable("a number of the wrong type is cut short",
		func(method, path, name string, v any) {
			op, err := github.Catalog().Lookup(method, path)
			Expect(err).NotTo(HaveOccurred())
			val, err := value.Of(v)
			Expect(err).NotTo(HaveOccurred())
			err = op.CheckParam(name, val)
			Expect(errors.Is(err, catalog.ErrType)).To(BeTrue(), "%v", err)
			Expect(len(err.Error())).To(BeNumerically("<", 300), "%.300s", err.Error())
			Expect(err.Error()).To(ContainSubstring("got number 1.555"))
		},
		Entry("for a string in the body", "POST", "/repos/{owner}/{repo}/issues", "title", json.Number(long)),
		Entry("for an integer in the query", "GET", "/repos/{owner}/{repo}/issues", "per_page", json.Number(long)),
		Entry("for an integer in the path", "GET", "/repos/{owner}/{repo}/issues/{issue_number}", "issue_number", json.Number(long)),
		Entry("as an item of an array", "POST", "/repos/{owner}/{repo}/issues", "assignees", []any{json.Number(long)}),
	)

	It("a method the path does not have is cut short", func() {
		method := strings.Repeat("G", 1<<16)
		_, err := github.Catalog().Lookup(method, "/user")
		Expect(errors.Is(err, catalog.ErrUnknownRoute)).To(BeTrue(), "%v", err)
		Expect(len(err.Error())).To(BeNumerically("<", 500), "%.500s", err.Error())
		Expect(err.Error()).To(ContainSubstring("only GET, PATCH"))
	})
})

// A route's user information was dropped only up to its first "/", and a quoted
// value's masked as text reads: a password with "/" or a space showed.
var _ = Describe("user information holding any byte", Label("regression"), func() {
	It("is masked in an unknown route", func() {
		for _, path := range []string{
			"https://user:pa/ssSECRET@api.github.com/nope",
			"https://user:pa ssSECRET@api.github.com/nope",
			"https://user:pa#ssSECRET@api.github.com/nope",
		} {
			_, err := github.Catalog().Lookup("GET", path)
			Expect(errors.Is(err, catalog.ErrUnknownRoute)).To(BeTrue())
			Expect(err.Error()).NotTo(ContainSubstring("SECRET"), path)
			Expect(err.Error()).To(ContainSubstring("https://[REDACTED]@api.github.com/nope"))
		}
	})

	It("is masked in a quoted value", func() {
		op := mustLookup(typed(), "POST", "/t/{id}")
		err := op.CheckParam("qi", value.Str("https://u:pa ssSECRET@h/"))
		Expect(errors.Is(err, catalog.ErrType)).To(BeTrue())
		Expect(err.Error()).NotTo(ContainSubstring("SECRET"))
		Expect(err.Error()).To(ContainSubstring(`"https://[REDACTED]@h/"`))
	})
})
