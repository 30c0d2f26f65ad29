package builder_test

// A Builder used again: built, merged and turned into requests many
// times, changed between builds, cloned, and many Builders of one
// Endpoint at once. Every result is written over as soon as it is made,
// so that state a result shared with the Builder, another result or the
// Endpoint would show as a changed later result (and, under -race, as a
// race). stress_test.go does the same for Endpoint.Build, Merge, Parse
// and Defaults; these cover the Builder, both ways to an *http.Request
// and the options-JSON path, with and without a catalogue.

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"sync"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/catalog/github"
)

// reuseCalls are calls of several shapes: the direct path (parameters
// only), headers set and removed, a request passthrough (the general
// path), more parameters than a Builder holds in its own room, a raw
// body and a body from Data.
var reuseCalls = []func(e *builder.Endpoint, i int) *builder.Builder{
	func(e *builder.Endpoint, i int) *builder.Builder {
		return e.Route("GET /repos/{owner}/{repo}/issues").Param("owner", fmt.Sprint("o", i%7)).Param("repo", "r").Param("state", "open").Param("labels", "a,b")
	},
	func(e *builder.Endpoint, i int) *builder.Builder {
		return e.Route("POST /repos/{owner}/{repo}/issues").Param("owner", "o").Param("repo", fmt.Sprint("r", i%5)).
			Param("title", "t").Param("labels", []string{"a", fmt.Sprint(i % 3)}).Param("assignees", []any{"u"})
	},
	func(e *builder.Endpoint, i int) *builder.Builder {
		return e.Route("PATCH /repos/{owner}/{repo}/issues/{issue_number}").Param("owner", "o").Param("repo", "r").
			Param("issue_number", i%11).Param("body", "b").Header("x-trace", fmt.Sprint(i%3)).RemoveHeader("user-agent").Preview("squirrel-girl")
	},
	func(e *builder.Endpoint, i int) *builder.Builder {
		return e.Route("GET /repos/{owner}/{repo}/contents/{path}").Param("owner", "o").Param("repo", "r").Param("path", "a/b.md").
			Param("ref", fmt.Sprint("v", i%4)).Meta("timeout", map[string]any{"ms": []any{i % 2, 5}}).Format("raw")
	},
	func(e *builder.Endpoint, i int) *builder.Builder {
		return e.Route("POST /repos/{owner}/{repo}/issues").Param("owner", "o").Param("repo", "r").Param("title", "t").
			Param("body", "b").Param("assignee", "u").Param("milestone", 1).Param("labels", []string{"x"}).Param("assignees", []string{"u"}).
			Param("body", fmt.Sprint("b", i%6)).Param("milestone", i%4)
	},
	func(e *builder.Endpoint, i int) *builder.Builder {
		return e.Route("POST /repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}").Param("owner", "o").Param("repo", "r").
			Param("release_id", i%3).Param("name", "a.zip").Data(fmt.Sprint("bytes", i%2))
	},
	func(e *builder.Endpoint, i int) *builder.Builder {
		return e.Route("PUT /repos/{owner}/{repo}/topics").Param("owner", "o").Param("repo", "r").
			Data(map[string]any{"names": []any{"a", fmt.Sprint(i % 4)}})
	},
}

// reuseEndpoints are a plain Endpoint and one with GitHub's catalogue,
// both with defaults of every kind.
func reuseEndpoints() map[string]*builder.Endpoint {
	opts := []builder.Option{
		endpoint.WithHeader("authorization", "token 0000000000000000000000000000000000000002"),
		endpoint.WithHeader("x-github-api-version", "2022-11-28"),
		endpoint.WithPreviews("mercy"),
		endpoint.WithMeta("retries", map[string]any{"on": []any{502, 503}}),
	}
	return map[string]*builder.Endpoint{
		"a plain Endpoint":             endpoint.Defaults(append(opts, endpoint.WithParam("per_page", 50))...),
		"an Endpoint with a catalogue": endpoint.Defaults(append(opts, endpoint.WithCatalog(github.Catalog()))...),
	}
}

// httpText is a request as it goes out, its body read both ways.
func httpText(req *http.Request, err error) string {
	if err != nil {
		return "error: " + err.Error()
	}
	var body, again []byte
	if req.Body != nil {
		body, _ = io.ReadAll(req.Body)
	}
	if req.GetBody != nil {
		rc, err := req.GetBody()
		Expect(err).NotTo(HaveOccurred())
		again, _ = io.ReadAll(rc)
	}
	return fmt.Sprintf("%s %s %v %q %q %d", req.Method, req.URL, req.Header, body, again, req.ContentLength)
}

// scribbleHTTP writes over every header value and the URL of req.
func scribbleHTTP(req *http.Request) {
	if req == nil {
		return
	}
	for k, vs := range req.Header {
		for i := range vs {
			vs[i] = "scribbled"
		}
		req.Header[k] = append(vs, "more")
	}
	req.Header.Set("X-Scribbled", "1")
	req.URL.Path += "/scribbled"
	req.URL.RawQuery = "scribbled=1"
}

// resultText is a result as text, written before it is written over.
func resultText(r builder.RequestOptions, err error) string {
	if err != nil {
		return "error: " + err.Error()
	}
	return fmt.Sprintf("%s %s %v %s %s", r.Method, r.URL, r.Headers, mustJSONText(r.Body), mustJSONText(r.Request))
}

func mustJSONText(v any) string {
	if _, ok := v.(io.Reader); ok {
		return "<reader>"
	}
	b, err := json.Marshal(v)
	Expect(err).NotTo(HaveOccurred())
	return string(b)
}

// reuseRun makes every kind of result of call i and writes over each once
// it has its text; with the Endpoint's DefaultOptions written over too.
func reuseRun(e *builder.Endpoint, call func(*builder.Endpoint, int) *builder.Builder, i int) string {
	ctx := context.Background()
	b := call(e, i)
	r, err := b.Build()
	out := resultText(r, err)
	if err == nil {
		req, err := r.HTTPRequest(ctx)
		out += "\n" + httpText(req, err)
		scribbleHTTP(req)
	}
	scribbleResult(r)
	req, err := b.HTTPRequest(ctx)
	out += "\n" + httpText(req, err)
	scribbleHTTP(req)
	m, err := b.Merge()
	data, jerr := m.MarshalJSON()
	out += "\n" + string(data) + fmt.Sprint(err, jerr)
	scribbleOptions(m)
	ro, err := e.BuildJSON("", data)
	js, jerr := ro.MarshalJSON()
	out += "\n" + string(js) + fmt.Sprint(err, jerr)
	scribbleOptions(e.DefaultOptions())
	return out
}

var _ = Describe("a Builder used again", func() {
	for name, e := range reuseEndpoints() {
		It("builds, merges and makes requests again and again with "+name+", results sharing nothing", func() {
			for c, call := range reuseCalls {
				want := reuseRun(e, call, 1)
				for range 3 {
					Expect(reuseRun(e, call, 1)).To(Equal(want), "call %d", c)
				}
				b := call(e, 1)
				for range 3 {
					r, err := b.Build()
					Expect(resultText(r, err)).To(Equal(resultText(call(e, 1).Build())), "call %d", c)
					scribbleResult(r)
					req, err := b.HTTPRequest(context.Background())
					Expect(httpText(req, err)).To(Equal(httpText(call(e, 1).HTTPRequest(context.Background()))), "call %d", c)
					scribbleHTTP(req)
					m, err := b.Merge()
					Expect(err).NotTo(HaveOccurred())
					scribbleOptions(m)
				}
			}
		})

		It("leaves earlier results as they were when the Builder is changed after building, with "+name, func() {
			for c, call := range reuseCalls {
				b := call(e, 1)
				r1, err := b.Build()
				Expect(err).NotTo(HaveOccurred(), "call %d", c)
				want := resultText(r1, nil)
				req, err := b.HTTPRequest(context.Background())
				Expect(err).NotTo(HaveOccurred())
				wantHTTP := httpText(req, nil)
				req, _ = b.HTTPRequest(context.Background())
				b.Param("owner", "changed").Param("repo", "changed").Header("x-trace", "changed").Header("x-github-api-version", "changed").
					Meta("retries", "changed").Preview("changed")
				Expect(resultText(r1, nil)).To(Equal(want), "call %d", c)
				Expect(httpText(req, nil)).To(Equal(wantHTTP), "call %d", c)
				r2, err := b.Build()
				Expect(err).NotTo(HaveOccurred(), "call %d", c)
				Expect(r2.URL).To(ContainSubstring("/repos/changed/changed/"), "call %d", c)
				Expect(r2.Headers).To(HaveKeyWithValue("x-github-api-version", "changed"), "call %d", c)
				Expect(resultText(r1, nil)).To(Equal(want), "call %d", c)
			}
		})
	}

	It("branches with Clone past the Builder's own room and its indexes, both ways", func() {
		names := func(prefix string, n int) []string {
			out := make([]string, n)
			for i := range out {
				out[i] = fmt.Sprint(prefix, i)
			}
			return out
		}
		for _, n := range []int{3, 6, 7, 16, 17, 40} {
			b := endpoint.Route("POST /x/{p0}").Preview("a")
			for i, k := range names("p", n) {
				b.Param(k, i).Meta(k, []any{i}).Header("x-"+k, fmt.Sprint(i))
			}
			want := resultText(b.Build())
			c := b.Clone()
			for _, k := range names("p", n) {
				c.Param(k, "clone").Meta(k, "clone").Header("x-"+k, "clone")
			}
			c.Param("only-clone", 1).Meta("only-clone", 1).Header("x-only-clone", "1").Preview("clone")
			Expect(resultText(b.Build())).To(Equal(want), "%d parameters", n)
			cloned := resultText(c.Build())
			for _, k := range names("p", n) {
				b.Param(k, "original").Meta(k, "original").Header("x-"+k, "original")
			}
			b.Param("only-original", 1).Meta("only-original", 1).Header("x-only-original", "1").Preview("original")
			Expect(resultText(c.Build())).To(Equal(cloned), "%d parameters", n)
			Expect(cloned).NotTo(ContainSubstring("original"), "%d parameters", n)
			Expect(resultText(b.Build())).NotTo(ContainSubstring("clone"), "%d parameters", n)
		}
	})

	for name, e := range reuseEndpoints() {
		It("gives Builders of one Endpoint in many goroutines the results each gets alone, with "+name, func() {
			const calls = 31
			want := make([]string, calls)
			for i := range calls {
				want[i] = reuseRun(e, reuseCalls[i%len(reuseCalls)], i)
			}
			rounds := scaled(500)
			var (
				wg    sync.WaitGroup
				mu    sync.Mutex
				fails []string
			)
			for g := range 16 {
				wg.Go(func() {
					for k := range rounds {
						i := (g*7 + k*13) % calls
						if got := reuseRun(e, reuseCalls[i%len(reuseCalls)], i); got != want[i] {
							mu.Lock()
							if len(fails) < 3 {
								fails = append(fails, fmt.Sprintf("call %d:\ngot  %s\nwant %s", i, got, want[i]))
							}
							mu.Unlock()
						}
					}
				})
			}
			wg.Wait()
			Expect(fails).To(BeEmpty())
		})
	}
})
