package catalog_test

import (
	"context"
	"strconv"
	"sync"
	"testing"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/catalog"
	"github.com/endpointkit/endpoint/catalog/github"
	"github.com/endpointkit/endpoint/internal/value"
)

// A number is compared with an enum by value (value.NumberKey): the
// members' keys are made with the catalogue, once, for every schema a
// check reads, however deep.
var _ = Describe("a number enum", func() {
	num := func(s string) value.Value {
		v, ok := value.NumberText(s)
		Expect(ok).To(BeTrue(), s)
		return v
	}
	arr := func(vs ...value.Value) value.Value { return value.NewArray(vs) }
	obj := func(k string, v value.Value) value.Value { return value.NewObject([]value.Member{{Key: k, Value: v}}) }
	numbers := func(members ...string) catalog.Schema {
		return catalog.Schema{Type: catalog.Number, Enum: members}
	}
	deep := numbers("3")
	for range 16 { // 16 levels below the parameter: as deep as a check reads
		inner := deep
		deep = catalog.Schema{Type: catalog.Array, Items: &inner}
	}
	additional := numbers("7")
	c, err := catalog.New(catalog.Info{}, []catalog.Operation{{
		Method: "POST", Path: "/things",
		Params: []catalog.Param{
			{Name: "q", In: catalog.Query, Schema: numbers("2", "0.5", "100")},
			{Name: "ids", In: catalog.Query, Schema: catalog.Schema{Type: catalog.Array, Items: &catalog.Schema{Type: catalog.Integer, Enum: []string{"1", "2"}}}},
			{Name: "odd", In: catalog.Body, Schema: numbers("1.0", "1e2", "-0", "x")},
			{Name: "reaction", In: catalog.Query, Schema: catalog.Schema{Type: catalog.String, Enum: []string{"+1", "-1", "heart"}}},
			{Name: "obj", In: catalog.Body, Schema: catalog.Schema{Type: catalog.Object, Properties: []catalog.Property{{Name: "k", Schema: numbers("3")}}}},
			{Name: "deep", In: catalog.Body, Schema: deep},
			{Name: "flag", In: catalog.Body, Schema: catalog.Schema{Type: catalog.Boolean | catalog.Number, Enum: []string{"true", "1"}}},
		},
		Body: &catalog.RequestBody{Media: "application/json", Type: catalog.Object, Additional: &additional},
	}})
	Expect(err).NotTo(HaveOccurred())
	op, _ := c.Lookup("POST", "/things")
	wrap := func(v value.Value, n int) value.Value {
		for range n {
			v = arr(v)
		}
		return v
	}

	DescribeTable("takes a value equal to a member, however either is written",
		func(name string, v value.Value) {
			Expect(op.CheckParam(name, v)).To(Succeed())
		},
		Entry("a query parameter", "q", num("2.0")),
		Entry("a query parameter", "q", num("5e-1")),
		Entry("a query parameter", "q", num("1E2")),
		Entry("a query array's items", "ids", arr(num("1.00"), num("20e-1"))),
		Entry("a member written 1.0", "odd", num("1")),
		Entry("a member written 1e2", "odd", num("100.000")),
		Entry("a member written -0", "odd", num("0")),
		Entry("a member written -0", "odd", num("-0.0e5")),
		Entry("a number as text against a string enum's -1", "reaction", num("-1.0")),
		Entry("an object's property", "obj", obj("k", num("0.3e1"))),
		Entry("16 levels down", "deep", wrap(num("3.0"), 16)),
		Entry("a boolean beside numbers", "flag", value.Boolean(true)),
		Entry("a boolean beside numbers", "flag", num("1e0")),
	)

	DescribeTable("refuses one that is no member",
		func(name string, v value.Value) {
			Expect(op.CheckParam(name, v)).To(MatchError(catalog.ErrEnum))
		},
		Entry("a query parameter", "q", num("2.01")),
		Entry("a query array's items", "ids", arr(num("1"), num("3.0"))),
		Entry("beside a member that is no number", "odd", num("-1")),
		Entry("a number as text against a string enum", "reaction", num("1")),
		Entry("an object's property", "obj", obj("k", num("30e-2"))),
		Entry("16 levels down", "deep", wrap(num("4"), 16)),
		Entry("a number beside a boolean", "flag", num("2")),
	)

	It("checks a member an open body takes by value", func() {
		Expect(op.CheckParam("extra", num("7.0"))).To(Succeed())
		Expect(op.CheckMember("extra", num("70e-1"))).To(Succeed())
		Expect(op.CheckParam("extra", num("8"))).To(MatchError(catalog.ErrEnum))
	})

	It("checks a copy of an operation against its own members", func() {
		cp := *op
		cp.Params = append([]catalog.Param(nil), op.Params...)
		cp.Params[0].Schema.Enum = []string{"5"}
		c2, err := catalog.New(catalog.Info{}, []catalog.Operation{cp})
		Expect(err).NotTo(HaveOccurred())
		op2, _ := c2.Lookup("POST", "/things")
		Expect(op2.CheckParam("q", num("5.0"))).To(Succeed())
		Expect(op2.CheckParam("q", num("2.0"))).To(MatchError(catalog.ErrEnum))
		Expect(op.CheckParam("q", num("2.0"))).To(Succeed())
	})

	It("checks a route written with other names, read beside the operation on other goroutines", func() {
		c, err := catalog.New(catalog.Info{}, []catalog.Operation{{
			Method: "POST", Path: "/things/{id}",
			Params: []catalog.Param{
				{Name: "id", In: catalog.Path, Required: true, Schema: catalog.Schema{Type: catalog.String}},
				{Name: "ids", In: catalog.Body, Schema: catalog.Schema{Type: catalog.Array, Items: &catalog.Schema{Type: catalog.Integer, Enum: []string{"1", "2"}}}},
			},
		}})
		Expect(err).NotTo(HaveOccurred())
		var wg sync.WaitGroup
		errs := make([]error, 8)
		for i := range errs {
			wg.Go(func() {
				path := "/things/{id}"
				if i%2 == 1 {
					path = "/things/{other}" // a copy of the operation: renamed
				}
				for range 50 {
					op, err := c.Lookup("POST", path)
					if err == nil {
						err = op.CheckParam("ids", arr(num("2.0")))
					}
					if err != nil {
						errs[i] = err
						return
					}
				}
			})
		}
		wg.Wait()
		Expect(errs).To(HaveEach(BeNil()))
	})

	It("costs the same whatever the number of members", func() {
		if raceEnabled || testing.Short() {
			Skip("the race detector allocates")
		}
		allocs := func(members int) float64 {
			// Long members: a key past 32 bytes is made on the heap, so
			// that working one out again shows as an allocation.
			var enum []string
			for i := 1; i < members; i++ {
				enum = append(enum, "1234567890123456789012345678901234567890"+strconv.Itoa(i))
			}
			enum = append(enum, "32") // the last
			c, err := catalog.New(catalog.Info{}, []catalog.Operation{{
				Method: "GET", Path: "/x",
				Params: []catalog.Param{{Name: "n", In: catalog.Query, Schema: numbers(enum...)}},
			}})
			Expect(err).NotTo(HaveOccurred())
			op, _ := c.Lookup("GET", "/x")
			v := num("3.2e1") // not a member's text: compared by value
			return testing.AllocsPerRun(100, func() {
				if op.CheckParam("n", v) != nil {
					panic("check failed")
				}
			})
		}
		Expect(allocs(64)).To(Equal(allocs(1)))
	})
})

// An array for a string enum passed item by item but is sent joined:
// state=["open","closed"] went out as state=open%2Cclosed.
var _ = Describe("an array for a parameter of listed scalar values", Label("regression"), func() {
	gh := github.Catalog()
	issues, err := gh.Lookup("GET", "/repos/{owner}/{repo}/issues")

	It("is refused when it holds more than one item, one step and two, first call or not", func() {
		Expect(err).NotTo(HaveOccurred())
		err := issues.Check("state", []string{"open", "closed"})
		Expect(err).To(MatchError(catalog.ErrEnum))
		Expect(err.Error()).To(Equal(`catalog: GET /repos/{owner}/{repo}/issues: parameter "state": "open,closed" is not one of open, closed, all (an array is sent as its items joined)`))
		e := endpoint.Defaults(endpoint.WithCatalog(gh))
		call := func(state any) *builder.Builder {
			return e.Route("GET /repos/{owner}/{repo}/issues").Param("owner", "o").Param("repo", "r").Param("state", state)
		}
		for _, first := range []any{nil, "open"} {
			if first != nil {
				_, err := call(first).Build()
				Expect(err).NotTo(HaveOccurred())
			}
			_, err := call([]string{"open", "closed"}).Build()
			Expect(err).To(MatchError(catalog.ErrEnum))
			_, err = call([]string{"open", "closed"}).HTTPRequest(context.Background())
			Expect(err).To(MatchError(catalog.ErrEnum))
			_, err = call([]string{"open", "closed"}).Merge()
			Expect(err).To(MatchError(catalog.ErrEnum))
			_, err = e.BuildJSON("GET /repos/{owner}/{repo}/issues", []byte(`{"owner":"o","repo":"r","state":["open","closed"]}`))
			Expect(err).To(MatchError(catalog.ErrEnum))
		}
	})

	It("passes with one item, which is sent as it is", func() {
		Expect(issues.Check("state", []string{"open"})).To(Succeed())
		r, err := endpoint.Defaults(endpoint.WithCatalog(gh)).Route("GET /repos/{owner}/{repo}/issues").
			Param("owner", "o").Param("repo", "r").Param("state", []string{"closed"}).Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(r.URL).To(Equal("https://api.github.com/repos/o/r/issues?state=closed"))
	})

	It("keeps the value of a credential out of the error", func() {
		c, err := catalog.New(catalog.Info{}, []catalog.Operation{{Method: "GET", Path: "/x", Params: []catalog.Param{
			{Name: "token", In: catalog.Query, Schema: catalog.Schema{Type: catalog.String, Enum: []string{"s3cret1", "s3cret2"}}},
		}}})
		Expect(err).NotTo(HaveOccurred())
		op, err := c.Lookup("GET", "/x")
		Expect(err).NotTo(HaveOccurred())
		err = op.Check("token", []string{"s3cret1", "s3cret2"})
		Expect(err).To(MatchError(catalog.ErrEnum))
		Expect(err.Error()).To(ContainSubstring(`parameter "token": the value is not one of`))
		Expect(err.Error()).NotTo(ContainSubstring("s3cret1,s3cret2"))
	})
})
