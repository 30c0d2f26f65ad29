package catalog_test

// Regression: a path parameter of style label or matrix, or exploded,
// is an RFC 6570 expression ({.id}, {;id}, {id*}) that expands an
// undefined value to nothing. The check called null missing, but an
// empty array or object, or one whose items or members are all null
// (the builder leaves nulls out), expand to nothing as well, and passed:
// GET /users/{id} with id=[] was sent as GET /users/ (and /u/{id}/x as
// /u//x), another route, without an error. Expected: ErrMissingParam,
// as for null and as the template's whole-segment rule says for the
// simple style.

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/catalog"
)

var _ = Describe("regression: an empty styled path value", func() {
	ops := []catalog.Operation{}
	for _, p := range []struct {
		path    string
		style   catalog.Style
		explode bool
	}{{"/label/{id}/x", catalog.StyleLabel, false}, {"/labelx/{id}/x", catalog.StyleLabel, true},
		{"/matrix/{id}/x", catalog.StyleMatrix, false}, {"/matrixx/{id}/x", catalog.StyleMatrix, true},
		{"/simplex/{id}/x", catalog.StyleDefault, true}, {"/simple/{id}/x", catalog.StyleDefault, false}} {
		ops = append(ops, catalog.Operation{Method: "GET", Path: p.path, Params: []catalog.Param{
			{Name: "id", In: catalog.Path, Required: true, Style: p.style, Explode: p.explode},
		}})
	}
	c, err := catalog.New(catalog.Info{}, ops)
	It("loads", func() { Expect(err).NotTo(HaveOccurred()) })

	empties := []any{[]any{}, map[string]any{}, []any{nil, nil}, map[string]any{"a": nil}}

	It("is missing in the check, in every style", func() {
		for _, op := range c.Operations() {
			for _, v := range empties {
				Expect(op.Check("id", v)).To(MatchError(catalog.ErrMissingParam), "%s %#v", op, v)
			}
			Expect(op.Check("id", []any{nil, "a"})).To(Succeed(), "%s", op)
			Expect(op.Check("id", map[string]any{"a": nil, "b": 1})).To(Succeed(), "%s", op)
		}
	})

	It("is never sent as an empty segment", func() {
		e := builder.New(builder.WithCatalog(c), builder.WithBaseURL("https://api.example"))
		for _, op := range c.Operations() {
			_, path := op.Route()
			for _, v := range empties {
				ro, err := e.Route("GET "+path).Param("id", v).Build()
				Expect(err).To(HaveOccurred(), "%s %#v gave %s", op, v, ro.URL)
				Expect(err).To(Or(MatchError(catalog.ErrMissingParam), MatchError(builder.ErrMissingParam)), "%s %#v", op, v)
			}
		}
	})
})
