package builder_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"
	"sync"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/headers"
	"github.com/endpointkit/endpoint/template"
)

const gh = "https://api.github.com"

func mustBuild(b *builder.Builder) builder.RequestOptions {
	GinkgoHelper()
	r, err := b.Build()
	Expect(err).NotTo(HaveOccurred())
	return r
}

var _ = Describe("the builder", func() {
	It("builds the README and doc.go example", func() {
		r := mustBuild(endpoint.Route("GET /repos/{owner}/{repo}/contents/{path}").
			Param("owner", "octokit").Param("repo", "rest.js").Param("path", "docs/README.md").
			Param("ref", "main").Format("raw"))
		Expect(r.Method).To(Equal("get"))
		Expect(r.URL).To(Equal(gh + "/repos/octokit/rest.js/contents/docs%2FREADME.md?ref=main"))
		Expect(r.Headers).To(Equal(headers.Set{
			"accept":     "application/vnd.github.v3.raw",
			"user-agent": endpoint.DefaultUserAgent,
		}))
		Expect(r.Body).To(BeNil())
	})

	It("sends an empty object as {}, from Data and from options JSON", func() {
		r := mustBuild(endpoint.Route("POST /x").Data(map[string]any{}))
		Expect(r.Body).To(Equal(json.RawMessage(`{}`)))
		var o builder.Options
		Expect(json.Unmarshal([]byte(`{"method":"POST","url":"/x","data":{}}`), &o)).To(Succeed())
		r, err := endpoint.Parse(o)
		Expect(err).NotTo(HaveOccurred())
		Expect(r.Body).To(Equal(json.RawMessage(`{}`)))
	})

	It("writes float values as JavaScript does", func() {
		r := mustBuild(endpoint.Route("GET /x/{v}").Param("v", 1e-7).Param("w", 1e21).Param("h", 0.1).Param("n", math.Copysign(0, -1)))
		Expect(r.URL).To(Equal(gh + "/x/1e-7?w=1e%2B21&h=0.1&n=0"))
		r = mustBuild(endpoint.Route("POST /x").Param("v", 1e-7).Param("w", 1e21))
		Expect(r.Body).To(Equal(json.RawMessage(`{"v":1e-7,"w":1e+21}`)))
	})

	It("takes a parameter named data as an ordinary body parameter", func() {
		r := mustBuild(endpoint.Route("POST /x").Param("data", "d").Param("title", "t"))
		Expect(r.Body).To(Equal(json.RawMessage(`{"data":"d","title":"t"}`)))
	})

	It("sends nil as JSON null in a body and leaves it out of a query", func() {
		r := mustBuild(endpoint.Route("PATCH /repos/{owner}/{repo}/issues/{issue_number}").
			Param("owner", "o").Param("repo", "r").Param("issue_number", 7).Param("milestone", nil))
		Expect(r.Body).To(Equal(json.RawMessage(`{"milestone":null}`)))
		r = mustBuild(endpoint.Route("GET /repos/{owner}/{repo}/issues").
			Param("owner", "o").Param("repo", "r").Param("milestone", nil))
		Expect(r.URL).To(Equal(gh + "/repos/o/r/issues"))
	})

	It("builds relative URLs and no headers on the zero Endpoint", func() {
		var zero builder.Endpoint
		r, err := zero.Route("GET /repos/{owner}").Param("owner", "o").Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(r.URL).To(Equal("/repos/o"))
		Expect(r.Headers).To(BeEmpty())
		_, err = zero.Route("/repos").Build()
		Expect(err).To(MatchError(builder.ErrInvalidMethod))
	})

	It("takes a nil *Endpoint and a zero Builder for the zero Endpoint's, without a panic", func() {
		var nilEndpoint *builder.Endpoint
		Expect(nilEndpoint.Err()).To(Succeed())
		r, err := nilEndpoint.Route("GET /repos/{owner}").Param("owner", "o").Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(r.URL).To(Equal("/repos/o"))
		_, err = nilEndpoint.Build("GET /x", builder.Options{})
		Expect(err).NotTo(HaveOccurred())
		_, err = nilEndpoint.BuildJSON("GET /x", []byte(`{}`))
		Expect(err).NotTo(HaveOccurred())
		_, err = nilEndpoint.Merge("GET /x", builder.Options{})
		Expect(err).NotTo(HaveOccurred())
		Expect(nilEndpoint.DefaultOptions().Headers).To(BeEmpty())
		Expect(nilEndpoint.Defaults(builder.WithMethod("GET")).DefaultOptions().Method).To(Equal("GET"))

		var b builder.Builder
		_, err = b.Build()
		Expect(err).To(MatchError(builder.ErrInvalidMethod))
		r, err = b.Method("GET").URL("/x/{a}").Param("a", 1).Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(r.URL).To(Equal("/x/1"))
		_, err = b.Merge()
		Expect(err).NotTo(HaveOccurred())
		_, err = b.Clone().HTTPRequest(context.Background())
		Expect(err).To(MatchError(builder.ErrRequest)) // a relative URL
		Expect(b.String()).To(ContainSubstring("URL:/x/{a}"))
	})

	It("keeps parameter order from Param calls and sorts Params maps", func() {
		r := mustBuild(endpoint.Route("GET /x").Param("b", 1).Param("a", 2).Param("b", 3))
		Expect(r.URL).To(Equal(gh + "/x?b=3&a=2"))
		r = mustBuild(endpoint.Route("GET /x").Params(map[string]any{"z": 1, "m": 2, "a": 3}))
		Expect(r.URL).To(Equal(gh + "/x?a=3&m=2&z=1"))
	})

	It("overrides method, URL and base URL", func() {
		r := mustBuild(endpoint.Route("GET /x").Method("DELETE").URL("/y/{id}").
			BaseURL("https://ghe.example.com/api/v3/").Param("id", 7))
		Expect(r.Method).To(Equal("delete"))
		Expect(r.URL).To(Equal("https://ghe.example.com/api/v3/y/7"))
	})

	It("sets format, headers, meta and data", func() {
		r := mustBuild(endpoint.Route("POST /markdown/raw").Format("html").
			Header("Content-Type", "text/plain").Meta("timeout", 5).Data("# hi"))
		Expect(r.Headers["accept"]).To(Equal("application/vnd.github.v3.html"))
		Expect(r.Headers["content-type"]).To(Equal("text/plain"))
		Expect(r.Body).To(Equal("# hi"))
		Expect(r.Request).To(Equal(map[string]any{"timeout": int64(5)}))
	})

	It("returns merged, unparsed options", func() {
		o, err := endpoint.Route("GET /repos/{owner}").Param("owner", "o").Merge()
		Expect(err).NotTo(HaveOccurred())
		Expect(o.Method).To(Equal("GET"))
		Expect(o.URL).To(Equal("/repos/{owner}"))
		Expect(o.BaseURL).To(Equal(gh))
		Expect(o.Params).To(Equal(builder.Params{{Name: "owner", Value: "o"}}))
	})

	It("never changes the Endpoint it came from", func() {
		e := endpoint.Defaults(endpoint.WithHeader("x-a", "1"))
		before := e.DefaultOptions()
		_ = mustBuild(e.Route("POST /x").Header("x-a", "2").Param("p", 1).Preview("a"))
		Expect(e.DefaultOptions()).To(Equal(before))
	})
})

var _ = Describe("defaults cascade", func() {
	It("layers three times, each adding to or overriding the last", func() {
		e1 := endpoint.Defaults(endpoint.WithBaseURL("https://ghe.example.com/api/v3"),
			endpoint.WithHeader("Authorization", "token one"), endpoint.WithParam("per_page", 30))
		e2 := e1.Defaults(endpoint.WithPreviews("mercy-preview"), endpoint.WithParam("org", "acme"))
		e3 := e2.Defaults(endpoint.WithHeader("authorization", "token three"),
			endpoint.WithPreviews("symmetra"), endpoint.WithParam("per_page", 100))

		d := e3.DefaultOptions()
		Expect(d.BaseURL).To(Equal("https://ghe.example.com/api/v3"))
		Expect(d.Headers["authorization"]).To(Equal("token three"))
		Expect(d.MediaType.Previews).To(Equal([]string{"mercy", "symmetra"}))
		Expect(d.Params).To(Equal(builder.Params{{Name: "per_page", Value: int64(100)}, {Name: "org", Value: "acme"}}))

		r, err := e3.Build("GET /orgs/{org}/repos", builder.Options{})
		Expect(err).NotTo(HaveOccurred())
		Expect(r.URL).To(Equal("https://ghe.example.com/api/v3/orgs/acme/repos?per_page=100"))
		Expect(r.Headers["accept"]).To(Equal(
			"application/vnd.github.mercy-preview+json,application/vnd.github.symmetra-preview+json"))

		// The earlier layers are untouched.
		Expect(e1.DefaultOptions().Headers["authorization"]).To(Equal("token one"))
		Expect(e2.DefaultOptions().Params).To(HaveLen(2))
		Expect(endpoint.DefaultOptions().Headers).NotTo(HaveKey("authorization"))
	})

	It("takes a whole options object and a route as layers", func() {
		var o builder.Options
		Expect(json.Unmarshal([]byte(`{"method":"POST","url":"/x/{id}","headers":{"X-A":"1"},"id":5}`), &o)).To(Succeed())
		e := endpoint.Defaults(endpoint.WithOptions(o))
		r, err := e.Build("", builder.Options{Params: builder.Params{{Name: "k", Value: "v"}}})
		Expect(err).NotTo(HaveOccurred())
		Expect(r.Method).To(Equal("post"))
		Expect(r.URL).To(Equal(gh + "/x/5"))
		Expect(r.Headers["x-a"]).To(Equal("1"))
		Expect(r.Body).To(Equal(jsonBody(builder.Params{{Name: "k", Value: "v"}})))

		r, err = endpoint.Defaults(endpoint.WithRoute("PUT /y")).Build("", builder.Options{})
		Expect(err).NotTo(HaveOccurred())
		Expect(r.Method).To(Equal("put"))
		Expect(r.URL).To(Equal(gh + "/y"))
	})

	It("deep-merges object parameters and request meta", func() {
		e := endpoint.Defaults(endpoint.WithParam("config", map[string]any{"url": "u", "ct": "json"}),
			endpoint.WithMeta("retries", 1))
		r, err := e.Build("POST /hooks", builder.Options{
			Params:  builder.Params{{Name: "config", Value: map[string]any{"ct": "form"}}},
			Request: map[string]any{"timeout": 5},
		})
		Expect(err).NotTo(HaveOccurred())
		Expect(string(r.Body.(json.RawMessage))).To(Equal(`{"config":{"ct":"form","url":"u"}}`))
		Expect(r.Request).To(Equal(map[string]any{"retries": int64(1), "timeout": int64(5)}))
	})
})

var _ = Describe("departures from @octokit/endpoint v6", func() {
	It("1: returns a lower-case method and keeps the given case in Options", func() {
		r := mustBuild(endpoint.Route("PATCH /x"))
		Expect(r.Method).To(Equal("patch"))
		o, err := endpoint.Merge("Patch /x", builder.Options{})
		Expect(err).NotTo(HaveOccurred())
		Expect(o.Method).To(Equal("Patch"))
	})

	It("2: expands RFC 6570 without stray separators and consumes every mentioned variable", func() {
		up := "POST https://uploads.github.com/repos/o/r/releases/1/assets{?name,label}"
		r := mustBuild(endpoint.Route(up).Param("name", "x.zip").Data([]byte("zip")))
		Expect(r.URL).To(Equal("https://uploads.github.com/repos/o/r/releases/1/assets?name=x.zip"))
		r = mustBuild(endpoint.Route(up).Data([]byte("zip")))
		Expect(r.URL).To(Equal("https://uploads.github.com/repos/o/r/releases/1/assets"))
		r = mustBuild(endpoint.Route("GET /x{?list*}").Param("list", []string{"a", "b"}))
		Expect(r.URL).To(Equal(gh + "/x?list=a&list=b"))
		r = mustBuild(endpoint.Route("GET /x/{a:3}").Param("a", "abcdef"))
		Expect(r.URL).To(Equal(gh + "/x/abc"))
		r = mustBuild(endpoint.Route("GET /x/{a*,b}").Param("a", "1").Param("b", "2"))
		Expect(r.URL).To(Equal(gh + "/x/1,2"))
	})

	DescribeTable("3: refuses a missing or nil whole-segment value",
		func(route string, params builder.Params, name string) {
			_, err := endpoint.Build(route, builder.Options{Params: params})
			Expect(errors.Is(err, builder.ErrMissingParam)).To(BeTrue(), "%v", err)
			Expect(err.Error()).To(ContainSubstring(name))
		},
		Entry("missing", "GET /repos/{owner}/{repo}", builder.Params{{Name: "owner", Value: "o"}}, "repo"),
		Entry("nil", "GET /repos/{owner}/x", builder.Params{{Name: "owner", Value: nil}}, "owner"),
		Entry(":name form", "GET /orgs/:org/repos", nil, "org"),
		Entry("a missing reserved segment", "GET /x/{+p}/y", nil, "p"),
	)

	It("3: takes the empty string as a value, as v6 does", func() {
		r := mustBuild(endpoint.Route("GET /repos/{owner}/{repo}/contents/{path}").Param("owner", "o").Param("repo", "r").Param("path", ""))
		Expect(r.URL).To(Equal(gh + "/repos/o/r/contents/"))
	})

	DescribeTable("3: refuses a path that would start with //",
		func(route string, params builder.Params) {
			_, err := endpoint.Build(route, builder.Options{Params: params})
			Expect(errors.Is(err, template.ErrEmptySegment)).To(BeTrue(), "%v", err)
		},
		Entry("a literal", "GET //example.com/x", nil),
		Entry("a reserved value", "GET {+p}/x", builder.Params{{Name: "p", Value: "//evil.example"}}),
		Entry("a reserved value after a slash", "GET /{+p}", builder.Params{{Name: "p", Value: "/x"}}),
		Entry("an exploded path list", "GET {/p*}", builder.Params{{Name: "p", Value: []string{"", "x"}}}),
	)

	It("3: refuses . and .. as a whole segment", func() {
		_, err := endpoint.Build("GET /repos/{owner}/x", builder.Options{Params: builder.Params{{Name: "owner", Value: ".."}}})
		Expect(errors.Is(err, template.ErrDotSegment)).To(BeTrue(), "%v", err)
	})

	It("4: joins the base URL with one slash and refuses a query in it", func() {
		for _, base := range []string{"https://ghe.example.com/api/v3", "https://ghe.example.com/api/v3/"} {
			r := mustBuild(endpoint.Route("GET /repos/{o}").BaseURL(base).Param("o", "x"))
			Expect(r.URL).To(Equal("https://ghe.example.com/api/v3/repos/x"))
		}
		_, err := endpoint.Route("GET /x").BaseURL("https://h/api?x=1").Build()
		Expect(errors.Is(err, builder.ErrInvalidBaseURL)).To(BeTrue())
	})

	It("5: omits nil query values, escapes query names and adds no separator after a final ? or &", func() {
		r := mustBuild(endpoint.Route("GET /x").Param("milestone", nil).Param("a b&c", "1"))
		Expect(r.URL).To(Equal(gh + "/x?a%20b%26c=1"))
		r = mustBuild(endpoint.Route("GET /x?").Param("b", 2))
		Expect(r.URL).To(Equal(gh + "/x?b=2"))
		r = mustBuild(endpoint.Route("GET /x?a=1&").Param("b", 2))
		Expect(r.URL).To(Equal(gh + "/x?a=1&b=2"))
	})

	It("gives a bodiless request other than GET and HEAD content-length: 0, as v6 does", func() {
		for _, m := range []string{"POST", "DELETE", "OPTIONS"} {
			r := mustBuild(endpoint.Route(m + " /x"))
			Expect(r.Headers).To(HaveKeyWithValue("content-length", "0"), m)
			Expect(r.Body).To(BeNil(), m)
		}
		for _, m := range []string{"PUT", "PATCH"} {
			r := mustBuild(endpoint.Route(m+" /x").Header("content-length", "12"))
			Expect(r.Headers).To(HaveKeyWithValue("content-length", "0"), m)
			Expect(r.Body).To(Equal(""), m)
		}
		for _, m := range []string{"GET", "HEAD"} {
			r := mustBuild(endpoint.Route(m + " /x"))
			Expect(r.Headers).NotTo(HaveKey("content-length"), m)
		}
		r := mustBuild(endpoint.Route("POST /x").Param("a", 1))
		Expect(r.Headers).NotTo(HaveKey("content-length"))
	})

	It("6: refuses data beside the call's body parameters but drops defaults' ones", func() {
		_, err := endpoint.Route("POST /x").Data("d").Param("extra", 1).Build()
		Expect(errors.Is(err, builder.ErrDataWithParams)).To(BeTrue())
		Expect(err.Error()).To(ContainSubstring("extra"))

		e := endpoint.Defaults(endpoint.WithParam("per_page", 100))
		r, err := e.Route("POST /x").Data("d").Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(r.Body).To(Equal("d"))
		// Data from the defaults counts as well.
		_, err = endpoint.Defaults(endpoint.WithOptions(builder.Options{Data: "d"})).Route("POST /x").Param("extra", 1).Build()
		Expect(errors.Is(err, builder.ErrDataWithParams)).To(BeTrue())

		r = mustBuild(endpoint.Route("POST /upload").Data([]byte{1, 2}))
		Expect(r.Headers["content-type"]).To(Equal("application/octet-stream"))
		r = mustBuild(endpoint.Route("POST /upload").Data(strings.NewReader("x")))
		Expect(r.Headers["content-type"]).To(Equal("application/octet-stream"))
		// A string is not JSON (issue 34, item 8): text/plain, unless the
		// call or the catalogue's operation says another.
		r = mustBuild(endpoint.Route("POST /markdown").Data("text"))
		Expect(r.Headers["content-type"]).To(Equal("text/plain; charset=utf-8"))
		r = mustBuild(endpoint.Route("POST /markdown").Data("text").Header("Content-Type", "text/x-markdown"))
		Expect(r.Headers["content-type"]).To(Equal("text/x-markdown"))
	})

	It("6: refuses data for a method without a body", func() {
		for _, route := range []string{"GET /search", "HEAD /search"} {
			_, err := endpoint.Route(route).Data("x").Build()
			Expect(errors.Is(err, builder.ErrDataNotAllowed)).To(BeTrue(), route)
		}
	})

	It("2: takes a hyphen as part of a :name placeholder", func() {
		r := mustBuild(endpoint.Route("GET /x/:foo-bar").Param("foo-bar", "F"))
		Expect(r.URL).To(Equal(gh + "/x/F"))
		_, err := endpoint.Route("GET /x/:foo-bar").Param("foo", "F").Build()
		Expect(errors.Is(err, builder.ErrMissingParam)).To(BeTrue(), "%v", err)
	})

	It("12: sends endpointkit's user-agent unless the call or defaults set one", func() {
		r := mustBuild(endpoint.Route("GET /x"))
		Expect(r.Headers["user-agent"]).To(Equal("endpointkit-endpoint.go/" + endpoint.Version))
		r = mustBuild(endpoint.Route("GET /x").Header("User-Agent", "my-app/1.0"))
		Expect(r.Headers["user-agent"]).To(Equal("my-app/1.0"))
	})

	It("10: rewrites :name placeholders in the path only", func() {
		r := mustBuild(endpoint.Route("GET /search/:kind?q=repo:octokit").Param("kind", "code"))
		Expect(r.URL).To(Equal(gh + "/search/code?q=repo:octokit"))
		r = mustBuild(endpoint.Route("GET http://localhost:3000/x/:id").Param("id", 7))
		Expect(r.URL).To(Equal("http://localhost:3000/x/7"))
	})

	It("11: takes a route of a method, one space and a target without white space", func() {
		for _, route := range []string{" GET /x", "GET  /x", "GET\t/x", "GET /x y", "G ET /x"} {
			_, err := endpoint.Route(route).Build()
			Expect(errors.Is(err, builder.ErrInvalidRoute)).To(BeTrue(), "%q: %v", route, err)
		}
		Expect(mustBuild(endpoint.Route("GET /x")).URL).To(Equal(gh + "/x"))
	})

	It("13: bounds every call by the documented limits, which v6 does not have", func() {
		ps := make(builder.Params, builder.MaxParams+1)
		for i := range ps {
			ps[i] = builder.Param{Name: fmt.Sprintf("p%d", i), Value: i}
		}
		_, err := endpoint.Build("GET /x", builder.Options{Params: ps})
		Expect(errors.Is(err, builder.ErrLimit)).To(BeTrue(), "%v", err)
		hs := map[string]string{}
		for i := range builder.MaxHeaders {
			hs[fmt.Sprintf("x-h%d", i)] = "v"
		}
		_, err = endpoint.Build("GET /x", builder.Options{Headers: hs}) // with accept and user-agent
		Expect(errors.Is(err, builder.ErrLimit)).To(BeTrue(), "%v", err)
		_, err = endpoint.Route("GET /" + strings.Repeat("x", template.MaxLength)).Build()
		Expect(errors.Is(err, template.ErrTooLong)).To(BeTrue(), "%v", err)
	})

	It("14: keeps the text of a number read from options JSON, where v6 reads a JavaScript number", func() {
		var o builder.Options
		Expect(json.Unmarshal([]byte(`{"method":"GET","url":"/x/{a}","a":-0,"b":1e2,"c":1.0,"d":12345678901234567890123}`), &o)).To(Succeed())
		r, err := endpoint.Build("", o)
		Expect(err).NotTo(HaveOccurred())
		Expect(r.URL).To(Equal(gh + "/x/-0?b=1e2&c=1.0&d=12345678901234567890123")) // v6: /x/0?b=100&c=1&d=1.2345678901234568e%2B22
		Expect(json.Unmarshal([]byte(`{"method":"POST","url":"/x","b":1e2,"c":1.0}`), &o)).To(Succeed())
		r, err = endpoint.Build("", o)
		Expect(err).NotTo(HaveOccurred())
		Expect(r.Body).To(BeEquivalentTo(`{"b":1e2,"c":1.0}`)) // v6: {"b":100,"c":1}
		// A Go float is written as JavaScript writes it.
		r = mustBuild(endpoint.Route("GET /x").Param("b", 1e2).Param("c", math.Copysign(0, -1)))
		Expect(r.URL).To(Equal(gh + "/x?b=100&c=0"))
		// An object holds a key once: the last value, in the first one's place.
		r = mustBuild(endpoint.Route("POST /x").Param("a", json.RawMessage(`{"k":1,"j":0,"k":2}`)).
			Param("b", map[string]int{"\xff": 1, "\ufffd": 2}).Param("c", map[string]any{"\xff": 1, "\ufffd": 2}))
		Expect(r.Body).To(BeEquivalentTo("{\"a\":{\"k\":2,\"j\":0},\"b\":{\"\ufffd\":1},\"c\":{\"\ufffd\":1}}"))
	})

	DescribeTable("7: validates headers, method and URL",
		func(b *builder.Builder, target error) {
			_, err := b.Build()
			Expect(err).To(HaveOccurred())
			Expect(errors.Is(err, target)).To(BeTrue(), "%v", err)
		},
		Entry("header name", endpoint.Route("GET /").Header("bad name", "x"), headers.ErrInvalidName),
		Entry("CR LF in value", endpoint.Route("GET /").Header("x-a", "1\r\nx-b: 2"), headers.ErrInvalidValue),
		Entry("NUL in value", endpoint.Route("GET /").Header("x-a", "1\x00"), headers.ErrInvalidValue),
		Entry("method", endpoint.Route("/x").Method("GE T"), builder.ErrInvalidMethod),
		Entry("route", endpoint.Route("GE T /x"), builder.ErrInvalidRoute),
		Entry("empty url", endpoint.Route(""), builder.ErrMissingURL),
	)

	It("8: never mutates inputs and never shares state with the defaults", func() {
		params := builder.Params{{Name: "labels", Value: []any{"a"}}, {Name: "cfg", Value: map[string]any{"k": "v"}}}
		hs := map[string]string{"X-A": "1"}
		o := builder.Options{Headers: hs, Params: params, MediaType: builder.MediaType{Previews: []string{"x-preview"}}}
		e := endpoint.Defaults(endpoint.WithParam("cfg", map[string]any{"d": 1}))
		r, err := e.Build("POST /x", o)
		Expect(err).NotTo(HaveOccurred())
		Expect(hs).To(Equal(map[string]string{"X-A": "1"}))
		Expect(o.MediaType.Previews).To(Equal([]string{"x-preview"}))
		Expect(params[1].Value).To(Equal(map[string]any{"k": "v"}))

		body := r.Body.(json.RawMessage)
		Expect(string(body)).To(Equal(`{"cfg":{"d":1,"k":"v"},"labels":["a"]}`))
		body[8] = '!'
		r.Headers["accept"] = "changed"
		Expect(e.DefaultOptions().Params[0].Value).To(Equal(json.RawMessage(`{"d":1}`)))
		again, err := e.Build("POST /x", o)
		Expect(err).NotTo(HaveOccurred())
		Expect(string(again.Body.(json.RawMessage))).To(Equal(`{"cfg":{"d":1,"k":"v"},"labels":["a"]}`))
		Expect(e.DefaultOptions().Headers["accept"]).To(Equal(endpoint.DefaultAccept))
		d := e.DefaultOptions()
		d.Headers["accept"] = "changed too"
		Expect(e.DefaultOptions().Headers["accept"]).To(Equal(endpoint.DefaultAccept))
	})

	It("9: treats a parameter named url or method as an ordinary parameter", func() {
		r := mustBuild(endpoint.Route("PATCH /repos/{owner}/{repo}/hooks/{hook_id}/config").
			Param("owner", "o").Param("repo", "r").Param("hook_id", 42).
			Param("url", "https://evil.example/x").Param("method", "GET").Param("content_type", "json"))
		Expect(r.Method).To(Equal("patch"))
		Expect(r.URL).To(Equal(gh + "/repos/o/r/hooks/42/config"))
		Expect(string(r.Body.(json.RawMessage))).To(Equal(`{"url":"https://evil.example/x","method":"GET","content_type":"json"}`))
		// Through options too: beside a route, the url option is the
		// parameter url.
		r, err := endpoint.Build("PATCH /app/hook/config", builder.Options{URL: "https://evil.example/x", Params: builder.Params{{Name: "content_type", Value: "json"}}})
		Expect(err).NotTo(HaveOccurred())
		Expect(r.URL).To(Equal(gh + "/app/hook/config"))
		Expect(string(r.Body.(json.RawMessage))).To(Equal(`{"content_type":"json","url":"https://evil.example/x"}`))
		var o builder.Options
		Expect(json.Unmarshal([]byte(`{"url":"https://evil.example/x","content_type":"json"}`), &o)).To(Succeed())
		r, err = endpoint.Build("PATCH /app/hook/config", o)
		Expect(err).NotTo(HaveOccurred())
		Expect(r.URL).To(Equal(gh + "/app/hook/config"))
	})

	It("9: never lets a simple value become the host", func() {
		r := mustBuild(endpoint.Route("GET {host}/x").Param("host", "https://evil.example"))
		Expect(r.URL).To(Equal(gh + "/https%3A%2F%2Fevil.example/x"))
	})
})

var _ = Describe("JSON", func() {
	It("round-trips Options in the octokit shape, parameters in document order", func() {
		in := `{"method":"POST","baseUrl":"https://h","url":"/x/{id}","headers":{"x-a":"1"},` +
			`"mediaType":{"format":"raw","previews":["p"]},"request":{"timeout":5},"z":1,"id":"7","a":[1,"b"]}`
		var o builder.Options
		Expect(json.Unmarshal([]byte(in), &o)).To(Succeed())
		Expect(o.Params).To(Equal(builder.Params{
			{Name: "z", Value: json.Number("1")}, {Name: "id", Value: "7"},
			{Name: "a", Value: json.RawMessage(`[1,"b"]`)}}))
		out, err := json.Marshal(o)
		Expect(err).NotTo(HaveOccurred())
		// The same text, in the same order: reserved keys and parameters
		// where the input had them.
		Expect(string(out)).To(Equal(in))

		in = `{"z":1,"url":"/x","method":"GET","a":{"zeta":1,"alpha":{"y":2,"x":3}}}`
		o = builder.Options{}
		Expect(json.Unmarshal([]byte(in), &o)).To(Succeed())
		out, err = json.Marshal(o)
		Expect(err).NotTo(HaveOccurred())
		Expect(string(out)).To(Equal(`{"z":1,"url":"/x","method":"GET","mediaType":{"format":"","previews":[]},"a":{"zeta":1,"alpha":{"y":2,"x":3}}}`))
	})

	It("refuses to write a parameter with a reserved name", func() {
		_, err := json.Marshal(builder.Options{Params: builder.Params{{Name: "url", Value: "x"}}})
		Expect(errors.Is(err, builder.ErrReservedParam)).To(BeTrue())
	})

	It("rejects options of the wrong shape", func() {
		var o builder.Options
		err := json.Unmarshal([]byte(`{"headers":["x"]}`), &o)
		Expect(errors.Is(err, builder.ErrInvalidOptions)).To(BeTrue())
	})

	It("writes request options with body only when there is one", func() {
		r := mustBuild(endpoint.Route("POST /x").Param("b", 2).Param("a", 1))
		out, err := json.Marshal(r)
		Expect(err).NotTo(HaveOccurred())
		Expect(string(out)).To(ContainSubstring(`"body":{"b":2,"a":1}`))
		r = mustBuild(endpoint.Route("GET /x"))
		out, err = json.Marshal(r)
		Expect(err).NotTo(HaveOccurred())
		Expect(string(out)).NotTo(ContainSubstring(`"body"`))
	})
})

var _ = Describe("concurrency", func() {
	It("builds from one Endpoint in many goroutines", func() {
		e := endpoint.Defaults(endpoint.WithHeader("authorization", "token t"), endpoint.WithParam("per_page", 100))
		want, err := e.Build("GET /repos/{owner}/{repo}/issues", builder.Options{
			Params: builder.Params{{Name: "owner", Value: "o"}, {Name: "repo", Value: "r"}}})
		Expect(err).NotTo(HaveOccurred())
		var wg sync.WaitGroup
		errs := make(chan error, 32)
		for range 32 {
			wg.Go(func() {
				for range 200 {
					got, err := e.Route("GET /repos/{owner}/{repo}/issues").Param("owner", "o").Param("repo", "r").Build()
					if err != nil || got.URL != want.URL || got.Headers["authorization"] != "token t" {
						errs <- errors.New("mismatch")
						return
					}
					_ = e.Defaults(endpoint.WithPreviews("x"))
				}
			})
		}
		wg.Wait()
		close(errs)
		Expect(errs).To(BeEmpty())
	})
})
