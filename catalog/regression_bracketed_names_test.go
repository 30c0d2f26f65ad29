package catalog_test

import (
	"errors"
	"fmt"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/catalog"
)

// A value that failed its check was quoted unless its parameter's name
// was one of builder.SensitiveParams exactly: a description's
// user[password] or token[] (Rails- and PHP-style names, which RedactURL
// masks in a query) had its value quoted, and suggested against.
var _ = Describe("a credential under a bracketed parameter name", func() {
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
