package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"iter"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strconv"
	"strings"
	"sync"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// seen is one request a test server received.
type seen struct {
	Method, Path, RawQuery string
	Header                 http.Header
	Body                   string
	ContentLength          int64
	TransferEncoding       []string
}

// server is an httptest server that records every request and answers
// with handle.
type server struct {
	*httptest.Server
	mu   sync.Mutex
	reqs []seen
}

func newServer(handle http.HandlerFunc) *server {
	s := &server{}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		s.mu.Lock()
		s.reqs = append(s.reqs, seen{r.Method, r.URL.Path, r.URL.RawQuery, r.Header.Clone(), string(body), r.ContentLength, r.TransferEncoding})
		s.mu.Unlock()
		handle(w, r)
	}))
	DeferCleanup(s.Close)
	return s
}

func (s *server) requests() []seen {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]seen(nil), s.reqs...)
}

// reply answers with a status, a JSON body and headers given as name, value pairs.
func reply(w http.ResponseWriter, status int, body string, hdr ...string) {
	for i := 0; i+1 < len(hdr); i += 2 {
		w.Header().Set(hdr[i], hdr[i+1])
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = io.WriteString(w, body)
}

const token = "ghp_s3cr3tT0k3n"

var tokenEnv = map[string]string{"GITHUB_TOKEN": token}

// noToken asserts that a result shows the token nowhere.
func (r result) noToken() {
	GinkgoHelper()
	Expect(r.stdout).NotTo(ContainSubstring(token))
	Expect(r.stderr).NotTo(ContainSubstring(token))
}

var _ = Describe("--send", func() {
	It("sends the call with GITHUB_TOKEN: the body to stdout, the status line to stderr", func() {
		s := newServer(func(w http.ResponseWriter, r *http.Request) { reply(w, 200, `{"full_name":"o/r"}`) })
		r := inProcess(tokenEnv, nil, "--send", "--base-url", s.URL, "GET /repos/{owner}/{repo}", "owner=o", "repo=r")
		Expect(r.code).To(Equal(0))
		Expect(r.stdout).To(Equal(`{"full_name":"o/r"}`))
		Expect(r.stderr).To(Equal("HTTP/1.1 200 OK\n"))
		r.noToken()
		reqs := s.requests()
		Expect(reqs).To(HaveLen(1))
		Expect(reqs[0].Method).To(Equal("GET"))
		Expect(reqs[0].Path).To(Equal("/repos/o/r"))
		Expect(reqs[0].Header.Get("Authorization")).To(Equal("Bearer " + token))
		Expect(reqs[0].Header.Get("User-Agent")).To(Equal(ua))
		Expect(reqs[0].Header.Get("Accept")).To(Equal("application/vnd.github.v3+json"))
	})

	It("keeps GITHUB_TOKEN from a redirect to another port or scheme of the same host", func() {
		other := newServer(func(w http.ResponseWriter, r *http.Request) { reply(w, 200, `{"ok":true}`) })
		s := newServer(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path == "/home" {
				reply(w, 200, `{"home":true}`)
				return
			}
			target := other.URL + "/stolen"
			if r.URL.Path == "/same" {
				target = "/home"
			}
			http.Redirect(w, r, target, http.StatusFound)
		})
		r := inProcess(tokenEnv, nil, "--send", "--no-check", "--base-url", s.URL, "GET /away")
		Expect(r.code).To(Equal(0))
		Expect(other.requests()).To(HaveLen(1))
		Expect(other.requests()[0].Header.Values("Authorization")).To(BeEmpty())
		// Within the origin it is kept.
		r = inProcess(tokenEnv, nil, "--send", "--no-check", "--base-url", s.URL, "GET /same")
		Expect(r.code).To(Equal(0))
		reqs := s.requests()
		Expect(reqs[len(reqs)-1].Path).To(Equal("/home"))
		Expect(reqs[len(reqs)-1].Header.Get("Authorization")).To(Equal("Bearer " + token))
	})

	It("sends a file the system gives no size, as /proc's, with its contents", func() {
		data, err := os.ReadFile("/proc/self/environ")
		if err != nil || len(data) == 0 {
			Skip("no /proc/self/environ here")
		}
		s := newServer(func(w http.ResponseWriter, r *http.Request) { reply(w, 201, `{}`) })
		r := inProcess(nil, nil, "--send", "--no-check", "--base-url", s.URL, "--data", "@/proc/self/environ", "POST /upload")
		Expect(r.code).To(Equal(0))
		Expect(s.requests()[0].Body).To(Equal(string(data))) // it was sent empty
	})

	It("exits 1 on a status of 400 or more, still printing the body", func() {
		s := newServer(func(w http.ResponseWriter, r *http.Request) {
			reply(w, 404, `{"message":"Not Found"}`)
		})
		r := inProcess(nil, nil, "--send", "--base-url", s.URL, "repos/get", "owner=o", "repo=r")
		Expect(r.code).To(Equal(1))
		Expect(r.stdout).To(Equal(`{"message":"Not Found"}`))
		Expect(r.stderr).To(Equal("HTTP/1.1 404 Not Found\n"))
		Expect(s.requests()[0].Header.Values("Authorization")).To(BeEmpty()) // no GITHUB_TOKEN, none sent
	})

	It("exits 0 on a 3xx it does not follow and on 204", func() {
		s := newServer(func(w http.ResponseWriter, r *http.Request) {
			if r.Method == "DELETE" {
				w.WriteHeader(204)
				return
			}
			w.WriteHeader(304)
		})
		r := inProcess(nil, nil, "--send", "--base-url", s.URL, "DELETE /repos/{owner}/{repo}", "owner=o", "repo=r")
		Expect(r.code).To(Equal(0))
		Expect(r.stdout).To(BeEmpty())
		Expect(r.stderr).To(Equal("HTTP/1.1 204 No Content\n"))
		r = inProcess(nil, nil, "--send", "--base-url", s.URL, "GET /repos/{owner}/{repo}", "owner=o", "repo=r", "If-None-Match:\"abc\"")
		Expect(r.code).To(Equal(0))
		Expect(r.stderr).To(Equal("HTTP/1.1 304 Not Modified\n"))
	})

	It("sends an Authorization header given as an item or a default instead of GITHUB_TOKEN", func() {
		s := newServer(func(w http.ResponseWriter, r *http.Request) { reply(w, 200, `{}`) })
		r := inProcess(tokenEnv, nil, "--send", "--base-url", s.URL, "GET /user", "Authorization:token mine")
		Expect(r.code).To(Equal(0))
		dir := GinkgoT().TempDir()
		defaults := write(dir, "d.json", `{"headers": {"authorization": "token fromdefaults"}}`)
		r = inProcess(tokenEnv, nil, "--send", "--defaults", defaults, "--base-url", s.URL, "GET /user")
		Expect(r.code).To(Equal(0))
		reqs := s.requests()
		Expect(reqs[0].Header.Values("Authorization")).To(Equal([]string{"token mine"}))
		Expect(reqs[1].Header.Values("Authorization")).To(Equal([]string{"token fromdefaults"}))
	})

	It("never prints GITHUB_TOKEN: not in JSON, curl, --merge nor in errors", func() {
		for _, args := range [][]string{
			{"GET /user"},
			{"--curl", "GET /user"},
			{"--merge", "GET /user"},
			{"GET /user", "bogus=1"},
			{"--send", "--base-url", "http://127.0.0.1:1", "GET /user"}, // nothing listens there
		} {
			r := inProcess(tokenEnv, nil, args...)
			r.noToken()
			Expect(r.stdout).NotTo(ContainSubstring("Bearer"))
		}
		r := inProcess(tokenEnv, nil, "--send", "--base-url", "http://127.0.0.1:1", "GET /user")
		r.failure("endpoint: send: ")
		r = inProcess(map[string]string{"GITHUB_TOKEN": "ghp_x\r\nX-Evil: 1"}, nil, "--send", "--base-url", "http://127.0.0.1:1", "GET /user")
		r.failure(`GITHUB_TOKEN: headers: invalid header value for "authorization"`)
		Expect(r.stderr).NotTo(ContainSubstring("ghp_x"))
	})

	It("masks credentials in the URL of a failed request", func() {
		for _, args := range [][]string{
			{"--send", "--no-check", "--base-url", "http://127.0.0.1:1", "GET /user", "access_token=s3cr3t"},
			{"--send", "--paginate", "--no-check", "--base-url", "http://127.0.0.1:1", "GET /user", "access_token=s3cr3t"},
			{"--send", "--no-check", "--base-url", "http://u:s3cr3t@127.0.0.1:1", "GET /user"},
		} {
			r := inProcess(nil, nil, args...)
			r.failure("127.0.0.1:1")
			Expect(r.stderr).To(ContainSubstring("[REDACTED]"))
			Expect(r.stderr).NotTo(ContainSubstring("s3cr3t"))
		}
	})

	It("does not send GITHUB_TOKEN to an API described by --spec", func() {
		s := newServer(func(w http.ResponseWriter, r *http.Request) { reply(w, 200, `[]`) })
		r := inProcess(tokenEnv, nil, "--send", "--spec", petstore, "--base-url", s.URL, "GET /pets", "status=sold")
		Expect(r.code).To(Equal(0))
		Expect(r.stdout).To(Equal("[]"))
		reqs := s.requests()
		Expect(reqs[0].Path + "?" + reqs[0].RawQuery).To(Equal("/pets?status=sold"))
		Expect(reqs[0].Header.Values("Authorization")).To(BeEmpty())
	})

	It("checks the call before sending: nothing reaches the server after a typo", func() {
		s := newServer(func(w http.ResponseWriter, r *http.Request) { reply(w, 200, `{}`) })
		inProcess(tokenEnv, nil, "--send", "--base-url", s.URL, "GET /repos/{owner}/{repo}/isues", "owner=o", "repo=r").
			failure("did you mean GET /repos/{owner}/{repo}/issues?")
		inProcess(tokenEnv, nil, "--send", "--base-url", s.URL, "GET /repos/{owner}/{repo}/issues", "owner=o", "repo=r", "state=opne").
			failure("did you mean open?")
		Expect(s.requests()).To(BeEmpty())
		r := inProcess(tokenEnv, nil, "--send", "--no-check", "--base-url", s.URL, "GET /repos/{owner}/{repo}/isues", "owner=o", "repo=r")
		Expect(r.code).To(Equal(0))
		Expect(s.requests()).To(HaveLen(1))
	})

	It("sends a POST's JSON body, with name==value in the query", func() {
		s := newServer(func(w http.ResponseWriter, r *http.Request) { reply(w, 201, `{"id":1}`) })
		r := inProcess(nil, nil, "--send", "--no-check", "--base-url", s.URL, "POST /things", "title=T", "n:=2", "q==a b&c")
		Expect(r.code).To(Equal(0))
		Expect(r.stderr).To(Equal("HTTP/1.1 201 Created\n"))
		req := s.requests()[0]
		Expect(req.RawQuery).To(Equal("q=a%20b%26c"))
		Expect(req.Body).To(Equal(`{"title":"T","n":2}`))
		Expect(req.Header.Get("Content-Type")).To(Equal("application/json; charset=utf-8"))
	})

	It("streams a --data file, sized, as octet-stream; a release asset's name in the query", func() {
		s := newServer(func(w http.ResponseWriter, r *http.Request) { reply(w, 201, `{}`) })
		path := filepath.Join(GinkgoT().TempDir(), "v1.zip")
		content := strings.Repeat("PK\x03\x04\x00\xff", 1000)
		Expect(os.WriteFile(path, []byte(content), 0o600)).To(Succeed())
		r := inProcess(nil, nil, "--send", "--base-url", s.URL, "--data", "@"+path,
			"POST /repos/{owner}/{repo}/releases/{release_id}/assets", "owner=o", "repo=r", "release_id:=7", "name==v1 final.zip")
		Expect(r.code).To(Equal(0), r.stderr)
		req := s.requests()[0]
		Expect(req.Path).To(Equal("/repos/o/r/releases/7/assets"))
		Expect(req.RawQuery).To(Equal("name=v1%20final.zip"))
		Expect(req.Body).To(Equal(content))
		// Sized from the file, not sent chunked.
		Expect(req.ContentLength).To(Equal(int64(len(content))))
		Expect(req.TransferEncoding).To(BeEmpty())
		Expect(req.Header.Get("Content-Type")).To(Equal("application/octet-stream"))
	})

	It("sends standard input as the body, with the content-type given", func() {
		s := newServer(func(w http.ResponseWriter, r *http.Request) { reply(w, 200, `<h1>Hi</h1>`) })
		r := inProcess(nil, strings.NewReader("# Hi\n"), "--send", "--base-url", s.URL, "--data", "@-", "POST /markdown/raw", "Content-Type:text/plain")
		Expect(r.code).To(Equal(0))
		Expect(r.stdout).To(Equal(`<h1>Hi</h1>`))
		req := s.requests()[0]
		Expect(req.Body).To(Equal("# Hi\n"))
		Expect(req.ContentLength).To(Equal(int64(5)))
		Expect(req.Header.Get("Content-Type")).To(Equal("text/plain"))
	})

	It("gives up after --timeout", func() {
		release := make(chan struct{})
		s := newServer(func(w http.ResponseWriter, r *http.Request) {
			select {
			case <-r.Context().Done():
			case <-release:
			}
		})
		DeferCleanup(func() { close(release) })
		r := inProcess(nil, nil, "--send", "--timeout", "50ms", "--base-url", s.URL, "GET /user")
		r.failure("endpoint: send: no complete response within --timeout 50ms")
		cli("--timeout", "1s", "GET /user").usage("--timeout needs --send")
		cli("--send", "--timeout", "-1s", "GET /user").usage("--timeout -1s: want a positive duration")
	})

	It("cannot be combined with --merge or --curl", func() {
		cli("--send", "--merge", "GET /user").usage("--send and --merge cannot be used together")
		cli("--send", "--curl", "GET /user").usage("--send and --curl cannot be used together")
	})
})

var _ = Describe("--paginate, against a server whose pages never end", func() {
	It("stops past MaxPaginated bytes of items, and on a link back to a page written another way", func() {
		saved := maxPaginated
		maxPaginated = 64 << 10
		DeferCleanup(func() { maxPaginated = saved })
		item := `"` + strings.Repeat("x", 1000) + `"`
		var s *server
		s = newServer(func(w http.ResponseWriter, r *http.Request) {
			n := len(s.requests())
			reply(w, 200, "["+item+"]", "Link", fmt.Sprintf(`<%s/items?page=%d>; rel="next"`, s.URL, n+1))
		})
		r := inProcess(nil, nil, "--send", "--paginate", "--no-check", "--base-url", s.URL, "GET /items")
		Expect(r.code).To(Equal(1))
		Expect(r.stderr).To(ContainSubstring("--paginate: the items of 66 pages pass 64 KiB"))
		Expect(s.requests()).To(HaveLen(66))
		// The same page with one more "&" each time: a loop.
		t := newServer(func(w http.ResponseWriter, r *http.Request) {
			reply(w, 200, "[1]", "Link", `<`+r.URL.Path+"?page=1"+strings.Repeat("&", len(r.URL.RawQuery))+`>; rel="next"`)
		})
		r = inProcess(nil, nil, "--send", "--paginate", "--no-check", "--base-url", t.URL, "GET /items")
		Expect(r.code).To(Equal(1))
		Expect(r.stderr).To(ContainSubstring("next link points at a page already fetched"))
		Expect(len(t.requests())).To(BeNumerically("<=", 3))
	})
})

var _ = Describe("--paginate, against a server whose pages are empty without end", func() {
	It("stops after ten empty pages in a row, exits 1 and says why, printing no items", func() {
		var s *server
		s = newServer(func(w http.ResponseWriter, r *http.Request) {
			n := len(s.requests())
			reply(w, 200, `{"total_count": 3, "items": []}`, "Link", fmt.Sprintf(`<%s/items?page=%d>; rel="next"`, s.URL, n+1))
		})
		// --max-pages only bounds the spec should the rule be missing.
		r := inProcess(tokenEnv, nil, "--send", "--paginate", "--max-pages", "50", "--no-check", "--base-url", s.URL, "GET /items")
		Expect(r.code).To(Equal(1))
		Expect(r.stdout).To(BeEmpty())
		Expect(r.stderr).To(Equal(strings.Repeat("HTTP/1.1 200 OK\n", 10) +
			"endpoint: paginate: next \"" + s.URL + "/items?page=11\": walk makes no progress: 10 pages in a row without an item (pages 1 to 10)\n"))
		Expect(s.requests()).To(HaveLen(10))
		r.noToken()
	})
})

var _ = Describe("--max-pages", func() {
	It("stops a walk after N pages, without an error, even one that never ends", func() {
		var s *server
		s = newServer(func(w http.ResponseWriter, r *http.Request) {
			n := len(s.requests())
			reply(w, 200, "["+strconv.Itoa(n)+"]", "Link", fmt.Sprintf(`<%s/items?page=%d>; rel="next"`, s.URL, n+1))
		})
		r := inProcess(nil, nil, "--send", "--paginate", "--max-pages", "3", "--compact", "--no-check", "--base-url", s.URL, "GET /items")
		Expect(r.code).To(Equal(0))
		Expect(r.stdout).To(Equal("[1,2,3]\n"))
		Expect(s.requests()).To(HaveLen(3))
	})

	It("needs --paginate and a positive number", func() {
		cli("--send", "--max-pages", "3", "GET /user").usage("--max-pages needs --paginate")
		cli("--send", "--paginate", "--max-pages", "-1", "GET /user").usage("--max-pages -1: want a positive number")
	})
})

var _ = Describe("--paginate", func() {
	// pages serves the pages of a list at /repos/o/r/issues, linking each
	// to the next by its page number.
	pages := func(bodies ...string) *server {
		var s *server
		s = newServer(func(w http.ResponseWriter, r *http.Request) {
			n := 1
			if p := r.URL.Query().Get("page"); p != "" {
				n = int(p[0] - '0')
			}
			var hdr []string
			if n < len(bodies) {
				hdr = []string{"Link", `<` + s.URL + r.URL.Path + `?page=` + string(rune('0'+n+1)) + `&per_page=100>; rel="next"`}
			}
			reply(w, 200, bodies[n-1], hdr...)
		})
		return s
	}

	It("follows the next links and prints every item as one JSON array", func() {
		s := pages(`[{"number":1},{"number":2}]`, `[{"number":3}]`, `[]`)
		r := inProcess(tokenEnv, nil, "--send", "--paginate", "--base-url", s.URL, "GET /repos/{owner}/{repo}/issues", "owner=o", "repo=r", "state=open")
		Expect(r.code).To(Equal(0), r.stderr)
		Expect(r.stdout).To(Equal("[\n  {\n    \"number\": 1\n  },\n  {\n    \"number\": 2\n  },\n  {\n    \"number\": 3\n  }\n]\n"))
		Expect(r.stderr).To(Equal(strings.Repeat("HTTP/1.1 200 OK\n", 3)))
		r.noToken()
		reqs := s.requests()
		Expect(reqs).To(HaveLen(3))
		// The operation takes per_page and the call set none: 100.
		Expect(reqs[0].RawQuery).To(Equal("state=open&per_page=100"))
		Expect(reqs[1].RawQuery).To(Equal("page=2&per_page=100"))
		for _, req := range reqs {
			Expect(req.Header.Get("Authorization")).To(Equal("Bearer " + token))
		}
	})

	It("keeps the caller's per_page, and adds none without a catalogue", func() {
		s := pages(`[1]`)
		Expect(inProcess(nil, nil, "--send", "--paginate", "--compact", "--base-url", s.URL, "GET /repos/{owner}/{repo}/issues", "owner=o", "repo=r", "per_page:=5").stdout).To(Equal("[1]\n"))
		Expect(inProcess(nil, nil, "--send", "--paginate", "--no-check", "--base-url", s.URL, "GET /repos/{owner}/{repo}/issues", "owner=o", "repo=r").code).To(Equal(0))
		reqs := s.requests()
		Expect(reqs[0].RawQuery).To(Equal("per_page=5"))
		Expect(reqs[1].RawQuery).To(BeEmpty())
	})

	It("asks for 100 a page when a --spec operation takes per_page", func() {
		s := newServer(func(w http.ResponseWriter, r *http.Request) { reply(w, 200, `[]`) })
		r := inProcess(nil, nil, "--send", "--paginate", "--spec", petstore, "--base-url", s.URL, "pets/list")
		Expect(r.code).To(Equal(0))
		Expect(r.stdout).To(Equal("[]\n"))
		Expect(s.requests()[0].RawQuery).To(Equal("per_page=100"))
	})

	It("normalises search pages to their items", func() {
		s := newServer(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Query().Get("page") == "" {
				reply(w, 200, `{"total_count":3,"incomplete_results":false,"items":[{"id":1},{"id":2}]}`,
					"Link", `<`+"http://"+r.Host+`/search/issues?q=x&page=2>; rel="next"`)
				return
			}
			reply(w, 200, `{"total_count":3,"incomplete_results":false,"items":[{"id":3}]}`)
		})
		r := inProcess(nil, nil, "--send", "--paginate", "--compact", "--base-url", s.URL, "GET /search/issues", "q=x")
		Expect(r.code).To(Equal(0), r.stderr)
		Expect(r.stdout).To(Equal(`[{"id":1},{"id":2},{"id":3}]` + "\n"))
	})

	It("never follows a next link to another host", func() {
		other := newServer(func(w http.ResponseWriter, r *http.Request) { reply(w, 200, `[{"stolen":true}]`) })
		s := newServer(func(w http.ResponseWriter, r *http.Request) {
			reply(w, 200, `[{"number":1}]`, "Link", `<`+other.URL+`/repos/o/r/issues?page=2>; rel="next"`)
		})
		r := inProcess(tokenEnv, nil, "--send", "--paginate", "--base-url", s.URL, "GET /repos/{owner}/{repo}/issues", "owner=o", "repo=r")
		Expect(r.code).To(Equal(1))
		Expect(r.stdout).To(BeEmpty())
		Expect(r.stderr).To(ContainSubstring("link leaves the origin of the walk"))
		r.noToken()
		Expect(s.requests()).To(HaveLen(1))
		Expect(other.requests()).To(BeEmpty())
	})

	It("fails on an error page with GitHub's message", func() {
		s := newServer(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Query().Get("page") == "" {
				reply(w, 200, `[1]`, "Link", `<http://`+r.Host+`/repos/o/r/issues?page=2>; rel="next"`)
				return
			}
			reply(w, 502, `{"message":"Server Error"}`)
		})
		r := inProcess(nil, nil, "--send", "--paginate", "--base-url", s.URL, "GET /repos/{owner}/{repo}/issues", "owner=o", "repo=r")
		Expect(r.code).To(Equal(1))
		Expect(r.stdout).To(BeEmpty())
		Expect(r.stderr).To(HavePrefix("HTTP/1.1 200 OK\n"))
		Expect(r.stderr).To(HaveSuffix("502 Bad Gateway: \"Server Error\"\n"))
	})

	It("refuses a page that is not a list, and a call that is not a GET", func() {
		s := newServer(func(w http.ResponseWriter, r *http.Request) { reply(w, 200, `{"id":1}`) })
		r := inProcess(nil, nil, "--send", "--paginate", "--base-url", s.URL, "GET /repos/{owner}/{repo}", "owner=o", "repo=r")
		Expect(r.code).To(Equal(1))
		Expect(r.stdout).To(BeEmpty())
		Expect(r.stderr).To(Equal("HTTP/1.1 200 OK\nendpoint: page 1: paginate: decode: page is not a list: object without \"total_count\"\n"))
		inProcess(nil, nil, "--send", "--paginate", "--base-url", s.URL, "POST /repos/{owner}/{repo}/issues", "owner=o", "repo=r", "title=T").
			failure("pagination needs a GET request")
		Expect(s.requests()).To(HaveLen(1))
	})

	It("needs --send", func() {
		cli("--paginate", "GET /user/repos").usage("--paginate needs --send")
	})

	It("gives up after --timeout too", func() {
		release := make(chan struct{})
		s := newServer(func(w http.ResponseWriter, r *http.Request) {
			select {
			case <-r.Context().Done():
			case <-release:
			}
		})
		DeferCleanup(func() { close(release) })
		inProcess(nil, nil, "--send", "--paginate", "--timeout", "50ms", "--base-url", s.URL, "GET /user/repos").
			failure("no complete response within --timeout 50ms")
	})
})

var _ = Describe("--paginate, for a walk at MaxPaginated", func() {
	// The items were gathered in one buffer that doubled, then indented
	// into a second: a walk at 256 MiB held 1 GiB (4.1 times it) with
	// items of 1 KB and 3.9 GiB (15.4 times) with items of small nested
	// members. A walk at limit must now hold at most twice it more than
	// the heap did before, collected eagerly (GOGC 5) so that the heap
	// read is what is live.
	const limit = 8 << 20
	item := func(members int) string {
		var b strings.Builder
		b.WriteByte('{')
		for i := range members {
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `"f%d":{"a":%d,"b":[1,2]}`, i, i)
		}
		b.WriteByte('}')
		return b.String()
	}
	DescribeTable("holds within twice the limit, and prints every item",
		func(item string, compact bool) {
			if raceEnabled {
				Skip("the race detector's heap is another")
			}
			n := (limit - 2 + 1) / (len(item) + 1) // "[", n items, n-1 commas, "]"
			perPage := max(100, 100_000/len(item))
			var pages [][]byte
			for at := 0; at < n; at += perPage {
				k := min(perPage, n-at)
				pages = append(pages, []byte("["+strings.Repeat(item+",", k-1)+item+"]"))
			}
			var base string
			s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				p, _ := strconv.Atoi(r.URL.Query().Get("page"))
				p = max(p, 1)
				if p < len(pages) {
					w.Header().Set("Link", fmt.Sprintf(`<%s/items?page=%d>; rel="next"`, base, p+1))
				}
				_, _ = w.Write(pages[p-1])
			}))
			DeferCleanup(s.Close)
			base = s.URL
			saved := maxPaginated
			maxPaginated = limit
			DeferCleanup(func() { maxPaginated = saved })

			// What must be printed, checked as it comes.
			one := item
			if !compact {
				var b bytes.Buffer
				Expect(json.Indent(&b, []byte("["+item+"]"), "", "  ")).To(Succeed())
				one = b.String()[2 : b.Len()-2]
			}
			open, sep, end := "[\n", ",\n", "\n]\n"
			args := []string{"--send", "--paginate", "--no-check", "--base-url", s.URL, "GET /items"}
			if compact {
				open, sep, end = "[", ",", "]\n"
				args = append(args, "--compact")
			}
			out := &expectWriter{want: func(yield func(string) bool) {
				if !yield(open) || !yield(one) {
					return
				}
				for range n - 1 {
					if !yield(sep) || !yield(one) {
						return
					}
				}
				yield(end)
			}}

			defer debug.SetGCPercent(debug.SetGCPercent(5))
			runtime.GC()
			before := heapObjects()
			peak := before
			stop, done := make(chan struct{}), make(chan struct{})
			go func() {
				defer close(done)
				for {
					peak = max(peak, heapObjects())
					select {
					case <-stop:
						return
					case <-time.After(200 * time.Microsecond):
					}
				}
			}()
			var errOut bytes.Buffer
			code := run(context.Background(), args, func(string) (string, bool) { return "", false }, strings.NewReader(""), out, &errOut)
			close(stop)
			<-done
			Expect(code).To(Equal(0), errOut.String())
			Expect(out.done()).To(Succeed())
			grew := float64(peak-before) / limit
			GinkgoWriter.Printf("the heap grew by %.2f times the limit\n", grew)
			Expect(grew).To(BeNumerically("<", 2), "the heap grew by %.1f times the limit", grew)
		},
		Entry("items of small nested members, indented", item(100), false),
		Entry("items of small nested members, compact", item(100), true),
	)
})

// heapObjects is the heap's bytes in objects, live or not yet swept.
func heapObjects() uint64 {
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// expectWriter checks what is written against the pieces want yields,
// in order, holding no more than one piece.
type expectWriter struct {
	want func(yield func(string) bool)
	next func() (string, bool)
	stop func()
	rest string
	at   int
	err  error
}

func (w *expectWriter) Write(p []byte) (int, error) {
	if w.next == nil {
		w.next, w.stop = iter.Pull(iter.Seq[string](w.want))
	}
	n := len(p)
	for len(p) > 0 && w.err == nil {
		if w.rest == "" {
			piece, ok := w.next()
			if !ok {
				w.err = fmt.Errorf("%d bytes more than expected after byte %d: %.40q", len(p), w.at, p)
				break
			}
			w.rest = piece
		}
		k := min(len(p), len(w.rest))
		if string(p[:k]) != w.rest[:k] {
			w.err = fmt.Errorf("at byte %d: got %.40q, want %.40q", w.at, p[:k], w.rest[:k])
			break
		}
		p, w.rest, w.at = p[k:], w.rest[k:], w.at+k
	}
	return n, nil
}

// done reports the first difference, or what was not written.
func (w *expectWriter) done() error {
	if w.next == nil {
		w.next, w.stop = iter.Pull(iter.Seq[string](w.want))
	}
	defer w.stop()
	if w.err != nil {
		return w.err
	}
	if _, more := w.next(); more || w.rest != "" {
		return fmt.Errorf("output ends at byte %d, short of what was expected", w.at)
	}
	return nil
}
