package endpointtest_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"testing"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"github.com/yosida95/uritemplate/v3"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/catalog"
	"github.com/endpointkit/endpoint/catalog/github"
	"github.com/endpointkit/endpoint/endpointtest"
	"github.com/endpointkit/endpoint/template"
)

// sample makes a value a schema allows; i keeps the values of one call
// apart. Strings carry "/" and a space, which must come back decoded.
func sample(s catalog.Schema, i int) any {
	if len(s.Enum) > 0 {
		return s.Enum[0]
	}
	switch {
	case s.Type == 0 || s.Type&catalog.String != 0:
		return fmt.Sprintf("a/b c-%d-", i)
	case s.Type&catalog.Integer != 0:
		return 1000 + i
	case s.Type&catalog.Number != 0:
		return 0.5 + float64(i)
	case s.Type&catalog.Boolean != 0:
		return true
	case s.Type&catalog.Array != 0:
		item := catalog.Schema{Type: catalog.String}
		if s.Items != nil {
			item = *s.Items
		}
		return []any{sample(item, i), sample(item, i+100)}
	case s.Type&catalog.Object != 0:
		m := map[string]any{}
		for _, p := range s.Properties {
			if p.Required {
				m[p.Name] = sample(p.Schema, i)
			}
		}
		return m
	}
	return nil
}

// textOf is a value as it comes back from a URL: decoded text, a list
// comma-separated (how the builder writes an array).
func textOf(v any) string {
	if l, ok := v.([]any); ok {
		parts := make([]string, len(l))
		for i, x := range l {
			parts[i] = fmt.Sprint(x)
		}
		return strings.Join(parts, ",")
	}
	return fmt.Sprint(v)
}

// call is one operation with synthesised values: the options to build
// it with and the parameters a reverse match must give back, in order.
type call struct {
	op    *catalog.Operation
	route string
	opts  builder.Options
	want  []string // "name=text"
}

func synthesise(op *catalog.Operation) call {
	c := call{op: op, route: op.Method + " " + op.Template()}
	var params builder.Params
	// Path variables come back in the template's order.
	for _, name := range pathVars(op.Path) {
		p, _ := op.Param(name)
		v := sample(p.Schema, len(params))
		params = append(params, builder.Param{Name: name, Value: v})
		c.want = append(c.want, name+"="+textOf(v))
	}
	for _, p := range op.Params {
		switch {
		case p.In == catalog.Query && p.Schema.Type&catalog.Object == 0:
			v := sample(p.Schema, len(params))
			params = append(params, builder.Param{Name: p.Name, Value: v})
			c.want = append(c.want, p.Name+"="+textOf(v))
		case p.In == catalog.Body && p.Required:
			if _, dup := params.Get(p.Name); !dup {
				params = append(params, builder.Param{Name: p.Name, Value: sample(p.Schema, len(params))})
			}
		}
	}
	c.opts = builder.Options{Params: params}
	if op.Body != nil && op.Body.Type != 0 && op.Body.Type&catalog.Object == 0 {
		c.opts.Data = "raw body"
	}
	return c
}

func pathVars(path string) []string {
	t, err := template.Parse(path)
	Expect(err).NotTo(HaveOccurred())
	return t.Vars()
}

func texts(ps builder.Params) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		switch v := p.Value.(type) {
		case []string:
			out[i] = p.Name + "=" + strings.Join(v, ",")
		default:
			out[i] = p.Name + "=" + fmt.Sprint(v)
		}
	}
	return out
}

var _ = Describe("routes in reverse", func() {
	It("reads back the parameters of every operation of api.github.com, built by the builder", func() {
		ops := github.Catalog().Operations()
		Expect(ops).To(HaveLen(github.Catalog().Len()))
		Expect(len(ops)).To(BeNumerically(">", 1000))
		var failed []string
		for _, op := range ops {
			c := synthesise(op)
			req, err := endpoint.Build(c.route, c.opts)
			if err != nil {
				failed = append(failed, fmt.Sprintf("%s: build: %v", op, err))
				continue
			}
			got, err := endpointtest.Route(c.route).Params(req)
			if err != nil {
				failed = append(failed, fmt.Sprintf("%s: %v", op, err))
				continue
			}
			if strings.Join(texts(got), "&") != strings.Join(c.want, "&") {
				failed = append(failed, fmt.Sprintf("%s: got %q, want %q", op, texts(got), c.want))
			}
		}
		Expect(failed).To(BeEmpty())
	})

	// Through a server that has a handler for every operation and checks
	// each request against the catalogue: each must pass, reach its own
	// handler (no other route may win), and give its parameters back.
	for _, d := range []struct {
		name string
		cat  func() *catalog.Catalog
		base string
	}{
		{"api.github.com", github.Catalog, ""},
		{"GHEC", github.GHEC, ""},
		{"GHES 3.19 under /api/v3", github.GHES, "/api/v3"},
	} {
		It("serves every operation of "+d.name+" at its own handler, passing the catalogue's check", func() {
			cat := d.cat()
			ops := cat.Operations()
			step := 1
			if d.name != "api.github.com" && (raceEnabled || testing.Short()) {
				step = 7 // sampled; api.github.com is always walked whole
			}
			t := newRecorder()
			srv := endpointtest.NewServer(t, endpointtest.WithCatalog(cat))
			for _, op := range ops {
				srv.Handle(op.Method+" "+op.Template(), endpointtest.Status(http.StatusNoContent))
			}
			gh := endpoint.Defaults(endpoint.WithBaseURL(srv.URL + d.base))
			var failed []string
			n := 0
			for i := 0; i < len(ops); i += step {
				c := synthesise(ops[i])
				req, err := gh.Build(c.route, c.opts)
				Expect(err).NotTo(HaveOccurred(), c.route)
				hr, err := req.HTTPRequest(context.Background())
				Expect(err).NotTo(HaveOccurred())
				resp, err := srv.Client().Do(hr)
				Expect(err).NotTo(HaveOccurred())
				Expect(resp.Body.Close()).To(Succeed())
				n++
				// One call recorded per request; Reset keeps Requests
				// from copying every earlier call again (n² copies).
				calls := srv.Requests()
				Expect(calls).To(HaveLen(1))
				got := calls[0]
				srv.Reset()
				switch {
				case resp.StatusCode != http.StatusNoContent:
					failed = append(failed, fmt.Sprintf("%s: status %d: %v", c.route, resp.StatusCode, got.Err))
				case got.Route != c.route:
					failed = append(failed, fmt.Sprintf("%s: served by %s", c.route, got.Route))
				case got.Operation != ops[i]:
					failed = append(failed, fmt.Sprintf("%s: checked as %v", c.route, got.Operation))
				case strings.Join(texts(got.Params), "&") != strings.Join(c.want, "&"):
					failed = append(failed, fmt.Sprintf("%s: got %q, want %q", c.route, texts(got.Params), c.want))
				}
			}
			Expect(failed).To(BeEmpty())
			Expect(t.joined()).To(BeEmpty())
		})
	}

	Describe("precedence", func() {
		for _, order := range []string{"literal first", "variable first"} {
			It("lets a literal segment beat a variable, registered "+order, func() {
				srv := endpointtest.NewServer(GinkgoT())
				routes := []string{"GET /repos/{owner}/{repo}/issues", "GET /repos/{o}/{r}/{x}"}
				if order == "variable first" {
					routes[0], routes[1] = routes[1], routes[0]
				}
				for _, r := range routes {
					srv.Handle(r, endpointtest.JSON(fmt.Sprintf("%q", r)))
				}
				Expect(get(srv, "/repos/a/b/issues")).To(Equal(`"GET /repos/{owner}/{repo}/issues"`))
				Expect(get(srv, "/repos/a/b/pulls")).To(Equal(`"GET /repos/{o}/{r}/{x}"`))
				x, _ := srv.Calls("GET /repos/{o}/{r}/{x}")[0].Get("x")
				Expect(x).To(Equal("pulls"))
			})
		}

		It("decides at the leftmost segment that differs", func() {
			srv := endpointtest.NewServer(GinkgoT())
			srv.Handle("GET /{a}/literal", endpointtest.JSON(`"var first"`))
			srv.Handle("GET /literal/{b}", endpointtest.JSON(`"literal first"`))
			Expect(get(srv, "/literal/literal")).To(Equal(`"literal first"`))
		})

		It("puts text mixed with expressions between a literal and an expression alone", func() {
			srv := endpointtest.NewServer(GinkgoT())
			srv.Handle("GET /compare/{spec}", endpointtest.JSON(`"whole"`))
			srv.Handle("GET /compare/{base}...{head}", endpointtest.JSON(`"mixed"`))
			srv.Handle("GET /compare/main...dev", endpointtest.JSON(`"literal"`))
			Expect(get(srv, "/compare/a...b")).To(Equal(`"mixed"`))
			Expect(get(srv, "/compare/main...dev")).To(Equal(`"literal"`))
			Expect(get(srv, "/compare/main")).To(Equal(`"whole"`))
		})

		It("lets the route registered first win between equally precise ones", func() {
			srv := endpointtest.NewServer(GinkgoT())
			srv.Handle("GET /users/{username}", endpointtest.JSON(`"first"`))
			srv.Handle("GET /users/{id}", endpointtest.JSON(`"second"`))
			Expect(get(srv, "/users/1")).To(Equal(`"first"`))
		})

		It("prefers a route with a method to one that takes any", func() {
			srv := endpointtest.NewServer(GinkgoT())
			srv.Handle("/things/{id}", endpointtest.JSON(`"any"`))
			srv.Handle("GET /things/{id}", endpointtest.JSON(`"get"`))
			Expect(get(srv, "/things/1")).To(Equal(`"get"`))
		})
	})

	Describe("matching", func() {
		route := func(r, method, url string) (builder.Params, error) {
			return endpointtest.Route(r).Params(builder.RequestOptions{Method: method, URL: url})
		}

		It("decodes a segment once, keeping an escaped slash inside its variable", func() {
			ps, err := route("GET /repos/{owner}/{repo}/contents/{path}", "get", "https://api.github.com/repos/o/r/contents/docs%2Fa%20b.md")
			Expect(err).NotTo(HaveOccurred())
			Expect(texts(ps)).To(Equal([]string{"owner=o", "repo=r", "path=docs/a b.md"}))
		})

		It("accepts characters a client leaves raw in a segment", func() {
			ps, err := route("GET /users/{username}/{x}", "get", "/users/a@b/c:d!$'()*+,;=")
			Expect(err).NotTo(HaveOccurred())
			Expect(texts(ps)).To(Equal([]string{"username=a@b", "x=c:d!$'()*+,;="}))
		})

		It("reads hyphenated names, an extension the uritemplate module does not know", func() {
			ps, err := route("GET /enterprises/{enterprise}/teams/{enterprise-team}", "get", "/enterprises/e/teams/t-1")
			Expect(err).NotTo(HaveOccurred())
			Expect(texts(ps)).To(Equal([]string{"enterprise=e", "enterprise-team=t-1"}))
			ps, err = route("GET /x/{a-b}...{c-d}", "get", "/x/1...2")
			Expect(err).NotTo(HaveOccurred())
			Expect(texts(ps)).To(Equal([]string{"a-b=1", "c-d=2"}))
		})

		It("reads :name placeholders", func() {
			ps, err := route("GET /repos/:owner/:repo", "get", "/repos/o/r")
			Expect(err).NotTo(HaveOccurred())
			Expect(texts(ps)).To(Equal([]string{"owner=o", "repo=r"}))
		})

		It("reads expressions that are not a whole segment, raw reserved characters included", func() {
			ps, err := route("GET /repos/{owner}/{repo}/compare/{base}...{head}", "get", "/repos/o/r/compare/user@main...feature%2Fx")
			Expect(err).NotTo(HaveOccurred())
			Expect(texts(ps)).To(Equal([]string{"owner=o", "repo=r", "base=user@main", "head=feature/x"}))
		})

		It("reads operator expressions the builder expands", func() {
			for _, tc := range []struct {
				route string
				value any
				want  string
			}{
				{"GET /files{/path*}", []string{"a", "b c"}, "path=a,b c"},
				{"GET /files/{+path}", template.Path("a/b/c.md"), "path=a/b/c.md"},
				{"GET /doc{.format}", "json", "format=json"},
				{"GET /x{;id}", "7", "id=7"},
			} {
				name := pathVars(strings.SplitN(tc.route, " ", 2)[1])[0]
				req, err := builder.New().Route(tc.route).Param(name, tc.value).Build()
				Expect(err).NotTo(HaveOccurred())
				ps, err := endpointtest.Route(tc.route).Params(req)
				Expect(err).NotTo(HaveOccurred(), tc.route+" "+req.URL)
				Expect(texts(ps)).To(Equal([]string{tc.want}), tc.route+" "+req.URL)
			}
		})

		It("gives every query value, in order, a repeated name as a list, and keeps literal pairs out", func() {
			ps, err := route("GET /search{?q}", "get", "/search?sort=stars&q=go+lang&x=1&x=2")
			Expect(err).NotTo(HaveOccurred())
			Expect(texts(ps)).To(Equal([]string{"sort=stars", "q=go lang", "x=1,2"}))
			x, _ := ps.Get("x")
			Expect(x).To(Equal([]string{"1", "2"}))

			ps, err = route("GET /items?kind=a{&page}", "get", "/items?page=2&kind=a")
			Expect(err).NotTo(HaveOccurred())
			Expect(texts(ps)).To(Equal([]string{"page=2"}))
			_, err = route("GET /items?kind=a{&page}", "get", "/items?kind=b")
			Expect(err).To(MatchError(ContainSubstring("the query lacks kind=a")))
		})

		It("reads a query of many names in time proportional to their number", func() {
			const n = 20_000 // each name was compared with every other: 1.6 s here
			pairs := make([]string, 0, n+1)
			for i := range n {
				pairs = append(pairs, fmt.Sprintf("q%d=%d", i, i))
			}
			pairs = append(pairs, "q7=again")
			req, err := http.NewRequest("GET", "https://api.github.com/search?"+strings.Join(pairs, "&"), nil)
			Expect(err).NotTo(HaveOccurred())
			c, err := endpointtest.CallOf(req)
			Expect(err).NotTo(HaveOccurred())
			Expect(c.Params).To(HaveLen(n))
			Expect(c.Params[7].Value).To(Equal([]string{"7", "again"}))
			Expect(endpointtest.MatchCall(c, endpointtest.Query("q9", "9"))).To(Succeed())
			err = endpointtest.MatchCall(c, endpointtest.Query("zz", "1"))
			Expect(err).To(MatchError(ContainSubstring("it has q0, q1")))
		})

		It("does not read a path of more list items than it can match quickly into a list template", func() {
			items := func(n int) string { return "/files" + strings.Repeat("/a", n) }
			ps, err := route("GET /files{/path*}", "get", items(250))
			Expect(err).NotTo(HaveOccurred())
			v, _ := ps.Get("path")
			Expect(v).To(HaveLen(250))
			// Past 256 separators: no match, at once (each step of the
			// module's matcher copied all it had captured: 4 s for 8 KiB).
			_, err = route("GET /files{/path*}", "get", items(4_000))
			Expect(err).To(HaveOccurred())
			// A template of plain segments reads any length.
			ps, err = route("GET /files/{a}/{b}", "get", "/files/"+strings.Repeat("x", 8000)+"/y")
			Expect(err).NotTo(HaveOccurred())
			Expect(ps).To(HaveLen(2))
		})

		It("matches an absolute route by its path, and a GHES API root without its prefix", func() {
			ps, err := route("POST https://uploads.github.com/repos/{owner}/{repo}/releases/{id}/assets{?name}", "post", "http://127.0.0.1/api/uploads/repos/o/r/releases/1/assets?name=a.zip")
			Expect(err).NotTo(HaveOccurred())
			Expect(texts(ps)).To(Equal([]string{"owner=o", "repo=r", "id=1", "name=a.zip"}))
		})

		It("refuses an invalid route with ErrRoute", func() {
			for _, r := range []string{"", "GET", "G\tET /x", "GET /x/{", "GET repos", "GET https://{host}/x"} {
				_, err := route(r, "get", "/x")
				Expect(errors.Is(err, endpointtest.ErrRoute)).To(BeTrue(), "%q: %v", r, err)
			}
		})

		It("takes a zero or nil RouteMatcher for Route(\"\"), refused with ErrRoute", func() {
			var zero endpointtest.RouteMatcher
			var nilm *endpointtest.RouteMatcher
			c := &endpointtest.Call{Method: "GET", Path: "/x"}
			for _, m := range []*endpointtest.RouteMatcher{&zero, nilm, nilm.Where("a", "b")} {
				Expect(m.MatchCall(c)).To(MatchError(`endpointtest: "": empty route`))
				Expect(m.MatchCall(c)).To(MatchError(endpointtest.ErrRoute))
				_, err := m.Params(c)
				Expect(err).To(MatchError(endpointtest.ErrRoute))
				Expect(endpointtest.MatchCall(c, m)).To(MatchError(endpointtest.ErrRoute))
			}
			Expect(zero.String()).To(Equal("route "))
			Expect(nilm.String()).To(Equal("route "))
		})
	})

	// The uritemplate module's Match serves the templates that are not
	// made of whole {name} segments only. These specs record where it
	// cannot be used alone, and why the package matches whole segments
	// itself and writes paths in one escaping before calling it.
	Describe("the uritemplate module's Match", func() {
		It("refuses a raw sub-delimiter in a simple expansion, which clients send in paths", func() {
			t := uritemplate.MustNew("/users/{username}")
			Expect(t.Match("/users/a@b")).To(BeNil())
			Expect(t.Match("/users/a%40b").Get("username").String()).To(Equal("a@b"))
			ps, err := endpointtest.Route("GET /users/{username}").Params(builder.RequestOptions{Method: "get", URL: "/users/a@b"})
			Expect(err).NotTo(HaveOccurred())
			Expect(texts(ps)).To(Equal([]string{"username=a@b"}))
		})

		It("does not know hyphenated names", func() {
			_, err := uritemplate.New("/teams/{enterprise-team}")
			Expect(err).To(HaveOccurred())
		})

		It("takes a query expression's names in their template order only", func() {
			t := uritemplate.MustNew("/search{?q,sort}")
			Expect(t.Match("/search?sort=stars&q=go")).To(BeNil())
			ps, err := endpointtest.Route("GET /search{?q,sort}").Params(builder.RequestOptions{Method: "get", URL: "/search?sort=stars&q=go"})
			Expect(err).NotTo(HaveOccurred())
			Expect(texts(ps)).To(Equal([]string{"sort=stars", "q=go"}))
		})
	})
})

// get sends GET path to srv and returns the body.
func get(srv *endpointtest.Server, path string) string {
	resp, err := srv.Client().Get(srv.URL + path)
	Expect(err).NotTo(HaveOccurred())
	return readBody(resp)
}

// Each query name's values were gathered by walking the whole query: n names
// took n² (100,000: about 20 s).
var _ = Describe("a query of many names, checked against a catalogue", Label("regression", "long"), func() {
	n := sized(100_000, 20_000)
	It(fmt.Sprintf("is checked in time linear in its length (%d names)", n), func() {
		rec := newRecorder()
		srv := endpointtest.NewServer(rec, endpointtest.WithCatalog(github.Catalog()))
		srv.Handle("GET /repos/{owner}/{repo}/issues", endpointtest.JSON(`[]`))
		var q strings.Builder
		q.WriteString("state=open&q0=1&state=opne")
		for i := 1; i < n; i++ {
			q.WriteString("&q" + strconv.FormatInt(int64(i), 36) + "=1")
		}
		// The spec asserts the result, not the time (see
		// builder/linear_test.go): a quadratic check takes 20 s.
		resp, err := http.Get(srv.URL + "/repos/o/r/issues?" + q.String())
		Expect(err).NotTo(HaveOccurred())
		readBody(resp)
		Expect(resp.StatusCode).To(Equal(http.StatusUnprocessableEntity))
		c := srv.Requests()[0]
		Expect(errors.Is(c.Err, endpointtest.ErrAPI)).To(BeTrue())
		var e *endpointtest.Error
		Expect(errors.As(c.Err, &e)).To(BeTrue())
		Expect(len(e.Problems)).To(Equal(n + 1)) // every unknown name, and state's wrong value
		Expect(e.Problems[0]).To(ContainSubstring(`query parameter "state" of GET /repos/{owner}/{repo}/issues: [1]: "opne" is not one of`))
		Expect(e.Problems[1]).To(HavePrefix(`unknown query parameter "q0" for GET /repos/{owner}/{repo}/issues`))
	})
})
