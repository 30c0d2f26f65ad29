package catalog_test

// Regression: a deepObject is sent as one name[key]=value pair per member,
// its brackets percent-encoded, and OpenAPI gives the style no escape: a
// server decodes the query before it reads the brackets (Rack, PHP, qs,
// Spring). A member's key that was empty or held "[" or "]" passed the
// check and was sent, so {"a][b": 1} reached the server as
// filter[a][b]=1 (a member b of a member a) and {"": 1} as filter[]=1
// (an array's item): names the object never had. Expected: the check
// refuses such a key (ErrType, naming the parameter and, unless its name
// is sensitive, the key), in Build and Merge alike; a null member, which
// is left out, is no matter.

import (
	"errors"
	"strconv"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/catalog"
)

var _ = Describe("regression: a deepObject key that injects names", func() {
	c, err := catalog.New(catalog.Info{}, []catalog.Operation{
		{Method: "GET", Path: "/items", Params: []catalog.Param{
			{Name: "filter", In: catalog.Query, Style: catalog.StyleDeepObject, Explode: true, Schema: catalog.Schema{Type: catalog.Object}},
			{Name: "token", In: catalog.Query, Style: catalog.StyleDeepObject, Schema: catalog.Schema{Type: catalog.Object}},
		}},
		{Method: "POST", Path: "/items", Params: []catalog.Param{
			{Name: "filter", In: catalog.Query, Style: catalog.StyleDeepObject, Schema: catalog.Schema{}},
		}, Body: &catalog.RequestBody{Media: "application/json", Type: catalog.Object}},
	})
	It("loads", func() { Expect(err).NotTo(HaveOccurred()) })

	It("is refused by the check and never sent", func() {
		e := builder.New(builder.WithCatalog(c), builder.WithBaseURL("https://api.example"))
		for _, method := range []string{"GET", "POST"} {
			for _, key := range []string{"", "a][b", "[", "]", "x]&y=1&z[w"} {
				v := map[string]any{"ok": 1, key: "v"}
				ro, err := e.Route(method+" /items").Param("filter", v).Build()
				Expect(err).To(MatchError(catalog.ErrType), "%s %q gave %s", method, key, ro.URL)
				var ce *catalog.Error
				Expect(err).To(BeAssignableToTypeOf(&builder.Error{}))
				Expect(errors.As(err, &ce)).To(BeTrue())
				Expect(ce.Param).To(Equal("filter"))
				Expect(err.Error()).To(ContainSubstring(`parameter "filter": key ` + strconv.Quote(key) + `: a deepObject's key may not be empty`))
				_, err = e.Route(method+" /items").Param("filter", v).Merge()
				Expect(err).To(MatchError(catalog.ErrType))
			}
		}
		// A sensitive parameter's key is not quoted.
		_, err := e.Route("GET /items").Param("token", map[string]any{"s3cr[et": "v"}).Build()
		Expect(err).To(MatchError(catalog.ErrType))
		Expect(err.Error()).NotTo(ContainSubstring("s3cr"))
	})

	It("passes other keys, and a null member whatever its key, which is left out", func() {
		e := builder.New(builder.WithCatalog(c), builder.WithBaseURL("https://api.example"))
		ro, err := e.Route("GET /items").Param("filter", builder.Params{{Name: "a b", Value: "x&y"}, {Name: "", Value: nil}, {Name: "é%", Value: 1}}).Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(ro.URL).To(Equal("https://api.example/items?filter%5Ba%20b%5D=x%26y&filter%5B%C3%A9%25%5D=1"))
		op, err := c.Lookup("GET", "/items")
		Expect(err).NotTo(HaveOccurred())
		Expect(op.Check("filter", map[string]any{"a[": nil})).To(Succeed())
		Expect(op.Check("filter", map[string]any{"a[": 1})).To(MatchError(catalog.ErrType))
	})
})
