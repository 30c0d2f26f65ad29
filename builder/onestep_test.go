package builder_test

// One step and two: Builder.HTTPRequest builds the same request as Build
// followed by RequestOptions.HTTPRequest, and the URL it puts straight
// into url.URL's fields is the one url.Parse reads.

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"reflect"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
)

// sameRequest reports how two requests differ in what is sent: method,
// URL (as written on the wire and as fields), headers, body, length and
// the ability to replay the body.
func sameRequest(a, b *http.Request) string {
	switch {
	case a.Method != b.Method:
		return fmt.Sprintf("method %q vs %q", a.Method, b.Method)
	case a.URL.String() != b.URL.String():
		return fmt.Sprintf("URL %q vs %q", a.URL, b.URL)
	case !reflect.DeepEqual(*a.URL, *b.URL):
		return fmt.Sprintf("URL fields %#v vs %#v", *a.URL, *b.URL)
	case a.Host != b.Host:
		return fmt.Sprintf("host %q vs %q", a.Host, b.Host)
	case fmt.Sprint(a.Header) != fmt.Sprint(b.Header):
		return fmt.Sprintf("headers %v vs %v", a.Header, b.Header)
	case a.ContentLength != b.ContentLength:
		return fmt.Sprintf("content length %d vs %d", a.ContentLength, b.ContentLength)
	case (a.GetBody == nil) != (b.GetBody == nil):
		return "GetBody set on one only"
	case a.Proto != b.Proto || a.ProtoMajor != b.ProtoMajor:
		return "protocol differs"
	}
	ab, bb := readAll(a.Body), readAll(b.Body)
	if ab != bb {
		return fmt.Sprintf("body %q vs %q", ab, bb)
	}
	return ""
}

func readAll(r io.ReadCloser) string {
	if r == nil {
		return ""
	}
	b, err := io.ReadAll(r)
	if err != nil {
		return "error: " + err.Error()
	}
	return string(b)
}

// oneAndTwo builds b both ways; errors must agree.
func oneAndTwo(b *builder.Builder) (one, two *http.Request, err error) {
	ctx := context.Background()
	one, oneErr := b.HTTPRequest(ctx)
	r, buildErr := b.Build()
	if buildErr == nil {
		two, buildErr = r.HTTPRequest(ctx)
	}
	if (oneErr == nil) != (buildErr == nil) {
		return nil, nil, fmt.Errorf("one step: %v; two steps: %v", oneErr, buildErr)
	}
	return one, two, oneErr
}

var _ = Describe("one step and two", func() {
	e := builder.New(builder.WithOptions(builder.Options{
		Method:  "GET",
		BaseURL: "https://api.github.com",
		Headers: map[string]string{"accept": "application/vnd.github.v3+json", "authorization": "token x"},
	}), builder.WithSearchParams("q"))
	ghes := e.Defaults(builder.WithBaseURL("https://u:p@ghe.example.com:8443/api/v3/"))
	// Previews united across layers beyond MaxPreviews: every call fails.
	previews := func() *builder.Endpoint {
		var layers []builder.Option
		for i := range 3 {
			var names []string
			for j := range builder.MaxPreviews {
				names = append(names, fmt.Sprintf("p%d-%d", i, j))
			}
			layers = append(layers, builder.WithPreviews(names...))
		}
		return e.Defaults(layers...)
	}()
	// A media type and previews in the defaults, which amend the accept
	// header of every call, and a default header removed.
	media := e.Defaults(builder.WithFormat("raw"), builder.WithPreviews("squirrel-girl"), builder.WithoutHeader("authorization"))

	It(fmt.Sprintf("builds what Build and RequestOptions.HTTPRequest build, over random routes and values (%d cases, PCG seed 13, 1)", scaled(20_000)), func() {
		r := rand.New(rand.NewPCG(13, 1))
		pick := func(xs ...string) string { return xs[r.IntN(len(xs))] }
		values := []any{"octokit", "a/b c", "ü", "%2F", "x?y#z", "", 42, -1.5e-7, true, nil, []string{"a", "b c"},
			map[string]any{"k": "v", "a": 1}, []any{1, "x"}, "..", "q+r", "https://example.com/a"}
		routes := []string{
			"GET /repos/{owner}/{repo}/issues", "POST /repos/{owner}/{repo}/issues", "PUT /user/starred/{owner}/{repo}",
			"PATCH /repos/{owner}/{repo}", "DELETE /repos/{owner}/{repo}/x{?q}", "HEAD /x/{+path}", "GET /search/issues{?q,page}",
			"GET https://uploads.github.com/repos/{owner}/x{?name,label}", "OPTIONS /x/{a}{/b*}", "GET /x#{frag}", "GET {+url}/y",
		}
		agreed, n := 0, scaled(20_000)
		for i := range n {
			eps := []*builder.Endpoint{e, ghes, e, ghes, previews, media}
			ep := eps[r.IntN(len(eps))]
			b := ep.Route(pick(routes...))
			for range r.IntN(6) {
				b.Param(pick("owner", "repo", "path", "q", "page", "name", "label", "a", "b", "frag", "url", "title", "x"), values[r.IntN(len(values))])
			}
			for range r.IntN(3) {
				if r.IntN(4) == 0 {
					b.RemoveHeader(pick("x-a", "Authorization", "content-type", "accept", "user-agent"))
				} else {
					b.Header(pick("x-a", "Accept", "content-type", "Authorization", "content-length", "X-A"), pick("1", "text/plain", "", "token y"))
				}
			}
			if r.IntN(5) == 0 {
				if r.IntN(3) == 0 {
					b.Data([]byte("raw body"))
				} else {
					b.Data(values[r.IntN(len(values))])
				}
			}
			if r.IntN(6) == 0 {
				b.Format("raw")
			}
			one, two, err := oneAndTwo(b)
			// Parse(Merge()) never takes the direct path: the general
			// way must give what Build gave.
			built, buildErr := b.Build()
			merged, mergeErr := b.Merge()
			if mergeErr == nil {
				general, parseErr := ep.Parse(merged)
				Expect(fmt.Sprint(parseErr)).To(Equal(fmt.Sprint(buildErr)), "case %d", i)
				if parseErr == nil {
					Expect(general).To(Equal(built), "case %d", i)
				}
			} else {
				Expect(buildErr).To(HaveOccurred(), "case %d", i)
			}
			if err != nil {
				Expect(err.Error()).NotTo(Or(HavePrefix("one step:"), HavePrefix("noted")), "case %d", i)
				continue
			}
			Expect(sameRequest(one, two)).To(BeEmpty(), "case %d", i)
			agreed++
		}
		Expect(agreed).To(BeNumerically(">", n/10))
	})

	// BuildJSON and AppendBuildJSON (the WebAssembly module's call) take
	// the direct path too; Parse(Merge()) of the same options decoded
	// into Options never does.
	It(fmt.Sprintf("builds calls given as options JSON as Parse(Merge()) does, over random routes and options (%d cases, PCG seed 14, 1)", scaled(20_000)), func() {
		r := rand.New(rand.NewPCG(14, 1))
		pick := func(xs ...string) string { return xs[r.IntN(len(xs))] }
		values := []string{`"octokit"`, `"a/b c"`, `"ü"`, `"%2F"`, `""`, `42`, `-1.5e-7`, `1E+5`, `-0`, `true`, `null`, `["a","b c"]`,
			`{"k":"v","a":1}`, `".."`, `"q+r"`, `"https://example.com/a"`}
		routes := []string{
			"GET /repos/{owner}/{repo}/issues", "POST /repos/{owner}/{repo}/issues", "PUT /user/starred/{owner}/{repo}",
			"PATCH /repos/{owner}/{repo}", "DELETE /repos/{owner}/{repo}/x{?q}", "HEAD /x/{+path}", "GET /search/issues{?q,page}",
			"GET https://uploads.github.com/repos/{owner}/x{?name,label}", "GET {+url}/y", "GET /x/{a",
		}
		options := []string{`"headers":{"x-a":"1"}`, `"headers":{"Authorization":"token y","X-B":2}`, `"headers":{"authorization":null,"content-type":"text/plain"}`,
			`"headers":{"content-length":"0","accept":"text/html"}`, `"headers":{"x-a":"bad\nvalue"}`, `"mediaType":{"format":"raw"}`, `"request":{"timeout":1}`,
			`"data":"raw"`, `"data":{"k":1}`, `"method":"POST"`, `"url":"/other/{x}"`, `"baseUrl":"https://h.example"`, `"owner":`}
		built := 0
		// check builds one call both ways; it reports whether it was built.
		check := func(ep *builder.Endpoint, route string, text []byte, what string) bool {
			got, gotErr := ep.BuildJSON(route, text)
			var o builder.Options
			if err := o.UnmarshalJSON(text); err != nil {
				Expect(gotErr).To(HaveOccurred(), what)
				return false
			}
			merged, mergeErr := ep.Merge(route, o)
			if mergeErr != nil {
				Expect(gotErr).To(HaveOccurred(), what)
				return false
			}
			want, wantErr := ep.Parse(merged)
			Expect(fmt.Sprint(gotErr)).To(Equal(fmt.Sprint(wantErr)), what)
			if wantErr != nil {
				return false
			}
			Expect(got).To(Equal(want), what)
			return true
		}
		// Numbers read from JSON are written as their text; "q" keeps a
		// "+" of a string, not of a number.
		for _, text := range []string{`{"owner":"o","repo":"r","q":1E+5}`, `{"owner":"o","repo":"r","q":"1E+5"}`,
			`{"owner":"o","repo":"r","q":true,"per_page":100,"page":-0,"x":0.50}`, `{"owner":-1.5e-7,"repo":1E5}`} {
			Expect(check(e, "GET /repos/{owner}/{repo}/issues", []byte(text), text)).To(BeTrue())
		}
		for text, query := range map[string]string{`{"q":1E+5}`: "?q=1E%2B5", `{"q":"1E+5"}`: "?q=1E+5", `{"q":true}`: "?q=true"} {
			got, err := e.BuildJSON("GET /search/issues", []byte(text))
			Expect(err).NotTo(HaveOccurred())
			Expect(got.URL).To(HaveSuffix(query), text)
		}
		n := scaled(20_000)
		for i := range n {
			ep := []*builder.Endpoint{e, ghes, e, ghes, previews, media}[r.IntN(6)]
			route := pick(routes...)
			var members []string
			seen := map[string]bool{}
			for range 1 + r.IntN(6) {
				name := pick("owner", "repo", "path", "q", "page", "name", "label", "a", "url", "title", "x")
				if !seen[name] {
					seen[name] = true
					members = append(members, fmt.Sprintf("%q:%s", name, values[r.IntN(len(values))]))
				}
			}
			if r.IntN(4) == 0 {
				o := pick(options...)
				if strings.HasSuffix(o, ":") {
					o += "{" // invalid JSON
				}
				if key := o[:strings.IndexByte(o, ':')]; !seen[key] {
					members = append(members, o)
				}
			}
			text := []byte("{" + strings.Join(members, ",") + "}")
			if check(ep, route, text, fmt.Sprintf("case %d: %s %s", i, route, text)) {
				built++
			}
		}
		Expect(built).To(BeNumerically(">", n*3/40)) // 2,225 of 20,000 with this seed
	})

	It("builds URLs of many lengths the same in one step", func() {
		for n := 60; n < 200; n++ {
			b := e.Route("GET /repos/{owner}/{repo}").Param("owner", strings.Repeat("o", n)).Param("repo", "r").Param("q", "x y")
			one, two, err := oneAndTwo(b)
			Expect(err).NotTo(HaveOccurred())
			Expect(sameRequest(one, two)).To(BeEmpty(), "owner of %d bytes", n)
			Expect(one.URL.String()).To(Equal("https://api.github.com/repos/" + strings.Repeat("o", n) + "/r?q=x%20y"))
		}
	})

	It("builds JSON bodies of many lengths the same in one step", func() {
		for n := 60; n < 320; n += 3 {
			title := strings.Repeat("t", n)
			b := e.Route("POST /repos/{owner}/{repo}/issues").Param("owner", "o").Param("repo", "r").
				Param("title", title).Param("labels", []string{"a", "b"})
			one, two, err := oneAndTwo(b)
			Expect(err).NotTo(HaveOccurred())
			Expect(sameRequest(one, two)).To(BeEmpty(), "title of %d bytes", n)
			body, err := one.GetBody()
			Expect(err).NotTo(HaveOccurred())
			Expect(readAll(body)).To(Equal(`{"title":"` + title + `","labels":["a","b"]}`))
		}
	})

	It("upper-cases the method and keeps an escaped slash raw on the wire", func() {
		one, two, err := oneAndTwo(e.Route("GET /repos/{owner}/{repo}/contents/{path}").Param("owner", "o").Param("repo", "r").Param("path", "a/b.md"))
		Expect(err).NotTo(HaveOccurred())
		Expect(one.Method).To(Equal("GET"))
		Expect(one.URL.RawPath).To(Equal("/repos/o/r/contents/a%2Fb.md"))
		Expect(one.URL.EscapedPath()).To(Equal("/repos/o/r/contents/a%2Fb.md"))
		Expect(sameRequest(one, two)).To(BeEmpty())
	})
})
