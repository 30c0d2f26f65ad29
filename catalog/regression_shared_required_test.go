package catalog_test

// Regression: Required and Requires return the Operation's own lists,
// which the catalogue's checks read on every call, and they were built by
// append, so most had room past their length (402 of GitHub's 1,223
// operations). The slices are documented as shared and not to be
// modified, but append(op.Required(), name), the usual way to make a list
// of one's own from one, wrote into that room: two callers of one
// catalogue (github.Catalog() is one per process) each appending a name
// got the other's, and did so in a data race. Expected: each append its
// own name; got: the name the later append wrote.

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/catalog"
)

var _ = Describe("regression: appending to a shared list of an Operation", func() {
	c, err := catalog.New(catalog.Info{}, []catalog.Operation{{
		Method: "POST", Path: "/{a}/{b}/{c}",
		Params: []catalog.Param{
			{Name: "a", In: catalog.Path, Required: true}, {Name: "b", In: catalog.Path, Required: true}, {Name: "c", In: catalog.Path, Required: true},
			{Name: "x", In: catalog.Body, Required: true}, {Name: "y", In: catalog.Body, Required: true}, {Name: "z", In: catalog.Body, Required: true},
		},
		Body: &catalog.RequestBody{Media: "application/json", Type: catalog.Object},
	}})
	Expect(err).NotTo(HaveOccurred())
	op, err := c.Lookup("POST", "/{a}/{b}/{c}")
	Expect(err).NotTo(HaveOccurred())

	It("gives each append to Required and Requires a list of its own", func() {
		one, two := append(op.Required(), "one"), append(op.Required(), "two")
		Expect(one).To(Equal([]string{"a", "b", "c", "one"}))
		Expect(two).To(Equal([]string{"a", "b", "c", "two"}))
		always, withBody := op.Requires()
		always, withBody = append(always, "one"), append(withBody, "one")
		always2, withBody2 := op.Requires()
		always2, withBody2 = append(always2, "two"), append(withBody2, "two")
		Expect(always).To(Equal([]string{"a", "b", "c", "one"}))
		Expect(withBody).To(Equal([]string{"x", "y", "z", "one"}))
		Expect(always2).To(Equal([]string{"a", "b", "c", "two"}))
		Expect(withBody2).To(Equal([]string{"x", "y", "z", "two"}))
	})
})
