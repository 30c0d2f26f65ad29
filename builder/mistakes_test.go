package builder_test

// A new user's first mistakes, and what a hostile review found (issues 33
// and 34): each builds a request that looks valid and is not what the
// caller meant, or refuses a right one. Every entry point is held to the
// same answer: Build, the one-step HTTPRequest, Merge then Parse, and
// options JSON (BuildJSON).

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/url"
	"slices"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/catalog/github"
	"github.com/endpointkit/endpoint/template"
)

// callEntryPoints builds one call through each entry point of e; each returns
// the URL it built, or its error.
func callEntryPoints(e *builder.Endpoint, route string, params builder.Params) map[string]func() (string, error) {
	builderOf := func() *builder.Builder {
		b := e.Route(route)
		for _, p := range params {
			b.Param(p.Name, p.Value)
		}
		return b
	}
	return map[string]func() (string, error){
		"Builder.Build": func() (string, error) {
			r, err := builderOf().Build()
			return r.URL, err
		},
		"Builder.HTTPRequest": func() (string, error) {
			req, err := builderOf().HTTPRequest(context.Background())
			if err != nil {
				return "", err
			}
			return req.URL.String(), nil
		},
		"Endpoint.Build": func() (string, error) {
			r, err := e.Build(route, builder.Options{Params: params})
			return r.URL, err
		},
		"Merge then Parse": func() (string, error) {
			m, err := e.Merge(route, builder.Options{Params: params})
			if err != nil {
				return "", err
			}
			r, err := e.Parse(m)
			return r.URL, err
		},
		"options JSON": func() (string, error) {
			obj := map[string]any{}
			for _, p := range params {
				obj[p.Name] = p.Value
			}
			text, err := json.Marshal(obj)
			if err != nil {
				return "", err
			}
			r, err := e.BuildJSON(route, text)
			return r.URL, err
		},
	}
}

var _ = Describe("a new user's mistakes", func() {
	plain := endpoint.Defaults()
	checked := endpoint.Defaults(endpoint.WithCatalog(github.Catalog()))
	p := func(kv ...any) builder.Params {
		var ps builder.Params
		for i := 0; i+1 < len(kv); i += 2 {
			ps = append(ps, builder.Param{Name: kv[i].(string), Value: kv[i+1]})
		}
		return ps
	}

	DescribeTable("are refused by every entry point, with a typed error that names the parameter",
		func(e *builder.Endpoint, route string, params builder.Params, sentinel error, name string) {
			for entry, build := range callEntryPoints(e, route, params) {
				got, err := build()
				Expect(err).To(HaveOccurred(), "%s built %q", entry, got)
				Expect(errors.Is(err, sentinel)).To(BeTrue(), "%s: %v", entry, err)
				var be *builder.Error
				Expect(errors.As(err, &be)).To(BeTrue(), entry)
				if name != "" {
					Expect(err.Error()).To(ContainSubstring(`"`+name+`"`), entry)
				}
			}
		},
		Entry("34.1: an empty owner, without a catalogue", plain, "GET /repos/{owner}/{repo}/issues", p("owner", "", "repo", "r"), builder.ErrMissingParam, "owner"),
		Entry("34.1: an empty owner, with GitHub's catalogue", checked, "GET /repos/{owner}/{repo}/issues", p("owner", "", "repo", "r"), builder.ErrMissingParam, "owner"),
		Entry("34.2: a segment of two missing values", plain, "GET /a/{x}{y}/b", nil, builder.ErrMissingParam, "x"),
		Entry("34.2: a list of missing values", plain, "GET /a/{x,y}/b", nil, builder.ErrMissingParam, "x"),
		Entry("34.2: two missing reserved values", plain, "GET /a/{+x}{+y}/b", nil, builder.ErrMissingParam, "x"),
		Entry("34.3: a comparison's base nil", plain, "GET /repos/{owner}/{repo}/compare/{base}...{head}", p("owner", "o", "repo", "r", "base", nil, "head", "main"), builder.ErrMissingParam, "base"),
		Entry("34.3: a comparison's base nil, with the catalogue", checked, "GET /repos/{owner}/{repo}/compare/{base}...{head}", p("owner", "o", "repo", "r", "base", nil, "head", "main"), builder.ErrMissingParam, "base"),
		Entry("34.4: a host without a scheme", plain, "GET api.github.com/repos/o/r", nil, builder.ErrInvalidRoute, ""),
		Entry("34.5: shell syntax", plain, "GET /repos/${owner}/{repo}", p("owner", "o", "repo", "r"), template.ErrSyntax, ""),
		Entry("34.6: a query parameter the route sets already", plain, "GET /repos/{owner}/{repo}/issues?state=open", p("owner", "o", "repo", "r", "state", "closed"), builder.ErrInvalidParam, "state"),
		Entry("34.7: a struct as a path parameter", plain, "GET /repos/{owner}/{repo}", p("owner", struct {
			Login string `json:"login"`
			ID    int    `json:"id"`
		}{"octocat", 1}, "repo", "r"), template.ErrValue, "owner"),
		Entry("34.7: a list as a path parameter", plain, "GET /repos/{owner}/{repo}", p("owner", []string{"a", "b"}, "repo", "r"), template.ErrValue, "owner"),
	)

	It("34.1: keeps an empty last segment, the contents root, as v6 does", func() {
		for entry, build := range callEntryPoints(plain, "GET /repos/{owner}/{repo}/contents/{path}", p("owner", "o", "repo", "r", "path", "")) {
			got, err := build()
			Expect(err).NotTo(HaveOccurred(), entry)
			Expect(got).To(Equal(gh+"/repos/o/r/contents/"), entry)
		}
	})

	It("34.8: labels a string body as text, or as its operation says", func() {
		r := mustBuild(endpoint.Route("POST /markdown/raw").Data("# hi"))
		Expect(r.Headers).To(HaveKeyWithValue("content-type", builder.ContentTypeText))
		r = mustBuild(checked.Route("POST /markdown/raw").Data("# hi"))
		Expect(r.Headers).To(HaveKeyWithValue("content-type", "text/plain"))
		r = mustBuild(endpoint.Route("POST /markdown").Param("text", "# hi"))
		Expect(r.Headers).To(HaveKeyWithValue("content-type", builder.ContentTypeJSON))
	})

	It("34.10: matches builder.ErrMissingParam with and without the catalogue", func() {
		_, err := plain.Route("GET /repos/{owner}/{repo}").Param("owner", "o").Build()
		Expect(errors.Is(err, builder.ErrMissingParam)).To(BeTrue(), "%v", err)
		_, err = checked.Route("POST /repos/{owner}/{repo}/issues").Param("owner", "o").Param("repo", "r").Build()
		Expect(errors.Is(err, builder.ErrMissingParam)).To(BeTrue(), "%v", err) // title, the catalogue's check
	})

	It("33.5: keeps q's + for GitHub's defaults, and encodes it on a bare Endpoint", func() {
		r := mustBuild(endpoint.Route("GET /search/issues").Param("q", "is:open+label:bug"))
		Expect(r.URL).To(HaveSuffix("?q=is%3Aopen+label%3Abug"))
		r, err := builder.New(builder.WithBaseURL(gh)).Route("GET /search/issues").Param("q", "c++").Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(r.URL).To(HaveSuffix("?q=c%2B%2B"))
		r = mustBuild(endpoint.Route("GET /search/issues").Param("q", template.Verbatim("c++")))
		Expect(r.URL).To(HaveSuffix("?q=c%2B%2B"))
	})
})

// The property of issue 34: random routes built with random missing, nil,
// empty, list and struct values through every entry point. A result's
// path never holds an empty segment or a dot segment a value made, nor a
// parameter or value the caller did not give; a refusal is a typed error
// naming the parameter at fault.
var _ = Describe("random routes with missing, nil, empty, list and struct values", func() {
	It(fmt.Sprintf("never build a path with a hole or a value nobody gave (%d cases, PCG seed 0x34)", propCases/2), func() {
		r := rand.New(rand.NewPCG(0x34, 1))
		names := []string{"owner", "repo", "id", "ref"}
		pieces := []func(string) string{
			func(n string) string { return "/{" + n + "}" },
			func(n string) string { return "/x{" + n + "}" },
			func(n string) string { return "/{" + n + "}.json" },
			func(n string) string { return "/{+" + n + "}" },
			func(n string) string { return "{/" + n + "}" },
			func(n string) string { return "/:" + n },
			func(string) string { return "/lit" },
		}
		values := []any{nil, "", "o", "a b", []string{}, []string{"a", "b"}, map[string]any{}, map[string]any{"k": "v"},
			struct{ Login string }{"octocat"}, 7, "..", "."}
		ep := endpoint.Defaults()
		built, refused := 0, 0
		for i := range propCases / 2 {
			var tpl strings.Builder
			used := map[string]bool{}
			for range 1 + r.IntN(4) {
				n := names[r.IntN(len(names))]
				tpl.WriteString(pieces[r.IntN(len(pieces))](n))
				used[n] = true
			}
			var params builder.Params
			given := map[string]bool{}
			for n := range used {
				if r.IntN(5) == 0 {
					continue // missing
				}
				params = append(params, builder.Param{Name: n, Value: values[r.IntN(len(values))]})
				given[n] = true
			}
			slices.SortFunc(params, func(a, b builder.Param) int { return strings.Compare(a.Name, b.Name) })
			route := "GET " + tpl.String()
			what := fmt.Sprintf("case %d: %s %v", i, route, params)
			for entry, build := range callEntryPoints(ep, route, params) {
				got, err := build()
				if err != nil {
					refused++
					var be *builder.Error
					Expect(errors.As(err, &be)).To(BeTrue(), "%s %s: %v", entry, what, err)
					named := false
					for n := range used {
						named = named || strings.Contains(err.Error(), `"`+n+`"`)
					}
					Expect(named).To(BeTrue(), "%s %s: the error names no parameter: %v", entry, what, err)
					continue
				}
				built++
				u, perr := url.Parse(got)
				Expect(perr).NotTo(HaveOccurred(), "%s %s", entry, what)
				path := strings.TrimPrefix(u.EscapedPath(), "/")
				segs := strings.Split(path, "/")
				for k, seg := range segs {
					if seg == "" && k < len(segs)-1 {
						Fail(fmt.Sprintf("%s %s: an empty segment in %q", entry, what, got))
					}
					Expect(seg).NotTo(BeElementOf(".", ".."), "%s %s: %q", entry, what, got)
				}
				for name := range u.Query() {
					Expect(given[name]).To(BeTrue(), "%s %s: %q sends %q, which the caller did not give", entry, what, got, name)
				}
				for _, bad := range []string{"null", "undefined", "%5Bobject", "map%5B", "%7B%7D"} {
					Expect(got).NotTo(ContainSubstring(bad), "%s %s", entry, what)
				}
			}
		}
		Expect(built).To(BeNumerically(">", propCases/10), "too few built: %d built, %d refused", built, refused)
		Expect(refused).To(BeNumerically(">", propCases/10), "too few refused: %d built, %d refused", built, refused)
	})
})
