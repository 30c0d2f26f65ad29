package paginate_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
)

// issue is what the test servers list.
type issue struct {
	Number int    `json:"number"`
	Title  string `json:"title"`
}

// issueServer serves GET /repos/o/r/issues like GitHub: page and per_page
// query values (defaults 1 and 30), a JSON array of issues 1..total, and
// a Link header with next/last on every page but the last and prev/first
// on every page but the first, in GitHub's order.
type issueServer struct {
	*httptest.Server
	total    int
	search   bool // wrap pages as {"total_count", "incomplete_results", "items"}
	relative bool // write links as "/repos/o/r/issues?..." instead of absolute
	requests atomic.Int32
	mu       sync.Mutex
	seen     []*http.Request // clones of what arrived, in order
	// hook, when set, may answer a request itself (return true).
	hook func(w http.ResponseWriter, r *http.Request, page int) bool
}

func newIssueServer(total int, tls bool) *issueServer {
	s := &issueServer{total: total}
	h := http.HandlerFunc(s.serve)
	if tls {
		s.Server = httptest.NewTLSServer(h)
	} else {
		s.Server = httptest.NewServer(h)
	}
	return s
}

func (s *issueServer) serve(w http.ResponseWriter, r *http.Request) {
	s.requests.Add(1)
	s.mu.Lock()
	s.seen = append(s.seen, r.Clone(r.Context()))
	s.mu.Unlock()
	q := r.URL.Query()
	page, per := 1, 30
	if v := q.Get("page"); v != "" {
		page, _ = strconv.Atoi(v)
	}
	if v := q.Get("per_page"); v != "" {
		per, _ = strconv.Atoi(v)
	}
	if s.hook != nil && s.hook(w, r, page) {
		return
	}
	if r.URL.Path != "/repos/o/r/issues" || page < 1 || per < 1 {
		http.NotFound(w, r)
		return
	}
	last := max(1, (s.total+per-1)/per)
	base := "/repos/o/r/issues"
	if !s.relative {
		scheme := "http"
		if r.TLS != nil {
			scheme = "https"
		}
		base = scheme + "://" + r.Host + base
	}
	link := func(p int, rel string) string {
		return fmt.Sprintf(`<%s?per_page=%d&page=%d>; rel="%s"`, base, per, p, rel)
	}
	var links []string
	if page > 1 {
		links = append(links, link(page-1, "prev"))
	}
	if page < last {
		links = append(links, link(page+1, "next"), link(last, "last"))
	}
	if page > 1 {
		links = append(links, link(1, "first"))
	}
	if len(links) > 0 {
		w.Header().Set("Link", strings.Join(links, ", "))
	}
	items := []issue{}
	for n := (page-1)*per + 1; n <= min(page*per, s.total); n++ {
		items = append(items, issue{n, "issue " + strconv.Itoa(n)})
	}
	w.Header().Set("Content-Type", "application/json")
	var body any = items
	if s.search {
		body = map[string]any{"total_count": s.total, "incomplete_results": false, "items": items}
	}
	_ = json.NewEncoder(w).Encode(body)
}

func (s *issueServer) requestsSeen() []*http.Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]*http.Request(nil), s.seen...)
}

// countingServer counts every request it receives and answers 200 "[]".
type countingServer struct {
	*httptest.Server
	requests atomic.Int32
}

func newCountingServer() *countingServer {
	s := &countingServer{}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.requests.Add(1)
		_, _ = io.WriteString(w, "[]")
	}))
	return s
}

// trackingTransport counts the response bodies it hands out and how many
// were closed.
type trackingTransport struct {
	base           http.RoundTripper
	opened, closed atomic.Int32
}

func (t *trackingTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	resp, err := t.base.RoundTrip(r)
	if resp != nil && resp.Body != nil {
		t.opened.Add(1)
		resp.Body = &trackedBody{ReadCloser: resp.Body, t: t}
	}
	return resp, err
}

type trackedBody struct {
	io.ReadCloser
	t    *trackingTransport
	once sync.Once
}

func (b *trackedBody) Close() error {
	b.once.Do(func() { b.t.closed.Add(1) })
	return b.ReadCloser.Close()
}

// response builds a response to a GET of reqURL with the given Link lines,
// for Next and Links without a network.
func response(reqURL string, links ...string) *http.Response {
	req, err := http.NewRequest(http.MethodGet, reqURL, nil)
	if err != nil {
		panic(err)
	}
	h := http.Header{}
	for _, l := range links {
		h.Add("Link", l)
	}
	return &http.Response{StatusCode: 200, Header: h, Request: req, Body: http.NoBody}
}

// hostOf returns host:port of a test server URL.
func hostOf(serverURL string) string {
	return strings.TrimPrefix(strings.TrimPrefix(serverURL, "http://"), "https://")
}
