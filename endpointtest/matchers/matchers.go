// Package matchers holds Gomega matchers for requests: an
// *http.Request, a builder.RequestOptions or a Call an
// endpointtest.Server recorded. Each is built on the endpointtest matcher
// of the same check, so the two report a mismatch in the same words,
// with credentials masked:
//
//	Expect(req).To(matchers.MatchRoute("GET /repos/{owner}/{repo}/issues").Where("owner", "octokit"))
//	Expect(req).To(matchers.HaveQuery("state", "open"))
//	Expect(req).To(matchers.HaveHeader("accept", "application/vnd.github.v3+json"))
//	Expect(req).To(matchers.HaveJSONFields(`{"title": "Found a bug"}`))
//	Expect(srv.Calls("POST /repos/{owner}/{repo}/issues")).To(ContainElement(matchers.MatchJSONBody(want)))
//
// It lives apart from endpointtest so that a program using endpointtest
// with plain testing does not link Gomega.
package matchers

import (
	"errors"
	"fmt"

	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/endpointtest"
	"github.com/onsi/gomega/types"
)

// Matcher is a Gomega matcher made of an endpointtest.Matcher. The zero
// Matcher holds none: its Match is an error wrapping
// endpointtest.ErrMatcher, as is Satisfy(nil)'s and a nil *Matcher's.
type Matcher struct {
	m       endpointtest.Matcher
	lastErr error
	summary string
}

var _ types.GomegaMatcher = (*Matcher)(nil)

// Satisfy makes a Gomega matcher of any endpointtest.Matcher, yours
// included. A nil m fails every Match with endpointtest.ErrMatcher.
func Satisfy(m endpointtest.Matcher) *Matcher { return &Matcher{m: m} }

// Match implements types.GomegaMatcher: actual is what
// endpointtest.CallOf takes. A value that is no request is an error, not
// a mismatch.
func (m *Matcher) Match(actual any) (bool, error) {
	c, err := endpointtest.CallOf(actual)
	if err != nil {
		return false, err
	}
	if m == nil {
		return false, endpointtest.MatchCall(c, nil) // ErrMatcher
	}
	m.summary = firstLine(c.String())
	if m.m == nil {
		// MatchCall's error for a nil matcher, not a mismatch that
		// NotTo would pass.
		m.lastErr = endpointtest.MatchCall(c, nil)
	} else {
		m.lastErr = m.m.MatchCall(c)
	}
	var e *endpointtest.Error
	if errors.As(m.lastErr, &e) && !errors.Is(e.Err, endpointtest.ErrMismatch) {
		return false, m.lastErr // a broken expectation, such as an invalid route
	}
	return m.lastErr == nil, nil
}

// FailureMessage implements types.GomegaMatcher: how the request differs.
func (m *Matcher) FailureMessage(actual any) string {
	if m == nil {
		return "endpointtest: the request does not match <nil>"
	}
	if m.lastErr == nil {
		return fmt.Sprintf("endpointtest: the request does not match %s", shown(m.m))
	}
	return m.lastErr.Error()
}

// shown is a matcher as messages print it: one of the caller's may show
// a URL with its credentials, as endpointtest.Not masks them.
func shown(m endpointtest.Matcher) string {
	if m == nil {
		return "<nil>"
	}
	return builder.RedactURL(m.String())
}

// NegatedFailureMessage implements types.GomegaMatcher.
func (m *Matcher) NegatedFailureMessage(actual any) string {
	if m == nil {
		return "endpointtest: the request matches <nil>, want it not to"
	}
	return fmt.Sprintf("endpointtest: %s: matches %s, want it not to", m.summary, shown(m.m))
}

func firstLine(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' {
			return s[:i]
		}
	}
	return s
}

// RouteMatcher is MatchRoute's matcher; Where adds parameters to check.
// The zero RouteMatcher holds no matcher, as the zero Matcher; its Where
// gives one of endpointtest's zero RouteMatcher, which is refused with
// endpointtest.ErrRoute. A nil *RouteMatcher is as a nil *Matcher, and
// its Where as the zero RouteMatcher's.
type RouteMatcher struct {
	Matcher
	route *endpointtest.RouteMatcher
}

// MatchRoute succeeds for a request whose method and path fit route, as
// endpointtest.Route matches them.
func MatchRoute(route string) *RouteMatcher {
	r := endpointtest.Route(route)
	return &RouteMatcher{Matcher: Matcher{m: r}, route: r}
}

// Where returns a copy of m that also wants the route's parameter called
// name to have the text value; see endpointtest.RouteMatcher.Where.
func (m *RouteMatcher) Where(name, value string) *RouteMatcher {
	var r *endpointtest.RouteMatcher
	if m != nil {
		r = m.route
	}
	r = r.Where(name, value)
	return &RouteMatcher{Matcher: Matcher{m: r}, route: r}
}

// Match implements types.GomegaMatcher, as Matcher.Match.
func (m *RouteMatcher) Match(actual any) (bool, error) { return m.matcher().Match(actual) }

// FailureMessage implements types.GomegaMatcher, as Matcher.FailureMessage.
func (m *RouteMatcher) FailureMessage(actual any) string {
	return m.matcher().FailureMessage(actual)
}

// NegatedFailureMessage implements types.GomegaMatcher, as
// Matcher.NegatedFailureMessage.
func (m *RouteMatcher) NegatedFailureMessage(actual any) string {
	return m.matcher().NegatedFailureMessage(actual)
}

// matcher is m's Matcher; nil for a nil m.
func (m *RouteMatcher) matcher() *Matcher {
	if m == nil {
		return nil
	}
	return &m.Matcher
}

// HaveMethod succeeds for a request with that method, in any case.
func HaveMethod(method string) *Matcher { return Satisfy(endpointtest.Method(method)) }

// HaveQuery succeeds for a request whose query has name with exactly
// these values, or with none given, any; see endpointtest.Query.
func HaveQuery(name string, values ...string) *Matcher {
	return Satisfy(endpointtest.Query(name, values...))
}

// HaveHeader succeeds for a request with the header name (any case)
// having exactly these values, or with none given, any; see
// endpointtest.Header.
func HaveHeader(name string, values ...string) *Matcher {
	return Satisfy(endpointtest.Header(name, values...))
}

// MatchJSONBody succeeds for a request whose body is the JSON value want,
// members in any order; see endpointtest.JSONBody.
func MatchJSONBody(want any) *Matcher { return Satisfy(endpointtest.JSONBody(want)) }

// HaveJSONFields succeeds for a request whose JSON object body holds the
// members of want; see endpointtest.JSONFields.
func HaveJSONFields(want any) *Matcher { return Satisfy(endpointtest.JSONFields(want)) }
