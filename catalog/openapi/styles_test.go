package openapi_test

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/catalog"
	"github.com/endpointkit/endpoint/catalog/openapi"
	"github.com/endpointkit/endpoint/internal/value"
)

// OpenAPI's parameter styles other than form (query) and simple (path)
// were not applied: a label or matrix path parameter was sent as simple,
// an array of pipeDelimited or spaceDelimited joined with commas, and a
// deepObject refused ("a map cannot be a query value"). The specs take
// OpenAPI 3.1.1's Style Examples (a parameter color of "blue", ["blue",
// "black", "brown"] or {"R": 100, "G": 200, "B": 150}; and 5), each
// built by Build, by the one-step HTTPRequest, by Parse(Merge()) and by
// Build("", Merge()), which must all give it.

// styleMethods are the methods every style is built for: those the
// builder sends a body for (each here with one) and those it does not.
var styleMethods = []string{"GET", "PUT", "POST", "DELETE", "OPTIONS", "HEAD", "PATCH"}

// styleDoc is a description with an operation of every method per style
// and explode, on /path/<style>/<explode>/{color},
// /query/<style>/<explode> and /header/<style>/<explode>.
func styleDoc() []byte {
	var paths []string
	schema := `{"type":["string","integer","array","object"],"items":{"type":"string"}}`
	op := func(method, in, style string, explode bool) string {
		body := ""
		if method != "get" && method != "head" && method != "options" {
			body = `"requestBody":{"content":{"application/json":{"schema":{"type":"object","properties":{"name":{"type":"string"}}}}}},`
		}
		return fmt.Sprintf(`"%s":{"operationId":"%s-%s-%s-%t","parameters":[{"name":"color","in":"%s","required":%t,"style":"%s","explode":%t,"schema":%s}],%s"responses":{"200":{"description":"ok"}}}`,
			method, method, in, style, explode, in, in == "path", style, explode, schema, body)
	}
	item := func(in, style string, explode bool) string {
		var ops []string
		for _, m := range styleMethods {
			ops = append(ops, op(strings.ToLower(m), in, style, explode))
		}
		return strings.Join(ops, ",")
	}
	for _, style := range []string{"simple", "label", "matrix"} {
		for _, explode := range []bool{false, true} {
			paths = append(paths, fmt.Sprintf(`"/path/%s/%t/{color}":{%s}`, style, explode, item("path", style, explode)))
		}
	}
	for _, style := range []string{"form", "spaceDelimited", "pipeDelimited", "deepObject"} {
		for _, explode := range []bool{false, true} {
			paths = append(paths, fmt.Sprintf(`"/query/%s/%t":{%s}`, style, explode, item("query", style, explode)))
		}
	}
	for _, explode := range []bool{false, true} {
		paths = append(paths, fmt.Sprintf(`"/header/simple/%t":{%s}`, explode, item("header", "simple", explode)))
	}
	return []byte(`{"openapi":"3.1.0","info":{"title":"styles","version":"1"},"paths":{` + strings.Join(paths, ",") + `}}`)
}

// The Style Examples' values; the object keeps its member order.
var (
	colorString = "blue"
	colorArray  = []string{"blue", "black", "brown"}
	colorObject = builder.Params{{Name: "R", Value: 100}, {Name: "G", Value: 200}, {Name: "B", Value: 150}}
)

// styleEndpoint is endpoint.Defaults with the styles' catalogue.
func styleEndpoint() *builder.Endpoint {
	GinkgoHelper()
	c, err := openapi.Load(styleDoc())
	Expect(err).NotTo(HaveOccurred())
	return endpoint.Defaults(endpoint.WithCatalog(c), endpoint.WithBaseURL("https://api.example"))
}

// builtEveryWay builds b in the four ways and expects one URL from them
// all, which it returns; or one error, which it returns instead.
func builtEveryWay(e *builder.Endpoint, b func() *builder.Builder) (string, error) {
	GinkgoHelper()
	ro, buildErr := b().Build()
	req, oneErr := b().HTTPRequest(context.Background())
	Expect(fmt.Sprint(oneErr)).To(Equal(fmt.Sprint(buildErr)), "HTTPRequest and Build")
	merged, mergeErr := b().Merge()
	if buildErr != nil {
		if mergeErr == nil { // an error of the parse, not of the check
			_, parseErr := e.Parse(merged)
			Expect(fmt.Sprint(parseErr)).To(Equal(fmt.Sprint(buildErr)), "Parse(Merge())")
		}
		return "", buildErr
	}
	Expect(req.URL.String()).To(Equal(ro.URL), "HTTPRequest")
	Expect(mergeErr).NotTo(HaveOccurred())
	parsed, err := e.Parse(merged)
	Expect(err).NotTo(HaveOccurred())
	Expect(parsed).To(Equal(ro), "Parse(Merge())")
	again, err := e.Build("", merged)
	Expect(err).NotTo(HaveOccurred())
	Expect(again).To(Equal(ro), "Build(\"\", Merge())")
	return ro.URL, nil
}

var _ = Describe("OpenAPI 3.1.1's Style Examples, built through a catalogue", func() {
	var e *builder.Endpoint
	BeforeEach(func() { e = styleEndpoint() })

	url := func(method, route string, v any) string {
		GinkgoHelper()
		u, err := builtEveryWay(e, func() *builder.Builder { return e.Route(method+" "+route).Param("color", v) })
		Expect(err).NotTo(HaveOccurred())
		return strings.TrimPrefix(u, "https://api.example")
	}

	DescribeTable("path styles, written by the template's RFC 6570 operators",
		func(style string, explode bool, str, arr, obj, five string) {
			for _, method := range styleMethods {
				route := fmt.Sprintf("/path/%s/%t/{color}", style, explode)
				prefix := fmt.Sprintf("/path/%s/%t/", style, explode)
				Expect(url(method, route, colorString)).To(Equal(prefix+str), method)
				Expect(url(method, route, colorArray)).To(Equal(prefix+arr), method)
				Expect(url(method, route, colorObject)).To(Equal(prefix+obj), method)
				Expect(url(method, route, 5)).To(Equal(prefix+five), method)
			}
		},
		Entry("simple", "simple", false, "blue", "blue,black,brown", "R,100,G,200,B,150", "5"),
		Entry("simple, exploded", "simple", true, "blue", "blue,black,brown", "R=100,G=200,B=150", "5"),
		Entry("label", "label", false, ".blue", ".blue,black,brown", ".R,100,G,200,B,150", ".5"),
		Entry("label, exploded", "label", true, ".blue", ".blue.black.brown", ".R=100.G=200.B=150", ".5"),
		Entry("matrix", "matrix", false, ";color=blue", ";color=blue,black,brown", ";color=R,100,G,200,B,150", ";color=5"),
		Entry("matrix, exploded", "matrix", true, ";color=blue", ";color=blue;color=black;color=brown", ";R=100;G=200;B=150", ";color=5"),
	)

	It("is looked up by the path as the description writes it, and by the template Merge gives", func() {
		c, err := openapi.Load(styleDoc())
		Expect(err).NotTo(HaveOccurred())
		op, err := c.Lookup("GET", "/path/label/true/{color}")
		Expect(err).NotTo(HaveOccurred())
		Expect(op.Template()).To(Equal("/path/label/true/{.color*}"))
		same, err := c.Lookup("GET", op.Template())
		Expect(err).NotTo(HaveOccurred())
		Expect(same).To(BeIdenticalTo(op))
		o, err := e.Route("GET /path/matrix/false/{color}").Param("color", "blue").Merge()
		Expect(err).NotTo(HaveOccurred())
		Expect(o.URL).To(Equal("/path/matrix/false/{;color}"))
	})

	It("still needs a path value: a nil one is missing, in every style", func() {
		_, err := builtEveryWay(e, func() *builder.Builder { return e.Route("GET /path/simple/false/{color}").Param("color", nil) })
		Expect(err).To(MatchError(builder.ErrMissingParam)) // the template's whole-segment rule
		for _, route := range []string{"/path/simple/true/{color}", "/path/label/false/{color}", "/path/matrix/true/{color}"} {
			// RFC 6570 expands these to nothing: the check says it.
			_, err := builtEveryWay(e, func() *builder.Builder { return e.Route("GET "+route).Param("color", nil) })
			Expect(err).To(MatchError(catalog.ErrMissingParam), route)
			Expect(err).To(MatchError(`endpoint: check "GET ` + route + `": missing required parameter "color"`))
		}
	})

	// The query styles, alike for a GET and a POST: the template names
	// every parameter of a description in its {?…}, which writes a form
	// list's items encoded and its "," literal, as the table does
	// (@octokit/endpoint's GET, which joins after the template with
	// "%2C", is GitHub's alone). pipeDelimited and spaceDelimited exploded
	// are n/a in the table: explode's own definition (a pair per item or
	// member) is followed, as form does. A scalar is written as form
	// writes it, in every style; null is left out (RFC 6570's undefined),
	// where the table's form column writes "color=".
	DescribeTable("query styles",
		func(style string, explode bool, str, arr, obj string) {
			route := fmt.Sprintf("/query/%s/%t", style, explode)
			for _, method := range styleMethods {
				Expect(url(method, route, colorString)).To(Equal(route+"?"+str), method)
				Expect(url(method, route, 5)).To(Equal(route+"?color=5"), method)
				Expect(url(method, route, nil)).To(Equal(route), method)
				if arr != "" {
					Expect(url(method, route, colorArray)).To(Equal(route+"?"+arr), method)
				}
				Expect(url(method, route, colorObject)).To(Equal(route+"?"+obj), method)
			}
		},
		Entry("form", "form", false, "color=blue", "color=blue,black,brown", "color=R,100,G,200,B,150"),
		Entry("form, exploded", "form", true, "color=blue", "color=blue&color=black&color=brown", "R=100&G=200&B=150"),
		Entry("spaceDelimited", "spaceDelimited", false, "color=blue", "color=blue%20black%20brown", "color=R%20100%20G%20200%20B%20150"),
		Entry("spaceDelimited, exploded (n/a: as form)", "spaceDelimited", true, "color=blue", "color=blue&color=black&color=brown", "R=100&G=200&B=150"),
		Entry("pipeDelimited", "pipeDelimited", false, "color=blue", "color=blue%7Cblack%7Cbrown", "color=R%7C100%7CG%7C200%7CB%7C150"),
		Entry("pipeDelimited, exploded (n/a: as form)", "pipeDelimited", true, "color=blue", "color=blue&color=black&color=brown", "R=100&G=200&B=150"),
		Entry("deepObject", "deepObject", true, "color=blue", "", "color%5BR%5D=100&color%5BG%5D=200&color%5BB%5D=150"),
		Entry("deepObject, explode false (undefined: as with true)", "deepObject", false, "color=blue", "", "color%5BR%5D=100&color%5BG%5D=200&color%5BB%5D=150"),
	)

	// The header's simple style: a scalar and an array as the table
	// writes them, and an object as the operation's StyledValue writes
	// it, which the builder sends (issue 33, defect 7: the object passed
	// the check and was refused by the builder); it passes the check.
	DescribeTable("header styles",
		func(explode bool, arr, obj string) {
			route := fmt.Sprintf("/header/simple/%t", explode)
			c, err := openapi.Load(styleDoc())
			Expect(err).NotTo(HaveOccurred())
			for _, method := range styleMethods {
				for v, want := range map[any]string{colorString: "blue", 5: "5"} {
					ro, err := e.Route(method+" "+route).Param("color", v).Build()
					Expect(err).NotTo(HaveOccurred(), method)
					Expect(ro.Headers).To(HaveKeyWithValue("color", want), method)
				}
				ro, err := e.Route(method+" "+route).Param("color", colorArray).Build()
				Expect(err).NotTo(HaveOccurred(), method)
				Expect(ro.Headers).To(HaveKeyWithValue("color", arr), method)
				Expect(ro.URL).To(Equal("https://api.example" + route))
				op, err := c.Lookup(method, route)
				Expect(err).NotTo(HaveOccurred())
				for want, v := range map[string]any{arr: colorArray, obj: colorObject} {
					x, err := value.Of(v)
					Expect(err).NotTo(HaveOccurred())
					Expect(op.CheckParam("color", x)).To(Succeed(), method)
					styled, ok := op.StyledValue("color", x)
					Expect(ok).To(BeTrue(), method)
					Expect(styled.Kind()).To(Equal(value.String), method)
					Expect(styled.Text()).To(Equal(want), method)
				}
			}
		},
		Entry("simple", false, "blue,black,brown", "R,100,G,200,B,150"),
		Entry("simple, exploded", true, "blue,black,brown", "R=100,G=200,B=150"),
	)

	It("refuses an array for a deepObject, and a nested value in any style, in the check", func() {
		for _, method := range []string{"GET", "POST"} {
			_, err := builtEveryWay(e, func() *builder.Builder { return e.Route(method+" /query/deepObject/true").Param("color", colorArray) })
			Expect(err).To(MatchError(catalog.ErrType))
			Expect(err).To(MatchError(ContainSubstring(`parameter "color": got array, want object (style deepObject, which OpenAPI defines for objects only): ` +
				`load the description with openapi.Options{DeepObjectArrays: true} to send color[0]=a&color[1]=b, or write the pairs in the route's query (?color[]=a&color[]=b)`)))
			for _, style := range []string{"form/false", "pipeDelimited/false", "deepObject/true"} {
				_, err = builtEveryWay(e, func() *builder.Builder {
					return e.Route(method+" /query/"+style).Param("color", map[string]any{"R": []int{1}})
				})
				Expect(err).To(MatchError(catalog.ErrType), style)
				Expect(err).To(MatchError(ContainSubstring(`parameter "color": R: got array, want a string, number or boolean`)), style)
			}
		}
	})

	It("writes a deepObject beside other parameters, a literal query and a body", func() {
		c, err := openapi.Load([]byte(`{"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{
			"/issues":{"get":{"operationId":"listIssues","parameters":[
				{"name":"q","in":"query","schema":{"type":"string"}},
				{"name":"filter","in":"query","style":"deepObject","explode":true,"schema":{"type":"object","properties":{"status":{"type":"string","enum":["open","closed"]},"limit":{"type":"integer"},"a b":{"type":"string"}}}},
				{"name":"ids","in":"query","style":"pipeDelimited","schema":{"type":"array","items":{"type":"integer"}}}],"responses":{"200":{"description":"ok"}}},
			"post":{"operationId":"addIssue","parameters":[
				{"name":"filter","in":"query","style":"deepObject","schema":{"type":"object"}}],
				"requestBody":{"content":{"application/json":{"schema":{"type":"object","properties":{"title":{"type":"string"}}}}}},"responses":{"200":{"description":"ok"}}}}}}`))
		Expect(err).NotTo(HaveOccurred())
		e := endpoint.Defaults(endpoint.WithCatalog(c), endpoint.WithBaseURL("https://api.example"))
		filter := builder.Params{{Name: "status", Value: "open"}, {Name: "limit", Value: 5}, {Name: "a b", Value: "x&y"}, {Name: "none", Value: nil}}
		u, err := builtEveryWay(e, func() *builder.Builder {
			return e.Route("GET /issues?per=1").Param("q", "a+b").Param("filter", filter).Param("ids", []int{1, 2})
		})
		Expect(err).NotTo(HaveOccurred())
		// "q" is no search syntax here: its "+" is encoded (GitHub's rule
		// is GitHub's catalogue's).
		Expect(u).To(Equal("https://api.example/issues?per=1&q=a%2Bb&filter%5Bstatus%5D=open&filter%5Blimit%5D=5&filter%5Ba%20b%5D=x%26y&ids=1%7C2"))
		u, err = builtEveryWay(e, func() *builder.Builder {
			return e.Route("addIssue").Param("title", "t").Param("filter", filter)
		})
		Expect(err).NotTo(HaveOccurred())
		Expect(u).To(Equal("https://api.example/issues?filter%5Bstatus%5D=open&filter%5Blimit%5D=5&filter%5Ba%20b%5D=x%26y"))
		ro, err := e.Route("addIssue").Param("title", "t").Param("filter", filter).Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(ro.Body).To(MatchJSON(`{"title":"t"}`))
		// An empty object, or one of nulls, sends nothing.
		u, err = builtEveryWay(e, func() *builder.Builder { return e.Route("listIssues").Param("filter", map[string]any{"status": nil}) })
		Expect(err).NotTo(HaveOccurred())
		Expect(u).To(Equal("https://api.example/issues"))
		// Members are checked against the schema's properties, as text.
		_, err = e.Route("listIssues").Param("filter", map[string]any{"status": "opne"}).Build()
		Expect(err).To(MatchError(catalog.ErrEnum))
		Expect(err).To(MatchError(ContainSubstring(`parameter "filter": status: "opne" is not one of open, closed; did you mean open?`)))
		_, err = e.Route("listIssues").Param("filter", map[string]any{"limit": "five"}).Build()
		Expect(err).To(MatchError(ContainSubstring(`parameter "filter": limit: got string "five", want integer`)))
	})

	// The one-step and two-step builds agree on any value of any style,
	// as the property spec of catalog/github holds them to for GitHub's
	// operations (onestep_test.go): random strings, numbers, arrays,
	// objects, nulls and nested values, right and wrong.
	It("is built the same in one step and two, for random values of every style (PCG seed 0x57e1e, 1)", func() {
		rng := rand.New(rand.NewPCG(0x57e1e, 1))
		c, err := openapi.Load(styleDoc())
		Expect(err).NotTo(HaveOccurred())
		text := func() string {
			chars := []rune("aZ09-._~ !|[]%&=+,;:/?#é")
			var b strings.Builder
			for range rng.IntN(4) {
				b.WriteRune(chars[rng.IntN(len(chars))])
			}
			return b.String()
		}
		var sample func(depth int) any
		sample = func(depth int) any {
			switch n := rng.IntN(8); {
			case n == 0:
				return nil
			case n == 1:
				return rng.IntN(1000) - 500
			case n < 4 || depth > 1:
				return text()
			case n < 6:
				arr := make([]any, rng.IntN(4))
				for i := range arr {
					arr[i] = sample(depth + 1)
				}
				return arr
			}
			var obj builder.Params
			for range rng.IntN(4) {
				obj = append(obj, builder.Param{Name: text(), Value: sample(depth + 1)})
			}
			return obj
		}
		built, failed := 0, 0
		for _, op := range c.Operations() {
			for range 25 {
				v := sample(0) // drawn once: the same value every way
				b := func() *builder.Builder { return e.Route(op.String()).Param("color", v) }
				one, oneErr := b().HTTPRequest(context.Background())
				ro, twoErr := b().Build()
				var two *http.Request
				if twoErr == nil {
					two, twoErr = ro.HTTPRequest(context.Background())
				}
				Expect(fmt.Sprint(oneErr)).To(Equal(fmt.Sprint(twoErr)), "%s %#v", op, v)
				if oneErr != nil {
					failed++
					continue
				}
				built++
				Expect(wireOf(one)).To(Equal(wireOf(two)), "%s %#v", op, v)
				merged, err := b().Merge()
				Expect(err).NotTo(HaveOccurred())
				parsed, err := e.Parse(merged)
				Expect(err).NotTo(HaveOccurred())
				Expect(parsed).To(Equal(ro), "%s %#v", op, v)
			}
		}
		Expect(built).To(BeNumerically(">", 300))
		Expect(failed).To(BeNumerically(">", 50))
	})
})

// wireOf is what a request sends, to compare two of them.
func wireOf(r *http.Request) string {
	GinkgoHelper()
	body := ""
	if r.Body != nil {
		b, err := io.ReadAll(r.Body)
		Expect(err).NotTo(HaveOccurred())
		body = string(b)
	}
	return fmt.Sprintf("%s %s %#v %v %d %q", r.Method, r.URL, *r.URL, r.Header, r.ContentLength, body)
}

var _ = Describe("a parameter's style and explode, as a description gives them", func() {
	doc := []byte(`{"openapi":"3.0.3","info":{"title":"t","version":"1"},"paths":{
		"/x/{a}/{b}/{c}/{d}":{"get":{"operationId":"x","parameters":[
			{"name":"a","in":"path","required":true,"style":"label","schema":{"type":"string"}},
			{"name":"b","in":"path","required":true,"style":"matrix","explode":true,"schema":{"type":"string"}},
			{"name":"c","in":"path","required":true,"style":"simple","explode":true,"schema":{"type":"object"}},
			{"name":"d","in":"path","required":true,"style":"form","schema":{"type":"string"}},
			{"name":"arr","in":"query","schema":{"type":"array","items":{"type":"string"}}},
			{"name":"obj","in":"query","style":"form","schema":{"type":"object"}},
			{"name":"str","in":"query","schema":{"type":"string"}},
			{"name":"joined","in":"query","explode":false,"schema":{"type":"array"}},
			{"name":"pipes","in":"query","style":"pipeDelimited","schema":{"type":"array"}},
			{"name":"spaces","in":"query","style":"spaceDelimited","explode":true,"schema":{"type":"array"}},
			{"name":"deep","in":"query","style":"deepObject","explode":true,"schema":{"type":"object"}},
			{"name":"typo","in":"query","style":"deepobject","schema":{"type":"object"}},
			{"name":"misplaced","in":"query","style":"label","schema":{"type":"array"}},
			{"name":"X-Ids","in":"header","style":"form","schema":{"type":"array"}},
			{"name":"sid","in":"cookie","style":"form","explode":false,"schema":{"type":"string"}}],
			"responses":{"200":{"description":"ok"}}}}}}`)
	type got struct {
		Style   catalog.Style
		Explode bool
	}
	read := func(o openapi.Options) map[string]got {
		GinkgoHelper()
		c, err := openapi.LoadWith(doc, o)
		Expect(err).NotTo(HaveOccurred())
		op, err := c.ByID("x")
		Expect(err).NotTo(HaveOccurred())
		out := map[string]got{}
		for _, p := range op.Params {
			out[p.Name] = got{p.Style, p.Explode}
		}
		return out
	}

	It("keeps the styles that apply where they are, with explode's defaults, and the location's default otherwise", func() {
		Expect(read(openapi.Options{})).To(Equal(map[string]got{
			"a": {catalog.StyleLabel, false}, "b": {catalog.StyleMatrix, true}, "c": {catalog.StyleDefault, true}, "d": {catalog.StyleDefault, false},
			"arr": {catalog.StyleForm, true}, "obj": {catalog.StyleForm, true}, "str": {catalog.StyleForm, false},
			"joined": {catalog.StyleForm, false}, "pipes": {catalog.StylePipeDelimited, false},
			"spaces": {catalog.StyleSpaceDelimited, true}, "deep": {catalog.StyleDeepObject, false},
			"typo": {catalog.StyleForm, true}, "misplaced": {catalog.StyleForm, true},
			"X-Ids": {catalog.StyleDefault, false}, "sid": {catalog.StyleDefault, false},
		}))
	})

	It("joins query arrays with commas under JoinArrays, whatever the style, but for a deepObject", func() {
		g := read(openapi.Options{JoinArrays: true})
		Expect(g["arr"]).To(Equal(got{catalog.StyleDefault, false}))
		Expect(g["pipes"]).To(Equal(got{catalog.StyleDefault, false}))
		Expect(g["spaces"]).To(Equal(got{catalog.StyleDefault, false}))
		Expect(g["deep"]).To(Equal(got{catalog.StyleDeepObject, false}))
		Expect(g["a"]).To(Equal(got{catalog.StyleLabel, false}))
	})
})

// An array query parameter was always sent joined (ids=1%2C2), where OpenAPI's
// default, form with explode, is ids=1&ids=2.
var _ = Describe("an array query parameter of an API description", Label("regression"), func() {
	doc := []byte(`{"openapi":"3.0.3","info":{"title":"t","version":"1"},"paths":{
		"/items":{"get":{"operationId":"listItems","parameters":[
			{"name":"ids","in":"query","schema":{"type":"array","items":{"type":"integer"}}},
			{"name":"tags","in":"query","explode":false,"schema":{"type":"array","items":{"type":"string"}}},
			{"name":"pipes","in":"query","style":"pipeDelimited","schema":{"type":"array","items":{"type":"string"}}},
			{"name":"q","in":"query","schema":{"type":"string"}}],
			"responses":{"200":{"description":"ok"}}},
		"post":{"operationId":"addItems","parameters":[
			{"name":"ids","in":"query","schema":{"type":"array","items":{"type":"integer"}}}],
			"requestBody":{"content":{"application/json":{"schema":{"type":"object","properties":{"name":{"type":"string"}}}}}},
			"responses":{"200":{"description":"ok"}}}}}}`)
	build := func(c *catalog.Catalog, route string, params map[string]any) string {
		GinkgoHelper()
		e := builder.New(builder.WithCatalog(c), builder.WithBaseURL("https://api.example"))
		ro, err := e.Route(route).Params(params).Build()
		Expect(err).NotTo(HaveOccurred())
		o, err := e.Route(route).Params(params).Merge()
		Expect(err).NotTo(HaveOccurred())
		again, err := e.Parse(o)
		Expect(err).NotTo(HaveOccurred())
		Expect(again.URL).To(Equal(ro.URL), "Parse(Merge(…))")
		return ro.URL
	}

	It("is exploded as the description says, and joined where it says explode: false", func() {
		c, err := openapi.Load(doc)
		Expect(err).NotTo(HaveOccurred())
		Expect(build(c, "GET /items", map[string]any{"ids": []int{1, 2}, "q": "x"})).To(Equal("https://api.example/items?ids=1&ids=2&q=x"))
		Expect(build(c, "listItems", map[string]any{"ids": []int{1}})).To(Equal("https://api.example/items?ids=1"))
		Expect(build(c, "GET /items", map[string]any{"tags": []string{"a", "b"}})).To(Equal("https://api.example/items?tags=a,b"))
		Expect(build(c, "GET /items?x=1", map[string]any{"ids": []int{1, 2}})).To(Equal("https://api.example/items?x=1&ids=1&ids=2"))
		Expect(build(c, "POST /items", map[string]any{"ids": []int{1, 2}, "name": "n"})).To(Equal("https://api.example/items?ids=1&ids=2"))
	})

	It("is joined with commas with JoinArrays, as catalog/github loads GitHub's", func() {
		c, err := openapi.LoadWith(doc, openapi.Options{JoinArrays: true})
		Expect(err).NotTo(HaveOccurred())
		Expect(build(c, "GET /items", map[string]any{"ids": []int{1, 2}})).To(Equal("https://api.example/items?ids=1%2C2"))
		Expect(build(c, "POST /items", map[string]any{"ids": []int{1, 2}, "name": "n"})).To(Equal("https://api.example/items?ids=1,2"))
	})

	It("keeps its explode through the compact form", func() {
		c, err := openapi.Load(doc)
		Expect(err).NotTo(HaveOccurred())
		back, err := catalog.Decode(c.Encode())
		Expect(err).NotTo(HaveOccurred())
		Expect(back.Encode()).To(Equal(c.Encode()))
		Expect(build(back, "GET /items", map[string]any{"ids": []int{1, 2}})).To(Equal("https://api.example/items?ids=1&ids=2"))
		op, err := back.ByID("listItems")
		Expect(err).NotTo(HaveOccurred())
		explode := map[string]bool{}
		for _, p := range op.Params {
			explode[p.Name] = p.Explode
		}
		Expect(explode).To(Equal(map[string]bool{"ids": true, "tags": false, "pipes": false, "q": false}))
	})
})

// An untyped ({}) query parameter's array was sent joined, as only explode: false
// should be.
var _ = Describe("a query parameter whose schema has no type", Label("regression"), func() {
	doc := []byte(`{"openapi":"3.0.3","info":{"title":"t","version":"1"},"paths":{
		"/items":{"get":{"parameters":[
			{"name":"ids","in":"query","schema":{}},
			{"name":"tags","in":"query","explode":false,"schema":{}}],
			"responses":{"200":{"description":"ok"}}}}}}`)

	It("explodes an array by default, and joins it where the description says explode: false", func() {
		c, err := openapi.Load(doc)
		Expect(err).NotTo(HaveOccurred())
		e := builder.New(builder.WithCatalog(c), builder.WithBaseURL("https://api.example"))
		for _, tc := range []struct {
			params map[string]any
			want   string
		}{
			{map[string]any{"ids": []string{"a", "b"}}, "https://api.example/items?ids=a&ids=b"},
			{map[string]any{"ids": "x"}, "https://api.example/items?ids=x"},
			{map[string]any{"tags": []string{"a", "b"}}, "https://api.example/items?tags=a,b"},
		} {
			ro, err := e.Route("GET /items").Params(tc.params).Build()
			Expect(err).NotTo(HaveOccurred())
			Expect(ro.URL).To(Equal(tc.want))
			o, err := e.Route("GET /items").Params(tc.params).Merge()
			Expect(err).NotTo(HaveOccurred())
			again, err := e.Parse(o)
			Expect(err).NotTo(HaveOccurred())
			Expect(again.URL).To(Equal(tc.want), "Parse(Merge(…))")
		}
	})
})
