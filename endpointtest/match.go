package endpointtest

import (
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/headers"
	"github.com/endpointkit/endpoint/internal/quote"
	"github.com/endpointkit/endpoint/internal/value"
)

// Matcher is one expectation about a request. The matchers of this
// package, and the Gomega matchers of endpointtest/matchers built on
// them, implement it; so may yours.
type Matcher interface {
	// MatchCall returns nil when c meets the expectation, else an *Error
	// wrapping ErrMismatch that says how c differs, credentials masked.
	MatchCall(c *Call) error
	// String describes the expectation, for messages.
	String() string
}

// Match checks a request against every matcher and returns nil, or one
// *Error that lists every mismatch. req is what [CallOf] takes: an
// *http.Request, builder.RequestOptions or a recorded *Call. A nil
// matcher is an error wrapping ErrMatcher, not a match: it expects
// nothing, and a test must not pass by accident.
func Match(req any, ms ...Matcher) error {
	c, err := CallOf(req)
	if err != nil {
		return err
	}
	return MatchCall(c, ms...)
}

// MatchCall is Match for a Call. A nil c is refused with ErrRequest, as
// Match refuses a nil request.
func MatchCall(c *Call, ms ...Matcher) error {
	if c == nil {
		return nilCall()
	}
	var all *Error
	for i, m := range ms {
		var err error
		if m == nil {
			err = nilMatcher(c, fmt.Sprintf("matcher %d of %d is nil", i+1, len(ms)))
		} else {
			err = m.MatchCall(c)
		}
		if err == nil {
			continue
		}
		if all == nil {
			all = &Error{Request: c.summary(), Err: ErrMismatch}
		}
		var e *Error
		if errors.As(err, &e) {
			all.Problems = append(all.Problems, e.Problems...)
			all.Causes = append(all.Causes, e.Causes...)
			if e.Err != ErrMismatch {
				all.Err = e.Err
			}
			continue
		}
		// A matcher of the caller's may quote the request as it is.
		all.Problems = append(all.Problems, builder.RedactURL(err.Error()))
		all.Causes = append(all.Causes, err)
	}
	if all == nil {
		return nil
	}
	return all
}

func mismatch(c *Call, problems ...string) error {
	return &Error{Request: c.summary(), Problems: problems, Err: ErrMismatch}
}

// nilCall is the error for a nil *Call, the one CallOf gives.
func nilCall() error { return notRequest((*Call)(nil)) }

// nilMatcher is the error for a nil matcher: not a mismatch, which Not
// would turn into a match.
func nilMatcher(c *Call, what string) error {
	return &Error{Request: c.summary(), Problems: []string{what + "; it expects nothing, so it cannot pass"}, Err: ErrMatcher}
}

// RouteMatcher matches a request's method and path against a route
// written as the builder takes it, and its parameters with Where. The
// zero RouteMatcher, and a nil one, is Route(""): an invalid route,
// refused with ErrRoute.
type RouteMatcher struct {
	route string
	pat   *pattern
	err   error
	where builder.Params
}

// Route matches a request to a route such as
// "GET /repos/{owner}/{repo}/issues", in reverse: the method must be the
// route's (any method, for a route without one) and the path must be an
// expansion of its template. Query values the template does not name are
// allowed. A request under a GitHub Enterprise Server API root
// (/api/v3, /api/uploads) matches without it. A path of more than 256
// "/", ",", ".", ";", "&" and "=" does not match a template that has
// more than plain {name} segments (such as {/path*}), whose matching
// would take time in the square of their number.
func Route(route string) *RouteMatcher {
	m := &RouteMatcher{route: route}
	m.pat, m.err = compileRoute(route)
	return m
}

// Where returns a copy of m that also wants the route's parameter (a path
// variable or a query value) called name to have the text value: a
// []string value is compared joined with ",".
func (m *RouteMatcher) Where(name, value string) *RouteMatcher {
	var d RouteMatcher
	if m != nil {
		d = *m
	}
	d.where = d.where.With(name, value)
	return &d
}

// String describes the expectation, credentials masked.
func (m *RouteMatcher) String() string {
	s := "route " + m.shownRoute()
	if m == nil {
		return s
	}
	for _, p := range m.where {
		s += fmt.Sprintf(", %s=%q", p.Name, redactParam(p.Name, p.Value.(string)))
	}
	return s
}

// Params matches req (as [CallOf] takes it) and returns its parameters:
// path variables in the template's order, then query values in the order
// sent.
func (m *RouteMatcher) Params(req any) (builder.Params, error) {
	c, err := CallOf(req)
	if err != nil {
		return nil, err
	}
	params, err := m.match(c)
	if err != nil {
		return nil, err
	}
	return params, nil
}

// shownRoute is the route as messages show it: a route may carry a
// literal token (?access_token=…) or user information.
func (m *RouteMatcher) shownRoute() string {
	if m == nil {
		return ""
	}
	return builder.RedactURL(m.route)
}

// compiled returns the route's pattern; the zero RouteMatcher, which
// Route did not compile, is Route("").
func (m *RouteMatcher) compiled() (*pattern, error) {
	if m == nil || (m.pat == nil && m.err == nil) {
		return compileRoute("")
	}
	return m.pat, m.err
}

func (m *RouteMatcher) match(c *Call) (builder.Params, error) {
	pat, err := m.compiled()
	if err != nil {
		// The template's errors quote the route too.
		return nil, &Error{Request: strconv.Quote(m.shownRoute()), Problems: []string{builder.RedactURL(err.Error())}, Err: ErrRoute, Causes: []error{err}}
	}
	if c == nil {
		return nil, nilCall()
	}
	q := parseQuery(c.RawQuery)
	for _, path := range candidatePaths(c.Path, stripPrefixes) {
		if _, ok := pat.matchPath(path); ok {
			if pat.method != "" && c.Method != pat.method {
				return nil, mismatch(c, fmt.Sprintf("method is %s, want %s (route %s)", c.Method, pat.method, m.shownRoute()))
			}
			if !pat.matchQuery(q) {
				return nil, mismatch(c, fmt.Sprintf("the query lacks %s (route %s)", pat.missingLits(q), m.shownRoute()))
			}
			params, _ := pat.match(c.Method, path, q)
			return params, nil
		}
	}
	return nil, mismatch(c, pat.explainPath(c.Path, m.shownRoute()))
}

// MatchCall implements Matcher.
func (m *RouteMatcher) MatchCall(c *Call) error {
	params, err := m.match(c)
	if err != nil {
		return err
	}
	var problems []string
	for _, w := range m.where { // m is not nil: match refused a nil one
		want := w.Value.(string)
		got, ok := params.Get(w.Name)
		if !ok {
			problems = append(problems, fmt.Sprintf("parameter %q is missing, want %q", w.Name, redactParam(w.Name, want)))
			continue
		}
		text := paramText(got)
		if text != want {
			if builder.IsSensitiveParam(w.Name) {
				problems = append(problems, fmt.Sprintf("parameter %q is %s, want %s (the values differ)", w.Name, builder.RedactedValue, builder.RedactedValue))
			} else {
				g, x := builder.RedactURL(text), builder.RedactURL(want)
				problems = append(problems, fmt.Sprintf("parameter %q is %q, want %q", w.Name, g, x)+differs(g == x))
			}
		}
	}
	if problems != nil {
		return mismatch(c, problems...)
	}
	return nil
}

func paramText(v any) string {
	switch t := v.(type) {
	case string:
		return t
	case []string:
		return strings.Join(t, ",")
	}
	return fmt.Sprint(v)
}

// redactParam masks a sensitive parameter's value whole, and any URL
// credentials in another's.
func redactParam(name, v string) string {
	if builder.IsSensitiveParam(name) {
		return builder.RedactedValue
	}
	return builder.RedactURL(v)
}

// differs notes, when masking made two different values look alike,
// that they differ.
func differs(alike bool) string {
	if alike {
		return " (the values differ)"
	}
	return ""
}

// missingLits lists the template's literal query pairs q lacks.
func (p *pattern) missingLits(q []queryPair) string {
	var miss []string
	for _, want := range p.queryLits {
		if !slices.Contains(q, want) {
			miss = append(miss, want.name+"="+redactParam(want.name, want.value))
		}
	}
	return strings.Join(miss, ", ")
}

// explainPath says why an escaped path does not fit p; route is the
// route as shown, credentials masked.
func (p *pattern) explainPath(escaped, route string) string {
	shown := quote.Cut(builder.RedactURL(escaped), 200)
	if !p.simple || !strings.HasPrefix(escaped, "/") {
		return fmt.Sprintf("path %s does not fit the route %s", shown, route)
	}
	segs := strings.Split(escaped[1:], "/")
	if len(segs) != len(p.segs) {
		return fmt.Sprintf("path %s has %d segments, the route %s has %d", shown, len(segs), route, len(p.segs))
	}
	for i, s := range segs {
		if p.segs[i].isVar {
			continue
		}
		if u := unescapePath(s); u != p.segs[i].lit {
			// A segment may decode to a URL ("https:%2F%2Fu:p@h").
			return fmt.Sprintf("path %s does not fit the route %s: segment %d is %q, want %q", shown, route, i+1, builder.RedactURL(u), builder.RedactURL(p.segs[i].lit))
		}
	}
	return fmt.Sprintf("path %s does not fit the route %s", shown, route)
}

type methodMatcher struct{ method string }

// Method matches a request whose method is method, in any case.
func Method(method string) Matcher { return methodMatcher{strings.ToUpper(method)} }

func (m methodMatcher) String() string { return "method " + m.method }

func (m methodMatcher) MatchCall(c *Call) error {
	if c == nil {
		return nilCall()
	}
	if c.Method == m.method {
		return nil
	}
	return mismatch(c, fmt.Sprintf("method is %s, want %s", c.Method, m.method))
}

type queryMatcher struct {
	name   string
	values []string
}

// Query matches a request whose query has name with exactly these values,
// in order (one value for name=v, several for name=a&name=b), or with no
// values given, whatever they are. Values are compared decoded.
func Query(name string, values ...string) Matcher {
	return queryMatcher{name: name, values: slices.Clone(values)}
}

func (m queryMatcher) String() string {
	if len(m.values) == 0 {
		return fmt.Sprintf("query has %q", m.name)
	}
	return fmt.Sprintf("query %q is %s", m.name, m.show(m.values))
}

// quoteValues writes one value quoted, several as a quoted list, with
// URL credentials masked: any value may hold a URL (?next=, Referer).
// Masking comes before quoting, which would hide a value's end.
func quoteValues(vs []string) string {
	if len(vs) == 1 {
		return strconv.Quote(builder.RedactURL(vs[0]))
	}
	q := make([]string, len(vs))
	for i, v := range vs {
		q[i] = strconv.Quote(builder.RedactURL(v))
	}
	return "[" + strings.Join(q, ", ") + "]"
}

func (m queryMatcher) show(vs []string) string {
	if builder.IsSensitiveParam(m.name) {
		return builder.RedactedValue
	}
	return quoteValues(vs)
}

func (m queryMatcher) MatchCall(c *Call) error {
	if c == nil {
		return nilCall()
	}
	var got []string
	var names []string
	seen := map[string]bool{}
	for _, kv := range parseQuery(c.RawQuery) {
		if kv.name == m.name {
			got = append(got, kv.value)
		} else if !seen[kv.name] {
			seen[kv.name] = true
			names = append(names, kv.name)
		}
	}
	switch {
	case got == nil:
		has := "it has no query"
		if len(names) > 0 {
			has = "it has " + builder.RedactURL(strings.Join(names, ", "))
			if s := nearest(m.name, names); s != nil {
				has += didYouMean(s)
			}
		}
		if len(m.values) == 0 {
			return mismatch(c, fmt.Sprintf("query has no %q; %s", m.name, has))
		}
		return mismatch(c, fmt.Sprintf("query has no %q, want %s; %s", m.name, m.show(m.values), has))
	case len(m.values) == 0 || slices.Equal(got, m.values):
		return nil
	case builder.IsSensitiveParam(m.name):
		return mismatch(c, fmt.Sprintf("query %q is %s, want %s (the values differ)", m.name, builder.RedactedValue, builder.RedactedValue))
	}
	return mismatch(c, fmt.Sprintf("query %q is %s, want %s", m.name, m.show(got), m.show(m.values))+differs(m.show(got) == m.show(m.values)))
}

type headerMatcher struct {
	name   string
	values []string
}

// Header matches a request with the header name (any case) having
// exactly these values, in order, or with no values given, any value.
func Header(name string, values ...string) Matcher {
	return headerMatcher{name: http.CanonicalHeaderKey(name), values: slices.Clone(values)}
}

func (m headerMatcher) String() string {
	if len(m.values) == 0 {
		return fmt.Sprintf("header %q is set", m.name)
	}
	return fmt.Sprintf("header %q is %s", m.name, m.show(m.values))
}

func (m headerMatcher) show(vs []string) string {
	if headers.IsSensitive(m.name) {
		masked := make([]string, len(vs))
		for i, v := range vs {
			masked[i] = maskHeader(v)
		}
		vs = masked
	}
	return quoteValues(vs)
}

func (m headerMatcher) MatchCall(c *Call) error {
	if c == nil {
		return nilCall()
	}
	got := c.Header.Values(m.name)
	switch {
	case len(got) == 0:
		if len(m.values) == 0 {
			return mismatch(c, fmt.Sprintf("header %q is missing", m.name))
		}
		return mismatch(c, fmt.Sprintf("header %q is missing, want %s", m.name, m.show(m.values)))
	case len(m.values) == 0 || slices.Equal(got, m.values):
		return nil
	}
	return mismatch(c, fmt.Sprintf("header %q is %s, want %s", m.name, m.show(got), m.show(m.values))+differs(m.show(got) == m.show(m.values)))
}

type jsonMatcher struct {
	want   value.Value
	err    error
	fields bool
}

// JSONBody matches a request whose body is the JSON value want, with
// object members in any order and numbers compared by value. want is
// JSON text as a string, []byte or json.RawMessage, or any other Go value,
// encoded as encoding/json would.
func JSONBody(want any) Matcher {
	v, err := jsonValue(want)
	return jsonMatcher{want: v, err: err}
}

// JSONFields matches a request whose body is a JSON object holding at
// least the members of want (an object, given as for [JSONBody]), each
// equal to want's; other members are allowed.
func JSONFields(want any) Matcher {
	v, err := jsonValue(want)
	if err == nil && v.Kind() != value.Object {
		err = fmt.Errorf("JSONFields wants a JSON object, not %s", v.Kind())
	}
	return jsonMatcher{want: v, err: err, fields: true}
}

func (m jsonMatcher) String() string {
	if m.fields {
		return "JSON body has " + show(m.want)
	}
	return "JSON body " + show(m.want)
}

func (m jsonMatcher) MatchCall(c *Call) error {
	if c == nil {
		return nilCall()
	}
	if m.err != nil {
		return &Error{Request: c.summary(), Problems: []string{"invalid expected JSON: " + m.err.Error()}, Err: ErrMismatch, Causes: []error{m.err}}
	}
	want := "want " + show(m.want)
	switch {
	case c.stream:
		return mismatch(c, "the body is a stream that cannot be read without consuming it, "+want)
	case len(c.Body) == 0:
		return mismatch(c, "the request has no body, "+want)
	}
	got, err := value.Decode(c.Body)
	if err != nil {
		return mismatch(c, fmt.Sprintf("the body is not JSON (%v): %s, %s", err, c.bodyText(), want))
	}
	if m.fields && got.Kind() != value.Object {
		return mismatch(c, fmt.Sprintf("the body is a JSON %s, want an object with %s", got.Kind(), show(m.want)))
	}
	var d differ
	d.diff("", got, m.want, false, m.fields)
	lines := d.result()
	if len(lines) == 0 {
		return nil
	}
	for i := range lines {
		lines[i] = "JSON body " + lines[i]
	}
	return mismatch(c, lines...)
}

type notMatcher struct{ m Matcher }

// Not matches a request that m does not match. A nil m is an error
// wrapping ErrMatcher, as in Match, and an error of m other than a
// mismatch (ErrMatcher, ErrRoute) passes through: Not(nil) and
// Not(Not(nil)) match no request.
func Not(m Matcher) Matcher { return notMatcher{m} }

func (n notMatcher) String() string {
	if n.m == nil {
		return "not <nil>"
	}
	// n.m may be a matcher of the caller's that shows a URL as it is.
	return "not " + builder.RedactURL(n.m.String())
}

func (n notMatcher) MatchCall(c *Call) error {
	if c == nil {
		return nilCall()
	}
	if n.m == nil {
		return nilMatcher(c, "the matcher of Not is nil")
	}
	err := n.m.MatchCall(c)
	if err == nil {
		return mismatch(c, "matches "+builder.RedactURL(n.m.String())+", want it not to")
	}
	var e *Error
	if errors.As(err, &e) && e.Err != ErrMismatch {
		return err // a broken matcher, not a mismatch
	}
	return nil
}

// authSchemes are the authentication schemes maskHeader keeps: IANA's
// HTTP Authentication Scheme Registry, and GitHub's "token".
var authSchemes = []string{
	"basic", "bearer", "digest", "token", "negotiate", "ntlm", "hoba", "mutual", "vapid",
	"scram-sha-1", "scram-sha-256", "aws4-hmac-sha256", "dpop", "gnap", "privatetoken", "concealed",
}

// maskHeader masks a credential header's value, keeping a known
// authentication scheme ("Bearer", "token", "Basic"), which is no secret
// and often what differs. Any other first word may be the credential
// itself (a bare token, a cookie), so the whole value is masked.
func maskHeader(v string) string {
	scheme, _, ok := strings.Cut(v, " ")
	if ok && slices.ContainsFunc(authSchemes, func(s string) bool { return strings.EqualFold(s, scheme) }) {
		return scheme + " " + builder.RedactedValue
	}
	return builder.RedactedValue
}
