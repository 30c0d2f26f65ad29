package catalog_test

import (
	"github.com/endpointkit/endpoint/catalog"
	"github.com/endpointkit/endpoint/catalog/github"
	"github.com/endpointkit/endpoint/internal/value"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// CheckIndex answers the common parameter from a byte made with the
// catalogue (free.go); it must say what the full check says.
var _ = Describe("CheckIndex", func() {
	float := func(f float64) value.Value { v, _ := value.Float(f); return v }
	number := func(s string) value.Value { v, _ := value.NumberText(s); return v }
	probes := []value.Value{
		value.Str(""), value.Str("open"), value.Str("x"), value.Str("12"),
		value.Int(0), value.Int(-3), value.Int(100), value.Uint(1 << 63),
		float(1.5), float(2), float(-0.5), number("1e3"), number("1.25"), value.Boolean(true), {},
	}

	It("accepts and refuses what the full check of every GitHub parameter does", func() {
		checked := 0
		for _, op := range github.Catalog().Operations() {
			for i, p := range op.Params {
				for _, v := range probes {
					fast := op.CheckIndex(i, v) == nil
					if j := op.ParamIndex(p.Name); j == i {
						Expect(op.CheckParam(p.Name, v) == nil).To(Equal(fast), "CheckParam of %s %s: %s", op.Method, op.Path, p.Name)
					}
					full := catalog.CheckSchema(op, &op.Params[i], v) == nil
					Expect(fast).To(Equal(full), "%s %s: %s = %s %q", op.Method, op.Path, p.Name, v.Kind(), v.Text())
					if op.FreeKinds(i).Has(&v) {
						Expect(full).To(BeTrue(), "FreeKinds of %s %s: %s = %s %q", op.Method, op.Path, p.Name, v.Kind(), v.Text())
					}
					checked++
				}
			}
		}
		Expect(checked).To(BeNumerically(">", 10000))
	})

	It("checks a string against an enum and an integer's fraction", func() {
		c, err := catalog.New(catalog.Info{}, []catalog.Operation{{
			Method: "GET", Path: "/x",
			Params: []catalog.Param{
				{Name: "state", In: catalog.Query, Schema: catalog.Schema{Type: catalog.String, Enum: []string{"open"}}},
				{Name: "page", In: catalog.Query, Schema: catalog.Schema{Type: catalog.Integer}},
			},
		}})
		Expect(err).NotTo(HaveOccurred())
		op, err := c.Lookup("GET", "/x")
		Expect(err).NotTo(HaveOccurred())
		Expect(op.CheckIndex(0, value.Str("open"))).To(Succeed())
		Expect(op.CheckIndex(0, value.Str("closed"))).To(MatchError(catalog.ErrEnum))
		Expect(op.CheckIndex(1, value.Int(2))).To(Succeed())
		Expect(op.CheckIndex(1, float(2.5))).To(MatchError(catalog.ErrType))
		Expect(op.FreeKinds(0)).To(BeZero(), "an enum is checked")
		Expect(op.FreeKinds(1)).To(Equal(value.MaskInteger))
		Expect(op.FreeKinds(2)).To(BeZero(), "out of range")
		var none *catalog.Operation
		Expect(none.FreeKinds(0)).To(BeZero())
	})
})
