package builder_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/headers"
)

// received is what the test server saw of one request.
type received struct {
	Method           string
	RequestURI       string // raw, as on the request line
	RawQuery         string
	Header           http.Header
	Body             []byte
	ContentLength    int64
	TransferEncoding []string
}

// recorder is an httptest.Server that records every request. A request to
// /redirect-me is answered with a 307 to /landed.
type recorder struct {
	srv  *httptest.Server
	mu   sync.Mutex
	reqs []received
}

func newRecorder() *recorder {
	rec := &recorder{}
	rec.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(r.Body)
		if err != nil {
			w.WriteHeader(http.StatusBadRequest)
			return
		}
		rec.mu.Lock()
		rec.reqs = append(rec.reqs, received{
			Method:           r.Method,
			RequestURI:       r.RequestURI,
			RawQuery:         r.URL.RawQuery,
			Header:           r.Header.Clone(),
			Body:             body,
			ContentLength:    r.ContentLength,
			TransferEncoding: r.TransferEncoding,
		})
		rec.mu.Unlock()
		if r.URL.Path == "/redirect-me" {
			w.Header().Set("Location", "/landed")
			w.WriteHeader(http.StatusTemporaryRedirect)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	}))
	return rec
}

func (rec *recorder) all() []received {
	rec.mu.Lock()
	defer rec.mu.Unlock()
	return append([]received(nil), rec.reqs...)
}

// send turns ro into an *http.Request, sends it and returns what the
// server saw last.
func (rec *recorder) send(ro builder.RequestOptions) received {
	GinkgoHelper()
	req, err := ro.HTTPRequest(context.Background())
	Expect(err).NotTo(HaveOccurred())
	resp, err := rec.srv.Client().Do(req)
	Expect(err).NotTo(HaveOccurred())
	Expect(resp.Body.Close()).To(Succeed())
	Expect(resp.StatusCode).To(Equal(http.StatusNoContent))
	reqs := rec.all()
	Expect(reqs).NotTo(BeEmpty())
	return reqs[len(reqs)-1]
}

// seekOnly is an io.ReadSeeker of no type net/http knows.
type seekOnly struct{ r *strings.Reader }

func (s seekOnly) Read(p []byte) (int, error)                { return s.r.Read(p) }
func (s seekOnly) Seek(off int64, whence int) (int64, error) { return s.r.Seek(off, whence) }

// onlyReader hides the concrete type of a reader, so that net/http cannot
// learn its length or replay it.
type onlyReader struct{ r io.Reader }

func (o onlyReader) Read(p []byte) (int, error) { return o.r.Read(p) }

var _ = Describe("RequestOptions.HTTPRequest", func() {
	var (
		rec *recorder
		e   *builder.Endpoint
	)

	BeforeEach(func() {
		rec = newRecorder()
		DeferCleanup(rec.srv.Close)
		e = builder.New(builder.WithOptions(builder.Options{
			Method:  "GET",
			BaseURL: rec.srv.URL,
			Headers: map[string]string{"accept": "application/vnd.github.v3+json", "user-agent": "endpointkit-spec"},
		}))
	})

	build := func(b *builder.Builder) builder.RequestOptions {
		GinkgoHelper()
		ro, err := b.Build()
		Expect(err).NotTo(HaveOccurred())
		return ro
	}

	It("sends a GET with its query string and every header", func() {
		ro := build(e.Route("GET /repos/{owner}/{repo}/issues").
			Param("owner", "octokit").Param("repo", "rest.js").
			Param("state", "open").Param("labels", []any{"bug", "ui"}).
			Header("X-GitHub-Api-Version", "2022-11-28").
			Header("authorization", "token secret-1"))

		got := rec.send(ro)
		Expect(got.Method).To(Equal("GET"))
		Expect(rec.srv.URL + got.RequestURI).To(Equal(ro.URL))
		Expect(got.RequestURI).To(HavePrefix("/repos/octokit/rest.js/issues?state=open&labels="))
		q, err := url.ParseQuery(got.RawQuery)
		Expect(err).NotTo(HaveOccurred())
		Expect(q).To(Equal(url.Values{"state": {"open"}, "labels": {"bug,ui"}}))
		Expect(got.Header.Get("Accept")).To(Equal("application/vnd.github.v3+json"))
		Expect(got.Header.Get("User-Agent")).To(Equal("endpointkit-spec"))
		Expect(got.Header.Get("X-Github-Api-Version")).To(Equal("2022-11-28"))
		Expect(got.Header.Get("Authorization")).To(Equal("token secret-1"))
		Expect(got.Body).To(BeEmpty())
		Expect(got.ContentLength).To(BeZero())
	})

	It("keeps an escaped slash in a path segment raw on the wire", func() {
		ro := build(e.Route("GET /repos/{owner}/{repo}/contents/{path}").
			Param("owner", "o").Param("repo", "r").Param("path", "a/b"))
		Expect(ro.URL).To(Equal(rec.srv.URL + "/repos/o/r/contents/a%2Fb"))

		req, err := ro.HTTPRequest(context.Background())
		Expect(err).NotTo(HaveOccurred())
		Expect(req.URL.RawPath).To(Equal("/repos/o/r/contents/a%2Fb"))
		Expect(req.URL.String()).To(Equal(ro.URL))

		got := rec.send(ro)
		Expect(got.RequestURI).To(Equal("/repos/o/r/contents/a%2Fb"))
	})

	It("sends a POST with the JSON body encoded once, in parameter order, without HTML escaping", func() {
		ro := build(e.Route("POST /repos/{owner}/{repo}/issues").
			Param("owner", "o").Param("repo", "r").
			Param("title", "Found a bug").Param("body", "<b>a & b</b>").
			Param("labels", []any{"bug"}).Param("milestone", 3))

		got := rec.send(ro)
		Expect(got.Method).To(Equal("POST"))
		Expect(got.RequestURI).To(Equal("/repos/o/r/issues"))
		Expect(string(got.Body)).To(Equal(`{"title":"Found a bug","body":"<b>a & b</b>","labels":["bug"],"milestone":3}`))
		Expect(got.ContentLength).To(BeEquivalentTo(len(got.Body)))
		Expect(got.TransferEncoding).To(BeEmpty())
		Expect(got.Header.Get("Content-Type")).To(Equal("application/json; charset=utf-8"))
	})

	It("sends a PUT without body with content-length 0", func() {
		ro := build(e.Route("PUT /user/starred/{owner}/{repo}").Param("owner", "o").Param("repo", "r"))
		Expect(ro.Body).To(Equal(""))

		req, err := ro.HTTPRequest(context.Background())
		Expect(err).NotTo(HaveOccurred())
		Expect(req.GetBody).NotTo(BeNil())

		got := rec.send(ro)
		Expect(got.Method).To(Equal("PUT"))
		Expect(got.RequestURI).To(Equal("/user/starred/o/r"))
		Expect(got.Body).To(BeEmpty())
		Expect(got.Header.Get("Content-Length")).To(Equal("0"))
		Expect(got.TransferEncoding).To(BeEmpty())
	})

	It("sends a DELETE with a JSON body", func() {
		ro := build(e.Route("DELETE /repos/{owner}/{repo}/issues/{issue_number}/assignees").
			Param("owner", "o").Param("repo", "r").Param("issue_number", 7).
			Param("assignees", []string{"hubot", "octocat"}))

		got := rec.send(ro)
		Expect(got.Method).To(Equal("DELETE"))
		Expect(got.RequestURI).To(Equal("/repos/o/r/issues/7/assignees"))
		Expect(string(got.Body)).To(Equal(`{"assignees":["hubot","octocat"]}`))
		Expect(got.ContentLength).To(BeEquivalentTo(len(got.Body)))
	})

	Describe("uploads", func() {
		upload := func() *builder.Builder {
			return e.Route("POST /repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}").
				Param("owner", "o").Param("repo", "r").Param("release_id", 1).
				Param("name", "notes v1.txt")
		}

		It("sends []byte data as it is, with its length", func() {
			data := []byte{0, 1, 2, 'x', 0xff}
			ro := build(upload().Data(data))

			got := rec.send(ro)
			Expect(got.Method).To(Equal("POST"))
			Expect(got.RequestURI).To(Equal("/repos/o/r/releases/1/assets?name=notes%20v1.txt"))
			Expect(got.Body).To(Equal(data))
			Expect(got.ContentLength).To(BeEquivalentTo(5))
			Expect(got.Header.Get("Content-Type")).To(Equal("application/octet-stream"))
		})

		It("streams an io.Reader, sized by a content-length header", func() {
			ro := build(upload().Param("label", "Notes").
				Header("content-type", "text/plain").Header("content-length", "11").
				Data(onlyReader{strings.NewReader("hello world")}))

			got := rec.send(ro)
			Expect(got.RequestURI).To(Equal("/repos/o/r/releases/1/assets?name=notes%20v1.txt&label=Notes"))
			Expect(string(got.Body)).To(Equal("hello world"))
			Expect(got.ContentLength).To(BeEquivalentTo(11))
			Expect(got.TransferEncoding).To(BeEmpty())
			Expect(got.Header.Get("Content-Type")).To(Equal("text/plain"))
		})

		It("sends an io.Reader of unknown length chunked", func() {
			ro := build(upload().Data(onlyReader{strings.NewReader("chunk me")}))

			req, err := ro.HTTPRequest(context.Background())
			Expect(err).NotTo(HaveOccurred())
			Expect(req.GetBody).To(BeNil())

			got := rec.send(ro)
			Expect(string(got.Body)).To(Equal("chunk me"))
			Expect(got.TransferEncoding).To(Equal([]string{"chunked"}))
		})

		It("lets net/http size and replay a *bytes.Reader", func() {
			ro := build(upload().Data(bytes.NewReader([]byte("abc"))))
			req, err := ro.HTTPRequest(context.Background())
			Expect(err).NotTo(HaveOccurred())
			Expect(req.ContentLength).To(BeEquivalentTo(3))
			Expect(req.GetBody).NotTo(BeNil())
		})

		// Release assets are uploaded from files: sized from where the
		// file stands, without a content-length header, re-read from
		// there after a redirect, and never read into memory first.
		DescribeTable("sizes a body that can seek and replays it after a 307",
			func(body func() io.ReadSeeker, want string) {
				b := e.Route("POST /redirect-me").Data(body())
				for _, oneStep := range []bool{false, true} {
					var req *http.Request
					var err error
					if oneStep {
						req, err = b.HTTPRequest(context.Background())
					} else {
						req, err = build(b).HTTPRequest(context.Background())
					}
					Expect(err).NotTo(HaveOccurred())
					Expect(req.ContentLength).To(BeEquivalentTo(len(want)))
					Expect(req.GetBody).NotTo(BeNil())
					resp, err := rec.srv.Client().Do(req)
					Expect(err).NotTo(HaveOccurred())
					Expect(resp.Body.Close()).To(Succeed())
					reqs := rec.all()
					Expect(len(reqs)).To(BeNumerically(">=", 2))
					for _, r := range reqs[len(reqs)-2:] {
						Expect(string(r.Body)).To(Equal(want))
						Expect(r.ContentLength).To(BeEquivalentTo(len(want)))
						Expect(r.TransferEncoding).To(BeEmpty())
					}
					b = e.Route("POST /redirect-me").Data(body())
				}
			},
			Entry("an *os.File", func() io.ReadSeeker {
				f, err := os.CreateTemp(GinkgoT().TempDir(), "asset")
				Expect(err).NotTo(HaveOccurred())
				_, err = f.WriteString("release asset bytes")
				Expect(err).NotTo(HaveOccurred())
				_, err = f.Seek(0, io.SeekStart)
				Expect(err).NotTo(HaveOccurred())
				DeferCleanup(f.Close)
				return f
			}, "release asset bytes"),
			Entry("a *strings.Reader part-read", func() io.ReadSeeker {
				r := strings.NewReader("skip:rest")
				_, _ = r.Seek(5, io.SeekStart)
				return r
			}, "rest"),
			Entry("any io.ReadSeeker", func() io.ReadSeeker { return seekOnly{strings.NewReader("custom seeker")} }, "custom seeker"),
		)

		It("streams a file the system gives no size (/proc's) or that is not a regular one, whole", func() {
			want, err := os.ReadFile("/proc/self/environ")
			if err != nil || len(want) == 0 {
				Skip("no /proc/self/environ here")
			}
			f, err := os.Open("/proc/self/environ")
			Expect(err).NotTo(HaveOccurred()) // closed below: the request never closes it
			req, err := e.Route("POST /x").Data(f).HTTPRequest(context.Background())
			Expect(err).NotTo(HaveOccurred())
			Expect(req.ContentLength).To(BeEquivalentTo(-1)) // it was 0: an empty body
			Expect(req.GetBody).NotTo(BeNil())
			got, err := io.ReadAll(req.Body)
			Expect(err).NotTo(HaveOccurred())
			Expect(got).To(Equal(want))
			again, err := req.GetBody()
			Expect(err).NotTo(HaveOccurred())
			Expect(io.ReadAll(again)).To(Equal(want))
			Expect(f.Close()).To(Succeed(), "the caller's file is its own to close")

			pr, pw, err := os.Pipe()
			Expect(err).NotTo(HaveOccurred())
			DeferCleanup(pr.Close)
			go func() { _, _ = pw.WriteString("piped"); _ = pw.Close() }()
			req, err = e.Route("POST /x").Data(pr).HTTPRequest(context.Background())
			Expect(err).NotTo(HaveOccurred())
			Expect(req.ContentLength).To(BeEquivalentTo(-1))
			Expect(req.GetBody).To(BeNil())
			Expect(io.ReadAll(req.Body)).To(Equal([]byte("piped")))
		})

		It("sizes a reader that stands past its end as empty, not negative", func() {
			r := bytes.NewReader([]byte("abc"))
			_, err := r.Seek(100, io.SeekStart) // allowed: reads give EOF
			Expect(err).NotTo(HaveOccurred())
			req, err := e.Route("POST /x").Data(r).HTTPRequest(context.Background())
			Expect(err).NotTo(HaveOccurred())
			Expect(req.ContentLength).To(BeZero())
			got, err := io.ReadAll(req.Body)
			Expect(err).NotTo(HaveOccurred())
			Expect(got).To(BeEmpty())
		})

		It("never copies a []byte body: allocations do not grow with its size", func() {
			if raceEnabled {
				Skip("allocation counts are not meaningful under the race detector")
			}
			small, large := make([]byte, 1<<10), make([]byte, 8<<20)
			count := func(data []byte) float64 {
				b := e.Route("POST /x").Data(data)
				return testing.AllocsPerRun(20, func() { _, _ = b.HTTPRequest(context.Background()) })
			}
			Expect(count(large)).To(Equal(count(small)))
			req, err := e.Route("POST /x").Data(large).HTTPRequest(context.Background())
			Expect(err).NotTo(HaveOccurred())
			got, err := io.ReadAll(req.Body)
			Expect(err).NotTo(HaveOccurred())
			Expect(got).To(HaveLen(len(large)))
		})
	})

	It("re-sends the body after a 307 redirect", func() {
		ro := build(e.Route("POST /redirect-me").Param("title", "again"))

		req, err := ro.HTTPRequest(context.Background())
		Expect(err).NotTo(HaveOccurred())
		resp, err := rec.srv.Client().Do(req)
		Expect(err).NotTo(HaveOccurred())
		Expect(resp.Body.Close()).To(Succeed())
		Expect(resp.StatusCode).To(Equal(http.StatusNoContent))

		reqs := rec.all()
		Expect(reqs).To(HaveLen(2))
		Expect(reqs[0].RequestURI).To(Equal("/redirect-me"))
		Expect(reqs[1].RequestURI).To(Equal("/landed"))
		for _, r := range reqs {
			Expect(r.Method).To(Equal("POST"))
			Expect(string(r.Body)).To(Equal(`{"title":"again"}`))
			Expect(r.Header.Get("Content-Type")).To(Equal("application/json; charset=utf-8"))
		}
	})

	DescribeTable("encodes data as @octokit/request does",
		func(data any, want string) {
			ro := build(e.Route("POST /markdown/raw").Data(data))
			got := rec.send(ro)
			Expect(string(got.Body)).To(Equal(want))
			Expect(got.ContentLength).To(BeEquivalentTo(len(want)))
		},
		Entry("a string is sent raw, not JSON-quoted", "# Hello & <world>", "# Hello & <world>"),
		Entry("an empty string is an empty body", "", ""),
		Entry("a number is JSON", 42, "42"),
		Entry("a float is JSON", 1.5, "1.5"),
		Entry("a boolean is JSON", true, "true"),
		Entry("an array is JSON", []any{"a", 1, nil}, `["a",1,null]`),
		Entry("an object is JSON without HTML escaping", map[string]any{"b": "<&>", "a": 1}, `{"a":1,"b":"<&>"}`),
		Entry("Params keep their order", builder.Params{{Name: "z", Value: 1}, {Name: "a", Value: 2}}, `{"z":1,"a":2}`),
	)

	It("upper-cases an extension method", func() {
		ro := build(e.Route("PROPFIND /x"))
		Expect(ro.Method).To(Equal("propfind"))
		got := rec.send(ro)
		Expect(got.Method).To(Equal("PROPFIND"))
	})

	Describe("errors", func() {
		It("refuses a URL without scheme and host", func() {
			ro := builder.RequestOptions{Method: "get", URL: "/user?access_token=s3cr3t"}
			req, err := ro.HTTPRequest(context.Background())
			Expect(req).To(BeNil())
			Expect(err).To(MatchError(builder.ErrRequest))
			Expect(err.Error()).To(ContainSubstring("/user?access_token=[REDACTED]"))
			Expect(err.Error()).NotTo(ContainSubstring("s3cr3t"))
		})

		It("refuses a malformed URL without echoing its credentials", func() {
			ro := builder.RequestOptions{Method: "get", URL: "https://user:pa55@api.github.com/%zz?client_secret=s3cr3t"}
			_, err := ro.HTTPRequest(context.Background())
			Expect(err).To(MatchError(builder.ErrRequest))
			Expect(err.Error()).NotTo(ContainSubstring("s3cr3t"))
			Expect(err.Error()).NotTo(ContainSubstring("pa55"))
		})

		It("refuses an invalid method", func() {
			for _, m := range []string{"", "get it", "get\r\n"} {
				_, err := builder.RequestOptions{Method: m, URL: "https://x.test/"}.HTTPRequest(context.Background())
				Expect(err).To(MatchError(builder.ErrInvalidMethod), m)
			}
		})

		It("refuses a header value with CR LF without printing the value", func() {
			ro := builder.RequestOptions{Method: "get", URL: "https://x.test/",
				Headers: map[string]string{"authorization": "token s3cr3t\r\nx-injected: 1"}}
			_, err := ro.HTTPRequest(context.Background())
			Expect(err).To(HaveOccurred())
			Expect(err.Error()).To(ContainSubstring("authorization"))
			Expect(err.Error()).NotTo(ContainSubstring("s3cr3t"))
		})

		It("reports a body that cannot be JSON-encoded", func() {
			ro := builder.RequestOptions{Method: "post", URL: "https://x.test/", Body: map[string]any{"f": func() {}}}
			_, err := ro.HTTPRequest(context.Background())
			Expect(err).To(MatchError(builder.ErrRequest))
		})

		It("reports a content-length header that contradicts the body", func() {
			ro := builder.RequestOptions{Method: "post", URL: "https://x.test/", Body: "abc",
				Headers: map[string]string{"content-length": "4"}}
			_, err := ro.HTTPRequest(context.Background())
			Expect(err).To(MatchError(builder.ErrRequest))
			Expect(err.Error()).To(ContainSubstring("4"))

			ro.Headers["content-length"] = "many"
			_, err = ro.HTTPRequest(context.Background())
			Expect(err).To(MatchError(builder.ErrRequest))

			ro.Headers["content-length"] = "3"
			req, err := ro.HTTPRequest(context.Background())
			Expect(err).NotTo(HaveOccurred())
			Expect(req.ContentLength).To(BeEquivalentTo(3))
		})

		It("reports a nil context", func() {
			var ctx context.Context
			_, err := builder.RequestOptions{Method: "get", URL: "https://x.test/"}.HTTPRequest(ctx)
			Expect(err).To(MatchError(builder.ErrRequest))
		})
	})

	Describe("headers", func() {
		It("sets every header under net/http's canonical name, the content-length aside", func() {
			names := []string{"accept", "user-agent", "authorization", "content-type", "x-github-api-version",
				"if-none-match", "if-modified-since", "accept-encoding", "cookie", "x-custom-thing", "X-Mixed-CASE",
				"x-ratelimit-reset", "etag", "a"}
			hs := map[string]string{"content-length": "2"}
			for i, name := range names {
				hs[name] = "v" + strings.Repeat("x", i)
			}
			ro := builder.RequestOptions{Method: "post", URL: "https://x.test/", Headers: hs, Body: "ab"}
			req, err := ro.HTTPRequest(context.Background())
			Expect(err).NotTo(HaveOccurred())
			want := http.Header{}
			for _, name := range names {
				want[http.CanonicalHeaderKey(name)] = []string{hs[name]}
			}
			Expect(req.Header).To(Equal(want))
			Expect(req.ContentLength).To(BeEquivalentTo(2))
		})

		It("gives each header its own value slice, so that adding to one leaves the others alone", func() {
			ro := builder.RequestOptions{Method: "get", URL: "https://x.test/",
				Headers: map[string]string{"accept": "a", "user-agent": "u", "authorization": "token t", "x-a": "x"}}
			req, err := ro.HTTPRequest(context.Background())
			Expect(err).NotTo(HaveOccurred())
			for name := range req.Header {
				req.Header.Add(name, "added")
			}
			Expect(req.Header).To(Equal(http.Header{
				"Accept": {"a", "added"}, "User-Agent": {"u", "added"},
				"Authorization": {"token t", "added"}, "X-A": {"x", "added"},
			}))
			Expect(ro.Headers).To(Equal(headers.Set{"accept": "a", "user-agent": "u", "authorization": "token t", "x-a": "x"}))
		})

		It("picks the lower-case spelling of a name a hand-built set has twice, whatever the map order", func() {
			ro := builder.RequestOptions{Method: "post", URL: "https://x.test/", Body: "abc",
				Headers: map[string]string{"ACCEPT": "upper", "accept": "lower", "Accept": "title",
					"Content-Length": "9", "content-length": "3"}}
			for range 50 {
				req, err := ro.HTTPRequest(context.Background())
				Expect(err).NotTo(HaveOccurred())
				Expect(req.Header).To(Equal(http.Header{"Accept": {"lower"}}))
				Expect(req.ContentLength).To(BeEquivalentTo(3))
			}
		})

		It("picks one spelling of a name a hand-built set has twice, none lower-case, whatever the map order", Label("regression"), func() {
			ro := builder.RequestOptions{Method: "get", URL: "https://x.test/",
				Headers: map[string]string{"X-A": "upper", "X-a": "mixed", "ACCEPT": "1", "Accept": "2"}}
			for range 50 {
				req, err := ro.HTTPRequest(context.Background())
				Expect(err).NotTo(HaveOccurred())
				Expect(req.Header).To(Equal(http.Header{"X-A": {"mixed"}, "Accept": {"2"}})) // the last in byte order, as headers.FromMap
			}
		})

		It("reports the invalid header whose name sorts first, whatever the map order", func() {
			ro := builder.RequestOptions{Method: "get", URL: "https://x.test/",
				Headers: map[string]string{"b": "ok", "x y": "1", "c": "bad\nvalue", "a(": "1", "d": "ok"}}
			for range 50 {
				req, err := ro.HTTPRequest(context.Background())
				Expect(req).To(BeNil())
				Expect(err).To(MatchError(headers.ErrInvalidName))
				Expect(err.Error()).To(HaveSuffix(`"a…": invalid header name: byte 0x28 at index 1 is not a token character`))
			}
		})

		It("sets many headers", func() {
			hs := map[string]string{}
			for i := range 40 {
				hs[fmt.Sprintf("x-h%02d", i)] = strconv.Itoa(i)
			}
			req, err := builder.RequestOptions{Method: "get", URL: "https://x.test/", Headers: hs}.HTTPRequest(context.Background())
			Expect(err).NotTo(HaveOccurred())
			Expect(req.Header).To(HaveLen(40))
			for name, v := range hs {
				Expect(req.Header.Values(name)).To(Equal([]string{v}))
			}
		})
	})

	DescribeTable("upper-cases the method",
		func(method, want string) {
			req, err := builder.RequestOptions{Method: method, URL: "https://x.test/"}.HTTPRequest(context.Background())
			Expect(err).NotTo(HaveOccurred())
			Expect(req.Method).To(Equal(want))
		},
		Entry(nil, "get", "GET"), Entry(nil, "post", "POST"), Entry(nil, "put", "PUT"), Entry(nil, "patch", "PATCH"),
		Entry(nil, "delete", "DELETE"), Entry(nil, "head", "HEAD"), Entry(nil, "options", "OPTIONS"),
		Entry(nil, "Get", "GET"), Entry(nil, "POST", "POST"), Entry(nil, "m-search", "M-SEARCH"),
	)

	Describe("the order of errors, one check after the other", func() {
		var nilCtx context.Context
		bad := map[string]string{"x y": "1"}

		It("reports a malformed URL before a nil context", func() {
			_, err := builder.RequestOptions{Method: "get", URL: "https://x.test/%zz"}.HTTPRequest(nilCtx)
			Expect(err).To(MatchError(ContainSubstring("malformed url")))
		})

		It("reports a relative URL before a body that cannot be encoded", func() {
			_, err := builder.RequestOptions{Method: "post", URL: "/x", Body: []any{func() {}}}.HTTPRequest(context.Background())
			Expect(err).To(MatchError(ContainSubstring("url is not absolute")))
		})

		It("reports a body that cannot be encoded before a nil context", func() {
			_, err := builder.RequestOptions{Method: "post", URL: "https://x.test/", Body: []any{func() {}}}.HTTPRequest(nilCtx)
			Expect(err).To(MatchError(ContainSubstring("body: ")))
			Expect(err).To(MatchError(builder.ErrRequest))
		})

		It("reports a nil context before an invalid header", func() {
			_, err := builder.RequestOptions{Method: "get", URL: "https://x.test/", Headers: bad}.HTTPRequest(nilCtx)
			Expect(err).To(MatchError(ContainSubstring("nil Context")))
		})

		It("reports an invalid header before a bad content-length", func() {
			_, err := builder.RequestOptions{Method: "get", URL: "https://x.test/",
				Headers: map[string]string{"x y": "1", "content-length": "x"}}.HTTPRequest(context.Background())
			Expect(err).To(MatchError(headers.ErrInvalidName))
		})

		It("reports an invalid method first", func() {
			_, err := builder.RequestOptions{Method: "g t", URL: "%zz", Headers: bad}.HTTPRequest(nilCtx)
			Expect(err).To(MatchError(builder.ErrInvalidMethod))
		})
	})

	It("never changes the request options", func() {
		ro := build(e.Route("POST /x").Param("a", []any{"b"}).Header("x-y", "z"))
		before := ro.Headers.Clone()
		_, err := ro.HTTPRequest(context.Background())
		Expect(err).NotTo(HaveOccurred())
		Expect(ro.Headers).To(Equal(before))
		Expect(ro.Body).To(Equal(json.RawMessage(`{"a":["b"]}`)))
	})

	It("round-trips the URL through net/http unchanged", func() {
		for _, route := range []string{
			"GET /repos/{owner}/{repo}/contents/{path}",
			"GET /search/issues{?q}",
			"GET /repos/{owner}/{repo}/git/ref/{ref}",
		} {
			ro := build(e.Route(route).Param("owner", "ö w").Param("repo", "r+s").
				Param("path", "dir/a%2Fb c.md").Param("q", "is:open label:bug+x").Param("ref", "heads/feature/a"))
			req, err := ro.HTTPRequest(context.Background())
			Expect(err).NotTo(HaveOccurred())
			Expect(req.URL.String()).To(Equal(ro.URL), route)
			got := rec.send(ro)
			Expect(rec.srv.URL+got.RequestURI).To(Equal(ro.URL), route)
		}
	})

	It("sends no body for a GET", func() {
		ro := build(e.Route("GET /user"))
		req, err := ro.HTTPRequest(context.Background())
		Expect(err).NotTo(HaveOccurred())
		Expect(req.Body).To(BeNil())
		Expect(req.ContentLength).To(BeZero())
	})
})

// A content-length header was quoted whole (64 KiB) when it was no length, and
// "+3" read as 3, where RFC 9110 takes digits alone.
var _ = Describe("a content-length header that is not a length", Label("regression"), func() {
	e := builder.New(builder.WithBaseURL("https://h.example"))

	DescribeTable("is refused, quoted cut short",
		func(v string) {
			two := builder.RequestOptions{Method: "post", URL: "https://h.example/x",
				Headers: map[string]string{"content-length": v}, Body: "abc"}
			_, err2 := two.HTTPRequest(context.Background())
			_, err1 := e.Route("POST /x").Header("content-length", v).Data("abc").HTTPRequest(context.Background())
			for _, err := range []error{err1, err2} {
				Expect(errors.Is(err, builder.ErrRequest)).To(BeTrue(), "%.200v", err)
				Expect(err.Error()).To(ContainSubstring("is not a length"))
				Expect(len(err.Error())).To(BeNumerically("<", 200), "%.300s", err.Error())
			}
		},
		Entry("64 KiB of digits", strings.Repeat("1", 1<<16)),
		Entry("64 KiB of letters", strings.Repeat("x", 1<<16)),
		Entry("a plus sign", "+3"),
		Entry("a plus sign and spaces", " +3 "),
	)

	It("still takes digits with spaces around them", func() {
		req, err := e.Route("POST /x").Header("content-length", " 3 ").Data("abc").HTTPRequest(context.Background())
		Expect(err).NotTo(HaveOccurred())
		Expect(req.ContentLength).To(BeEquivalentTo(3))
	})
})

// A file without a size (an empty file, /proc's) is streamed; HTTPRequest refused
// the content-length header that sizes it.
var _ = Describe("a content-length header for a file of unknown size", Label("regression"), func() {
	e := builder.New(builder.WithBaseURL("https://h.example"))

	open := func(content string) *os.File {
		name := filepath.Join(GinkgoT().TempDir(), "asset")
		Expect(os.WriteFile(name, []byte(content), 0o600)).To(Succeed())
		f, err := os.Open(name)
		Expect(err).NotTo(HaveOccurred())
		DeferCleanup(f.Close)
		return f
	}

	It("sizes an empty file by a content-length header of 0", func() {
		f := open("")
		two := builder.RequestOptions{Method: "post", URL: "https://h.example/x",
			Headers: map[string]string{"content-length": "0"}, Body: f}
		req2, err := two.HTTPRequest(context.Background())
		Expect(err).NotTo(HaveOccurred())
		req1, err := e.Route("POST /x").Header("content-length", "0").Data(f).HTTPRequest(context.Background())
		Expect(err).NotTo(HaveOccurred())
		for _, req := range []*http.Request{req1, req2} {
			Expect(req.ContentLength).To(BeZero())
			Expect(io.ReadAll(req.Body)).To(BeEmpty())
			Expect(req.GetBody).NotTo(BeNil())
			again, err := req.GetBody()
			Expect(err).NotTo(HaveOccurred())
			Expect(io.ReadAll(again)).To(BeEmpty())
		}
	})

	It("sizes a file /proc gives no size by its content-length header", func() {
		want, err := os.ReadFile("/proc/self/cmdline")
		if err != nil || len(want) == 0 {
			Skip("no /proc/self/cmdline here")
		}
		f, err := os.Open("/proc/self/cmdline")
		Expect(err).NotTo(HaveOccurred())
		DeferCleanup(f.Close)
		req, err := e.Route("POST /x").Header("content-length", strconv.Itoa(len(want))).Data(f).HTTPRequest(context.Background())
		Expect(err).NotTo(HaveOccurred())
		Expect(req.ContentLength).To(BeEquivalentTo(len(want)))
		Expect(io.ReadAll(req.Body)).To(Equal(want))
		again, err := req.GetBody()
		Expect(err).NotTo(HaveOccurred())
		Expect(io.ReadAll(again)).To(Equal(want))
	})
})
