package catalog_test

import (
	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/catalog"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// An exploded object in a query sends each member as a pair of its own
// (form, and pipe- or space-delimited exploded: R=100&G=200). A member
// named as another parameter of the operation was sent as that
// parameter, past its check: color={"admin": "true"} sent admin=true to
// an operation whose admin takes only false.
var _ = Describe("an exploded query object", func() {
	var e = func() *builder.Endpoint {
		c, err := catalog.New(catalog.Info{Title: "colors"}, []catalog.Operation{{
			Method: "GET", Path: "/paint",
			Params: []catalog.Param{
				{Name: "color", In: catalog.Query, Explode: true, Schema: catalog.Schema{Type: catalog.Object}},
				{Name: "admin", In: catalog.Query, Schema: catalog.Schema{Type: catalog.Boolean, Enum: []string{"false"}}},
				{Name: "shade", In: catalog.Query, Explode: true, Style: catalog.StylePipeDelimited, Schema: catalog.Schema{Type: catalog.Object}},
			},
		}})
		Expect(err).NotTo(HaveOccurred())
		return endpoint.Defaults(endpoint.WithCatalog(c), endpoint.WithBaseURL("https://paint.example"))
	}

	DescribeTable("refuses a member named as another parameter",
		func(name string) {
			_, err := e().Route("GET /paint").Param(name, map[string]any{"admin": "true"}).Build()
			Expect(err).To(MatchError(catalog.ErrType))
			Expect(err.Error()).To(ContainSubstring(`"admin"`))
		},
		Entry("form", "color"),
		Entry("pipeDelimited, exploded", "shade"),
	)

	It("sends other members, and a null one of that name is left out", func() {
		ro, err := e().Route("GET /paint").Param("color", map[string]any{"R": 100, "admin": nil}).Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(ro.URL).To(Equal("https://paint.example/paint?R=100"))
	})
})
