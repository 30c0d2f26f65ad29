package catalog_test

import (
	"encoding/json"
	"errors"
	"strings"

	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/catalog"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// free is a catalogue of bodies that take members they do not list (and
// one that refuses them), made by hand.
func free() *catalog.Catalog {
	strs := &catalog.Schema{Type: catalog.Array, Items: &catalog.Schema{Type: catalog.String}}
	c, err := catalog.New(catalog.Info{Title: "free"}, []catalog.Operation{
		{ID: "map", Method: "PUT", Path: "/map/{id}", Params: []catalog.Param{
			{Name: "id", In: catalog.Path, Required: true, Schema: catalog.Schema{Type: catalog.String}},
			{Name: "note", In: catalog.Body, Schema: catalog.Schema{Type: catalog.String}},
		}, Body: &catalog.RequestBody{Media: "application/json", Type: catalog.Object, Additional: strs}},
		{ID: "any", Method: "POST", Path: "/any", Body: &catalog.RequestBody{Media: "application/json", Type: catalog.Object, Additional: &catalog.Schema{}}},
		{ID: "closed", Method: "POST", Path: "/closed", Params: []catalog.Param{
			{Name: "state", In: catalog.Body, Schema: catalog.Schema{Type: catalog.String}},
		}, Body: &catalog.RequestBody{Media: "application/json", Type: catalog.Object}},
	})
	Expect(err).NotTo(HaveOccurred())
	return c
}

var _ = Describe("a body that takes members it does not list", func() {
	c := free()

	It("checks such a member against the schema the body gives them", func() {
		op := byIDOf(c, "map")
		Expect(op.Check("octo-repo", []string{"/src/x.rs"})).To(Succeed())
		Expect(op.CheckParam("octo-repo", mustValue([]any{"/a", "/b"}))).To(Succeed())
		err := op.Check("octo-repo", 5)
		Expect(errors.Is(err, catalog.ErrType)).To(BeTrue(), "%v", err)
		Expect(err.Error()).To(Equal(`catalog: PUT /map/{id}: parameter "octo-repo": got integer 5, want array`))
		err = op.Check("octo-repo", []any{"/a", 1})
		Expect(errors.Is(err, catalog.ErrType)).To(BeTrue(), "%v", err)
		Expect(strings.Count(err.Error(), "octo-repo")).To(Equal(1))
		// Declared parameters keep their own schema.
		Expect(errors.Is(op.Check("note", []string{"x"}), catalog.ErrType)).To(BeTrue())
	})

	It("takes any member when the schema says nothing of it", func() {
		op := byIDOf(c, "any")
		Expect(op.Check("anything", map[string]any{"x": []int{1}})).To(Succeed())
		Expect(op.Check("other", nil)).To(Succeed())
	})

	It("still refuses an undeclared name where the body refuses other members", func() {
		err := byIDOf(c, "closed").Check("stat", "open")
		Expect(errors.Is(err, catalog.ErrUnknownParam)).To(BeTrue(), "%v", err)
		Expect(asError(err).Suggestions).To(Equal([]string{"state"}))
	})

	It("places such a member nowhere, so that a default layer's parameter stays out of the body", func() {
		op := byIDOf(c, "map")
		Expect(op.Locate("octo-repo")).To(Equal(builder.InNone))
		loc, err := op.Place("octo-repo", mustValue(5))
		Expect(loc).To(Equal(builder.InNone))
		Expect(err).NotTo(HaveOccurred())
	})

	It("is copied by New, and kept by the compact form", func() {
		strs := &catalog.Schema{Type: catalog.Array, Items: &catalog.Schema{Type: catalog.String, Enum: []string{"a;b", "c"}}}
		ops := []catalog.Operation{
			{ID: "x", Method: "POST", Path: "/x", Params: []catalog.Param{{Name: "m", In: catalog.Body, Schema: catalog.Schema{Type: catalog.Object}}},
				Body: &catalog.RequestBody{Media: "application/json; charset=utf-8", Type: catalog.Object, Additional: strs}},
			{ID: "y", Method: "POST", Path: "/y", Body: &catalog.RequestBody{Media: "application/json", Type: catalog.Object, Required: true, Additional: &catalog.Schema{}}},
		}
		made, err := catalog.New(catalog.Info{}, ops)
		Expect(err).NotTo(HaveOccurred())
		strs.Type, strs.Items.Enum[0] = catalog.Boolean, "z"
		op := byIDOf(made, "x")
		Expect(op.Body.Additional).To(Equal(&catalog.Schema{Type: catalog.Array, Items: &catalog.Schema{Type: catalog.String, Enum: []string{"a;b", "c"}}}))

		text := string(made.Encode())
		Expect(text).To(ContainSubstring("O\tx\tPOST\t/x\t\to;application/json; charset=utf-8\ta[s=a%3Bb,c]\n"))
		Expect(text).To(ContainSubstring("O\ty\tPOST\t/y\t\t!o;application/json\t*\n"))
		d, err := catalog.Decode([]byte(text))
		Expect(err).NotTo(HaveOccurred())
		Expect(byIDOf(d, "x").Body).To(Equal(op.Body))
		Expect(byIDOf(d, "x").Params).To(Equal(op.Params))
		Expect(string(d.Encode())).To(Equal(text))
		Expect(byIDOf(d, "y").Body).To(Equal(byIDOf(made, "y").Body))
		Expect(byIDOf(d, "x").Check("k", []string{"c"})).To(Succeed())
		Expect(errors.Is(byIDOf(d, "x").Check("k", []string{"d"}), catalog.ErrEnum)).To(BeTrue())
	})

	DescribeTable("a malformed extra field is ErrInvalid",
		func(text string) {
			_, err := catalog.Decode([]byte("endpointkit-catalog 1\n" + text))
			Expect(errors.Is(err, catalog.ErrInvalid)).To(BeTrue(), "%v", err)
		},
		Entry("without a body", "O\tx\tPOST\t/x\t\t\ts\n"),
		Entry("empty", "O\tx\tPOST\t/x\t\to;application/json\t\n"),
		Entry("trailing text", "O\tx\tPOST\t/x\t\to;application/json\ts]\n"),
	)
})

var _ = Describe("a call checked against a body as a whole", func() {
	c, err := catalog.New(catalog.Info{Title: "bodies"}, []catalog.Operation{
		{ID: "open", Method: "POST", Path: "/open", Params: []catalog.Param{
			{Name: "name", In: catalog.Body, Required: true, Schema: catalog.Schema{Type: catalog.String}},
		}, Body: &catalog.RequestBody{Media: "application/json", Type: catalog.Object, Additional: &catalog.Schema{}}},
		{ID: "obj", Method: "POST", Path: "/obj", Params: []catalog.Param{
			{Name: "name", In: catalog.Body, Schema: catalog.Schema{Type: catalog.String}},
		}, Body: &catalog.RequestBody{Media: "application/json", Type: catalog.Object}},
		{ID: "list", Method: "PUT", Path: "/list", Body: &catalog.RequestBody{Media: "application/json", Type: catalog.Array, Required: true}},
		{ID: "either", Method: "PUT", Path: "/either", Body: &catalog.RequestBody{Media: "application/json", Type: catalog.Array | catalog.Object}},
	})
	Expect(err).NotTo(HaveOccurred())
	e := builder.New(builder.WithBaseURL("https://api.example.com"), builder.WithCatalog(c))

	It("requires an optional body's required members once any member is sent, listed or not", func() {
		for _, b := range []*builder.Builder{
			e.Route("POST /open").Param("extra", 1),
			e.Route("POST /open").Data(map[string]any{"extra": 1}),
		} {
			_, err := b.Build()
			Expect(errors.Is(err, catalog.ErrMissingParam)).To(BeTrue(), "%v", err)
			Expect(asError(err).Missing).To(Equal([]string{"name"}))
			Expect(err.Error()).To(Equal(`endpoint: check "POST /open": missing required parameter "name"`))
		}
		ro, err := e.Route("POST /open").Param("extra", 1).Param("name", "n").Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(ro.Body).To(MatchJSON(`{"extra":1,"name":"n"}`))
		_, err = e.Route("POST /open").Build()
		Expect(err).NotTo(HaveOccurred(), "no body, nothing it requires")
	})

	It("refuses data of a JSON type the body does not allow, without quoting it", func() {
		for _, tc := range []struct {
			route string
			data  any
			want  string
		}{
			{"POST /obj", 5, "got integer, want object"},
			{"POST /obj", true, "got boolean, want object"},
			{"POST /obj", []string{"x"}, ""}, // GitHub's labels, given directly
			{"POST /obj", "x", ""},           // a string is text, sent as it is
			{"POST /obj", json.RawMessage(`"token-secret"`), "got string, want object"},
			{"PUT /list", map[string]any{"a": 1}, "got object, want array"},
			{"PUT /list", json.RawMessage(`"token-secret"`), "got string, want array"},
			{"PUT /list", true, "got boolean, want array"},
			{"PUT /list", []int{1}, ""},
			{"PUT /either", []int{1}, ""},
			{"PUT /either", map[string]any{}, ""},
			{"PUT /either", 1.5, "got number, want array or object"},
		} {
			_, err := e.Route(tc.route).Data(tc.data).Build()
			if tc.want == "" {
				Expect(err).NotTo(HaveOccurred(), "%s %v", tc.route, tc.data)
				continue
			}
			Expect(errors.Is(err, catalog.ErrType)).To(BeTrue(), "%s %v: %v", tc.route, tc.data, err)
			Expect(err.Error()).To(Equal(`endpoint: check "` + tc.route + `": data: ` + tc.want))
			Expect(err.Error()).NotTo(ContainSubstring("secret"))
		}
	})
})

func byIDOf(c *catalog.Catalog, id string) *catalog.Operation {
	op, err := c.ByID(id)
	ExpectWithOffset(1, err).NotTo(HaveOccurred())
	return op
}
