package github_test

import (
	"context"
	"encoding/json"
	"errors"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/catalog"
	"github.com/endpointkit/endpoint/catalog/github"
)

// An Endpoint checked against GitHub's catalogue (builder.WithCatalog).
var _ = Describe("an Endpoint with GitHub's catalogue", func() {
	gh := endpoint.Defaults(endpoint.WithCatalog(github.Catalog()))

	build := func(b *builder.Builder) builder.RequestOptions {
		GinkgoHelper()
		r, err := b.Build()
		Expect(err).NotTo(HaveOccurred())
		return r
	}
	body := func(r builder.RequestOptions) string {
		GinkgoHelper()
		raw, ok := r.Body.(json.RawMessage)
		Expect(ok).To(BeTrue(), "body %#v", r.Body)
		return string(raw)
	}
	// catalogErr is the catalogue's error inside a build error.
	catalogErr := func(err error) *catalog.Error {
		GinkgoHelper()
		var ce *catalog.Error
		Expect(errors.As(err, &ce)).To(BeTrue(), "%v", err)
		return ce
	}

	It("refuses an unknown route and suggests the nearest", func() {
		_, err := gh.Route("GET /repos/{owner}/{repo}/isues").Param("owner", "o").Param("repo", "r").Build()
		Expect(err).To(MatchError(catalog.ErrUnknownRoute))
		Expect(catalogErr(err).Suggestions).To(ContainElement("GET /repos/{owner}/{repo}/issues"))
		_, err = gh.Route("PSOT /user/repos").Param("name", "x").Build()
		Expect(err).To(MatchError(catalog.ErrUnknownRoute))
		Expect(catalogErr(err).Suggestions).To(ContainElement("POST /user/repos"))
	})

	It("refuses an unknown parameter and suggests the nearest", func() {
		_, err := gh.Route("GET /repos/{owner}/{repo}/issues").Param("owner", "o").Param("repo", "r").Param("stat", "open").Build()
		Expect(err).To(MatchError(catalog.ErrUnknownParam))
		Expect(catalogErr(err).Suggestions).To(ContainElement("state"))
	})

	It("refuses a value outside an enum, naming the allowed values", func() {
		_, err := gh.Route("GET /repos/{owner}/{repo}/issues").Param("owner", "o").Param("repo", "r").Param("state", "opne").Build()
		Expect(err).To(MatchError(catalog.ErrEnum))
		Expect(err.Error()).To(ContainSubstring("open, closed, all"))
	})

	It("refuses a value of the wrong JSON type", func() {
		_, err := gh.Route("POST /repos/{owner}/{repo}/issues").Param("owner", "o").Param("repo", "r").
			Param("title", "t").Param("labels", "bug").Build()
		Expect(err).To(MatchError(catalog.ErrType))
	})

	It("refuses a missing required body parameter, and a missing path one", func() {
		_, err := gh.Route("POST /repos/{owner}/{repo}/issues").Param("owner", "o").Param("repo", "r").Build()
		Expect(err).To(MatchError(catalog.ErrMissingParam))
		Expect(catalogErr(err).Missing).To(Equal([]string{"title"}))
		_, err = gh.Route("GET /repos/{owner}/{repo}").Param("owner", "o").Build()
		Expect(err).To(MatchError(catalog.ErrMissingParam))
		Expect(catalogErr(err).Missing).To(Equal([]string{"repo"}))
	})

	It("takes the body from Data too, and checks it", func() {
		r := build(gh.Route("POST /repos/{owner}/{repo}/issues").Param("owner", "o").Param("repo", "r").
			Data(map[string]any{"title": "t"}))
		Expect(body(r)).To(Equal(`{"title":"t"}`))
		_, err := gh.Route("POST /repos/{owner}/{repo}/issues").Param("owner", "o").Param("repo", "r").
			Data(map[string]any{"titel": "t"}).Build()
		Expect(err).To(MatchError(catalog.ErrUnknownParam))
	})

	It("takes a raw body as holding the required members it cannot see", func() {
		for _, data := range []any{[]byte(`{"name":"x"}`), `{"name":"x"}`} {
			r := build(gh.Route("POST /user/repos").Data(data).Header("content-type", "application/json"))
			Expect(r.URL).To(Equal("https://api.github.com/user/repos"))
			Expect(r.Body).To(Equal(data))
		}
		// A structured body is still checked.
		_, err := gh.Route("POST /user/repos").Data(map[string]any{"description": "d"}).Build()
		Expect(err).To(MatchError(catalog.ErrMissingParam))
		// Path parameters are not in the body: still required.
		_, err = gh.Route("POST /repos/{owner}/{repo}/issues").Param("owner", "o").Data([]byte(`{"title":"t"}`)).Build()
		Expect(err).To(MatchError(catalog.ErrMissingParam))
		Expect(catalogErr(err).Missing).To(Equal([]string{"repo"}))
	})

	It("keeps a literal query string of the route", func() {
		r := build(gh.Route("GET /user/repos?per_page=100"))
		Expect(r.URL).To(Equal("https://api.github.com/user/repos?per_page=100"))
		r = build(gh.Route("GET /repos/{owner}/{repo}/issues?state=all").Param("owner", "o").Param("repo", "r").Param("labels", "bug"))
		Expect(r.URL).To(Equal("https://api.github.com/repos/o/r/issues?state=all&labels=bug"))
		r = build(gh.Route("GET /repos/{owner}/{repo}/issues{?state}").Param("owner", "o").Param("repo", "r").Param("state", "open"))
		Expect(r.URL).To(Equal("https://api.github.com/repos/o/r/issues?state=open"))
	})

	It("routes a POST's declared query parameters to the query", func() {
		r := build(gh.Route("POST /repos/{owner}/{repo}/releases/{release_id}/assets").
			Param("owner", "o").Param("repo", "r").Param("release_id", 7).Param("name", "a b.zip").Data([]byte("zip")))
		Expect(r.URL).To(Equal("https://uploads.github.com/repos/o/r/releases/7/assets?name=a%20b.zip"))
		Expect(r.Body).To(Equal([]byte("zip")))
	})

	It("keeps a body field named url in the body", func() {
		r := build(gh.Route("PATCH /repos/{owner}/{repo}/hooks/{hook_id}/config").
			Param("owner", "o").Param("repo", "r").Param("hook_id", 1).Param("url", "https://hooks.example/x"))
		Expect(r.URL).To(Equal("https://api.github.com/repos/o/r/hooks/1/config"))
		Expect(body(r)).To(Equal(`{"url":"https://hooks.example/x"}`))
		// Through options JSON too: beside a route, url is a parameter.
		var o builder.Options
		Expect(json.Unmarshal([]byte(`{"owner":"o","repo":"r","hook_id":1,"url":"https://hooks.example/x"}`), &o)).To(Succeed())
		r, err := gh.Build("PATCH /repos/{owner}/{repo}/hooks/{hook_id}/config", o)
		Expect(err).NotTo(HaveOccurred())
		Expect(r.URL).To(Equal("https://api.github.com/repos/o/r/hooks/1/config"))
	})

	It("applies a default parameter only to the operations that declare it", func() {
		e := gh.Defaults(endpoint.WithParam("per_page", 100))
		r := build(e.Route("GET /repos/{owner}/{repo}/issues").Param("owner", "o").Param("repo", "r"))
		Expect(r.URL).To(Equal("https://api.github.com/repos/o/r/issues?per_page=100"))
		r = build(e.Route("POST /repos/{owner}/{repo}/issues").Param("owner", "o").Param("repo", "r").Param("title", "t"))
		Expect(body(r)).To(Equal(`{"title":"t"}`))
		// The call's own undeclared parameter is still an error.
		_, err := e.Route("POST /repos/{owner}/{repo}/issues").Param("owner", "o").Param("repo", "r").
			Param("title", "t").Param("per_page", 5).Build()
		Expect(err).To(MatchError(catalog.ErrUnknownParam))
	})

	It("addresses an operation by its ID", func() {
		r := build(gh.Route("repos/get").Param("owner", "octokit").Param("repo", "rest.js"))
		Expect(r.Method).To(Equal("get"))
		Expect(r.URL).To(Equal("https://api.github.com/repos/octokit/rest.js"))
		r = build(gh.Route("issues/create").Param("owner", "o").Param("repo", "r").Param("title", "t"))
		Expect(r.Method).To(Equal("post"))
		Expect(r.URL).To(Equal("https://api.github.com/repos/o/r/issues"))
		_, err := gh.Route("repos/gett").Build()
		Expect(err).To(MatchError(catalog.ErrUnknownRoute))
	})

	It("matches a route written with other variable names", func() {
		r := build(gh.Route("GET /repos/{o}/{r}/issues").Param("o", "a").Param("r", "b").Param("state", "all"))
		Expect(r.URL).To(Equal("https://api.github.com/repos/a/b/issues?state=all"))
	})

	It("keeps an Enterprise base URL, with its uploads server", func() {
		e := endpoint.Defaults(endpoint.WithEnterprise("ghe.example.com"), endpoint.WithCatalog(github.GHES()))
		r := build(e.Route("POST /repos/{owner}/{repo}/releases/{release_id}/assets").
			Param("owner", "o").Param("repo", "r").Param("release_id", 7).Param("name", "a.zip").Data([]byte("zip")))
		Expect(r.URL).To(Equal("https://ghe.example.com/api/uploads/repos/o/r/releases/7/assets?name=a.zip"))
		r = build(e.Route("GET /repos/{owner}/{repo}").Param("owner", "o").Param("repo", "r"))
		Expect(r.URL).To(Equal("https://ghe.example.com/api/v3/repos/o/r"))
	})

	It("keeps a test server's base URL for every operation", func() {
		e := gh.Defaults(endpoint.WithBaseURL("http://127.0.0.1:8080"))
		r := build(e.Route("POST /repos/{owner}/{repo}/releases/{release_id}/assets").
			Param("owner", "o").Param("repo", "r").Param("release_id", 7).Param("name", "a.zip").Data([]byte("zip")))
		Expect(r.URL).To(Equal("http://127.0.0.1:8080/repos/o/r/releases/7/assets?name=a.zip"))
	})

	It("gives Build == Parse(Merge(...)) and the same request in one step", func() {
		b := gh.Route("POST /repos/{owner}/{repo}/releases/{release_id}/assets").
			Param("owner", "o").Param("repo", "r").Param("release_id", 7).Param("name", "a.zip").Data([]byte("zip"))
		built := build(b)
		m, err := b.Merge()
		Expect(err).NotTo(HaveOccurred())
		parsed, err := endpoint.Parse(m)
		Expect(err).NotTo(HaveOccurred())
		Expect(parsed).To(Equal(built))
		req, err := b.HTTPRequest(context.Background())
		Expect(err).NotTo(HaveOccurred())
		Expect(req.URL.String()).To(Equal(built.URL))
	})

	// Issue 33 (the //) and issue 34 (items 1, 3, 7): a path value that
	// left its segment empty or was a list or an object for a string was
	// sent (/repos//r/issues, DELETE /repos/o/, /repos/a,b/r). GitHub's
	// x-multi-segment marks the parameters that hold a path, of which
	// contents/{path} takes "" for the root.
	DescribeTable("a path value, by Build, HTTPRequest and Parse(Merge())",
		func(route string, params builder.Params, want string, wantErr error) {
			b := func() *builder.Builder {
				b := gh.Route(route)
				for _, p := range params {
					b.Param(p.Name, p.Value)
				}
				return b
			}
			ro, err := b().Build()
			req, oneErr := b().HTTPRequest(context.Background())
			m, mergeErr := b().Merge()
			if wantErr != nil {
				Expect(err).To(MatchError(wantErr))
				Expect(oneErr).To(MatchError(err.Error()))
				Expect(mergeErr).To(MatchError(err.Error()))
				return
			}
			Expect(err).NotTo(HaveOccurred())
			Expect(ro.URL).To(Equal(want))
			Expect(oneErr).NotTo(HaveOccurred())
			Expect(req.URL.String()).To(Equal(want))
			Expect(mergeErr).NotTo(HaveOccurred())
			parsed, err := gh.Parse(m)
			Expect(err).NotTo(HaveOccurred())
			Expect(parsed.URL).To(Equal(want))
		},
		Entry("owner empty, before more of the path", "GET /repos/{owner}/{repo}/issues",
			builder.Params{{Name: "owner", Value: ""}, {Name: "repo", Value: "r"}}, "", builder.ErrMissingParam),
		Entry("repo empty, last", "DELETE /repos/{owner}/{repo}",
			builder.Params{{Name: "owner", Value: "o"}, {Name: "repo", Value: ""}}, "", builder.ErrMissingParam),
		Entry("a branch empty, before more of the path, though it holds a path", "GET /repos/{owner}/{repo}/branches/{branch}/protection",
			builder.Params{{Name: "owner", Value: "o"}, {Name: "repo", Value: "r"}, {Name: "branch", Value: ""}}, "", builder.ErrMissingParam),
		Entry("a branch empty, last, which would list the branches", "GET /repos/{owner}/{repo}/branches/{branch}",
			builder.Params{{Name: "owner", Value: "o"}, {Name: "repo", Value: "r"}, {Name: "branch", Value: ""}}, "", builder.ErrMissingParam),
		Entry("the contents' path empty: the root", "GET /repos/{owner}/{repo}/contents/{path}",
			builder.Params{{Name: "owner", Value: "o"}, {Name: "repo", Value: "r"}, {Name: "path", Value: ""}}, "https://api.github.com/repos/o/r/contents/", nil),
		Entry("and with a ref", "GET /repos/{owner}/{repo}/contents/{path}",
			builder.Params{{Name: "owner", Value: "o"}, {Name: "repo", Value: "r"}, {Name: "path", Value: ""}, {Name: "ref", Value: "main"}}, "https://api.github.com/repos/o/r/contents/?ref=main", nil),
		Entry("a comparison's basehead null", "GET /repos/{owner}/{repo}/compare/{basehead}",
			builder.Params{{Name: "owner", Value: "o"}, {Name: "repo", Value: "r"}, {Name: "basehead", Value: nil}}, "", builder.ErrMissingParam),
		Entry("an empty list", "GET /repos/{owner}/{repo}",
			builder.Params{{Name: "owner", Value: []string{}}, {Name: "repo", Value: "r"}}, "", builder.ErrMissingParam),
		Entry("an empty object", "GET /repos/{owner}/{repo}",
			builder.Params{{Name: "owner", Value: map[string]any{}}, {Name: "repo", Value: "r"}}, "", builder.ErrMissingParam),
		Entry("a list for the string owner", "GET /repos/{owner}/{repo}",
			builder.Params{{Name: "owner", Value: []string{"a", "b"}}, {Name: "repo", Value: "r"}}, "", catalog.ErrType),
		Entry("a struct for the string owner", "GET /repos/{owner}/{repo}",
			builder.Params{{Name: "owner", Value: struct {
				Login string `json:"login"`
				ID    int    `json:"id"`
			}{"octocat", 1}}, {Name: "repo", Value: "r"}}, "", catalog.ErrType),
	)

	It("says which path value is missing, once", func() {
		_, err := gh.Route("DELETE /repos/{owner}/{repo}").Param("owner", "o").Param("repo", "").Build()
		Expect(err).To(MatchError(`endpoint: check "DELETE /repos/{owner}/{repo}": missing required parameter "repo" (an empty value, which would leave its path segment empty)`))
		_, err = gh.Route("GET /repos/{owner}/{repo}/branches/{branch}").Param("owner", "o").Param("repo", "r").Param("branch", "").Build()
		Expect(err).To(MatchError(`endpoint: check "GET /repos/{owner}/{repo}/branches/{branch}": missing required parameter "branch" (an empty value, which would address GET /repos/{owner}/{repo}/branches instead)`))
		_, err = gh.Route("GET /repos/{owner}/{repo}").Param("owner", []string{"a", "b"}).Param("repo", "r").Build()
		Expect(err).To(MatchError(`endpoint: check "GET /repos/{owner}/{repo}": parameter "owner": got array, want string`))
	})

	It("marks the path parameters that hold a path, as the description does (x-multi-segment)", func() {
		for _, c := range []*catalog.Catalog{github.Catalog(), github.GHEC(), github.GHES()} {
			byName := map[string]int{}
			for _, op := range c.Operations() {
				for _, p := range op.Params {
					if p.MultiSegment {
						Expect(p.In).To(Equal(catalog.Path), "%s %s", op, p.Name)
						byName[p.Name]++
					}
				}
			}
			Expect(byName).To(HaveKeyWithValue("path", 3), c.Info().Source) // the contents' GET, PUT and DELETE
			Expect(byName).To(HaveKeyWithValue("branch", 36), c.Info().Source)
			Expect(byName).To(HaveKeyWithValue("ref", 11), c.Info().Source)
			Expect(byName).NotTo(HaveKey("owner"))
		}
		op, err := github.Catalog().Lookup("GET", "/repos/{owner}/{repo}/contents/{path}")
		Expect(err).NotTo(HaveOccurred())
		path, _ := op.Param("path")
		Expect(path.MultiSegment).To(BeTrue())
		owner, _ := op.Param("owner")
		Expect(owner.MultiSegment).To(BeFalse())
	})

	// Issue 34, item 9: the URLs GitHub's responses hand out (a release's
	// upload_url, an issue's comments_url) were refused: "no operation
	// has this method and path".
	Describe("a concrete URL a response hands out", func() {
		const upload = "POST https://uploads.github.com/repos/octocat/Hello-World/releases/1/assets{?name,label}"

		It("is sent to its operation, as given, with the operation's parameters", func() {
			b := func() *builder.Builder {
				return gh.Route(upload).Param("name", "a b.zip").Param("label", "Linux").Data([]byte("zip"))
			}
			r := build(b())
			Expect(r.Method).To(Equal("post"))
			Expect(r.URL).To(Equal("https://uploads.github.com/repos/octocat/Hello-World/releases/1/assets?name=a%20b.zip&label=Linux"))
			Expect(r.Body).To(Equal([]byte("zip")))
			Expect(r.Headers).To(HaveKeyWithValue("content-type", "application/octet-stream"))
			req, err := b().HTTPRequest(context.Background())
			Expect(err).NotTo(HaveOccurred())
			Expect(req.URL.String()).To(Equal(r.URL))
			m, err := b().Merge()
			Expect(err).NotTo(HaveOccurred())
			parsed, err := gh.Parse(m)
			Expect(err).NotTo(HaveOccurred())
			Expect(parsed).To(Equal(r))
			// Its parameters are checked as the operation's.
			_, err = gh.Route(upload).Param("nmae", "a.zip").Data([]byte("zip")).Build()
			Expect(err).To(MatchError(catalog.ErrUnknownParam))
			Expect(catalogErr(err).Suggestions).To(ContainElement("name"))
		})

		It("takes an issue's comments_url for a comment, and for a page of them", func() {
			r := build(gh.Route("POST https://api.github.com/repos/o/r/issues/1/comments").Param("body", "hi"))
			Expect(r.URL).To(Equal("https://api.github.com/repos/o/r/issues/1/comments"))
			Expect(body(r)).To(Equal(`{"body":"hi"}`))
			_, err := gh.Route("POST https://api.github.com/repos/o/r/issues/1/comments").Build()
			Expect(err).To(MatchError(catalog.ErrMissingParam))
			Expect(catalogErr(err).Missing).To(Equal([]string{"body"}))
			r = build(gh.Route("GET https://api.github.com/repos/o/r/issues/1/comments?page=2").Param("per_page", 50))
			Expect(r.URL).To(Equal("https://api.github.com/repos/o/r/issues/1/comments?page=2&per_page=50"))
			_, err = gh.Route("GET https://api.github.com/repos/o/r/issues/1/comments").Param("per_page", "many").Build()
			Expect(err).To(MatchError(catalog.ErrType))
		})

		It("takes a file's path with its slashes, and an Enterprise server's URLs", func() {
			r := build(gh.Route("GET https://api.github.com/repos/o/r/contents/docs/a%20b.md").Param("ref", "main"))
			Expect(r.URL).To(Equal("https://api.github.com/repos/o/r/contents/docs/a%20b.md?ref=main"))
			e := endpoint.Defaults(endpoint.WithEnterprise("ghe.example.com"), endpoint.WithCatalog(github.GHES()))
			r = build(e.Route("POST https://ghe.example.com/api/uploads/repos/o/r/releases/1/assets{?name,label}").Param("name", "a.zip").Data([]byte("zip")))
			Expect(r.URL).To(Equal("https://ghe.example.com/api/uploads/repos/o/r/releases/1/assets?name=a.zip"))
			r = build(e.Route("POST https://ghe.example.com/api/v3/repos/o/r/issues/1/comments").Param("body", "hi"))
			Expect(r.URL).To(Equal("https://ghe.example.com/api/v3/repos/o/r/issues/1/comments"))
		})

		It("gives the path parameters itself: they are not taken again", func() {
			_, err := gh.Route(upload).Param("release_id", 2).Data([]byte("zip")).Build()
			Expect(err).To(MatchError(catalog.ErrUnknownParam))
			Expect(err).To(MatchError(`endpoint: check "POST /repos/{owner}/{repo}/releases/{release_id}/assets": parameter "release_id": a path parameter, which the route's concrete path gives already`))
			op, err := github.Catalog().Resolve("POST", "https://uploads.github.com/repos/octocat/Hello-World/releases/1/assets{?name,label}")
			Expect(err).NotTo(HaveOccurred())
			always, _ := op.Requires()
			Expect(always).To(Equal([]string{"name"})) // owner, repo and release_id aside
			_, t, err := op.Target()
			Expect(err).NotTo(HaveOccurred())
			Expect(t.String()).To(Equal("/repos/octocat/Hello-World/releases/1/assets{?name,label}"))
			Expect(op.(*catalog.Operation).String()).To(Equal("POST /repos/{owner}/{repo}/releases/{release_id}/assets"))
		})

		It("is refused on a host the catalogue does not serve, and as a path alone, suggesting its operation", func() {
			for _, route := range []string{"POST /repos/o/r/issues/1/comments", "POST https://evil.example/repos/o/r/issues/1/comments"} {
				_, err := gh.Route(route).Param("body", "hi").Build()
				Expect(err).To(MatchError(catalog.ErrUnknownRoute), route)
				Expect(err).To(MatchError(ContainSubstring("no operation has this method and path (a path of values is matched to its operation only as an absolute URL on one of the description's servers)")), route)
				Expect(catalogErr(err).Suggestions).To(HaveExactElements(Equal("POST /repos/{owner}/{repo}/issues/{issue_number}/comments")), route)
			}
			// A method the path has no operation of.
			_, err := gh.Route("PUT https://api.github.com/repos/o/r/issues/1/comments").Build()
			Expect(err).To(MatchError(catalog.ErrUnknownRoute))
		})
	})

	It("builds every operation of the catalogue given its required parameters", func() {
		n := 0
		for _, op := range github.Catalog().Operations() {
			b := gh.Route(op.ID)
			always, withBody := op.Requires()
			for i, name := range append(always, withBody...) {
				p, _ := op.Param(name)
				b.Param(name, sample(p.Schema, i))
			}
			_, err := b.Build()
			Expect(err).NotTo(HaveOccurred(), "%s (%s)", op.ID, op)
			n++
		}
		Expect(n).To(Equal(github.Catalog().Len()))
	})
})

// A body parameter was kept one level less deep than a path or query parameter:
// GHEC's innersource vulnerability sync lost an OSV range's event members.
var _ = Describe("GHEC's innersource-vulnerabilities/sync body", Label("regression"), func() {
	It("keeps the members of vulnerabilities[].affected[].ranges[].events[]", func() {
		op, err := github.GHEC().Lookup("POST", "/enterprises/{enterprise}/innersource-vulnerabilities/sync")
		Expect(err).NotTo(HaveOccurred())
		p, ok := op.Param("vulnerabilities")
		Expect(ok).To(BeTrue())
		s := p.Schema
		for _, step := range []string{"[]", "affected", "[]", "ranges", "[]", "events", "[]"} {
			if step == "[]" {
				Expect(s.Items).NotTo(BeNil(), step)
				s = *s.Items
				continue
			}
			i := -1
			for j, q := range s.Properties {
				if q.Name == step {
					i = j
				}
			}
			Expect(i).To(BeNumerically(">=", 0), step)
			s = s.Properties[i].Schema
		}
		Expect(s.Type).To(Equal(catalog.Object))
		var names []string
		for _, q := range s.Properties {
			names = append(names, q.Name)
			Expect(q.Schema.Type).To(Equal(catalog.String), q.Name)
		}
		Expect(names).To(Equal([]string{"introduced", "fixed", "last_affected", "limit"}))
	})
})

// Merging anyOf dropped the enum of PUT /repos/{owner}/{repo}/pages's string
// source: the catalogues took any string.
var _ = Describe("PUT /repos/{owner}/{repo}/pages source", Label("regression"), func() {
	for name, c := range map[string]func() *catalog.Catalog{"api.github.com": github.Catalog, "GHEC": github.GHEC, "GHES": github.GHES} {
		It("is one of the description's strings or an object, in "+name, func() {
			op, err := c().Lookup("PUT", "/repos/{owner}/{repo}/pages")
			Expect(err).NotTo(HaveOccurred())
			p, ok := op.Param("source")
			Expect(ok).To(BeTrue())
			Expect(p.Schema.Type).To(Equal(catalog.String | catalog.Object))
			Expect(p.Schema.Enum).To(Equal([]string{"gh-pages", "master", "master /docs"}))
			Expect(op.Check("source", "master /docs")).To(Succeed())
			Expect(op.Check("source", map[string]any{"branch": "main", "path": "/docs"})).To(Succeed())
			err = op.Check("source", "main")
			Expect(errors.Is(err, catalog.ErrEnum)).To(BeTrue(), "%v", err)
		})
	}
})
