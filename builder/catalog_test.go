package builder_test

import (
	"errors"
	"regexp"
	"runtime"
	"weak"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/internal/value"
	"github.com/endpointkit/endpoint/template"
)

var _ = Describe("operation-ID routes", func() {
	// The rule written as a regular expression, to hold the byte scanner to.
	rule := regexp.MustCompile(`^[A-Za-z0-9_.-]+(/[A-Za-z0-9_.-]+)+$`)

	DescribeTable("are two or more words of [A-Za-z0-9_.-] between slashes",
		func(route string, want bool) {
			Expect(builder.IsOperationID(route)).To(Equal(want))
			Expect(rule.MatchString(route)).To(Equal(want), "the rule itself")
		},
		Entry("a GitHub ID", "issues/list-for-repo", true),
		Entry("three words", "a/b/c", true),
		Entry("dots and underscores", "v1.2/get_x", true),
		Entry("one word", "issues", false),
		Entry("a path", "/repos/{owner}", false),
		Entry("a trailing slash", "issues/", false),
		Entry("an empty word", "a//b", false),
		Entry("a template", "issues/{id}", false),
		Entry("a space", "issues/list for", false),
		Entry("empty", "", false),
		Entry("non-ASCII", "issues/lïst", false),
	)

	It("agrees with the rule on every short string over a small alphabet", func() {
		alphabet := []byte("a/-{.")
		var walk func(prefix []byte)
		walk = func(prefix []byte) {
			s := string(prefix)
			Expect(builder.IsOperationID(s)).To(Equal(rule.MatchString(s)), "%q", s)
			if len(prefix) == 6 {
				return
			}
			for _, c := range alphabet {
				walk(append(prefix, c))
			}
		}
		walk(nil)
	})
})

// oneOp is a Catalog of one operation, GET /things/{id} with a query
// parameter n, written against the Operation interface alone.
type oneOp struct{ thing string }

var errNotThere = errors.New("no such parameter")

func (o oneOp) path() string {
	if o.thing == "" {
		return "/things/{id}"
	}
	return "/" + o.thing + "/{id}"
}

func (o oneOp) Resolve(method, url string) (builder.Operation, error) {
	if method != "GET" || url != o.path() {
		return nil, errors.New("unknown route")
	}
	return o, nil
}
func (o oneOp) Target() (string, *template.Template, error) {
	t, err := template.ParseRFC6570(o.path())
	return "GET", t, err
}
func (oneOp) BaseURL(base string) string { return base }
func (oneOp) Accept() string             { return "" }
func (oneOp) BodyMedia() string          { return "" }
func (oneOp) Locate(name string) builder.Location {
	switch name {
	case "id":
		return builder.InPath
	case "n":
		return builder.InQuery
	}
	return builder.InNone
}
func (o oneOp) Place(name string, v value.Value) (builder.Location, error) {
	loc := o.Locate(name)
	if loc == builder.InNone {
		return loc, nil
	}
	return loc, o.CheckParam(name, v)
}
func (oneOp) CheckParam(name string, v value.Value) error {
	switch name {
	case "id":
		return nil
	case "n":
		if v.Kind() != value.Number {
			return errors.New("n is a number")
		}
		return nil
	}
	return errNotThere
}
func (oneOp) CheckData(value.Value) error                         { return nil }
func (oneOp) CheckMember(string, value.Value) error               { return errNotThere }
func (oneOp) StyledValue(string, value.Value) (value.Value, bool) { return value.Value{}, false }
func (oneOp) Requires() (always, withBody []string)               { return []string{"id"}, nil }
func (oneOp) Shadowed() (always, withBody []string)               { return nil, nil }
func (oneOp) MissingIn(has func(name string, body bool) bool, _ bool) error {
	if !has("id", false) {
		return errors.New("id is missing")
	}
	return nil
}

var _ = Describe("a catalogue of one operation, through the Operation interface", func() {
	e := builder.New(builder.WithBaseURL("https://h"), builder.WithCatalog(oneOp{}))

	It("locates and checks each parameter", func() {
		r, err := e.Route("GET /things/{id}").Param("id", "a").Param("n", 2).Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(r.URL).To(Equal("https://h/things/a?n=2"))
		_, err = e.Route("GET /things/{id}").Param("id", "a").Param("n", "two").Build()
		Expect(err).To(MatchError(ContainSubstring("n is a number")))
		_, err = e.Route("GET /things/{id}").Param("id", "a").Param("x", 1).Build()
		Expect(errors.Is(err, errNotThere)).To(BeTrue(), "%v", err)
		_, err = e.Route("GET /things/{id}").Param("n", 1).Build()
		Expect(err).To(MatchError(ContainSubstring("id is missing")))
	})

	It("does not keep a catalogue alive once no Endpoint uses it", func() {
		cat := &struct {
			oneOp
			payload []byte
		}{oneOp{"dropped"}, make([]byte, 1<<20)}
		w := weak.Make(cat)
		func() {
			e := builder.New(builder.WithBaseURL("https://h"), builder.WithCatalog(cat))
			r, err := e.Route("GET /dropped/{id}").Param("id", 7).Build()
			Expect(err).NotTo(HaveOccurred())
			Expect(r.URL).To(Equal("https://h/dropped/7"))
		}()
		cat = nil
		collected := false
		for range 50 {
			if runtime.GC(); w.Value() == nil {
				collected = true
				break
			}
		}
		Expect(collected).To(BeTrue(), "the catalogue is still reachable")
	})
})
