package paginate_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"net/http"
	"runtime"
	"strconv"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/catalog/github"
	"github.com/endpointkit/endpoint/paginate"
)

// roundTrip is an http.RoundTripper of a function.
type roundTrip func(*http.Request) (*http.Response, error)

func (f roundTrip) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

// walk collects the page numbers and item numbers of a walk, and the
// error that ended it.
func walk(seq func(func(*paginate.Page, error) bool)) (pages []int, queries []string, err error) {
	for p, e := range seq {
		if e != nil {
			return pages, queries, e
		}
		pages = append(pages, p.Number)
		queries = append(queries, p.Response.Request.URL.RawQuery)
	}
	return pages, queries, nil
}

var _ = Describe("Pages", func() {
	var srv *issueServer
	var ctx context.Context

	BeforeEach(func() {
		ctx = context.Background()
		srv = newIssueServer(7, false)
		DeferCleanup(srv.Close)
	})

	newReq := func(rawURL string) *http.Request {
		req, err := http.NewRequest(http.MethodGet, rawURL, nil)
		Expect(err).NotTo(HaveOccurred())
		req.Header.Set("Authorization", "Bearer t0k3n")
		return req
	}

	It("walks three pages, honouring per_page, with the authorization header on each", func() {
		req := newReq(srv.URL + "/repos/o/r/issues?per_page=3")
		var bodies []string
		for p, err := range paginate.Pages(ctx, srv.Client(), req) {
			Expect(err).NotTo(HaveOccurred())
			Expect(p.Response.StatusCode).To(Equal(200))
			Expect(p.Number).To(Equal(len(bodies) + 1))
			Expect(p.Response.Body).To(Equal(http.NoBody))
			bodies = append(bodies, strings.TrimSpace(string(p.Body)))
		}
		Expect(bodies).To(Equal([]string{
			`[{"number":1,"title":"issue 1"},{"number":2,"title":"issue 2"},{"number":3,"title":"issue 3"}]`,
			`[{"number":4,"title":"issue 4"},{"number":5,"title":"issue 5"},{"number":6,"title":"issue 6"}]`,
			`[{"number":7,"title":"issue 7"}]`,
		}))
		seen := srv.requestsSeen()
		Expect(seen).To(HaveLen(3))
		for i, r := range seen {
			Expect(r.Method).To(Equal(http.MethodGet))
			Expect(r.Header.Get("Authorization")).To(Equal("Bearer t0k3n"))
			if i > 0 {
				Expect(r.URL.RawQuery).To(Equal(fmt.Sprintf("per_page=3&page=%d", i+1)))
			}
		}
		Expect(req.URL.RawQuery).To(Equal("per_page=3"))
	})

	It("follows relative links", func() {
		srv.relative = true
		pages, queries, err := walk(paginate.Pages(ctx, srv.Client(), newReq(srv.URL+"/repos/o/r/issues?per_page=3")))
		Expect(err).NotTo(HaveOccurred())
		Expect(pages).To(Equal([]int{1, 2, 3}))
		Expect(queries).To(Equal([]string{"per_page=3", "per_page=3&page=2", "per_page=3&page=3"}))
	})

	It("walks again on each range, from the request as given", func() {
		seq := paginate.Pages(ctx, srv.Client(), newReq(srv.URL+"/repos/o/r/issues?per_page=5"))
		for range 2 {
			pages, _, err := walk(seq)
			Expect(err).NotTo(HaveOccurred())
			Expect(pages).To(Equal([]int{1, 2}))
		}
		Expect(srv.requests.Load()).To(BeEquivalentTo(4))
	})

	It("uses the request's own context when ctx is nil", func() {
		reqCtx, cancel := context.WithCancel(context.Background())
		cancel()
		req, _ := http.NewRequestWithContext(reqCtx, http.MethodGet, srv.URL+"/repos/o/r/issues", nil)
		var noCtx context.Context
		_, _, err := walk(paginate.Pages(noCtx, srv.Client(), req))
		Expect(err).To(MatchError(context.Canceled))
		Expect(srv.requests.Load()).To(BeZero())
	})

	It("reports a transport error with the URL once, credentials masked", func() {
		dead := newCountingServer()
		dead.Close()
		_, _, err := walk(paginate.Pages(ctx, nil, newReq(dead.URL+"/x?access_token=s3cr3t")))
		Expect(err).To(HaveOccurred())
		var pe *paginate.Error
		Expect(errors.As(err, &pe)).To(BeTrue())
		Expect(pe.Op).To(Equal("GET"))
		Expect(err.Error()).To(HavePrefix(`paginate: GET "` + dead.URL + `/x?access_token=[REDACTED]": `))
		Expect(strings.Count(err.Error(), "/x?")).To(Equal(1))
		Expect(err.Error()).NotTo(ContainSubstring("s3cr3t"))
	})

	Describe("PerPage", func() {
		It("sets per_page on the first request when it has none", func() {
			req := newReq(srv.URL + "/repos/o/r/issues?state=all")
			pages, queries, err := walk(paginate.Pages(ctx, srv.Client(), req, paginate.PerPage(3)))
			Expect(err).NotTo(HaveOccurred())
			Expect(pages).To(Equal([]int{1, 2, 3}))
			Expect(queries[0]).To(Equal("state=all&per_page=3"))
			Expect(req.URL.RawQuery).To(Equal("state=all"))
		})

		It("leaves a per_page the request has", func() {
			_, queries, err := walk(paginate.Pages(ctx, srv.Client(), newReq(srv.URL+"/repos/o/r/issues?per%5Fpage=5"), paginate.PerPage(3)))
			Expect(err).NotTo(HaveOccurred())
			Expect(queries).To(Equal([]string{"per%5Fpage=5", "per_page=5&page=2"}))
		})

		It("does nothing for n <= 0", func() {
			_, queries, err := walk(paginate.Pages(ctx, srv.Client(), newReq(srv.URL+"/repos/o/r/issues"), paginate.PerPage(0)))
			Expect(err).NotTo(HaveOccurred())
			Expect(queries).To(Equal([]string{""}))
		})
	})

	Describe("WithCatalog", func() {
		It("sets per_page=100 where GitHub's catalogue says the operation takes it", func() {
			gh := paginate.WithCatalog(github.Catalog())
			_, queries, err := walk(paginate.Pages(ctx, srv.Client(), newReq(srv.URL+"/repos/o/r/issues?state=all"), gh))
			Expect(err).NotTo(HaveOccurred())
			Expect(queries[0]).To(Equal("state=all&per_page=100"))
			// Where the answer is no, nothing is added.
			no := catalogFunc(func(string, string, string) bool { return false })
			_, queries, err = walk(paginate.Pages(ctx, srv.Client(), newReq(srv.URL+"/repos/o/r/issues"), paginate.WithCatalog(no)))
			Expect(err).NotTo(HaveOccurred())
			Expect(queries[0]).To(Equal(""))
		})

		It("yields to PerPage and to the request's own per_page", func() {
			gh := paginate.WithCatalog(github.Catalog())
			_, queries, err := walk(paginate.Pages(ctx, srv.Client(), newReq(srv.URL+"/repos/o/r/issues"), gh, paginate.PerPage(3)))
			Expect(err).NotTo(HaveOccurred())
			Expect(queries[0]).To(Equal("per_page=3"))
			_, queries, err = walk(paginate.Pages(ctx, srv.Client(), newReq(srv.URL+"/repos/o/r/issues?per_page=5"), gh))
			Expect(err).NotTo(HaveOccurred())
			Expect(queries[0]).To(Equal("per_page=5"))
		})

		It("asks with the first request's method and URL", func() {
			var asked []string
			cat := catalogFunc(func(method, url, name string) bool {
				asked = append(asked, method+" "+url+" "+name)
				return false
			})
			_, _, err := walk(paginate.Pages(ctx, srv.Client(), newReq(srv.URL+"/repos/o/r/issues?a=1"), paginate.WithCatalog(cat)))
			Expect(err).NotTo(HaveOccurred())
			Expect(asked).To(Equal([]string{"GET " + srv.URL + "/repos/o/r/issues?a=1 per_page"}))
		})
	})

	It("stops after MaxPages pages without an error", func() {
		pages, _, err := walk(paginate.Pages(ctx, srv.Client(), newReq(srv.URL+"/repos/o/r/issues?per_page=2"), paginate.MaxPages(2)))
		Expect(err).NotTo(HaveOccurred())
		Expect(pages).To(Equal([]int{1, 2}))
		Expect(srv.requests.Load()).To(BeEquivalentTo(2))
	})

	It("skips a nil Option, as endpointtest.NewServer does", func() {
		pages, _, err := walk(paginate.Pages(ctx, srv.Client(), newReq(srv.URL+"/repos/o/r/issues?per_page=2"), nil, paginate.MaxPages(2), nil))
		Expect(err).NotTo(HaveOccurred())
		Expect(pages).To(Equal([]int{1, 2}))
	})

	It("stops with the context error when the context is cancelled between pages", func() {
		ctx, cancel := context.WithCancel(ctx)
		defer cancel()
		var pages []int
		var err error
		for p, e := range paginate.Pages(ctx, srv.Client(), newReq(srv.URL+"/repos/o/r/issues?per_page=3&access_token=s3cr3t")) {
			if e != nil {
				err = e
				break
			}
			pages = append(pages, p.Number)
			if p.Number == 2 {
				cancel()
			}
		}
		Expect(pages).To(Equal([]int{1, 2}))
		Expect(err).To(MatchError(context.Canceled))
		Expect(err.Error()).To(HavePrefix(`paginate: GET "http://`))
		Expect(err.Error()).To(HaveSuffix(`page=3": context canceled`))
		Expect(srv.requests.Load()).To(BeEquivalentTo(2))
	})

	It("stops with the context error when the context is cancelled during a request", func() {
		started := make(chan struct{})
		srv.hook = func(w http.ResponseWriter, r *http.Request, page int) bool {
			if page != 2 {
				return false
			}
			close(started)
			<-r.Context().Done()
			return true
		}
		ctx, cancel := context.WithCancel(ctx)
		defer cancel()
		go func() {
			defer GinkgoRecover()
			<-started
			cancel()
		}()
		pages, _, err := walk(paginate.Pages(ctx, srv.Client(), newReq(srv.URL+"/repos/o/r/issues?per_page=3")))
		Expect(pages).To(Equal([]int{1}))
		Expect(err).To(MatchError(context.Canceled))
		var pe *paginate.Error
		Expect(errors.As(err, &pe)).To(BeTrue())
		Expect(pe.Op).To(Equal("GET"))
	})

	DescribeTable("error statuses end the walk with a *StatusError",
		func(status int, body, message, docURL string) {
			srv.hook = func(w http.ResponseWriter, r *http.Request, page int) bool {
				if page != 2 {
					return false
				}
				w.Header().Set("Content-Type", "application/json")
				w.Header().Set("X-RateLimit-Remaining", "4999")
				w.WriteHeader(status)
				_, _ = io.WriteString(w, body)
				return true
			}
			pages, _, err := walk(paginate.Pages(ctx, srv.Client(), newReq(srv.URL+"/repos/o/r/issues?per_page=3&token=s3cr3t")))
			Expect(pages).To(Equal([]int{1}))
			Expect(err).To(MatchError(paginate.ErrStatus))
			var se *paginate.StatusError
			Expect(errors.As(err, &se)).To(BeTrue())
			Expect(se.StatusCode).To(Equal(status))
			Expect(se.Message).To(Equal(message))
			Expect(se.DocumentationURL).To(Equal(docURL))
			Expect(string(se.Body)).To(Equal(body))
			Expect(se.Header.Get("X-RateLimit-Remaining")).To(Equal("4999"))
			Expect(se.URL).To(Equal(srv.URL + "/repos/o/r/issues?per_page=3&page=2"))
			want := fmt.Sprintf("paginate: GET %q: %d %s", se.URL, status, http.StatusText(status))
			if message != "" {
				want += fmt.Sprintf(": %q (%q)", message, docURL)
			}
			Expect(err.Error()).To(Equal(want))
		},
		Entry("404 with GitHub's body", 404,
			`{"message":"Not Found","documentation_url":"https://docs.github.com/rest/issues/issues#list-repository-issues","status":"404"}`,
			"Not Found", "https://docs.github.com/rest/issues/issues#list-repository-issues"),
		Entry("422 with GitHub's body", 422,
			`{"message":"Validation Failed","errors":[{"resource":"Issue","field":"per_page","code":"invalid"}],"documentation_url":"https://docs.github.com/rest","status":"422"}`,
			"Validation Failed", "https://docs.github.com/rest"),
		Entry("500 with a body that is no JSON", 500, `<html>oops</html>`, "", ""),
	)

	It("reports a 404 of the first page", func() {
		pages, _, err := walk(paginate.Pages(ctx, srv.Client(), newReq(srv.URL+"/nope")))
		Expect(pages).To(BeEmpty())
		var se *paginate.StatusError
		Expect(errors.As(err, &se)).To(BeTrue())
		Expect(se.StatusCode).To(Equal(404))
	})

	It("bounds the bytes it reads of a page", func() {
		pages, _, err := walk(paginate.Pages(ctx, srv.Client(), newReq(srv.URL+"/repos/o/r/issues?per_page=3"), paginate.MaxPageSize(40)))
		Expect(pages).To(BeEmpty())
		Expect(err).To(MatchError(paginate.ErrTooLarge))
		Expect(err.Error()).To(HaveSuffix(": page body too large: more than 40 bytes"))
	})

	It("takes MaxPageSize(math.MaxInt64) as no bound, and never sizes a buffer by Content-Length alone", func() {
		pages, _, err := walk(paginate.Pages(ctx, srv.Client(), newReq(srv.URL+"/repos/o/r/issues?per_page=3"), paginate.MaxPageSize(math.MaxInt64)))
		Expect(err).NotTo(HaveOccurred())
		Expect(pages).To(Equal([]int{1, 2, 3}))
		// A reply that claims 64 GiB and holds 3 bytes: reading it took
		// the 64 GiB at once (a fatal out of memory).
		liar := &http.Client{Transport: roundTrip(func(r *http.Request) (*http.Response, error) {
			return &http.Response{StatusCode: 200, Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1, Header: http.Header{},
				ContentLength: 64 << 30, Body: io.NopCloser(strings.NewReader("[1]")), Request: r}, nil
		})}
		var items []int
		for it, err := range paginate.Items[int](ctx, liar, newReq("https://api.example.com/x"), paginate.MaxPageSize(1<<40)) {
			Expect(err).NotTo(HaveOccurred())
			items = append(items, it)
		}
		Expect(items).To(Equal([]int{1}))
	})

	It("bounds a body of unknown length too", func() {
		srv.hook = func(w http.ResponseWriter, r *http.Request, page int) bool {
			for range 100 {
				_, _ = io.WriteString(w, strings.Repeat(" ", 1000))
				w.(http.Flusher).Flush() // chunked: no Content-Length
			}
			return true
		}
		_, _, err := walk(paginate.Pages(ctx, srv.Client(), newReq(srv.URL+"/x"), paginate.MaxPageSize(10_000)))
		Expect(err).To(MatchError(paginate.ErrTooLarge))
	})

	It("refuses a request that is not a GET and sends nothing", func() {
		req, _ := http.NewRequest(http.MethodPost, srv.URL+"/repos/o/r/issues", strings.NewReader("{}"))
		pages, _, err := walk(paginate.Pages(ctx, srv.Client(), req))
		Expect(pages).To(BeEmpty())
		Expect(err).To(MatchError(paginate.ErrMethod))
		Expect(srv.requests.Load()).To(BeZero())
		_, _, err = walk(paginate.Pages(ctx, srv.Client(), nil))
		Expect(err).To(MatchError(paginate.ErrNoRequest))
	})

	It("ends with ErrLoop on a next link to the same page, after yielding it", func() {
		srv.hook = func(w http.ResponseWriter, r *http.Request, page int) bool {
			w.Header().Set("Link", `<`+srv.URL+r.URL.RequestURI()+`>; rel="next"`)
			_, _ = io.WriteString(w, "[]")
			return true
		}
		pages, _, err := walk(paginate.Pages(ctx, srv.Client(), newReq(srv.URL+"/x?page=1")))
		Expect(pages).To(Equal([]int{1}))
		Expect(err).To(MatchError(paginate.ErrLoop))
		Expect(srv.requests.Load()).To(BeEquivalentTo(1))
	})

	DescribeTable("ends with ErrLoop on a cycle of any length, after yielding each page once",
		func(cycle int) {
			// Page k links to page k+1, the last page of the cycle back to
			// the first: without a memory of the walk it never ends.
			srv.hook = func(w http.ResponseWriter, r *http.Request, page int) bool {
				w.Header().Set("Link", fmt.Sprintf(`<%s/x?page=%d>; rel="next"`, srv.URL, page%cycle+1))
				_, _ = io.WriteString(w, "[]")
				return true
			}
			// MaxPages only bounds the spec should the check be missing.
			pages, _, err := walk(paginate.Pages(ctx, srv.Client(), newReq(srv.URL+"/x?page=1"), paginate.MaxPages(50)))
			Expect(err).To(MatchError(paginate.ErrLoop))
			Expect(pages).To(HaveLen(cycle))
			Expect(srv.requests.Load()).To(BeEquivalentTo(cycle))
			var pe *paginate.Error
			Expect(errors.As(err, &pe)).To(BeTrue())
			Expect(pe.Input).To(HaveSuffix("/x?page=1"))
		},
		Entry("two pages", 2),
		Entry("three pages", 3),
		Entry("ten pages", 10),
	)

	It("ends with ErrLoop on a link back to a page written another way", func() {
		// The first page again, its pairs reordered, an empty pair, a digit
		// escaped: each a new page to a byte-wise comparison.
		again := []string{"/x?page=1&a=b", "/x?a=b&page=1", "/x?page=1&&a=b&", "/x?page=%31&a=b", "/%78?a=b&page=1"}
		for _, link := range again[1:] {
			srv.hook = func(w http.ResponseWriter, r *http.Request, page int) bool {
				w.Header().Set("Link", `<`+srv.URL+link+`>; rel="next"`)
				_, _ = io.WriteString(w, "[]")
				return true
			}
			pages, _, err := walk(paginate.Pages(ctx, srv.Client(), newReq(srv.URL+again[0]), paginate.MaxPages(50)))
			Expect(err).To(MatchError(paginate.ErrLoop), link)
			Expect(pages).To(HaveLen(1), link)
		}
		// A value that differs is another page.
		srv.hook = func(w http.ResponseWriter, r *http.Request, page int) bool {
			if r.URL.Query().Get("a") == "b" {
				w.Header().Set("Link", `<`+srv.URL+`/x?page=1&a=c>; rel="next"`)
			}
			_, _ = io.WriteString(w, "[]")
			return true
		}
		pages, _, err := walk(paginate.Pages(ctx, srv.Client(), newReq(srv.URL+again[0])))
		Expect(err).NotTo(HaveOccurred())
		Expect(pages).To(HaveLen(2))
	})

	It("ends with ErrLoop on a link back to a page it was redirected from", func() {
		// /x?page=1 redirects to /y, whose next link is /x?page=1 again.
		srv.hook = func(w http.ResponseWriter, r *http.Request, page int) bool {
			if r.URL.Path == "/x" {
				http.Redirect(w, r, "/y", http.StatusFound)
				return true
			}
			w.Header().Set("Link", `<`+srv.URL+`/x?page=1>; rel="next"`)
			_, _ = io.WriteString(w, "[]")
			return true
		}
		pages, _, err := walk(paginate.Pages(ctx, srv.Client(), newReq(srv.URL+"/x?page=1"), paginate.MaxPages(50)))
		Expect(pages).To(Equal([]int{1}))
		Expect(err).To(MatchError(paginate.ErrLoop))
		Expect(srv.requests.Load()).To(BeEquivalentTo(2)) // /x and /y, once each
	})

	It("walks pages that differ only in their query", func() {
		srv.hook = func(w http.ResponseWriter, r *http.Request, page int) bool {
			if page < 4 {
				w.Header().Set("Link", fmt.Sprintf(`<%s/x?page=%d>; rel="next"`, srv.URL, page+1))
			}
			_, _ = io.WriteString(w, "[]")
			return true
		}
		pages, _, err := walk(paginate.Pages(ctx, srv.Client(), newReq(srv.URL+"/x?page=1")))
		Expect(err).NotTo(HaveOccurred())
		Expect(pages).To(Equal([]int{1, 2, 3, 4}))
	})

	Describe("bodies", func() {
		var tr *trackingTransport
		var client *http.Client
		BeforeEach(func() {
			tr = &trackingTransport{base: srv.Client().Transport}
			client = &http.Client{Transport: tr}
		})

		It("are all closed after a full walk", func() {
			_, _, err := walk(paginate.Pages(ctx, client, newReq(srv.URL+"/repos/o/r/issues?per_page=3")))
			Expect(err).NotTo(HaveOccurred())
			Expect(tr.opened.Load()).To(BeEquivalentTo(3))
			Expect(tr.closed.Load()).To(Equal(tr.opened.Load()))
		})

		It("are all closed when the loop breaks early", func() {
			for p := range paginate.Pages(ctx, client, newReq(srv.URL+"/repos/o/r/issues?per_page=3")) {
				if p.Number == 2 {
					break
				}
			}
			Expect(tr.opened.Load()).To(BeEquivalentTo(2))
			Expect(tr.closed.Load()).To(Equal(tr.opened.Load()))
		})

		It("are all closed on an error status, a too-large page and a foreign link", func() {
			srv.hook = func(w http.ResponseWriter, r *http.Request, page int) bool {
				switch {
				case strings.HasPrefix(r.URL.Path, "/status"):
					w.WriteHeader(500)
				case strings.HasPrefix(r.URL.Path, "/foreign"):
					w.Header().Set("Link", `<https://evil.test/>; rel="next"`)
				default:
					return false
				}
				_, _ = io.WriteString(w, "[1,2,3]")
				return true
			}
			for _, path := range []string{"/status", "/foreign", "/repos/o/r/issues"} {
				_, _, err := walk(paginate.Pages(ctx, client, newReq(srv.URL+path), paginate.MaxPageSize(100)))
				Expect(err).To(HaveOccurred())
			}
			Expect(tr.opened.Load()).To(BeEquivalentTo(3))
			Expect(tr.closed.Load()).To(Equal(tr.opened.Load()))
		})
	})
})

var _ = Describe("Pages host pinning", func() {
	var main *issueServer
	var other *countingServer
	var ctx context.Context

	BeforeEach(func() {
		ctx = context.Background()
		other = newCountingServer()
		DeferCleanup(other.Close)
	})

	// nextTo makes main's first page link to target as next, and returns
	// the error that ended the walk, after checking page 1 came through.
	nextTo := func(tls bool, target func() string) error {
		main = newIssueServer(7, tls)
		DeferCleanup(main.Close)
		main.hook = func(w http.ResponseWriter, r *http.Request, page int) bool {
			w.Header().Set("Link", "<"+target()+`>; rel="next"`)
			_, _ = io.WriteString(w, "[]")
			return true
		}
		req, _ := http.NewRequest(http.MethodGet, main.URL+"/repos/o/r/issues", nil)
		req.Header.Set("Authorization", "Bearer t0k3n")
		pages, _, err := walk(paginate.Pages(ctx, main.Client(), req))
		Expect(pages).To(Equal([]int{1}))
		return err
	}

	DescribeTable("a next link elsewhere ends the walk and the other server gets nothing",
		func(tls bool, target func() string, reason string) {
			err := nextTo(tls, target)
			Expect(err).To(MatchError(paginate.ErrForeignHost))
			if reason == "walk is pinned to " {
				reason += main.URL // known once the server runs
			}
			Expect(err.Error()).To(HaveSuffix(reason))
			Expect(err.Error()).NotTo(ContainSubstring("s3cr3t"))
			Expect(other.requests.Load()).To(BeZero())
			Expect(main.requests.Load()).To(BeEquivalentTo(1))
		},
		Entry("another host name for the same machine", false,
			func() string {
				return strings.Replace(other.URL, "127.0.0.1", "localhost", 1) + "/?page=2&access_token=s3cr3t"
			},
			"walk is pinned to "),
		Entry("another port", false,
			func() string { return other.URL + "/?page=2" },
			"walk is pinned to "),
		Entry("https downgraded to http on another port", true,
			func() string { return other.URL + "/?page=2" },
			"walk is pinned to "),
		Entry("https downgraded to http on the same port", true,
			func() string { return "http://" + hostOf(main.URL) + "/repos/o/r/issues?page=2" },
			"walk is pinned to "),
		Entry("the userinfo trick", false,
			func() string { return "http://api.github.com@" + hostOf(other.URL) + "/?page=2" },
			"link carries user information"),
		Entry("the userinfo trick with the walk's own host", false,
			func() string { return "http://" + hostOf(main.URL) + "@" + hostOf(other.URL) + "/?page=2" },
			"link carries user information"),
	)

	It("names the walk's origin in the message", func() {
		err := nextTo(false, func() string { return other.URL + "/" })
		Expect(err.Error()).To(Equal(fmt.Sprintf(`paginate: next %q: link leaves the origin of the walk: walk is pinned to %s`, other.URL+"/", main.URL)))
	})

	It("refuses a redirect elsewhere before it is sent", func() {
		main = newIssueServer(7, false)
		DeferCleanup(main.Close)
		main.hook = func(w http.ResponseWriter, r *http.Request, page int) bool {
			if page == 2 {
				http.Redirect(w, r, other.URL+"/?page=2&token=s3cr3t", http.StatusFound)
				return true
			}
			return false
		}
		req, _ := http.NewRequest(http.MethodGet, main.URL+"/repos/o/r/issues?per_page=3", nil)
		req.Header.Set("Authorization", "Bearer t0k3n")
		pages, _, err := walk(paginate.Pages(ctx, main.Client(), req))
		Expect(pages).To(Equal([]int{1}))
		Expect(err).To(MatchError(paginate.ErrForeignHost))
		var pe *paginate.Error
		Expect(errors.As(err, &pe)).To(BeTrue())
		Expect(pe.Op).To(Equal("redirect"))
		Expect(err.Error()).To(Equal(fmt.Sprintf(`paginate: redirect %q: link leaves the origin of the walk: walk is pinned to %s`, other.URL+"/?page=2&token=[REDACTED]", main.URL)))
		Expect(other.requests.Load()).To(BeZero())
	})

	It("follows a same-origin redirect and still applies the client's own policy", func() {
		main = newIssueServer(7, false)
		DeferCleanup(main.Close)
		main.hook = func(w http.ResponseWriter, r *http.Request, page int) bool {
			if r.URL.Path == "/repos/old/r/issues" {
				http.Redirect(w, r, "/repos/o/r/issues?"+r.URL.RawQuery, http.StatusMovedPermanently)
				return true
			}
			return false
		}
		req, _ := http.NewRequest(http.MethodGet, main.URL+"/repos/old/r/issues?per_page=3", nil)
		req.Header.Set("Authorization", "Bearer t0k3n")
		pages, _, err := walk(paginate.Pages(ctx, main.Client(), req))
		Expect(err).NotTo(HaveOccurred())
		Expect(pages).To(Equal([]int{1, 2, 3}))
		for _, r := range main.requestsSeen() {
			Expect(r.Header.Get("Authorization")).To(Equal("Bearer t0k3n"))
		}

		refusing := main.Client()
		refusing.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
		for p, err := range paginate.Pages(ctx, refusing, req) {
			Expect(err).NotTo(HaveOccurred())
			Expect(p.Response.StatusCode).To(Equal(http.StatusMovedPermanently))
		}
		Expect(refusing.CheckRedirect(nil, nil)).To(Equal(http.ErrUseLastResponse))
	})
})

// catalogFunc is a paginate.Catalog made of a function.
type catalogFunc func(method, url, name string) bool

func (f catalogFunc) DeclaresQuery(method, url, name string) bool { return f(method, url, name) }

// A RoundTripper's response whose Request has no URL made Pages panic.
var _ = Describe("Pages, given a response whose Request has no URL", Label("regression"), func() {
	DescribeTable("walks from the request it sent instead of panicking",
		func(status int, body string, wantErr error) {
			var sent []string
			c := &http.Client{Transport: roundTrip(func(r *http.Request) (*http.Response, error) {
				sent = append(sent, r.URL.RequestURI())
				h := http.Header{}
				if len(sent) == 1 {
					h.Set("Link", `</repos/o/r/issues?page=2>; rel="next"`)
				}
				return &http.Response{StatusCode: status, Header: h, Body: io.NopCloser(strings.NewReader(body)), Request: &http.Request{}}, nil
			})}
			req, err := http.NewRequest(http.MethodGet, "https://api.github.com/repos/o/r/issues", nil)
			Expect(err).NotTo(HaveOccurred())
			var pages []*paginate.Page
			var walkErr error
			Expect(func() {
				for p, e := range paginate.Pages(context.Background(), c, req) {
					if e != nil {
						walkErr = e
						break
					}
					pages = append(pages, p)
				}
			}).NotTo(Panic())
			if wantErr != nil {
				Expect(walkErr).To(MatchError(wantErr))
				Expect(walkErr.Error()).To(ContainSubstring(`"https://api.github.com/repos/o/r/issues"`))
				return
			}
			Expect(walkErr).NotTo(HaveOccurred())
			Expect(sent).To(Equal([]string{"/repos/o/r/issues", "/repos/o/r/issues?page=2"}))
			Expect(pages).To(HaveLen(2))
			Expect(pages[0].Response.Request.URL.String()).To(Equal("https://api.github.com/repos/o/r/issues"))
		},
		Entry("a list", 200, `[1]`, nil),
		Entry("an error status", 404, `{"message":"Not Found"}`, paginate.ErrStatus),
	)
})

// endlessTransport answers every page with a list of one item and a
// link to the next one, padded to linkPad bytes: a server that never
// ends. (Empty pages would end the walk with ErrNoProgress.)
type endlessTransport struct{ pad string }

func (t endlessTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	n, _ := strconv.Atoi(r.URL.Query().Get("page"))
	link := "<https://api.test/x?page=" + strconv.Itoa(n+1) + "&pad=" + t.pad + `>; rel="next"`
	return &http.Response{StatusCode: 200, Header: http.Header{"Link": {link}, "Content-Type": {"application/json"}},
		Body: io.NopCloser(strings.NewReader("[1]")), Request: r}, nil
}

// A walk kept every page's link whole to see loops: endless long links held all.
var _ = It("remembers a walk's pages in a few bytes each, however long their links", Label("regression"), func() {
	const pages, linkPad = 2000, 4096
	c := &http.Client{Transport: endlessTransport{pad: strings.Repeat("a", linkPad)}}
	req, err := http.NewRequest(http.MethodGet, "https://api.test/x?page=1", nil)
	Expect(err).NotTo(HaveOccurred())
	var before, during runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	n := 0
	for page, err := range paginate.Pages(context.Background(), c, req) {
		Expect(err).NotTo(HaveOccurred())
		if n++; page.Number == pages {
			runtime.GC()
			runtime.ReadMemStats(&during)
			break
		}
	}
	Expect(n).To(Equal(pages))
	grown := int64(during.HeapAlloc) - int64(before.HeapAlloc)
	// Whole links would be pages × linkPad = 8 MB.
	Expect(grown).To(BeNumerically("<", pages*linkPad/8), "heap grew by %d bytes over %d pages", grown, pages)
})
