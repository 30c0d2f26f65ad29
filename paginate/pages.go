package paginate

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/maphash"
	"io"
	"iter"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/endpointkit/endpoint/internal/quote"
)

// DefaultMaxPageSize is the most [Pages] reads of one body unless
// [MaxPageSize] says otherwise: 32 MiB, some thirty times the largest page
// GitHub serves at per_page=100.
const DefaultMaxPageSize = 32 << 20

// Page is one response of a walk. Its body has been read and closed:
// Body holds the bytes and Response.Body is http.NoBody, so the caller
// has nothing to close.
type Page struct {
	// Number counts pages from 1.
	Number int
	// Response is the page's response: status, headers and Request
	// (after redirects, the last one).
	Response *http.Response
	// Body is the whole response body.
	Body []byte
}

// pageView is a Page as fmt prints it.
type pageView struct {
	Number   int
	Response responseRef
	Body     string
}

// responseRef prints a response as its address whatever the verb: fmt
// would show the struct, headers and all, for a verb such as %s.
type responseRef struct{ r *http.Response }

// Format implements fmt.Formatter.
func (r responseRef) Format(s fmt.State, verb rune) {
	switch {
	case verb == 'v' && s.Flag('#') && r.r == nil:
		_, _ = io.WriteString(s, "(*http.Response)(nil)")
	case verb == 'v' && s.Flag('#'):
		_, _ = fmt.Fprintf(s, "(*http.Response)(%p)", r.r)
	case r.r == nil:
		_, _ = io.WriteString(s, "<nil>")
	default:
		_, _ = fmt.Fprintf(s, "%p", r.r)
	}
}

// Format prints p for every fmt verb with the body as text, credentials
// masked as in a [StatusError]'s %#v: a list may hold tokens. Response
// prints as its address only.
func (p Page) Format(s fmt.State, verb rune) {
	out := fmt.Sprintf(fmt.FormatString(s, verb), pageView{Number: p.Number, Response: responseRef{p.Response}, Body: redactBody(p.Body)})
	if verb == 'v' && s.Flag('#') {
		out = strings.Replace(out, "paginate.pageView", "paginate.Page", 1)
	}
	_, _ = io.WriteString(s, out)
}

// Option configures [Pages] and [Items]. A nil Option is skipped.
type Option func(*config)

type config struct {
	maxPages    int
	maxPageSize int64
	perPage     int
	catalog     Catalog
}

// MaxPages stops the walk, without an error, after n pages; n <= 0 means
// no limit (the default). Call [Links] or [Next] on the last page's
// Response to learn whether there was more.
func MaxPages(n int) Option { return func(c *config) { c.maxPages = n } }

// MaxPageSize bounds the bytes read of one body, so that a hostile server
// cannot exhaust memory; a larger page ends the walk with [ErrTooLarge].
// n <= 0 means [DefaultMaxPageSize].
func MaxPageSize(n int64) Option { return func(c *config) { c.maxPageSize = n } }

// PerPage sets the per_page query value of the first request to n when its
// URL has no per_page already; later pages take theirs from the server's
// next link, which on GitHub repeats it. n <= 0 changes nothing. GitHub
// accepts 1 to 100 and defaults to 30, so PerPage(100) saves two requests in
// three. See also [WithCatalog], which sets it where the operation takes
// it.
func PerPage(n int) Option { return func(c *config) { c.perPage = n } }

// Catalog says whether the operation a request addresses declares a query
// parameter; *catalog.Catalog (catalog/github.Catalog() for GitHub) is
// one.
type Catalog interface {
	DeclaresQuery(method, url, name string) bool
}

// WithCatalog makes per_page default to [MaxPerPage] when c says the
// operation of the first request declares a per_page query parameter and
// the request has none: GitHub's lists then take a third of the requests.
// A [PerPage] option wins over it.
func WithCatalog(c Catalog) Option { return func(cfg *config) { cfg.catalog = c } }

// MaxPerPage is the largest per_page GitHub accepts.
const MaxPerPage = 100

// Pages sends req with c (http.DefaultClient when nil) under ctx, yields
// each page and follows rel="next" links until a page has none. The walk
// is pinned to the scheme and host of req: a next link or a redirect
// elsewhere ends it with [ErrForeignHost] before anything is sent there
// (Pages runs c with a CheckRedirect that refuses such redirects, then
// defers to c's own). Later requests are built as [Next] builds them.
//
// The walk ends after yielding an error: a status of 400 or more
// ([*StatusError]), a body larger than [MaxPageSize] ([ErrTooLarge]), a
// transport or context error (wrapped in an [*Error] with the URL, so
// errors.Is(err, context.Canceled) holds), or a bad next link. A page
// whose next link is bad is yielded before the error. A req that is not
// a GET yields [ErrMethod] and sends nothing.
//
// Two more next links are bad because following them gets nowhere; both
// errors wrap [ErrNoProgress]:
//
//   - one back to a page the walk has requested or been redirected to
//     ([ErrLoop]). The walk remembers at least the last 16,384 of them,
//     in 16 bytes each, and forgets older ones so that its memory stays
//     bounded: a cycle of up to 16,384 pages ends;
//   - one from the tenth page in a row without an item. A page has no
//     item when its body is empty, an empty JSON array, or an object of
//     GitHub's list shape (see [Decode]) with an empty array; an object
//     is only looked at when it is at most 4 KiB, since one with an empty
//     array is some sixty bytes. Ten, not one: a list filtered after it
//     is paged, or a search that timed out (incomplete_results), can
//     answer an empty page and go on after it; ten in a row are a server
//     that is stuck, which the rule stops after ten requests where only
//     the context or [MaxPages] would.
//
// @octokit/plugin-paginate-rest follows next links as long as they come,
// and go-github leaves the loop to the caller; a loop of your own over
// [Next] is held to neither rule, only to Next's link to the page itself.
//
// A nil ctx means req's own context.
//
// Pages reads and closes every body before yielding (see [Page]), so
// breaking out of the loop leaks nothing. It never modifies req; each
// range over the result walks again from req.
func Pages(ctx context.Context, c *http.Client, req *http.Request, opts ...Option) iter.Seq2[*Page, error] {
	var cfg config
	cfg.apply(opts)
	return func(yield func(*Page, error) bool) {
		ctx, first, err := firstRequest(ctx, req, &cfg)
		if err != nil {
			yield(nil, err)
			return
		}
		o := originOf(first.URL)
		client := pinned(c, o, first.URL.User)
		r := first
		var seen walked
		emptyRun := 0 // pages in a row without an item, up to this one
		for n := 1; ; n++ {
			resp, body, err := fetchPage(ctx, client, r, &seen, cfg.maxPageSize)
			if err != nil {
				yield(nil, err)
				return
			}
			if emptyPage(body) {
				emptyRun++
			} else {
				emptyRun = 0
			}
			var nextReq *http.Request
			var nextErr error
			if cfg.maxPages <= 0 || n < cfg.maxPages {
				nextReq, nextErr = followNext(ctx, resp, first, o, &seen, n, emptyRun)
			}
			if !yield(&Page{Number: n, Response: resp, Body: body}, nil) {
				return
			}
			if nextErr != nil {
				yield(nil, nextErr)
				return
			}
			if nextReq == nil {
				return
			}
			r = nextReq
		}
	}
}

// apply sets cfg to the defaults with opts over them. It fills a config
// in place, rather than returning one, so that Pages allocates one only.
func (cfg *config) apply(opts []Option) {
	*cfg = config{maxPageSize: DefaultMaxPageSize}
	for _, o := range opts {
		if o == nil { // skipped, as endpointtest.NewServer skips one
			continue
		}
		o(cfg)
	}
	if cfg.maxPageSize <= 0 {
		cfg.maxPageSize = DefaultMaxPageSize
	}
}

// firstRequest checks req and returns the context of the walk and the
// first request: a clone of req under it, with per_page as cfg asks.
func firstRequest(ctx context.Context, req *http.Request, cfg *config) (context.Context, *http.Request, error) {
	if req == nil || req.URL == nil {
		return nil, nil, &Error{Op: "GET", Err: ErrNoRequest}
	}
	if !isGet(req.Method) {
		return nil, nil, &Error{Op: "GET", Input: inputText(req.URL.String()), Err: fmt.Errorf("%w: got %s", ErrMethod, quote.Cut(req.Method, 20))}
	}
	if ctx == nil { // as Pages documents; req.Clone would panic
		ctx = req.Context()
	}
	first := req.Clone(ctx)
	perPage := cfg.perPage
	if perPage <= 0 && cfg.catalog != nil && cfg.catalog.DeclaresQuery(http.MethodGet, first.URL.String(), "per_page") {
		perPage = MaxPerPage
	}
	if perPage > 0 && !hasQueryKey(first.URL.RawQuery, "per_page") {
		if first.URL.RawQuery != "" {
			first.URL.RawQuery += "&"
		}
		first.URL.RawQuery += "per_page=" + strconv.Itoa(perPage)
	}
	return ctx, first, nil
}

// fetchPage sends r and reads its page, remembering in seen both r and
// where a redirect led. A status of 400 or more and a body larger than
// maxSize are errors, in that order.
func fetchPage(ctx context.Context, client *http.Client, r *http.Request, seen *walked, maxSize int64) (*http.Response, []byte, error) {
	seen.add(r.URL)
	resp, err := send(ctx, client, r)
	if err != nil {
		return nil, nil, err
	}
	if resp.Request == nil || resp.Request.URL == nil { // a RoundTripper may leave it unset
		resp.Request = r
	}
	seen.add(resp.Request.URL) // where a redirect led
	body, tooLarge, err := readBody(resp, maxSize)
	if err != nil {
		return nil, nil, &Error{Op: "read", Input: inputText(resp.Request.URL.String()), Err: err}
	}
	if resp.StatusCode >= 400 {
		return nil, nil, statusError(resp, body)
	}
	if tooLarge {
		return nil, nil, &Error{Op: "read", Input: inputText(resp.Request.URL.String()), Err: fmt.Errorf("%w: more than %d bytes", ErrTooLarge, maxSize)}
	}
	return resp, body, nil
}

// followNext returns the request for the page after page n, as next
// builds it, or the error that ends the walk there: next's own, a link
// back to a page in seen, or emptyRun pages in a row without an item.
func followNext(ctx context.Context, resp *http.Response, first *http.Request, o origin, seen *walked, n, emptyRun int) (*http.Request, error) {
	nextReq, err := next(ctx, resp, first, o)
	switch {
	case nextReq == nil:
		return nil, err
	case seen.has(nextReq.URL):
		// A cycle longer than one page (1 -> 2 -> 1), which
		// next cannot see: it would never end.
		return nil, &Error{Op: "next", Input: inputText(nextReq.URL.String()), Err: fmt.Errorf("%w (after page %d)", ErrLoop, n)}
	case emptyRun >= maxEmptyRun:
		return nil, &Error{Op: "next", Input: inputText(nextReq.URL.String()),
			Err: fmt.Errorf("%w: %d pages in a row without an item (pages %d to %d)", ErrNoProgress, emptyRun, n-emptyRun+1, n)}
	}
	return nextReq, err
}

// maxEmptyRun is how many pages in a row without an item a walk takes;
// a next link on the last of them ends it with ErrNoProgress (see Pages
// for why ten).
const maxEmptyRun = 10

// maxEmptyObject is the largest object page emptyPage decodes. An object
// of GitHub's list shape with an empty array is some sixty bytes; a
// larger one without items is padded on purpose, by a server that could
// as well send one item a page, which no rule on items can stop.
const maxEmptyObject = 4 << 10

// emptyPage reports whether a page body holds no item, as Decode and
// Items read it: blank, an empty JSON array, or a small object of the
// list shape whose array is empty. Anything else, a list with items and a
// body that is no list at all, is not empty: only a page known to be
// empty counts towards ErrNoProgress.
func emptyPage(body []byte) bool {
	b := trimSpace(body)
	switch {
	case len(b) == 0:
		return true
	case b[0] == '[':
		b = trimSpace(b[1:])
		return len(b) > 0 && b[0] == ']' && len(trimSpace(b[1:])) == 0
	case b[0] == '{' && len(body) <= maxEmptyObject:
		items, _, err := decodeList[json.RawMessage](body)
		return err == nil && len(items) == 0
	}
	return false
}

// trimSpace drops JSON white space from the start of b.
func trimSpace(b []byte) []byte {
	for len(b) > 0 && (b[0] == ' ' || b[0] == '\t' || b[0] == '\n' || b[0] == '\r') {
		b = b[1:]
	}
	return b
}

// rememberedPages is how many page keys one generation of a walk's
// memory holds; see walked.
const rememberedPages = 1 << 14

// walked is the pages a walk has requested or been redirected to, by
// path and query (the walk is pinned to one origin), so that a next link
// back to any of them ends it.
//
// It keeps a 128-bit hash of each page's key, not the key: a hostile
// server's endless links, however long, cost it 16 bytes a page and the
// map's share. Two pages of a walk of 2^32 pages collide with odds of
// 2^-65, which would end it with ErrLoop.
//
// And it keeps two generations of at most rememberedPages hashes: when
// the current one is full, it becomes the previous one and the one before
// is dropped. So memory stays bounded (two maps of 16,384 entries, some
// 1.7 MB) however long a walk runs, and the last rememberedPages pages
// are always known: a cycle of up to that many pages ends with ErrLoop.
// A longer one, 1.6 million items at 100 a page, is bounded by MaxPages
// or the context, as an endless list of new pages is.
type walked struct {
	seeds     [2]maphash.Seed
	cur, prev map[[2]uint64]struct{}
}

func (w *walked) add(u *url.URL) {
	if w.cur == nil {
		w.seeds = [2]maphash.Seed{maphash.MakeSeed(), maphash.MakeSeed()}
		w.cur = make(map[[2]uint64]struct{})
	}
	h := w.hash(u)
	if _, ok := w.cur[h]; ok {
		return
	}
	if len(w.cur) >= rememberedPages {
		// clear keeps the map's buckets for the next generation, so the
		// two maps are all a walk ever allocates for them.
		w.prev, w.cur = w.cur, w.prev
		if w.cur == nil {
			w.cur = make(map[[2]uint64]struct{}, rememberedPages)
		}
		clear(w.cur)
	}
	w.cur[h] = struct{}{}
}

func (w *walked) has(u *url.URL) bool {
	if w.cur == nil {
		return false
	}
	h := w.hash(u)
	_, ok := w.cur[h]
	if !ok {
		_, ok = w.prev[h]
	}
	return ok
}

func (w *walked) hash(u *url.URL) [2]uint64 {
	k := pageKey(u)
	return [2]uint64{maphash.String(w.seeds[0], k), maphash.String(w.seeds[1], k)}
}

// pageKey is what tells two pages of one origin apart, for ErrLoop.
func pageKey(u *url.URL) string {
	// The same page however its link writes it: path and query decoded,
	// empty pairs dropped and the pairs sorted (?b=2&&a=%31 is ?a=1&b=2).
	q, err := url.ParseQuery(u.RawQuery)
	if err != nil {
		return u.EscapedPath() + "?" + u.RawQuery
	}
	delete(q, "")
	return u.Path + "?" + q.Encode()
}

// hasQueryKey reports whether a raw query has the key (as given, unescaped).
func hasQueryKey(rawQuery, key string) bool {
	for rawQuery != "" {
		var pair string
		pair, rawQuery, _ = strings.Cut(rawQuery, "&")
		k, _, _ := strings.Cut(pair, "=")
		if k == key {
			return true
		}
		if u, err := url.QueryUnescape(k); err == nil && u == key {
			return true
		}
	}
	return false
}

// pinned returns a copy of c whose CheckRedirect refuses redirects that
// leave o, before they are sent.
func pinned(c *http.Client, o origin, user *url.Userinfo) *http.Client {
	if c == nil {
		c = http.DefaultClient
	}
	cc := *c
	check := c.CheckRedirect
	cc.CheckRedirect = func(r *http.Request, via []*http.Request) error {
		if !sameUser(r.URL.User, user) {
			return foreignError("redirect", r.URL, fmt.Errorf("%w: redirect carries user information", ErrForeignHost))
		}
		if !o.matches(r.URL) {
			return foreignError("redirect", r.URL, fmt.Errorf("%w: walk is pinned to %s", ErrForeignHost, o))
		}
		if check != nil {
			return check(r, via)
		}
		if len(via) >= 10 { // net/http's default policy
			return errors.New("stopped after 10 redirects")
		}
		return nil
	}
	return &cc
}

// send sends r and turns a failure into an *Error that names the URL with
// credentials masked (net/http's *url.Error shows the query as it is).
func send(ctx context.Context, c *http.Client, r *http.Request) (*http.Response, error) {
	in := func() string { return inputText(r.URL.String()) }
	if err := ctx.Err(); err != nil {
		return nil, &Error{Op: "GET", Input: in(), Err: err}
	}
	resp, err := c.Do(r)
	if err == nil {
		return resp, nil
	}
	var pe *Error
	if errors.As(err, &pe) {
		return nil, pe // refused by CheckRedirect
	}
	if ctxErr := ctx.Err(); ctxErr != nil {
		return nil, &Error{Op: "GET", Input: in(), Err: ctxErr}
	}
	var ue *url.Error
	if errors.As(err, &ue) {
		err = ue.Err
	}
	return nil, &Error{Op: "GET", Input: in(), Err: err}
}

// firstRead bounds the first allocation of a page's buffer.
const firstRead = 1 << 20

// readBody reads at most max bytes of resp.Body, closes it and replaces
// it with http.NoBody. tooLarge reports a body longer than max; body then
// holds its first max bytes.
func readBody(resp *http.Response, max int64) (body []byte, tooLarge bool, err error) {
	rc := resp.Body
	resp.Body = http.NoBody
	if rc == nil {
		return nil, false, nil
	}
	defer rc.Close()
	// The buffer grows as bytes arrive: a Content-Length only sizes it up
	// to a first allocation, so that a header alone cannot claim memory.
	size := int64(512)
	if n := resp.ContentLength; n >= 0 {
		size = min(n, max, firstRead) + 1 // room for the read that reports EOF
	}
	b := make([]byte, 0, size)
	limit := max + 1 // one byte more tells a body that is too large
	if limit < 0 {
		limit = max // MaxPageSize(math.MaxInt64)
	}
	r := io.LimitReader(rc, limit)
	for {
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)]
		}
		m, err := r.Read(b[len(b):cap(b)])
		b = b[:len(b)+m]
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, false, err
		}
	}
	if int64(len(b)) > max {
		return b[:max], true, nil
	}
	return b, false, nil
}

// statusError builds the error for a page with status >= 400, taking
// GitHub's message and documentation_url from a JSON body.
func statusError(resp *http.Response, body []byte) *StatusError {
	e := &StatusError{
		StatusCode: resp.StatusCode,
		URL:        inputText(resp.Request.URL.String()),
		Header:     resp.Header,
		Body:       body,
	}
	var gh struct {
		Message          string `json:"message"`
		DocumentationURL string `json:"documentation_url"`
	}
	if json.Unmarshal(body, &gh) == nil {
		e.Message, e.DocumentationURL = gh.Message, gh.DocumentationURL
	}
	return e
}
