package builder_test

import (
	"context"
	"encoding/json"
	"errors"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"weak"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/catalog/github"
	"github.com/endpointkit/endpoint/catalog/openapi"
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

// With a catalogue, an absolute route lost its server: GHES' route went to
// api.github.com with the defaults' authorization.
var _ = Describe("an absolute route checked by a catalogue", Label("regression"), func() {
	DescribeTable("goes to the server it names, on every path",
		func(base string, cat builder.Catalog, route string, want string) {
			e := builder.New(builder.WithBaseURL(base), builder.WithCatalog(cat))
			b := e.Route(route).Param("owner", "o").Param("repo", "r")
			if route[0] == 'P' {
				b = b.Param("release_id", 7).Param("name", "a.zip").Data([]byte("z"))
			}
			for range 2 { // the first call and a later one of the same shape
				ro, err := b.Build()
				Expect(err).NotTo(HaveOccurred())
				Expect(ro.URL).To(Equal(want))
				req, err := b.HTTPRequest(context.Background())
				Expect(err).NotTo(HaveOccurred())
				Expect(req.URL.String()).To(Equal(want))
				o, err := b.Merge()
				Expect(err).NotTo(HaveOccurred())
				// The base URL, a client's home for its token, is still the Endpoint's.
				Expect(o.BaseURL).NotTo(HavePrefix("https://ghe.example.com"))
				ro, err = e.Parse(o)
				Expect(err).NotTo(HaveOccurred())
				Expect(ro.URL).To(Equal(want))
				// Through JSON, which does not carry the operation: resolved again.
				j, err := json.Marshal(o)
				Expect(err).NotTo(HaveOccurred())
				ro, err = e.BuildJSON("", j)
				Expect(err).NotTo(HaveOccurred())
				Expect(ro.URL).To(Equal(want))
			}
			if route[0] == 'G' {
				ro, err := e.BuildJSON(route, []byte(`{"owner":"o","repo":"r"}`))
				Expect(err).NotTo(HaveOccurred())
				Expect(ro.URL).To(Equal(want))
			}
		},
		Entry("GHES' server, on the default base URL", "https://api.github.com", github.GHES(),
			"GET https://ghe.example.com/api/v3/repos/{owner}/{repo}", "https://ghe.example.com/api/v3/repos/o/r"),
		Entry("GHES' server, with a literal query", "https://api.github.com", github.GHES(),
			"GET https://ghe.example.com/api/v3/repos/{owner}/{repo}?x=1", "https://ghe.example.com/api/v3/repos/o/r?x=1"),
		Entry("GHES' uploads, derived from the route's server", "https://api.github.com", github.GHES(),
			"POST https://ghe.example.com/api/v3/repos/{owner}/{repo}/releases/{release_id}/assets",
			"https://ghe.example.com/api/uploads/repos/o/r/releases/7/assets?name=a.zip"),
		Entry("api.github.com, on a test server's base URL", "http://127.0.0.1:8080", github.Catalog(),
			"GET https://api.github.com/repos/{owner}/{repo}", "https://api.github.com/repos/o/r"),
		Entry("api.github.com's uploads", "http://127.0.0.1:8080", github.Catalog(),
			"POST https://api.github.com/repos/{owner}/{repo}/releases/{release_id}/assets",
			"https://uploads.github.com/repos/o/r/releases/7/assets?name=a.zip"),
		Entry("a host the description does not list", "https://api.github.com", github.Catalog(),
			"GET http://other.example/repos/:owner/:repo", "http://other.example/repos/o/r"),
	)
})

// The global route memo kept the first Endpoint's base URL, a slice of its
// options JSON, so dropping both freed nothing.
var _ = Describe("an Endpoint over a catalogue, dropped", Label("regression"), func() {
	It("does not keep the text the base URL was sliced from", func() {
		heap := func() uint64 {
			runtime.GC()
			runtime.GC()
			var m runtime.MemStats
			runtime.ReadMemStats(&m)
			return m.HeapAlloc
		}
		cat := oneOp{"memo-base-pin"}
		keeper := builder.New(builder.WithCatalog(cat)) // keeps the catalogue in use
		size := 16 << 20
		if raceEnabled || testing.Short() {
			size = 4 << 20 // the race detector reads every byte decoded
		}
		before := heap()
		func() {
			var o builder.Options
			text := `{"baseUrl":"https://h.example","request":{"blob":"` + strings.Repeat("x", size) + `"}}`
			Expect(json.Unmarshal([]byte(text), &o)).To(Succeed())
			o.Request = nil // only the base URL is kept
			e := builder.New(builder.WithOptions(o), builder.WithCatalog(cat))
			r, err := e.Route("GET /memo-base-pin/{id}").Param("id", 7).Build()
			Expect(err).NotTo(HaveOccurred())
			Expect(r.URL).To(Equal("https://h.example/memo-base-pin/7"))
		}()
		after := heap()
		Expect(int64(after)-int64(before)).To(BeNumerically("<", size/4), "bytes still held once the Endpoint and its options are dropped")
		runtime.KeepAlive(keeper)
	})
})

// A route's literal query went after the operation's {?…}: …/assets?name=a?x=1.
var _ = Describe("a literal query in a route checked by a catalogue", Label("regression"), func() {
	gh := builder.New(builder.WithBaseURL("https://api.github.com"), builder.WithCatalog(github.Catalog()))
	const upload = "POST /repos/{owner}/{repo}/releases/{release_id}/assets"
	params := func(b *builder.Builder) *builder.Builder {
		return b.Param("owner", "o").Param("repo", "r").Param("release_id", 1).Data([]byte("z"))
	}

	DescribeTable("comes before the operation's query parameters, with one ?",
		func(query string, withName bool, want string) {
			b := params(gh.Route(upload + query))
			if withName {
				b = b.Param("name", "a.bin")
			}
			ro, err := b.Build()
			Expect(err).NotTo(HaveOccurred())
			Expect(ro.URL).To(Equal(want))
			req, err := b.HTTPRequest(context.Background())
			Expect(err).NotTo(HaveOccurred())
			Expect(req.URL.String()).To(Equal(want))
			o, err := b.Merge()
			Expect(err).NotTo(HaveOccurred())
			ro, err = gh.Parse(o)
			Expect(err).NotTo(HaveOccurred())
			Expect(ro.URL).To(Equal(want))
		},
		Entry("with a parameter", "?x=1", true, "https://uploads.github.com/repos/o/r/releases/1/assets?x=1&name=a.bin"),
		Entry("a trailing &", "?x=1&", true, "https://uploads.github.com/repos/o/r/releases/1/assets?x=1&name=a.bin"),
		Entry("a bare ?", "?", true, "https://uploads.github.com/repos/o/r/releases/1/assets?name=a.bin"),
	)

	It("is kept as it is where the template has no query expression", func() {
		ro, err := gh.Route("GET /user/repos?per_page=100").Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(ro.URL).To(Equal("https://api.github.com/user/repos?per_page=100"))
	})
})

// A route with a literal query was parsed whole as a template, refusing a
// description's path such as /d/{$x} that builds without the query.
var _ = Describe("a literal query after a description's path that is no template", Label("regression"), func() {
	c, err := openapi.Load([]byte(`{"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{
		"/d/{$x}/{id.v}":{"get":{"operationId":"getD","parameters":[
			{"name":"$x","in":"path","required":true,"schema":{"type":"string"}},
			{"name":"id.v","in":"path","required":true,"schema":{"type":"string"}},
			{"name":"q","in":"query","schema":{"type":"string"}}],"responses":{"200":{"description":"ok"}}},
		"post":{"operationId":"postD","parameters":[
			{"name":"$x","in":"path","required":true,"schema":{"type":"string"}},
			{"name":"id.v","in":"path","required":true,"schema":{"type":"string"}},
			{"name":"q","in":"query","schema":{"type":"string"}}],"responses":{"200":{"description":"ok"}}}}}}`))

	It("builds in every way, the query kept", func() {
		Expect(err).NotTo(HaveOccurred())
		e := builder.New(builder.WithBaseURL("https://api.example"), builder.WithCatalog(c))
		for _, method := range []string{"GET", "POST"} {
			b := func() *builder.Builder {
				return e.Route(method+" /d/{$x}/{id.v}?a=1{&q}&b=2").Param("$x", "v").Param("id.v", "w").Param("q", "s")
			}
			ro, err := b().Build()
			Expect(err).NotTo(HaveOccurred(), method)
			Expect(ro.URL).To(Equal("https://api.example/d/v/w?a=1&b=2&q=s"), method)
			req, err := b().HTTPRequest(context.Background())
			Expect(err).NotTo(HaveOccurred())
			Expect(req.URL.String()).To(Equal(ro.URL))
			merged, err := b().Merge()
			Expect(err).NotTo(HaveOccurred())
			parsed, err := e.Parse(merged)
			Expect(err).NotTo(HaveOccurred())
			Expect(parsed).To(Equal(ro))
		}
	})

	It("still refuses a query that is no template, as without a catalogue", func() {
		e := builder.New(builder.WithBaseURL("https://api.example"), builder.WithCatalog(c))
		for _, route := range []string{"GET /d/{$x}/{id.v}?a={", "GET /d/{$x}/{id.v}?a=}", "GET /d/{$x}/{id.v}?a={b", "GET /d/{$x/{id.v}?a=1"} {
			_, err := e.Route(route).Param("$x", "v").Param("id.v", "w").Build()
			Expect(err).To(MatchError(template.ErrSyntax), route)
			_, err = e.Route(route).Param("$x", "v").Param("id.v", "w").HTTPRequest(context.Background())
			Expect(err).To(MatchError(template.ErrSyntax), route)
		}
	})
})

// A route's literal query was cut at its first "{": ".../issues?x={" built
// ".../issues?x=", silently.
var _ = Describe("a route's query with a catalogue", Label("regression"), func() {
	e := endpoint.Defaults(endpoint.WithCatalog(github.Catalog()))
	ctx := context.Background()

	DescribeTable("is a template, refused as without a catalogue",
		func(route string) {
			_, plain := endpoint.Route(route).Param("owner", "o").Param("repo", "r").Build()
			Expect(plain).To(MatchError(template.ErrSyntax))
			_, err := e.Route(route).Param("owner", "o").Param("repo", "r").Build()
			Expect(err).To(MatchError(template.ErrSyntax))
			Expect(err.Error()).To(Equal(plain.Error()))
			_, err = e.Route(route).Param("owner", "o").Param("repo", "r").HTTPRequest(ctx)
			Expect(err).To(MatchError(template.ErrSyntax))
		},
		Entry("a stray {", "GET /repos/{owner}/{repo}/issues?x={"),
		Entry("an unclosed expression", "GET /repos/{owner}/{repo}/issues?x={y"),
		Entry("a stray }", "GET /repos/{owner}/{repo}/issues?x=}"),
		Entry("a body method's", "POST /repos/{owner}/{repo}/issues?x={"),
	)

	It("keeps the text after an expression, and places its parameter once", func() {
		ro, err := e.Route("GET /repos/{owner}/{repo}/issues?x=1{&state}&c=2").
			Param("owner", "o").Param("repo", "r").Param("state", "open").Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(ro.URL).To(HavePrefix("https://api.github.com/repos/o/r/issues?x=1&c=2"))
		Expect(strings.Count(ro.URL, "state=open")).To(Equal(1), ro.URL)
		req, err := e.Route("GET /repos/{owner}/{repo}/issues?x=1{&state}&c=2").
			Param("owner", "o").Param("repo", "r").Param("state", "open").HTTPRequest(ctx)
		Expect(err).NotTo(HaveOccurred())
		Expect(req.URL.String()).To(Equal(ro.URL))
	})
})

// catalogFunc is a catalogue written as a function: a type that cannot
// be compared.
type catalogFunc func(method, url string) (builder.Operation, error)

func (f catalogFunc) Resolve(method, url string) (builder.Operation, error) { return f(method, url) }
func (catalogFunc) Accept() string                                          { return "" }

// wrappedCatalog is a comparable struct around any catalogue.
type wrappedCatalog struct{ builder.Catalog }

// WithCatalog compared catalogues with ==, which panics on a comparable
// struct holding a func-typed catalogue.
var _ = Describe("a catalogue of a comparable type holding an uncomparable value", Label("regression"), func() {
	gh := github.Catalog()
	wrapped := func() builder.Catalog {
		return wrappedCatalog{catalogFunc(func(m, u string) (builder.Operation, error) { return gh.Resolve(m, u) })}
	}

	It("makes Endpoints and derives them without a panic, and checks calls", func() {
		var e1, e2, e3 *builder.Endpoint
		Expect(func() {
			e1 = builder.New(builder.WithBaseURL("https://api.github.com"), builder.WithCatalog(wrapped()))
			e2 = e1.Defaults(builder.WithHeader("x-a", "1"))
			e3 = builder.New(builder.WithBaseURL("https://api.github.com"), builder.WithCatalog(wrapped()))
		}).NotTo(Panic())
		for _, e := range []*builder.Endpoint{e1, e2, e3} {
			Expect(e.Err()).NotTo(HaveOccurred())
			r, err := e.Route("GET /repos/{owner}/{repo}/issues").Param("owner", "o").Param("repo", "r").Param("state", "open").Build()
			Expect(err).NotTo(HaveOccurred())
			Expect(r.URL).To(Equal("https://api.github.com/repos/o/r/issues?state=open"))
			_, err = e.Route("GET /repos/{owner}/{repo}/issues").Param("owner", "o").Param("repo", "r").Param("state", "opne").HTTPRequest(context.Background())
			Expect(err).To(MatchError(ContainSubstring("did you mean open")))
		}
	})
})
