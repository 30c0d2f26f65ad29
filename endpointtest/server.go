package endpointtest

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/catalog"
	"github.com/endpointkit/endpoint/template"
)

// T is the part of testing.TB a Server uses to report failures and to
// close itself: *testing.T, *testing.B, testing.TB and Ginkgo's GinkgoT()
// satisfy it. Errorf may be called from the server's goroutines.
//
// A failure found in a call of the test (NewServer, Handle, Calls,
// LoadFixtures …) is reported at the test's line: every function on the
// way calls Helper. A request's failure is found on the server's
// goroutine, where no line of the test is: for a *testing.T or B it is
// reported at the line that called NewServer, and through Errorf
// otherwise.
type T interface {
	Helper()
	Errorf(format string, args ...any)
	Fatalf(format string, args ...any)
	Cleanup(func())
}

// Server is a fake API server for tests: an *httptest.Server (its URL is
// promoted; Client and Close call its own) that answers the routes
// registered with Handle, records every request, and with [WithCatalog]
// checks each one against an API description. It is safe for concurrent
// use.
//
// A nil *Server, or a zero Server, which no NewServer started, has no
// routes and no calls: the methods this package defines (Handle,
// Requests, Calls, Reset, Close, Client, Err) do nothing and return nil.
// What the embedded *httptest.Server brings is reached through that
// pointer, which only NewServer sets: its fields (URL, Listener, TLS,
// Config) and the methods only it has (Start, StartTLS,
// CloseClientConnections, Certificate) panic on a nil or zero Server, as
// on a nil *httptest.Server. They are not defined again here: URL is a
// field, which no method can stand in for without breaking srv.URL, and
// the others are of no use on a server that is not running.
type Server struct {
	*httptest.Server

	t T
	// at is the file:line of the test that called NewServer, where a
	// request's failure is reported (see T).
	at   string
	cat  *catalogIndex
	mu   sync.Mutex
	r    router
	hs   []*handler
	log  []*Call
	rate *RateLimit
	// broken is why NewServer failed; every call is answered 500 with it.
	broken *Error
}

type handler struct {
	reply Reply
	calls int
}

// Option configures a Server.
type Option func(*config) error

type config struct {
	cat  *catalog.Catalog
	rate *RateLimit
}

// WithCatalog checks every request against c: the route must be one of
// c's operations, and every parameter (path, query and body) one the
// operation takes, in the place it takes it, with a type and value its
// schema allows, and none it requires may be missing. A request that
// fails fails the test with a message that says what was sent and what
// was probably meant, and is answered 404 (unknown route) or 422 with
// GitHub's error body. Use catalog/github's Catalog for GitHub, or
// catalog/openapi to load any OpenAPI 3.0 or 3.1 description.
//
// Values are read back in their parameter's style (catalog.Style), as
// the builder writes them: a label or matrix path (/users/.5,
// /points/;x=1;y=2), items split at a pipeDelimited "|" or a
// spaceDelimited space, a deepObject's filter[status] pairs gathered into
// its object, and the names an operation does not declare taken as the
// members of its one exploded form object, if it has one. A call's Params
// hold the query pairs as sent.
//
// An operation whose path the server cannot match, a template that does
// not parse (/a/{b c}, which the builder cannot build either) or one
// that reads the same requests as an operation before it (the same
// method and path but for its variables' names, or for a fragment, which
// is never sent: /files/{id}#shared_link after /files/{id}), is left out
// rather than failing NewServer: one odd operation of a description the
// test does not own leaves the others of use, as it does for the
// builder. A request for it is an unknown route whose message names the
// operations of its method left out, and [Server.Err] lists them all.
func WithCatalog(c *catalog.Catalog) Option {
	return func(cfg *config) error {
		if c == nil {
			return fmt.Errorf("WithCatalog: nil catalogue")
		}
		cfg.cat = c
		return nil
	}
}

// WithRateLimit makes the server keep GitHub's rate-limit count from
// rl: every response carries the x-ratelimit-* headers, each request
// uses one, and once none remains the server answers 403 "API rate limit
// exceeded", as GitHub does, until the test ends.
func WithRateLimit(rl RateLimit) Option {
	return func(cfg *config) error {
		if rl.Limit < 0 || rl.Remaining < 0 || rl.Used < 0 {
			return fmt.Errorf("WithRateLimit: negative count")
		}
		if rl.Remaining == 0 && rl.Used == 0 {
			rl.Remaining = rl.Limit
		}
		if rl.Reset.IsZero() {
			rl.Reset = time.Now().Add(time.Hour).Truncate(time.Second)
		}
		cfg.rate = &rl
		return nil
	}
}

// NewServer starts a Server that t.Cleanup closes. t reports the
// requests that fit no route or, with WithCatalog, not the API; a nil t
// reports nothing (the calls still carry Err) and the caller must Close
// the server. A nil Option is skipped.
//
// An option that fails, such as WithCatalog(nil), fails the test at
// once. NewServer still returns a running Server, never nil: it answers
// every request 500, and each Call's Err and [Server.Err] (ErrRoute)
// say why, which is how a nil t learns of it. A catalogue operation the
// server cannot match fails nothing: see WithCatalog.
func NewServer(t T, opts ...Option) *Server {
	if t != nil {
		t.Helper()
	}
	s := &Server{t: t, at: callerLine()}
	s.configure(opts)
	if s.broken != nil {
		s.fatal(s.broken)
	}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	if t != nil {
		t.Cleanup(s.Close)
	}
	return s
}

// configure applies opts, or records in s.broken why it cannot.
func (s *Server) configure(opts []Option) {
	s.r.prefixes = stripPrefixes
	var cfg config
	for _, o := range opts {
		if o == nil {
			continue
		}
		if err := o(&cfg); err != nil {
			s.broken = &Error{Request: "NewServer", Problems: []string{err.Error()}, Err: ErrRoute, Causes: []error{err}}
			return
		}
	}
	if cfg.cat != nil {
		s.cat = newCatalogIndex(cfg.cat)
		s.r.prefixes = s.cat.r.prefixes
	}
	s.rate = cfg.rate
}

// Err returns what NewServer could not do, as an *Error wrapping
// ErrRoute: the option that failed, after which the server answers
// every request 500; or else the operations of the WithCatalog
// catalogue it leaves out, one problem each, with the errors behind
// them in Causes (a *template.Error for a path that does not parse). It
// returns nil when NewServer did all it was asked, and for a nil or zero
// Server. Each call returns a new *Error.
func (s *Server) Err() error {
	switch {
	case s == nil:
		return nil
	case s.broken != nil:
		e := *s.broken
		e.Problems, e.Causes = slices.Clone(e.Problems), slices.Clone(e.Causes)
		return &e
	case s.cat == nil || len(s.cat.left) == 0:
		return nil
	}
	e := &Error{Request: "NewServer", Err: ErrRoute}
	for _, l := range s.cat.left {
		e.Problems = append(e.Problems, l.problem)
		e.Causes = append(e.Causes, l.err)
	}
	return e
}

func (s *Server) fatal(err error) {
	if s.t != nil {
		s.t.Helper()
		s.t.Fatalf("%v", err)
	}
}

// Handle registers a reply for a route written as the builder takes it:
// "GET /repos/{owner}/{repo}/issues" (":owner" works too; a route
// without a method takes any). Requests are matched in reverse: the
// method, then the path against the template; the parameters found, path
// and query, reach a [Func] reply in [Call.Params], the body in
// [Call.Fields]. Registering a route again replaces its reply.
//
// When several routes fit a path, the most precise wins: segments are
// compared from the left, and at the first that differs a literal
// segment beats one mixing text and expressions ({base}...{head}), which
// beats an expression alone. So "GET /repos/{o}/{r}/issues" wins over
// "GET /repos/{o}/{r}/{x}" for /repos/a/b/issues, and the latter serves
// /repos/a/b/pulls. Then the route with more segments wins, then one with
// more literal query pairs ("POST /responses?beta=true" over "POST
// /responses", for a request that has beta=true), then one with a
// method, then the one registered first.
//
// An invalid route, or a reply whose fixture cannot be read, fails the
// test at once; with WithCatalog, a route the catalogue does not have
// fails it too (and is registered anyway).
func (s *Server) Handle(route string, reply Reply) {
	if s == nil {
		return
	}
	if s.t != nil {
		s.t.Helper()
	}
	p, err := s.compileRoute(route)
	if err != nil {
		s.fatal(routeError(route, err, ErrRoute))
		return
	}
	if err := reply.check(); err != nil {
		s.fatal(err)
		return
	}
	if s.cat != nil && p.method != "" {
		if _, err := s.cat.cat.Lookup(p.method, p.route[len(p.method)+1:]); err != nil {
			s.errorf(routeError(route, err, ErrAPI))
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if i, replaced := s.r.add(p); replaced {
		s.hs[i] = &handler{reply: reply}
		return
	}
	s.hs = append(s.hs, &handler{reply: reply})
}

// compileRoute compiles a handler's route as the package's compileRoute
// does, v6's :name included, but for an operation's path written as the
// catalogue has it, whose colons are literal ({model}:generateContent),
// as the builder reads it; and, for an operation whose path parameters
// have a style (label, matrix, explode), as its template writes them
// (/users/{.id} for /users/{id}), so that the handler reads id=5 from
// /users/.5. The route stays the one registered.
func (s *Server) compileRoute(route string) (*pattern, error) {
	method, target, err := splitRoute(route)
	if err != nil {
		return nil, err
	}
	parse := template.Parse
	if s.cat != nil && method != "" {
		if op, err := s.cat.cat.Lookup(method, target); err == nil && op.Path == target {
			if styledPath(op) {
				p, err := compileOperation(op)
				if err == nil {
					p.route = method + " " + target
				}
				return p, err
			}
			if strings.IndexByte(target, ':') >= 0 {
				parse = template.ParseRFC6570
			}
		}
	}
	return compileTemplate(method, target, parse)
}

// styledPath reports whether a path parameter of op has a style its
// template writes (see catalog.Style).
func styledPath(op *catalog.Operation) bool {
	for _, p := range op.Params {
		if p.In == catalog.Path && (p.Style == catalog.StyleLabel || p.Style == catalog.StyleMatrix || p.Explode) {
			return true
		}
	}
	return false
}

// routeError reports a route that cannot be used. A route may carry a
// literal token or user information, and err may quote it. The route is
// the Request: the catalogue's and the builder's errors about it are said
// by their reason alone.
func routeError(route string, err, sentinel error) *Error {
	problem := err.Error()
	var ce *catalog.Error
	var be *builder.Error
	switch {
	case errors.As(err, &ce):
		problem = ce.Reason()
	case errors.As(err, &be) && be.Input == route && be.Err != nil:
		problem = be.Err.Error()
		if x, ok := be.Err.(interface{ Reason() string }); ok {
			problem = x.Reason()
		}
	}
	return &Error{Request: strconv.Quote(builder.RedactURL(route)), Problems: []string{builder.RedactURL(problem)}, Err: sentinel, Causes: []error{err}}
}

// Requests returns every request received so far, in order, as copies;
// nil for a nil Server.
func (s *Server) Requests() []*Call {
	if s == nil {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]*Call, len(s.log))
	for i, c := range s.log {
		out[i] = c.Clone()
	}
	return out
}

// Calls returns the requests that matched route, in order, as copies: a
// route registered with Handle, or with WithCatalog, an operation of the
// catalogue ("GET /repos/{owner}/{repo}/issues"). Variable names need not
// be the registered ones: "GET /repos/{o}/{r}/issues" finds the same
// calls. An invalid route fails the test. A nil Server has no calls.
func (s *Server) Calls(route string) []*Call {
	if s == nil {
		return nil
	}
	if s.t != nil {
		s.t.Helper()
	}
	p, err := compileRoute(route)
	if err != nil {
		if s.t != nil {
			s.t.Errorf("%v", routeError(route, err, ErrRoute))
		}
		return nil
	}
	want := shape(p.route)
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []*Call
	for _, c := range s.log {
		if (c.Route != "" && shape(c.Route) == want) || (c.Operation != nil && shape(c.Operation.String()) == want) {
			out = append(out, c.Clone())
		}
	}
	return out
}

// Reset forgets the requests recorded so far and restarts every Sequence
// reply; routes stay registered. A nil Server has nothing to reset.
func (s *Server) Reset() {
	if s == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.log = nil
	for _, h := range s.hs {
		h.calls = 0
	}
}

// Close shuts the server down, as httptest.Server.Close does; for a nil
// or zero Server it does nothing.
func (s *Server) Close() {
	if s == nil || s.Server == nil {
		return
	}
	s.Server.Close()
}

// Client returns an HTTP client for the server, as
// httptest.Server.Client does; nil for a nil or zero Server.
func (s *Server) Client() *http.Client {
	if s == nil || s.Server == nil {
		return nil
	}
	return s.Server.Client()
}

var exprRE = regexp.MustCompile(`\{[^{}]*\}`)

// shape writes every expression of a route as "{}".
func shape(route string) string { return exprRE.ReplaceAllString(route, "{}") }

// errorf fails the test with err from a call of the test, at the test's
// line. Ginkgo's Fail panics after recording the failure; the panic is
// stopped here, so that the call goes on.
func (s *Server) errorf(err error) {
	if s.t == nil {
		return
	}
	s.t.Helper()
	defer func() { _ = recover() }()
	s.t.Errorf("%v", err)
}

// report fails the test with a request's failure, from the server's
// goroutine: at the line that called NewServer for a *testing.T or B
// (see T), through Errorf otherwise. A panic (Ginkgo's Fail, a test that
// has ended) is stopped here, so that the server still answers.
func (s *Server) report(err error) {
	if s.t == nil {
		return
	}
	defer func() { _ = recover() }()
	if tb := testingTB(s.t); tb != nil && s.at != "" {
		// Output writes as Errorf does, but for the line: a goroutine of
		// net/http has none of the test's.
		_, _ = fmt.Fprintf(tb.Output(), "%s: %s\n", s.at, strings.ReplaceAll(err.Error(), "\n", "\n    "))
		tb.Fail()
		return
	}
	s.t.Errorf("%v", err)
}

// serve answers one request.
func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	c, q, resp := readCall(r)
	if resp != nil {
		s.finish(w, c, resp)
		return
	}
	if s.broken != nil {
		c.Err = &Error{Request: c.summary(), Problems: []string{s.broken.Request + ": " + strings.Join(s.broken.Problems, "; ")}, Err: s.broken.Err, Causes: []error{s.broken}}
		s.finish(w, c, errorResponse(http.StatusInternalServerError, s.broken.Error(), nil))
		return
	}
	resp = s.checkCall(c, q)

	s.mu.Lock()
	h, n, notFound := s.handlerFor(c, q)
	rate, limited := s.spendRate()
	s.mu.Unlock()
	if notFound != nil {
		resp = notFound
	}

	var err error
	switch {
	case resp != nil:
	case limited:
		resp = errorResponse(http.StatusForbidden, "API rate limit exceeded for "+hostOf(r.RemoteAddr)+". (But here's the good news: Authenticated requests get a higher rate limit. Check out the documentation for more details.)", nil)
		resp.header.Set("Retry-After", "60")
	default:
		resp, err = h.reply.resolve(c, n, s.URL, 0)
		if err != nil {
			c.Err = &Error{Request: c.summary(), Problems: []string{builder.RedactURL("the reply for " + c.Route + " failed: " + err.Error())}, Err: ErrFixture, Causes: []error{err}}
			resp = errorResponse(http.StatusInternalServerError, "endpointtest: "+err.Error(), nil)
		}
	}
	if s.rate != nil && resp.header.Get("X-Ratelimit-Limit") == "" {
		rate.setHeaders(resp.header)
	}
	s.finish(w, c, resp)
}

// readCall reads a request into a Call and its query pairs. A body that
// cannot be read leaves the Call with its error and the answer to give.
func readCall(r *http.Request) (*Call, []queryPair, *response) {
	c := &Call{Method: r.Method, Path: r.URL.EscapedPath(), RawQuery: r.URL.RawQuery, Header: r.Header.Clone()}
	body, err := readAll(r.Body)
	if err != nil {
		c.Err = &Error{Request: c.summary(), Problems: []string{"reading the body: " + err.Error()}, Err: ErrRequest, Causes: []error{err}}
		if errors.Is(err, errBodyTooLarge) {
			return c, nil, errorResponse(http.StatusRequestEntityTooLarge, "Request body too large", nil)
		}
		// A body cut short or malformed (a bad chunk): no size to blame.
		return c, nil, errorResponse(http.StatusBadRequest, "Problems reading the request body", nil)
	}
	if len(body) > 0 {
		c.Body = body
	}
	q := parseQuery(c.RawQuery)
	c.Params = appendQuery(nil, q, nil)
	c.Fields = bodyFields(c.Body)
	return c, q, nil
}

// checkCall checks a call before any handler sees it: its method's case,
// then the catalogue's operation. It returns the error answer, if any.
func (s *Server) checkCall(c *Call, q []queryPair) *response {
	if up := strings.ToUpper(c.Method); up != c.Method {
		// Methods are case-sensitive (RFC 9110, section 9.1): "get" is
		// not GET to a server, whatever a lenient one does.
		c.Err = &Error{Request: c.summary(), Problems: []string{fmt.Sprintf("method %q is not upper case; HTTP methods are case-sensitive (RFC 9110, section 9.1), so a server does not read it as %s", c.Method, up)}, Err: ErrMethod}
		return errorResponse(http.StatusBadRequest, "Bad Request", nil)
	}
	if s.cat == nil {
		return nil
	}
	op, probs := s.cat.check(c, q)
	c.Operation = op
	if len(probs) == 0 {
		return nil
	}
	e := &Error{Request: c.summary(), Err: ErrAPI}
	for _, p := range probs {
		e.Problems = append(e.Problems, p.text)
		if p.cause != nil {
			e.Causes = append(e.Causes, p.cause)
		}
	}
	c.Err = e
	if op == nil {
		return errorResponse(http.StatusNotFound, "Not Found", fieldErrors(nil, probs))
	}
	return errorResponse(http.StatusUnprocessableEntity, "Validation Failed", fieldErrors(op, probs))
}

// handlerFor finds the call's handler and counts the call, with s.mu
// held; n is how many calls it had before. With none, a call not failed
// already is, and gets the answer notFound.
func (s *Server) handlerFor(c *Call, q []queryPair) (h *handler, n int, notFound *response) {
	i, params, ok := s.r.find(c.Method, c.Path, q)
	if ok {
		h = s.hs[i]
		c.Route = s.r.pats[i].route
		c.Params = params
		n = h.calls
		h.calls++
	} else if c.Err == nil {
		c.Err = s.noHandler(c)
		notFound = errorResponse(http.StatusNotFound, "Not Found", nil)
	}
	return h, n, notFound
}

// spendRate takes one request from the rate limit, if the server has
// one, with s.mu held: it returns the limit after, and whether none was
// left.
func (s *Server) spendRate() (rate RateLimit, limited bool) {
	if s.rate == nil {
		return rate, false
	}
	if s.rate.Remaining == 0 {
		limited = true
	} else {
		s.rate.Remaining--
		s.rate.Used++
	}
	return *s.rate, limited
}

func hostOf(addr string) string {
	if i := strings.LastIndexByte(addr, ':'); i >= 0 {
		return addr[:i]
	}
	return addr
}

// finish records the call and reports its failure before it writes the
// response, so that a client that has its answer finds the call recorded
// and the failure reported.
func (s *Server) finish(w http.ResponseWriter, c *Call, resp *response) {
	c.Status = resp.status
	s.mu.Lock()
	s.log = append(s.log, c)
	s.mu.Unlock()
	if c.Err != nil {
		s.report(c.Err)
	}
	for name, vs := range resp.header {
		w.Header()[name] = vs
	}
	w.WriteHeader(resp.status)
	if len(resp.body) > 0 && resp.status != http.StatusNoContent && resp.status != http.StatusNotModified && c.Method != http.MethodHead {
		_, _ = w.Write(resp.body)
	}
}

func errorResponse(status int, message string, errs []map[string]string) *response {
	body, _ := json.Marshal(githubError{Message: message, Errors: errs, DocumentationURL: DocumentationURL})
	return &response{status: status, header: jsonHeader(), body: body}
}

// noHandler explains a request no route fits: a route whose path fits
// under another method, else the nearest routes, else what there is.
// Called with s.mu held.
func (s *Server) noHandler(c *Call) error {
	e := &Error{Request: c.summary(), Err: ErrNoHandler}
	var sameShape []string
	for _, path := range candidatePaths(c.Path, s.r.prefixes) {
		for _, p := range s.r.pats {
			if _, ok := p.matchPath(path); ok && !p.matchMethod(c.Method) {
				sameShape = append(sameShape, builder.RedactURL(p.route))
			}
		}
	}
	switch {
	case len(sameShape) > 0:
		e.Problems = []string{fmt.Sprintf("no route for %s takes this path; the server has %s", c.Method, strings.Join(sameShape, ", "))}
	case len(s.r.pats) == 0:
		e.Problems = []string{"no route is registered; call Handle first"}
	default:
		routes := make([]string, len(s.r.pats))
		for i, p := range s.r.pats {
			routes[i] = builder.RedactURL(p.route)
		}
		if near := nearestRoutes(c.Method, c.Path, s.r.pats); len(near) > 0 {
			for i := range near {
				near[i] = builder.RedactURL(near[i])
			}
			e.Problems = []string{"no route matches" + didYouMean(near)}
		} else if len(routes) <= 5 {
			e.Problems = []string{"no route matches; the server has " + strings.Join(routes, ", ")}
		} else {
			e.Problems = []string{fmt.Sprintf("no route matches among the %d registered", len(routes))}
		}
	}
	return e
}

// nearestRoutes returns the registered routes whose literal segments are
// nearest to the path's, when close enough to be a typo.
func nearestRoutes(method, escaped string, pats []*pattern) []string {
	segs := strings.Split(strings.TrimPrefix(escaped, "/"), "/")
	best := -1
	var out []string
	for _, p := range pats {
		if !p.simple || len(p.segs) != len(segs) {
			continue
		}
		score, lits := 0, 0
		for k, sg := range p.segs {
			if !sg.isVar {
				score += distance(unescapePath(segs[k]), sg.lit)
				lits += len(sg.lit)
			}
		}
		if !p.matchMethod(method) {
			score++
		}
		if score > closeEnough(lits) {
			continue
		}
		switch {
		case best < 0 || score < best:
			best, out = score, []string{p.route}
		case score == best && len(out) < 3:
			out = append(out, p.route)
		}
	}
	return out
}
