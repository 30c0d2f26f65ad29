package matchers_test

import (
	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/endpointtest"
	"github.com/endpointkit/endpoint/endpointtest/matchers"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

var _ = Describe("nil matchers", func() {
	ro := builder.RequestOptions{Method: "GET", URL: "/repos/octokit/rest.js"}

	It("take a nil *Matcher for one holding none: an error wrapping ErrMatcher, not a mismatch", func() {
		var m *matchers.Matcher
		ok, err := m.Match(ro)
		Expect(ok).To(BeFalse())
		Expect(err).To(MatchError(endpointtest.ErrMatcher))
		_, err = m.Match("not a request")
		Expect(err).To(MatchError(endpointtest.ErrRequest))
		Expect(m.FailureMessage(ro)).To(ContainSubstring("<nil>"))
		Expect(m.NegatedFailureMessage(ro)).To(ContainSubstring("<nil>"))
	})

	It("take a nil *RouteMatcher for a nil *Matcher, and its Where for the zero RouteMatcher's", func() {
		var m *matchers.RouteMatcher
		ok, err := m.Match(ro)
		Expect(ok).To(BeFalse())
		Expect(err).To(MatchError(endpointtest.ErrMatcher))
		Expect(m.FailureMessage(ro)).To(ContainSubstring("<nil>"))
		Expect(m.NegatedFailureMessage(ro)).To(ContainSubstring("<nil>"))
		ok, err = m.Where("owner", "octokit").Match(ro)
		Expect(ok).To(BeFalse())
		Expect(err).To(MatchError(endpointtest.ErrRoute))
	})
})
