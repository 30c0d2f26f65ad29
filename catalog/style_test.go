package catalog_test

import (
	"errors"
	"strconv"
	"testing"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/catalog"
	"github.com/endpointkit/endpoint/internal/value"
)

// A parameter's Style (OpenAPI's style) was not kept: a label or matrix
// path parameter was built as simple, and the query styles with no RFC
// 6570 form as form.
var _ = Describe("a parameter's Style", func() {
	str := catalog.Schema{Type: catalog.String}
	arr := catalog.Schema{Type: catalog.Array, Items: &catalog.Schema{Type: catalog.Integer}}
	obj := catalog.Schema{Type: catalog.Object, Properties: []catalog.Property{
		{Name: "status", Schema: catalog.Schema{Type: catalog.String, Enum: []string{"open", "closed"}}},
		{Name: "limit", Schema: catalog.Schema{Type: catalog.Integer}},
	}}
	styled := func() *catalog.Catalog {
		GinkgoHelper()
		c, err := catalog.New(catalog.Info{}, []catalog.Operation{
			{ID: "getUser", Method: "GET", Path: "/users/{id}", Params: []catalog.Param{{Name: "id", In: catalog.Path, Required: true, Style: catalog.StyleLabel, Schema: str}}},
			{ID: "getPoint", Method: "GET", Path: "/points/{$at}/{n}", Params: []catalog.Param{
				{Name: "$at", In: catalog.Path, Required: true, Style: catalog.StyleMatrix, Explode: true, Schema: obj},
				{Name: "n", In: catalog.Path, Required: true, Explode: true, Schema: arr}}},
			{ID: "listItems", Method: "GET", Path: "/items", Params: []catalog.Param{
				{Name: "filter", In: catalog.Query, Style: catalog.StyleDeepObject, Explode: true, Schema: obj},
				{Name: "ids", In: catalog.Query, Style: catalog.StylePipeDelimited, Schema: arr},
				{Name: "words", In: catalog.Query, Style: catalog.StyleSpaceDelimited, Explode: true, Schema: arr},
				{Name: "color", In: catalog.Query, Style: catalog.StyleForm, Schema: catalog.Schema{Type: catalog.Object}},
				{Name: "legacy", In: catalog.Query, Schema: catalog.Schema{Type: catalog.Object}},
				{Name: "q", In: catalog.Query, Schema: str},
				{Name: "expand", In: catalog.Query, Style: catalog.StyleDeepObject, DeepArrays: true, Schema: catalog.Schema{Type: catalog.Array, Items: &str}}}},
			{ID: "addItem", Method: "POST", Path: "/items", Params: []catalog.Param{
				{Name: "filter", In: catalog.Query, Style: catalog.StyleDeepObject, Explode: true, Schema: obj},
				{Name: "color", In: catalog.Query, Schema: catalog.Schema{Type: catalog.Object}},
				{Name: "name", In: catalog.Body, Schema: str}},
				Body: &catalog.RequestBody{Media: "application/json", Type: catalog.Object}},
			{ID: "plain", Method: "GET", Path: "/plain/{id}", Params: []catalog.Param{
				{Name: "id", In: catalog.Path, Required: true, Schema: str},
				{Name: "tags", In: catalog.Query, Schema: arr}}},
		})
		Expect(err).NotTo(HaveOccurred())
		return c
	}
	byID := func(c *catalog.Catalog, id string) *catalog.Operation {
		GinkgoHelper()
		op, err := c.ByID(id)
		Expect(err).NotTo(HaveOccurred())
		return op
	}

	It("is named as OpenAPI names it", func() {
		for _, name := range []string{"simple", "label", "matrix", "form", "spaceDelimited", "pipeDelimited", "deepObject"} {
			s, ok := catalog.ParseStyle(name)
			Expect(ok).To(BeTrue(), name)
			Expect(s.String()).To(Equal(name))
		}
		s, ok := catalog.ParseStyle("")
		Expect(ok).To(BeTrue())
		Expect(s).To(Equal(catalog.StyleDefault))
		Expect(s.String()).To(Equal("default"))
		_, ok = catalog.ParseStyle("deepobject")
		Expect(ok).To(BeFalse())
		Expect(catalog.Style(99).String()).To(Equal("unknown"))
	})

	It("joins a query value's items with its style's delimiter", func() {
		want := map[catalog.Style]byte{catalog.StylePipeDelimited: '|', catalog.StyleSpaceDelimited: ' ', catalog.StyleForm: ',', catalog.StyleDefault: ','}
		for s, d := range want {
			Expect(s.Delimiter()).To(Equal(d), s.String())
		}
	})

	It("writes a path parameter's style and explode into the template, as RFC 6570 operators", func() {
		c := styled()
		Expect(byID(c, "getUser").Template()).To(Equal("/users/{.id}"))
		Expect(byID(c, "getPoint").Template()).To(Equal("/points/{;%24at*}/{n*}"))
		Expect(byID(c, "plain").Template()).To(Equal("/plain/{id}"))
		// The query: every parameter of a style, for any method (but
		// @octokit/endpoint's, StyleDefault, which a GET writes after the
		// template); a deepObject is never exploded by the template; a
		// pipeDelimited explode is form's.
		Expect(byID(c, "listItems").Template()).To(Equal("/items{?filter,ids,words*,color,expand}"))
		Expect(byID(c, "addItem").Template()).To(Equal("/items{?filter,color}"))
	})

	It("is found by the path as the description writes it, by the template, and by other names", func() {
		c := styled()
		op := byID(c, "getPoint")
		for _, path := range []string{"/points/{$at}/{n}", "/points/{;%24at*}/{n*}"} {
			found, err := c.Lookup("GET", path)
			Expect(err).NotTo(HaveOccurred())
			Expect(found).To(BeIdenticalTo(op), path)
		}
		renamed, err := c.Lookup("GET", "/users/{uid}")
		Expect(err).NotTo(HaveOccurred())
		Expect(renamed.Template()).To(Equal("/users/{.uid}"))
		Expect(renamed.Params[0].Style).To(Equal(catalog.StyleLabel))
		m, err := c.Match("GET", "/users/.5")
		Expect(err).NotTo(HaveOccurred())
		Expect(m.ID).To(Equal("getUser"))
	})

	It("must apply to the parameter's location", func() {
		for _, p := range []catalog.Param{
			{Name: "id", In: catalog.Path, Style: catalog.StyleForm},
			{Name: "id", In: catalog.Path, Style: catalog.StyleDeepObject},
			{Name: "q", In: catalog.Query, Style: catalog.StyleLabel},
			{Name: "q", In: catalog.Query, Style: catalog.StyleSimple},
			{Name: "h", In: catalog.Header, Style: catalog.StylePipeDelimited},
			{Name: "c", In: catalog.Cookie, Style: catalog.StyleMatrix},
			{Name: "b", In: catalog.Body, Style: catalog.StyleForm},
			{Name: "q", In: catalog.Query, Style: catalog.Style(99)},
		} {
			_, err := catalog.New(catalog.Info{}, []catalog.Operation{{Method: "GET", Path: "/x/{id}", Params: []catalog.Param{p}}})
			Expect(err).To(MatchError(catalog.ErrInvalid), p.Style.String())
			Expect(err).To(MatchError(ContainSubstring(`parameter %q: style %s does not apply to a %s parameter`, p.Name, p.Style, p.In)))
		}
		_, err := catalog.New(catalog.Info{}, []catalog.Operation{{Method: "GET", Path: "/x/{id}", Params: []catalog.Param{
			{Name: "id", In: catalog.Path, Style: catalog.StyleSimple}, {Name: "q", In: catalog.Query, Style: catalog.StyleForm},
			{Name: "h", In: catalog.Header, Style: catalog.StyleSimple}, {Name: "c", In: catalog.Cookie, Style: catalog.StyleForm}}}})
		Expect(err).NotTo(HaveOccurred())
	})

	It("survives the compact form, which refuses an unknown style", func() {
		c := styled()
		back, err := catalog.Decode(c.Encode())
		Expect(err).NotTo(HaveOccurred())
		Expect(back.Encode()).To(Equal(c.Encode()))
		Expect(byID(back, "listItems").Params).To(Equal(byID(c, "listItems").Params))
		Expect(byID(back, "getPoint").Template()).To(Equal("/points/{;%24at*}/{n*}"))
		Expect(string(c.Encode())).To(ContainSubstring("P\tpM*!\t$at\t"))
		Expect(string(c.Encode())).To(ContainSubstring("P\tqD+\texpand\t"))
		_, err = catalog.Decode([]byte("endpointkit-catalog 1\nO\tx\tGET\t/x\t\t\nP\tqX\tq\ts\n"))
		Expect(err).To(MatchError(catalog.ErrInvalid))
		Expect(err).To(MatchError(ContainSubstring("invalid style")))
		_, err = catalog.Decode([]byte("endpointkit-catalog 1\nO\tx\tGET\t/x\t\t\nP\tqL\tq\ts\n"))
		Expect(err).To(MatchError(ContainSubstring(`style label does not apply to a query parameter`)))
	})

	Describe("StyledValue", func() {
		styledValue := func(op *catalog.Operation, name string, v any) string {
			GinkgoHelper()
			x, err := value.Of(v)
			Expect(err).NotTo(HaveOccurred())
			out, ok := op.StyledValue(name, x)
			Expect(ok).To(BeTrue())
			if out.Kind() == value.Object {
				Expect(out.Flag()).To(Equal(value.DeepObjectFlag))
				return "deep " + string(value.AppendJSON(nil, out))
			}
			return string(value.AppendJSON(nil, out))
		}

		It("joins pipeDelimited and spaceDelimited items, and an @octokit/endpoint form object of a GET, and marks a deepObject", func() {
			c := styled()
			list := byID(c, "listItems")
			Expect(styledValue(list, "ids", []any{1, "a|b", nil, true})).To(Equal(`"1|a|b|true"`))
			Expect(styledValue(list, "ids", map[string]any{"R": 100, "G": 200})).To(Equal(`"G|200|R|100"`))
			Expect(styledValue(list, "legacy", map[string]any{"R": 100, "x": nil})).To(Equal(`"R,100"`))
			Expect(styledValue(list, "filter", map[string]any{"status": "open"})).To(Equal(`deep {"status":"open"}`))
			// A deepObject that takes arrays (DeepArrays): its items by position.
			Expect(styledValue(list, "expand", []any{"a", nil, "b"})).To(Equal(`deep {"0":"a","1":"b"}`))
			Expect(styledValue(list, "expand", []any{nil})).To(Equal(`null`))
			Expect(styledValue(list, "ids", []any{nil})).To(Equal(`null`))
			Expect(styledValue(list, "ids", []any{""})).To(Equal(`""`))
		})

		It("leaves every other value to the template", func() {
			c := styled()
			list, add := byID(c, "listItems"), byID(c, "addItem")
			for _, tc := range []struct {
				op   *catalog.Operation
				name string
				v    any
			}{
				{list, "ids", "1|2"}, {list, "ids", 5}, {list, "filter", []int{1}}, {list, "words", []string{"a"}},
				{list, "q", []string{"a"}}, {list, "ids", []any{[]int{1}}}, {list, "ids", map[string]any{"a": []int{1}}},
				{list, "color", map[string]any{"R": 1}}, // OpenAPI's form: the template's {?color}
				{list, "nope", []int{1}}, {add, "color", map[string]any{"R": 1}}, {add, "name", []int{1}},
				{byID(c, "plain"), "tags", []int{1}}, {byID(c, "getUser"), "id", []int{1}}, {nil, "ids", []int{1}},
			} {
				x, err := value.Of(tc.v)
				Expect(err).NotTo(HaveOccurred())
				out, ok := tc.op.StyledValue(tc.name, x)
				Expect(ok).To(BeFalse(), "%s %s %v", tc.op, tc.name, tc.v)
				Expect(value.AppendJSON(nil, out)).To(Equal(value.AppendJSON(nil, x)))
			}
		})
	})

	Describe("the check", func() {
		check := func(op *catalog.Operation, name string, v any) error {
			GinkgoHelper()
			return op.Check(name, v)
		}

		It("takes an object of scalars where the schema allows one, its members checked as text", func() {
			list := byID(styled(), "listItems")
			Expect(check(list, "filter", map[string]any{"status": "open", "limit": "5", "other": true, "none": nil})).To(Succeed())
			err := check(list, "filter", map[string]any{"status": "opne"})
			Expect(err).To(MatchError(catalog.ErrEnum))
			Expect(err).To(MatchError(`catalog: GET /items: parameter "filter": status: "opne" is not one of open, closed; did you mean open?`))
			Expect(check(list, "filter", map[string]any{"limit": "five"})).To(MatchError(`catalog: GET /items: parameter "filter": limit: got string "five", want integer`))
			Expect(check(list, "filter", map[string]any{"limit": []int{5}})).To(MatchError(`catalog: GET /items: parameter "filter": limit: got array, want a string, number or boolean`))
			Expect(check(list, "color", map[string]any{"k": map[string]any{}})).To(MatchError(catalog.ErrType))
			Expect(check(list, "q", map[string]any{"k": 1})).To(MatchError(`catalog: GET /items: parameter "q": got object, want string`))
		})

		It("refuses an array for a deepObject, and keeps a credential's value out", func() {
			list := byID(styled(), "listItems")
			Expect(check(list, "filter", []string{"open"})).To(MatchError(`catalog: GET /items: parameter "filter": got array, want object ` +
				`(style deepObject, which OpenAPI defines for objects only): load the description with openapi.Options{DeepObjectArrays: true} ` +
				`to send filter[0]=a&filter[1]=b, or write the pairs in the route's query (?filter[]=a&filter[]=b)`))
			c, err := catalog.New(catalog.Info{}, []catalog.Operation{{Method: "GET", Path: "/x", Params: []catalog.Param{
				{Name: "auth", In: catalog.Query, Style: catalog.StyleDeepObject, Schema: catalog.Schema{Type: catalog.Object, Properties: []catalog.Property{
					{Name: "token", Schema: catalog.Schema{Type: catalog.Integer}}}}}}}})
			Expect(err).NotTo(HaveOccurred())
			op, _ := c.Lookup("GET", "/x")
			err = op.Check("auth", map[string]any{"token": "s3cret"})
			Expect(err).To(MatchError(`catalog: GET /x: parameter "auth": token: got string, want integer`))
		})

		It("finds a null path value missing where the template would expand it to nothing", func() {
			c := styled()
			Expect(check(byID(c, "getUser"), "id", nil)).To(MatchError(`catalog: GET /users/{id}: missing required parameter "id"`))
			Expect(check(byID(c, "getUser"), "id", nil)).To(MatchError(catalog.ErrMissingParam))
			Expect(check(byID(c, "getPoint"), "n", nil)).To(MatchError(catalog.ErrMissingParam))
			Expect(check(byID(c, "plain"), "id", nil)).To(MatchError(catalog.ErrMissingParam)) // required: nothing to send
			Expect(check(byID(c, "listItems"), "filter", nil)).To(Succeed())
		})
	})

	// Every call of an operation without styles has only values
	// StyledValue leaves alone, for which it allocates nothing.
	It("allocates nothing for a value it leaves alone", func() {
		if raceEnabled {
			Skip("the race detector allocates")
		}
		c := styled()
		list, plain := byID(c, "listItems"), byID(c, "plain")
		arr, err := value.Of([]int{1, 2})
		Expect(err).NotTo(HaveOccurred())
		Expect(testing.AllocsPerRun(100, func() {
			if _, ok := plain.StyledValue("tags", arr); ok {
				panic("styled")
			}
			if _, ok := list.StyledValue("words", arr); ok {
				panic("styled")
			}
			if _, ok := list.StyledValue("ids", value.Str("1|2")); ok {
				panic("styled")
			}
		})).To(BeZero())
	})
})

// A deepObject member key that was empty or held "[" or "]" was sent:
// {"a][b": 1} reached the server as filter[a][b]=1.
var _ = Describe("a deepObject key that injects names", Label("regression"), func() {
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

// An exploded query object's member named as another parameter was sent as it,
// past its check: color={"admin": "true"} sent admin=true.
var _ = Describe("an exploded query object", Label("regression"), func() {
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

// A label, matrix or exploded path parameter given [] or {} (or only nulls)
// passed and expanded to nothing: GET /users/ for /users/{id}.
var _ = Describe("an empty styled path value", Label("regression"), func() {
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
