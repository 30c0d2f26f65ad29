package builder_test

// Bounded work (issue #5, items 3 and 4): the three ReDoS strings of
// GHSA-x4c5-c7rf-jjgv, 1 MiB adversarial inputs (see longInput) through every entry point
// that takes long input, and each documented limit hit exactly at and one
// past its bound. The specs assert results, never timings: a quadratic
// step would make them run for minutes, which go test's timeout catches.
// BenchmarkLinear reports ns/byte from 1 KiB to 1 MiB.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/catalog"
	"github.com/endpointkit/endpoint/headers"
	"github.com/endpointkit/endpoint/media"
	"github.com/endpointkit/endpoint/template"
)

// adversarial are the long inputs: long runs of what the v6 regexes and
// any naive scanner choke on.
var adversarial = []struct{ name, unit string }{
	{"braces", "{"},
	{"colon names", ":a"},
	{"previews", "-preview"},
	{"percents", "%"},
	{"commas", ","},
	{"closing braces", "}"},
	{"mixed", "{:a-preview%,}"},
}

func mustJSON(v any) []byte {
	data, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return data
}

func repeatTo(unit string, n int) string {
	return strings.Repeat(unit, n/len(unit))
}

var _ = Describe("ReDoS strings of GHSA-x4c5-c7rf-jjgv (T37)", func() {
	base := builder.Options{
		Method:  "POST",
		BaseURL: "https://api.github.com",
		Headers: map[string]string{"accept": "application/vnd.github.v3+json", "content-type": "text/plain", "user-agent": "Your User Agent String Here"},
		MediaType: builder.MediaType{
			Previews: []string{"test-preview"},
			Format:   "raw",
		},
	}

	It("(a) 100,000 word characters and a dash as accept: no preview name found", func() {
		o := snapshotOptions(base)
		o.URL = "/graphql"
		o.Headers["accept"] = strings.Repeat("A", 100_000) + "-"
		r, err := endpoint.Parse(o)
		Expect(err).NotTo(HaveOccurred())
		// parse does not strip "-preview" (BEHAVIOUR.md 5.8 step 3).
		Expect(r.Headers["accept"]).To(Equal("application/vnd.github.test-preview-preview.raw"))
	})

	It(fmt.Sprintf("(a) scaled to %s with -preview runs: every name found once", sizeText(longInput)), func() {
		o := snapshotOptions(base)
		o.URL = "/graphql"
		o.Headers["accept"] = repeatTo(strings.Repeat("A", 1000)+"-preview ", longInput)
		r, err := endpoint.Parse(o)
		Expect(err).NotTo(HaveOccurred())
		n := longInput / 1009
		Expect(strings.Count(r.Headers["accept"], "application/vnd.github."+strings.Repeat("A", 1000)+"-preview.raw")).To(Equal(n))
		Expect(r.Headers["accept"]).To(HaveSuffix(",application/vnd.github.test-preview-preview.raw"))
	})

	DescribeTable("(b) and (c) as URL: refused, at the published size and at MaxLength",
		func(url string, want error) {
			o := snapshotOptions(base)
			o.URL = url
			_, err := endpoint.Parse(o)
			Expect(errors.Is(err, want)).To(BeTrue(), "%v", err)
		},
		Entry("(b) 100,000 { and @", strings.Repeat("{", 100_000)+"@", template.ErrTooLong),
		Entry("(b) MaxLength { and @", strings.Repeat("{", template.MaxLength-1)+"@", template.ErrSyntax),
		Entry("(c) {00, 100,000 NUL, a!a}", "{00"+strings.Repeat("\x00", 100_000)+"a!a}", template.ErrTooLong),
		Entry("(c) {00, NUL up to MaxLength, a!a}", "{00"+strings.Repeat("\x00", template.MaxLength-7)+"a!a}", template.ErrSyntax),
	)
})

// The spec texts are made when the tree is, after sizeLongSpecs: name
// says the input's size and kind.
var _ = Describe("long inputs", func() {
	for _, a := range adversarial {
		in := repeatTo(a.unit, longInput)
		name := sizeText(longInput) + " of " + a.name

		It("as a query value: "+name, func() {
			r, err := endpoint.Route("GET /x").Param("v", in).Build()
			Expect(err).NotTo(HaveOccurred())
			Expect(r.URL).To(Equal(gh + "/x?v=" + encodeComponent(in, false)))
			Expect(r.String()).To(ContainSubstring("/x?v="))
		})

		It("as a query name: "+name, func() {
			r, err := endpoint.Route("GET /x").Param(in, "1").Build()
			Expect(err).NotTo(HaveOccurred())
			Expect(r.URL).To(Equal(gh + "/x?" + encodeComponent(in, false) + "=1"))
		})

		It("as a path value: "+name, func() {
			r, err := endpoint.Route("GET /x/{v}/{+w}").Param("v", in).Param("w", in).Build()
			Expect(err).NotTo(HaveOccurred())
			Expect(r.URL).To(HavePrefix(gh + "/x/" + encodeUnreserved(in) + "/"))
			Expect(len(r.URL)).To(BeNumerically(">", 2*len(in)-1))
		})

		It("as a body value and as data: "+name, func() {
			r, err := endpoint.Route("POST /x").Param("v", in).Build()
			Expect(err).NotTo(HaveOccurred())
			Expect(r.Body).To(Equal(jsonBody(builder.Params{{Name: "v", Value: in}})))
			r, err = endpoint.Route("POST /x").Data(in).Build()
			Expect(err).NotTo(HaveOccurred())
			Expect(r.Body).To(Equal(in))
		})

		It("as accept, format and preview: "+name, func() {
			want := media.Accept(in, "raw", []string{"x"})
			r, err := endpoint.Route("GET /x").Header("accept", in).Format("raw").Preview("x").Build()
			Expect(err).NotTo(HaveOccurred())
			Expect(r.Headers["accept"]).To(Equal(want))
			Expect(want).To(HaveSuffix("application/vnd.github.x-preview.raw"))
			// Format and preview names are bounded (media.MaxName; see
			// "accept header quadratic in the media type" below).
			_, err = endpoint.Route("GET /x").Format("raw").Preview(in).Build()
			Expect(errors.Is(err, media.ErrInvalidName)).To(BeTrue(), "%v", err)
			_, err = endpoint.Route("GET /x").Format(in).Preview("x").Build()
			Expect(errors.Is(err, media.ErrInvalidName)).To(BeTrue(), "%v", err)
		})

		It("as a header value and name: "+name, func() {
			r, err := endpoint.Route("GET /x").Header("x-long", in).Build()
			Expect(err).NotTo(HaveOccurred())
			Expect(r.Headers["x-long"]).To(Equal(in))
			_, err = endpoint.Route("GET /x").Header("x-long", in+"\n").Build()
			Expect(errors.Is(err, headers.ErrInvalidValue)).To(BeTrue())
			_, err = endpoint.Route("GET /x").Header(in, "v").Build()
			if isToken(in) { // "%" and "-preview" runs are tokens
				Expect(err).NotTo(HaveOccurred())
			} else {
				Expect(errors.Is(err, headers.ErrInvalidName)).To(BeTrue())
			}
		})

		It("as a URL, a route and a base URL: "+name, func() {
			_, err := endpoint.Route("GET /x").URL(in).Build()
			Expect(errors.Is(err, template.ErrTooLong)).To(BeTrue(), "%v", err)
			_, err = endpoint.Route("GET " + in).Build()
			Expect(errors.Is(err, template.ErrTooLong)).To(BeTrue(), "%v", err)
			_, err = endpoint.Route("POST " + in).Build()
			Expect(errors.Is(err, template.ErrTooLong)).To(BeTrue(), "%v", err)
			base := "https://h.example/" + in
			r, err := endpoint.Route("GET /x").BaseURL(base).Build()
			if _, perr := url.Parse(base); perr != nil {
				// What net/url refuses (a % that is no escape), Build
				// refuses too: HTTPRequest could not send it.
				Expect(errors.Is(err, builder.ErrInvalidBaseURL)).To(BeTrue(), "%v", err)
				return
			}
			Expect(err).NotTo(HaveOccurred())
			Expect(r.URL).To(Equal("https://h.example/" + strings.TrimSuffix(in, "/") + "/x"))
		})

		It("in JSON options with case-folded mediaType keys: "+name, func() {
			// encoding/json accepts "Format" and "PREVIEWS"; they once
			// sent the whole document to a quadratic fallback decoder.
			doc := `{"mediaType":{"Format":"raw","PREVIEWS":[]},"v":` + string(mustJSON(in)) + `}`
			var o builder.Options
			Expect(json.Unmarshal([]byte(doc), &o)).To(Succeed())
			Expect(o.MediaType.Format).To(Equal("raw"))
			v, _ := o.Params.Get("v")
			Expect(v).To(Equal(in))
			folded := `{"mediaType":{` + strings.Repeat(`"FORMAT":"raw",`, longInput/16) + `"Format":"diff"}}`
			Expect(json.Unmarshal([]byte(folded), &o)).To(Succeed())
			Expect(o.MediaType.Format).To(Equal("diff"))
		})

		It("in JSON options: "+name, func() {
			doc, err := json.Marshal(map[string]any{"url": "/x/{v}", "v": in, "headers": map[string]string{"x-a": in}})
			Expect(err).NotTo(HaveOccurred())
			var o builder.Options
			Expect(json.Unmarshal(doc, &o)).To(Succeed())
			r, err := endpoint.Build("", o)
			Expect(err).NotTo(HaveOccurred())
			Expect(r.URL).To(Equal(gh + "/x/" + encodeUnreserved(in)))
		})

		It("directly in media, headers and template: "+name, func() {
			Expect(media.Accept(in, "", []string{"x"})).To(HaveSuffix("application/vnd.github.x-preview+json"))
			Expect(media.Accept(in, "raw", nil)).To(HavePrefix(in[:len(in)-16]))
			Expect(headers.ValidateValue("x", in)).To(Succeed())
			Expect(headers.ValidateName(in) == nil).To(Equal(isToken(in)))
			_, err := headers.FromMap(map[string]string{"x-a": in, "x-b": in + "\r"})
			Expect(errors.Is(err, headers.ErrInvalidValue)).To(BeTrue())
			q, err := template.AppendQuery([]byte("/x"), func(yield func(string, any) bool) {
				_ = yield("v", in) && yield(in, []string{in, in})
			})
			Expect(err).NotTo(HaveOccurred())
			Expect(len(q)).To(BeNumerically(">=", 4*len(in)))
			_, err = template.Parse(in)
			Expect(errors.Is(err, template.ErrTooLong)).To(BeTrue())
			Expect(builder.RedactURL(gh + "/x?access_token=" + in + "&v=" + in)).To(HaveSuffix("&v=" + in))
		})
	}
})

// nest wraps "leaf" in n maps (list when list is set).
func nest(n int, list bool) any {
	var v any = "leaf"
	for range n {
		if list {
			v = []any{v}
		} else {
			v = map[string]any{"a": v}
		}
	}
	return v
}

func manyParams(n int) builder.Params {
	p := make(builder.Params, n)
	for i := range p {
		p[i] = builder.Param{Name: fmt.Sprintf("p%d", i), Value: i}
	}
	return p
}

var _ = Describe("limits", func() {
	It(fmt.Sprintf("accepts a template of MaxLength (%d) bytes and refuses one more", template.MaxLength), func() {
		at := "/" + strings.Repeat("a", template.MaxLength-1)
		r, err := endpoint.Route("GET " + at).Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(r.URL).To(Equal(gh + at))
		_, err = endpoint.Route("GET " + at + "a").Build()
		Expect(errors.Is(err, template.ErrTooLong)).To(BeTrue(), "%v", err)
	})

	It("counts :name rewriting against MaxLength", func() {
		at := repeatTo("/:ab", template.MaxLength) // 8192 bytes, 10240 after rewriting
		Expect(at).To(HaveLen(template.MaxLength))
		_, err := endpoint.Route("GET " + at).Build()
		Expect(errors.Is(err, template.ErrTooLong)).To(BeTrue(), "%v", err)
	})

	It(fmt.Sprintf("accepts MaxExpressions (%d) expressions and refuses one more", template.MaxExpressions), func() {
		at := strings.Repeat("{/a}", template.MaxExpressions)
		r, err := endpoint.Route("GET /x"+at).Param("a", "b").Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(r.URL).To(Equal(gh + "/x" + strings.Repeat("/b", template.MaxExpressions)))
		_, err = endpoint.Route("GET /x"+at+"{/a}").Param("a", "b").Build()
		Expect(errors.Is(err, template.ErrTooManyExpressions)).To(BeTrue(), "%v", err)
	})

	It(fmt.Sprintf("accepts MaxParams (%d) parameters and refuses one more", builder.MaxParams), func() {
		r, err := endpoint.Build("GET /x", builder.Options{Params: manyParams(builder.MaxParams)})
		Expect(err).NotTo(HaveOccurred())
		Expect(strings.Count(r.URL, "=")).To(Equal(builder.MaxParams))
		_, err = endpoint.Build("GET /x", builder.Options{Params: manyParams(builder.MaxParams + 1)})
		Expect(errors.Is(err, builder.ErrLimit)).To(BeTrue(), "%v", err)
		Expect(err.Error()).To(ContainSubstring(fmt.Sprint(builder.MaxParams)))

		// A name given again is one parameter, as Builder.Param counts it;
		// one more name is refused with the same message on every path.
		again := append(manyParams(builder.MaxParams), builder.Param{Name: "p0", Value: "again"})
		r, err = endpoint.Build("GET /x", builder.Options{Params: again})
		Expect(err).NotTo(HaveOccurred())
		Expect(r.URL).To(ContainSubstring("p0=again"))
		over := manyParams(builder.MaxParams + 1)
		b := endpoint.Route("GET /x")
		doc := map[string]any{}
		for _, p := range over {
			b.Param(p.Name, p.Value)
			doc[p.Name] = p.Value
		}
		_, errBuilder := b.Build()
		_, errBuild := endpoint.Build("GET /x", builder.Options{Params: over})
		_, errMerge := endpoint.Merge("GET /x", builder.Options{Params: over})
		_, errJSON := builder.New().BuildJSON("GET /x", mustJSON(doc))
		for _, err := range []error{errBuilder, errBuild, errMerge, errJSON} {
			Expect(errors.Is(err, builder.ErrLimit)).To(BeTrue(), "%v", err)
			Expect(err.Error()).To(HaveSuffix(fmt.Sprintf("limit exceeded: more than %d parameters", builder.MaxParams)))
		}
	})

	It("counts parameters from defaults and the call together", func() {
		e := endpoint.Defaults(endpoint.WithOptions(builder.Options{Params: manyParams(builder.MaxParams - 1)}))
		_, err := e.Build("POST /x", builder.Options{Params: builder.Params{{Name: "new", Value: 1}}})
		Expect(err).NotTo(HaveOccurred())
		_, err = e.Build("POST /x", builder.Options{Params: builder.Params{{Name: "new", Value: 1}, {Name: "newer", Value: 2}}})
		Expect(errors.Is(err, builder.ErrLimit)).To(BeTrue(), "%v", err)
		// Merge says so too, rather than give options Parse refuses.
		_, err = e.Merge("POST /x", builder.Options{Params: builder.Params{{Name: "new", Value: 1}, {Name: "newer", Value: 2}}})
		Expect(errors.Is(err, builder.ErrLimit)).To(BeTrue(), "%v", err)
		half := make([]string, builder.MaxPreviews/2)
		for i := range half {
			half[i] = fmt.Sprintf("d%d", i)
		}
		p := endpoint.Defaults(endpoint.WithPreviews(half...))
		more := make([]string, builder.MaxPreviews/2+1)
		for i := range more {
			more[i] = fmt.Sprintf("q%d", i)
		}
		_, err = p.Merge("GET /x", builder.Options{MediaType: builder.MediaType{Previews: more[:builder.MaxPreviews/2]}})
		Expect(err).NotTo(HaveOccurred())
		_, err = p.Merge("GET /x", builder.Options{MediaType: builder.MediaType{Previews: more}})
		Expect(errors.Is(err, builder.ErrLimit)).To(BeTrue(), "%v", err)
		_, err = p.Build("GET /x", builder.Options{MediaType: builder.MediaType{Previews: more}})
		Expect(errors.Is(err, builder.ErrLimit)).To(BeTrue(), "%v", err)
		// Replacing a default's value adds no parameter.
		_, err = e.Build("POST /x", builder.Options{Params: builder.Params{{Name: "p0", Value: 1}, {Name: "new", Value: 1}}})
		Expect(err).NotTo(HaveOccurred())
		_, err = endpoint.Defaults(endpoint.WithOptions(builder.Options{Params: manyParams(builder.MaxParams + 1)})).Build("GET /x", builder.Options{})
		Expect(errors.Is(err, builder.ErrLimit)).To(BeTrue(), "%v", err)
	})

	DescribeTable(fmt.Sprintf("accepts values nested MaxDepth (%d) deep and refuses one deeper", builder.MaxDepth),
		func(list bool, build func(v any) error) {
			Expect(build(nest(builder.MaxDepth, list))).To(Succeed())
			err := build(nest(builder.MaxDepth+1, list))
			Expect(errors.Is(err, builder.ErrLimit)).To(BeTrue(), "%v", err)
		},
		Entry("map parameter", false, func(v any) error {
			_, err := endpoint.Route("POST /x").Param("v", v).Build()
			return err
		}),
		Entry("list parameter", true, func(v any) error {
			_, err := endpoint.Route("POST /x").Param("v", v).Build()
			return err
		}),
		Entry("map data", false, func(v any) error {
			_, err := endpoint.Route("POST /x").Data(v).Build()
			return err
		}),
		Entry("list data", true, func(v any) error {
			_, err := endpoint.Route("PUT /x").Data(v).Build()
			return err
		}),
		Entry("defaults parameter", false, func(v any) error {
			_, err := endpoint.Defaults(endpoint.WithParam("v", v)).Build("POST /x", builder.Options{})
			return err
		}),
		Entry("Parse without Merge", false, func(v any) error {
			_, err := endpoint.Parse(builder.Options{Method: "POST", URL: "https://h/x", Params: builder.Params{{Name: "v", Value: v}}})
			return err
		}),
		Entry("Params as a value (one level of the nesting)", false, func(v any) error {
			inner := v.(map[string]any)["a"]
			_, err := endpoint.Route("POST /x").Param("v", builder.Params{{Name: "a", Value: inner}}).Build()
			return err
		}),
	)

	It(fmt.Sprintf("accepts MaxNodes (%d) values in one call and refuses one more", builder.MaxNodes), func() {
		// A list costs one plus one per member, across the parameters,
		// data and request of the call.
		at := make([]any, builder.MaxNodes-1)
		_, err := endpoint.Route("POST /x").Param("v", at).Build()
		Expect(err).NotTo(HaveOccurred())
		_, err = endpoint.Route("POST /x").Param("v", append(at, nil)).Build()
		Expect(errors.Is(err, builder.ErrLimit)).To(BeTrue(), "%v", err)
		// Split between a parameter (1+n1) and the request ({"b": {"l":
		// list}}: 2 for the outer map, 2 for the inner one, 1+n2): at the
		// bound when n1+n2+6 == MaxNodes.
		n1 := builder.MaxNodes / 2
		n2 := builder.MaxNodes - 6 - n1
		_, err = endpoint.Route("POST /x").Param("a", make([]any, n1)).Meta("b", map[string]any{"l": make([]any, n2)}).Build()
		Expect(err).NotTo(HaveOccurred())
		_, err = endpoint.Route("POST /x").Param("a", make([]any, n1)).Meta("b", map[string]any{"l": make([]any, n2+1)}).Build()
		Expect(errors.Is(err, builder.ErrLimit)).To(BeTrue(), "%v", err)
		_, err = endpoint.Route("POST /x").Data(make([]string, builder.MaxNodes)).Build()
		Expect(errors.Is(err, builder.ErrLimit)).To(BeTrue(), "%v", err)
	})

	It("takes request keys set one by one in time proportional to their number", func() {
		n := longInput / 16 // 65,536 keys at full size
		b := endpoint.Route("GET /x")
		for i := range n {
			b.Meta("k"+strconv.Itoa(i), i)
		}
		c := b.Clone().Meta("k0", "clone").Meta("only-clone", 1)
		b.Meta("k1", "again")
		r, err := b.Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(r.Request).To(HaveLen(n))
		Expect(r.Request["k0"]).To(BeNumerically("==", 0))
		Expect(r.Request["k1"]).To(Equal("again"))
		Expect(r.Request["k"+strconv.Itoa(n-1)]).To(BeNumerically("==", n-1))
		rc, err := c.Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(rc.Request).To(HaveLen(n + 1))
		Expect(rc.Request["k0"]).To(Equal("clone"))
		Expect(rc.Request["k1"]).To(BeNumerically("==", 1))
	})

	It("counts a value set again once: the one it replaced is given back", func() {
		// Each list takes 60% of MaxNodes: two at once are over the bound,
		// one set three times is not.
		big := make([]any, builder.MaxNodes*3/5)
		ctx := context.Background()
		steps := map[string]func(*builder.Builder) *builder.Builder{
			"Param": func(b *builder.Builder) *builder.Builder { return b.Param("a", big) },
			"Param, past the Builder's own room": func(b *builder.Builder) *builder.Builder {
				for i := range 20 {
					b.Param(fmt.Sprintf("p%d", i), i)
				}
				return b.Param("a", big)
			},
			"Data":    func(b *builder.Builder) *builder.Builder { return b.Data(big) },
			"Request": func(b *builder.Builder) *builder.Builder { return b.Meta("a", big) },
		}
		for name, step := range steps {
			b := endpoint.Route("POST /x")
			for range 3 {
				b = step(b)
			}
			_, err := b.Build()
			Expect(err).NotTo(HaveOccurred(), name)
			_, err = step(step(endpoint.Route("POST /x"))).HTTPRequest(ctx)
			Expect(err).NotTo(HaveOccurred(), name)
		}
		// Two different names still count together.
		_, err := endpoint.Route("POST /x").Param("a", big).Param("b", big).Build()
		Expect(errors.Is(err, builder.ErrLimit)).To(BeTrue(), "%v", err)
		_, err = endpoint.Route("POST /x").Param("a", big).Meta("a", big).Build()
		Expect(errors.Is(err, builder.ErrLimit)).To(BeTrue(), "%v", err)
		// The last value set is the one sent.
		r, err := endpoint.Route("POST /x").Param("a", big).Param("a", 1).Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(r.Body).To(BeEquivalentTo(`{"a":1}`))
		// Options whose Params name one parameter three times.
		o := builder.Options{Params: builder.Params{{Name: "a", Value: big}, {Name: "a", Value: big}, {Name: "a", Value: 2}}}
		r, err = endpoint.Build("POST /x", o)
		Expect(err).NotTo(HaveOccurred())
		Expect(r.Body).To(BeEquivalentTo(`{"a":2}`))
		o.Params = append(o.Params, builder.Param{Name: "b", Value: big})
		o.Params[2].Value = big
		_, err = endpoint.Build("POST /x", o)
		Expect(errors.Is(err, builder.ErrLimit)).To(BeTrue(), "%v", err)
	})

	It(fmt.Sprintf("accepts MaxPreviews (%d) previews and refuses one more", builder.MaxPreviews), func() {
		names := make([]string, builder.MaxPreviews+1)
		for i := range names {
			names[i] = fmt.Sprintf("p%d", i)
		}
		r, err := endpoint.Route("GET /x").Preview(names[:builder.MaxPreviews]...).Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(strings.Count(r.Headers["accept"], "-preview+json")).To(Equal(builder.MaxPreviews))
		_, err = endpoint.Route("GET /x").Preview(names...).Build()
		Expect(errors.Is(err, builder.ErrLimit)).To(BeTrue(), "%v", err)
		e := endpoint.Defaults(endpoint.WithPreviews(names[:builder.MaxPreviews]...))
		_, err = e.Build("GET /x", builder.Options{MediaType: builder.MediaType{Previews: []string{"one-more"}}})
		Expect(errors.Is(err, builder.ErrLimit)).To(BeTrue(), "%v", err)
	})

	It(fmt.Sprintf("accepts MaxHeaders (%d) headers and refuses one more, through every entry point", builder.MaxHeaders), func() {
		names := make([]string, builder.MaxHeaders+1)
		set := map[string]string{}
		for i := range names {
			names[i] = fmt.Sprintf("x-h%d", i)
			if i < builder.MaxHeaders {
				set[names[i]] = "v"
			}
		}
		ctx := context.Background()
		limited := func(err error, how string) {
			GinkgoHelper()
			Expect(errors.Is(err, builder.ErrLimit)).To(BeTrue(), "%s: %v", how, err)
			Expect(err.Error()).To(ContainSubstring(fmt.Sprintf("more than %d headers", builder.MaxHeaders)), how)
		}
		bare := builder.New(builder.WithBaseURL("https://api.example.com")) // no default headers
		b := bare.Route("GET /x")
		for _, n := range names[:builder.MaxHeaders] {
			b.Header(n, "v")
		}
		r, err := b.Header(names[0], "again").Build() // a name set again is not one more
		Expect(err).NotTo(HaveOccurred())
		Expect(r.Headers).To(HaveLen(builder.MaxHeaders))
		_, err = b.Header(names[builder.MaxHeaders], "v").Build()
		limited(err, "Header")
		rb := bare.Route("GET /x")
		for _, n := range names {
			rb.RemoveHeader(n)
		}
		_, err = rb.HTTPRequest(ctx)
		limited(err, "RemoveHeader")

		_, err = bare.Build("GET /x", builder.Options{Headers: set})
		Expect(err).NotTo(HaveOccurred())
		_, err = bare.Build("GET /x", builder.Options{Headers: set, RemoveHeaders: []string{"x-other"}})
		limited(err, "Options")

		doc := func(n int) []byte {
			hs := map[string]any{}
			for _, name := range names[:n] {
				hs[name] = "v"
			}
			return mustJSON(map[string]any{"headers": hs})
		}
		_, err = builder.New().BuildJSON("GET /x", doc(builder.MaxHeaders))
		Expect(err).NotTo(HaveOccurred())
		_, err = builder.New().BuildJSON("GET /x", doc(builder.MaxHeaders+1))
		limited(err, "options JSON")
		var o builder.Options
		limited(json.Unmarshal(doc(builder.MaxHeaders+1), &o), "json.Unmarshal")

		opts := make([]builder.Option, 0, len(names))
		for _, n := range names {
			opts = append(opts, endpoint.WithHeader(n, "v"))
		}
		Expect(endpoint.Defaults(opts[:builder.MaxHeaders-2]...).Err()).To(Succeed()) // and accept, user-agent
		limited(endpoint.Defaults(opts[:builder.MaxHeaders-1]...).Err(), "Defaults")
		half := endpoint.Defaults(opts[:builder.MaxHeaders/2]...)
		limited(half.Defaults(opts[builder.MaxHeaders/2:]...).Err(), "Defaults of Defaults")

		// A call's headers and its defaults' count together, in Build as
		// in Merge, so that Parse takes what Merge gives.
		d := endpoint.Defaults(opts[:200]...) // and accept, user-agent: 202
		call := builder.Options{Headers: map[string]string{}}
		for i := range builder.MaxHeaders - 202 {
			call.Headers[fmt.Sprintf("x-call%d", i)] = "v"
		}
		built, err := d.Build("GET /x", call)
		Expect(err).NotTo(HaveOccurred())
		Expect(built.Headers).To(HaveLen(builder.MaxHeaders))
		merged, err := d.Merge("GET /x", call)
		Expect(err).NotTo(HaveOccurred())
		parsed, err := d.Parse(merged)
		Expect(err).NotTo(HaveOccurred())
		Expect(parsed).To(Equal(built))
		call.Headers["x-one-more"] = "v"
		_, err = d.Build("GET /x", call)
		limited(err, "Build over defaults")
		_, err = d.Merge("GET /x", call)
		limited(err, "Merge over defaults")
		one := d.Route("GET /x")
		for name := range call.Headers {
			one.Header(name, "v")
		}
		_, err = one.HTTPRequest(ctx)
		limited(err, "one step over defaults")
		_, err = one.Build()
		limited(err, "Builder over defaults")
		// A name removed many times over is one.
		_, err = endpoint.Build("GET /x", builder.Options{RemoveHeaders: slices.Repeat([]string{"x-a"}, 2*builder.MaxHeaders)})
		Expect(err).NotTo(HaveOccurred())
	})

	It("counts the headers a catalogue places (header parameters) against MaxHeaders", func() {
		op := catalog.Operation{ID: "x/get", Method: "GET", Path: "/x"}
		for i := range builder.MaxHeaders {
			op.Params = append(op.Params, catalog.Param{Name: fmt.Sprintf("x-h%d", i), In: catalog.Header, Schema: catalog.Schema{Type: catalog.String}})
		}
		c, err := catalog.New(catalog.Info{Title: "headers"}, []catalog.Operation{op})
		Expect(err).NotTo(HaveOccurred())
		call := func(e *builder.Endpoint) *builder.Builder {
			b := e.Route("GET /x")
			for _, p := range op.Params {
				b.Param(p.Name, "v")
			}
			return b
		}
		bare := builder.New(builder.WithCatalog(c), builder.WithBaseURL("https://api.example.com")) // no default headers
		r, err := call(bare).Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(r.Headers).To(HaveLen(builder.MaxHeaders))
		one := bare.Defaults(builder.WithHeader("x-default", "v"))
		_, err = call(one).Build()
		Expect(errors.Is(err, builder.ErrLimit)).To(BeTrue(), "%v", err)
		_, err = call(one).HTTPRequest(context.Background())
		Expect(errors.Is(err, builder.ErrLimit)).To(BeTrue(), "%v", err)
	})

	It(fmt.Sprintf("keeps an Endpoint's defaults within MaxParams (%d) parameters, however many layers add them", builder.MaxParams), func() {
		layer := func(d, n int) builder.Option {
			ps := make(builder.Params, n)
			for i := range ps {
				ps[i] = builder.Param{Name: fmt.Sprintf("k%d_%d", d, i), Value: "v"}
			}
			return endpoint.WithOptions(builder.Options{Params: ps})
		}
		e := endpoint.Defaults(layer(0, builder.MaxParams-1))
		Expect(e.Err()).To(Succeed())
		Expect(e.Defaults(layer(1, 1)).Err()).To(Succeed())
		// 33 full layers made 33,792 parameters, past the index's int16
		// positions: a panic.
		for d := 1; d <= 33; d++ {
			e = e.Defaults(layer(d, builder.MaxParams))
		}
		err := e.Err()
		Expect(errors.Is(err, builder.ErrLimit)).To(BeTrue(), "%v", err)
		Expect(err.Error()).To(ContainSubstring(fmt.Sprintf("more than %d parameters", builder.MaxParams)))
		_, err = e.Route("GET /x").Build()
		Expect(errors.Is(err, builder.ErrLimit)).To(BeTrue(), "%v", err)
	})

	It(fmt.Sprintf("accepts format and preview names of media.MaxName (%d) bytes and refuses one more", media.MaxName), func() {
		at := strings.Repeat("f", media.MaxName)
		r, err := endpoint.Route("GET /x").Format(at).Preview(at).Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(r.Headers["accept"]).To(Equal("application/vnd.github." + at + "-preview." + at))
		_, err = endpoint.Route("GET /x").Format(at + "f").Build()
		Expect(errors.Is(err, media.ErrInvalidName)).To(BeTrue(), "%v", err)
		_, err = endpoint.Route("GET /x").Preview(at + "f").Build()
		Expect(errors.Is(err, media.ErrInvalidName)).To(BeTrue(), "%v", err)
	})

	It("refuses a map that contains itself, without overflowing the stack", func() {
		m := map[string]any{}
		m["self"] = m
		_, err := endpoint.Route("POST /x").Param("v", m).Build()
		Expect(errors.Is(err, builder.ErrLimit)).To(BeTrue(), "%v", err)
		_, err = endpoint.Route("POST /x").Data(m).Build()
		Expect(errors.Is(err, builder.ErrLimit)).To(BeTrue(), "%v", err)
		l := []any{nil}
		l[0] = l
		_, err = endpoint.Route("POST /x").Param("v", l).Build()
		Expect(errors.Is(err, builder.ErrLimit)).To(BeTrue(), "%v", err)
	})
})

// BenchmarkLinear measures one Build per input kind at 1 KiB, 16 KiB,
// 256 KiB and 1 MiB and reports ns/byte, which must stay flat: a step that
// is not linear in its input shows as ns/byte growing with the size.
func BenchmarkLinear(b *testing.B) {
	unit := "{:a-preview%,}"
	kinds := []struct {
		name  string
		build func(in string) error
	}{
		{"query", func(in string) error {
			_, err := endpoint.Route("GET /x").Param("v", in).Build()
			return err
		}},
		{"path", func(in string) error {
			_, err := endpoint.Route("GET /x/{v}").Param("v", in).Build()
			return err
		}},
		{"accept", func(in string) error {
			_, err := endpoint.Route("GET /x").Header("accept", in).Format("raw").Preview("x").Build()
			return err
		}},
		{"header", func(in string) error {
			_, err := endpoint.Route("GET /x").Header("x-long", in).Build()
			return err
		}},
		{"body", func(in string) error { // built, then JSON-encoded as HTTPRequest sends it
			r, err := endpoint.Route("POST /x").Param("v", in).Build()
			if err != nil {
				return err
			}
			body, err := r.BodyReader()
			if err != nil {
				return err
			}
			_, err = io.Copy(io.Discard, body)
			return err
		}},
		{"json", func(in string) error { // options read from JSON, then built
			var o builder.Options
			if err := json.Unmarshal([]byte(`{"method":"GET","url":"/x/{v}","v":`+strconv.Quote(in)+`}`), &o); err != nil {
				return err
			}
			_, err := endpoint.Build("", o)
			return err
		}},
	}
	for _, k := range kinds {
		for _, size := range []struct {
			name string
			n    int
		}{{"1KiB", 1 << 10}, {"16KiB", 16 << 10}, {"256KiB", 256 << 10}, {"1MiB", 1 << 20}} {
			in := repeatTo(unit, size.n)
			b.Run(k.name+"/"+size.name, func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(len(in)))
				for b.Loop() {
					if err := k.build(in); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(in)), "ns/byte")
			})
		}
	}
}

var (
	childQuadraticFormat = registerChild("quadratic-format", func() error {
		_, err := endpoint.Route("GET /x").Preview("x").Format(strings.Repeat("a-preview,", 256<<10/10)).Build()
		return err
	})
	childQuadraticPreviews = registerChild("quadratic-previews", func() error {
		previews := make([]string, 20_000)
		for i := range previews {
			previews[i] = "p"
		}
		_, err := endpoint.Route("GET /x").Preview(previews...).Format(strings.Repeat("f", 64<<10)).Build()
		return err
	})
)

// The accept header grew with the square of the media type: a 256 KiB format
// of preview names asked for 6.9 GB.
var _ = Describe("accept header quadratic in the media type", Label("regression"), func() {
	DescribeTable("refuses instead of building gigabytes",
		func(name string) {
			Expect(runChild(name)).To(Or(HavePrefix("limit:"), HavePrefix("error:")))
		},
		Entry("format full of preview names", childQuadraticFormat),
		Entry("many previews and a long format", childQuadraticPreviews),
	)
})

// Build searched for the URL's "?" after every list query parameter: a 4 MiB
// path and MaxParams lists read 12 GB.
var _ = It("puts MaxParams list query parameters after a long path, each once", Label("regression"), func() {
	path := strings.Repeat("/", 4<<20) // 12 MiB once encoded
	lists := builder.MaxParams - 1
	b := endpoint.Route("GET /x/{p}").Param("p", path)
	for i := range lists {
		b.Param("l"+strconv.Itoa(i), []string{"a"})
	}
	r, err := b.Build()
	Expect(err).NotTo(HaveOccurred())
	query := r.URL[strings.IndexByte(r.URL, '?')+1:]
	Expect(strings.Count(query, "=a")).To(Equal(lists))
	Expect(query).To(HavePrefix("l0=a&l1=a&"))
	Expect(query).To(HaveSuffix("&l" + strconv.Itoa(lists-1) + "=a"))
})
