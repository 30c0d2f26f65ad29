package github_test

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"reflect"
	"slices"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/catalog"
	"github.com/endpointkit/endpoint/catalog/github"
)

// general checks that Build agrees with Parse(Merge()), which never takes
// the direct path.
func general(e *builder.Endpoint, b *builder.Builder) {
	GinkgoHelper()
	built, buildErr := b.Build()
	merged, err := b.Merge()
	if err != nil {
		Expect(buildErr).To(HaveOccurred())
		return
	}
	parsed, parseErr := e.Parse(merged)
	Expect(fmt.Sprint(parseErr)).To(Equal(fmt.Sprint(buildErr)))
	if parseErr == nil {
		Expect(parsed).To(Equal(built))
	}
}

// sameBothWays builds b in one step and in two (after checking Build
// against Parse(Merge()) on e) and expects the same request or error; it
// reports whether the call was built.
func sameBothWays(e *builder.Endpoint, b *builder.Builder, what string) bool {
	GinkgoHelper()
	general(e, b)
	ctx := context.Background()
	one, oneErr := b.HTTPRequest(ctx)
	ro, twoErr := b.Build()
	var two *http.Request
	if twoErr == nil {
		two, twoErr = ro.HTTPRequest(ctx)
	}
	Expect(fmt.Sprint(oneErr)).To(Equal(fmt.Sprint(twoErr)), what)
	if oneErr != nil {
		return false
	}
	Expect(wire(one)).To(Equal(wire(two)), what)
	Expect(reflect.DeepEqual(one.Header, two.Header)).To(BeTrue(), what)
	return true
}

// wire is what a request sends, to compare two of them.
func wire(r *http.Request) string {
	body := ""
	if r.Body != nil {
		b, err := io.ReadAll(r.Body)
		Expect(err).NotTo(HaveOccurred())
		body = string(b)
	}
	return fmt.Sprintf("%s %s %#v %v %d %t %q", r.Method, r.URL, *r.URL, r.Header, r.ContentLength, r.GetBody != nil, body)
}

var _ = Describe("one step and two with GitHub's catalogue", func() {
	It("build every operation the same, with random declared, wrong and unknown parameters (PCG seed 0xca7, 1)", func() {
		rng := rand.New(rand.NewPCG(0xca7, 1))
		eps := []*builder.Endpoint{
			endpoint.Defaults(endpoint.WithCatalog(github.Catalog())),
			endpoint.Defaults(endpoint.WithCatalog(github.Catalog()), endpoint.WithBaseURL("http://127.0.0.1:8080")),
			endpoint.Defaults(endpoint.WithCatalog(github.Catalog()), endpoint.WithBaseURL("https://ghe.example.com/api/v3")),
		}
		wrong := []any{"x", 3, true, nil, []string{"a"}, map[string]any{"k": 1}, "..", 2.5}
		agreed, failed := 0, 0
		for _, op := range github.Catalog().Operations() {
			for round := range 3 {
				ep := eps[rng.IntN(len(eps))]
				b := ep.Route(op.String())
				always, withBody := op.Requires()
				for i, name := range append(always, withBody...) {
					if rng.IntN(20) == 0 {
						continue // missing
					}
					p, _ := op.Param(name)
					b.Param(name, sample(p.Schema, i+round))
				}
				for range rng.IntN(3) * min(len(op.Params), 1) {
					p := op.Params[rng.IntN(len(op.Params))]
					if rng.IntN(3) == 0 {
						b.Param(p.Name, wrong[rng.IntN(len(wrong))])
					} else {
						b.Param(p.Name, sample(p.Schema, round))
					}
				}
				if rng.IntN(15) == 0 {
					b.Param("no_such_param", "x")
				}
				if sameBothWays(ep, b, op.String()) {
					agreed++
				} else {
					failed++
				}
			}
		}
		Expect(agreed).To(BeNumerically(">", 2000))
		Expect(failed).To(BeNumerically(">", 100))
	})

	// After a call passes, a call with the same parameter names in the same
	// order has only its values checked (by position): every operation is
	// called with its required parameters and its first optional one, then
	// again with the same names and other values, some of them wrong, on
	// endpoints with other base URLs too.
	It("check calls whose names passed before by their values alone (PCG seed 0xca9, 1)", func() {
		rng := rand.New(rand.NewPCG(0xca9, 1))
		cat := github.Catalog()
		eps := []*builder.Endpoint{
			endpoint.Defaults(endpoint.WithCatalog(cat)),
			endpoint.Defaults(endpoint.WithCatalog(cat), endpoint.WithBaseURL("https://ghe.example.com/api/v3")),
		}
		wrong := []any{"x", 3, true, []string{"a"}, map[string]any{"k": 1}, 2.5, nil}
		agreed, failed := 0, 0
		for _, op := range cat.Operations() {
			always, withBody := op.Requires()
			names := append(append([]string{}, always...), withBody...)
			if len(op.Params) > 0 && !slices.Contains(names, op.Params[0].Name) {
				names = append(names, op.Params[0].Name)
			}
			call := func(ep *builder.Endpoint, round int, bad int) bool {
				b := ep.Route(op.String())
				for i, name := range names {
					p, _ := op.Param(name)
					v := sample(p.Schema, i+round)
					if i == bad {
						v = wrong[rng.IntN(len(wrong))]
					}
					b.Param(name, v)
				}
				return sameBothWays(ep, b, op.String())
			}
			for round := range 6 {
				bad := -1
				if round >= 2 && len(names) > 0 && rng.IntN(2) == 0 {
					bad = rng.IntN(len(names))
				}
				if call(eps[round%len(eps)], round, bad) {
					agreed++
				} else {
					failed++
				}
			}
		}
		Expect(agreed).To(BeNumerically(">", 4000)) // 6,254 with this seed
		Expect(failed).To(BeNumerically(">", 500))  // 1,084
	})

	It("agree on header, query, path and body parameters of a small catalogue (PCG seed 0xca8, 1)", func() {
		str := catalog.Schema{Type: catalog.String}
		c, err := catalog.New(catalog.Info{Title: "small"}, []catalog.Operation{
			{ID: "items/list", Method: "GET", Path: "/items/{kind}", Params: []catalog.Param{
				{Name: "kind", In: catalog.Path, Required: true, Schema: str},
				{Name: "page", In: catalog.Query, Schema: catalog.Schema{Type: catalog.Integer}},
				{Name: "x-request-id", In: catalog.Header, Schema: str},
			}},
			{ID: "items/create", Method: "POST", Path: "/items/{kind}", Params: []catalog.Param{
				{Name: "kind", In: catalog.Path, Required: true, Schema: str},
				{Name: "dry", In: catalog.Query, Schema: catalog.Schema{Type: catalog.Boolean}},
				{Name: "name", In: catalog.Body, Required: true, Schema: str},
			}, Body: &catalog.RequestBody{Media: "application/json", Type: catalog.Object, Required: true}},
			{ID: "items/update", Method: "PATCH", Path: "/items/{kind}", Params: []catalog.Param{
				{Name: "kind", In: catalog.Path, Required: true, Schema: str},
				{Name: "name", In: catalog.Body, Schema: str},
			}, Body: &catalog.RequestBody{Media: "application/json", Type: catalog.Object}},
		})
		Expect(err).NotTo(HaveOccurred())
		e := endpoint.Defaults(endpoint.WithCatalog(c), endpoint.WithBaseURL("https://items.example"))
		rng := rand.New(rand.NewPCG(0xca8, 1))
		names := []string{"kind", "page", "x-request-id", "dry", "name", "other"}
		values := []any{"a", "b c", 2, true, nil, []string{"x"}, ".."}
		agreed := 0
		for range 3000 {
			route := []string{"GET /items/{kind}", "POST /items/{kind}", "PATCH /items/{kind}"}[rng.IntN(3)]
			post := route[0] == 'P'
			b := e.Route(route)
			if rng.IntN(10) > 0 {
				b.Param("kind", "k")
			}
			if post && rng.IntN(10) > 0 {
				b.Param("name", "n")
			}
			for range rng.IntN(3) {
				b.Param(names[rng.IntN(len(names))], values[rng.IntN(len(values))])
			}
			if rng.IntN(6) == 0 {
				b.Data(map[string]any{"name": values[rng.IntN(len(values))]})
			}
			if sameBothWays(e, b, "small catalogue") {
				agreed++
			}
		}
		// 976 with this seed: a list for the string kind is refused since
		// issue 34 (item 7), as nil and ".." are.
		Expect(agreed).To(BeNumerically(">", 900))
	})

	It("agree when the same route strings go to several catalogues in turn, comparable or not", func() {
		// The uncomparable one first: were it to take a route's memo,
		// the next call of it would compare it with ==.
		eps := []*builder.Endpoint{
			endpoint.Defaults(endpoint.WithCatalog(uncomparable{github.Catalog(), []string{"x"}})),
			endpoint.Defaults(endpoint.WithCatalog(github.Catalog())),
			endpoint.Defaults(endpoint.WithCatalog(github.GHES()), endpoint.WithBaseURL("https://ghe.example.com/api/v3")),
			endpoint.Defaults(endpoint.WithCatalog(github.GHEC())),
		}
		agreed := 0
		for i, op := range github.Catalog().Operations() {
			if i%4 != 0 {
				continue
			}
			// A string of this spec's own, at the same address every time.
			route := strings.Clone(op.String())
			for round := range 2 {
				for _, e := range eps {
					b := e.Route(route)
					always, withBody := op.Requires()
					for k, name := range append(always, withBody...) {
						p, _ := op.Param(name)
						b.Param(name, sample(p.Schema, k+round))
					}
					if sameBothWays(e, b, route) {
						agreed++
					}
				}
			}
		}
		Expect(agreed).To(BeNumerically(">", 1000))
	})
})

// uncomparable is a Catalog whose type == cannot compare (it panics).
type uncomparable struct {
	c    *catalog.Catalog
	tags []string
}

func (uncomparable) Accept() string { return "" }

func (u uncomparable) Resolve(method, url string) (builder.Operation, error) {
	return u.c.Resolve(method, url)
}
