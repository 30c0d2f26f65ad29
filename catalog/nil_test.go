package catalog_test

import (
	"errors"
	"fmt"

	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/catalog"
	"github.com/endpointkit/endpoint/internal/value"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// Values a caller may hold without meaning to: the nil *Operation of a
// Lookup whose error was dropped, a nil has func, a nil *Error.
var _ = Describe("nil values", func() {
	var none *catalog.Operation // what a dropped Lookup error leaves

	It("take a nil *Operation for one that knows nothing", func() {
		c, err := catalog.New(catalog.Info{}, nil)
		Expect(err).NotTo(HaveOccurred())
		op, err := c.Lookup("GET", "/nowhere")
		Expect(err).To(MatchError(catalog.ErrUnknownRoute))
		Expect(op).To(BeNil())

		m, p := op.Route()
		Expect([]string{m, p}).To(Equal([]string{"", ""}))
		m, t, err := op.Target()
		Expect(m).To(BeEmpty())
		Expect(t).To(BeNil())
		Expect(err).To(MatchError(catalog.ErrUnknownRoute))
		Expect(op.Template()).To(BeEmpty())
		path, query := op.SplitTemplate()
		Expect([]string{path, query}).To(Equal([]string{"", ""}))
		Expect(op.String()).To(Equal("<nil>"))
		for _, format := range []string{"%v", "%s", "%+v", "%q"} {
			Expect(fmt.Sprintf(format, op)).NotTo(ContainSubstring("PANIC"), format)
		}
		param, ok := op.Param("state")
		Expect(param).To(BeNil())
		Expect(ok).To(BeFalse())
		loc, ok := op.In("state")
		Expect(loc).To(BeZero())
		Expect(ok).To(BeFalse())
		Expect(op.Locate("state")).To(Equal(builder.InNone))
		Expect(op.Required()).To(BeNil())
		always, withBody := op.Requires()
		Expect(always).To(BeNil())
		Expect(withBody).To(BeNil())
		Expect(op.BaseURL("https://api.github.com/")).To(Equal("https://api.github.com/"))
	})

	It("fail every check of a nil *Operation with an *Error wrapping ErrUnknownRoute", func() {
		has := func(string) bool { return true }
		for name, check := range map[string]func() error{
			"CheckParam":   func() error { return none.CheckParam("state", value.Str("open")) },
			"Check":        func() error { return none.Check("state", "open") },
			"Validate":     func() error { return none.Validate(map[string]any{"state": "open"}) },
			"Target":       func() error { _, _, err := none.Target(); return err },
			"CheckData":    func() error { return none.CheckData(value.Str("open")) },
			"CheckMember":  func() error { return none.CheckMember("state", value.Str("open")) },
			"Place":        func() error { _, err := none.Place("state", value.Str("open")); return err },
			"Missing":      func() error { return none.Missing(has) },
			"MissingBody":  func() error { return none.MissingBody(has, true) },
			"Missing(nil)": func() error { return none.Missing(nil) },
		} {
			err := check()
			Expect(err).To(MatchError(catalog.ErrUnknownRoute), name)
			e := asError(err)
			Expect(e.Route).To(Equal("<nil>"), name)
			Expect(err.Error()).To(ContainSubstring("nil *Operation"), name)
			Expect(err.Error()).NotTo(ContainSubstring("PANIC"), name)
		}
		loc, err := none.Place("state", value.Str("open"))
		Expect(loc).To(Equal(builder.InNone))
		Expect(err).To(MatchError(`catalog: "<nil>": parameter "state": no operation (a nil *Operation, as a failed Lookup returns)`))
		Expect(none.Validate(map[string]any{"a": 1, "b": 2})).To(MatchError(`catalog: "<nil>": no operation (a nil *Operation, as a failed Lookup returns)`))
	})

	It("take a nil has func in Missing and MissingBody for one that has nothing", func() {
		c, err := catalog.New(catalog.Info{}, []catalog.Operation{{
			Method: "PATCH", Path: "/items/{id}",
			Params: []catalog.Param{
				{Name: "id", In: catalog.Path, Required: true},
				{Name: "q", In: catalog.Query, Required: true},
				{Name: "title", In: catalog.Body, Required: true},
				{Name: "note", In: catalog.Body},
			},
			Body: &catalog.RequestBody{Media: "application/json", Type: catalog.Object},
		}})
		Expect(err).NotTo(HaveOccurred())
		op := mustLookup(c, "PATCH", "/items/{id}")

		err = op.Missing(nil)
		Expect(err).To(MatchError(catalog.ErrMissingParam))
		Expect(asError(err).Missing).To(Equal([]string{"id", "q"}))
		err = op.MissingBody(nil, false)
		Expect(err).To(MatchError(catalog.ErrMissingParam))
		Expect(asError(err).Missing).To(Equal([]string{"id", "q"}))
		err = op.MissingBody(nil, true)
		Expect(err).To(MatchError(catalog.ErrMissingParam))
		Expect(asError(err).Missing).To(Equal([]string{"id", "q", "title"}))
	})

	It("unwrap a nil *Error to nothing", func() {
		var e *catalog.Error
		Expect(e.Unwrap()).To(BeNil())
		Expect(errors.Unwrap(e)).To(BeNil())
		Expect(errors.Is(e, catalog.ErrUnknownRoute)).To(BeFalse())
		Expect(e.Error()).To(Equal("<nil>"))
	})
})
