package matchers_test

import (
	"context"
	"net/http"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/endpointtest"
	"github.com/endpointkit/endpoint/endpointtest/matchers"
)

var _ = Describe("Gomega matchers", func() {
	var ro builder.RequestOptions
	var hr *http.Request
	BeforeEach(func() {
		var err error
		ro, err = endpoint.Defaults(endpoint.WithHeader("authorization", "token s3cr3t")).
			Route("POST /repos/{owner}/{repo}/issues").Param("owner", "octokit").Param("repo", "rest.js").
			Param("title", "Found a bug").Param("labels", []string{"bug"}).Build()
		Expect(err).NotTo(HaveOccurred())
		hr, err = ro.HTTPRequest(context.Background())
		Expect(err).NotTo(HaveOccurred())
	})

	It("match RequestOptions and *http.Request alike", func() {
		for _, req := range []any{ro, &ro, hr} {
			Expect(req).To(matchers.MatchRoute("POST /repos/{owner}/{repo}/issues").Where("owner", "octokit"))
			Expect(req).To(matchers.HaveMethod("POST"))
			Expect(req).To(matchers.HaveHeader("authorization"))
			Expect(req).To(matchers.HaveHeader("Content-Type", "application/json; charset=utf-8"))
			Expect(req).To(matchers.MatchJSONBody(map[string]any{"labels": []string{"bug"}, "title": "Found a bug"}))
			Expect(req).To(matchers.HaveJSONFields(`{"title": "Found a bug"}`))
			Expect(req).NotTo(matchers.HaveQuery("state"))
		}
	})

	It("fail with the message of the endpointtest matcher, credentials masked", func() {
		m := matchers.HaveHeader("Authorization", "token other")
		ok, err := m.Match(ro)
		Expect(err).NotTo(HaveOccurred())
		Expect(ok).To(BeFalse())
		want := endpointtest.Match(ro, endpointtest.Header("Authorization", "token other"))
		Expect(m.FailureMessage(ro)).To(Equal(want.Error()))
		Expect(m.FailureMessage(ro)).To(Equal(`endpointtest: POST /repos/octokit/rest.js/issues: header "Authorization" is "token [REDACTED]", want "token [REDACTED]" (the values differ)`))

		r := matchers.MatchRoute("GET /repos/{owner}/{repo}/issues").Where("repo", "x")
		ok, err = r.Match(hr)
		Expect(err).NotTo(HaveOccurred())
		Expect(ok).To(BeFalse())
		Expect(r.FailureMessage(hr)).To(Equal("endpointtest: POST /repos/octokit/rest.js/issues: method is POST, want GET (route GET /repos/{owner}/{repo}/issues)"))
	})

	It("say what matched when negated", func() {
		m := matchers.HaveJSONFields(`{"title": "Found a bug"}`)
		ok, err := m.Match(hr)
		Expect(err).NotTo(HaveOccurred())
		Expect(ok).To(BeTrue())
		Expect(m.NegatedFailureMessage(hr)).To(Equal(`endpointtest: POST /repos/octokit/rest.js/issues: matches JSON body has {"title":"Found a bug"}, want it not to`))
	})

	It("adapt any endpointtest matcher", func() {
		Expect(ro).To(matchers.Satisfy(endpointtest.Not(endpointtest.Query("access_token"))))
	})

	It("return an error, not a mismatch, for what is no request or an invalid route", func() {
		_, err := matchers.HaveMethod("GET").Match("GET /x")
		Expect(err).To(MatchError(endpointtest.ErrRequest))
		Expect(err).To(MatchError("endpointtest: a string value: cannot inspect it as a request; want an *http.Request, builder.RequestOptions or *endpointtest.Call"))
		_, err = matchers.MatchRoute("GET /x/{").Match(ro)
		Expect(err).To(MatchError(endpointtest.ErrRoute))
		Expect(err).To(MatchError(HavePrefix(`endpointtest: "GET /x/{": template "/x/{"`)))
	})

	It("return an error, not a mismatch, for a zero or nil matcher", func() {
		var zero matchers.Matcher
		var zeroRoute matchers.RouteMatcher
		for _, m := range []*matchers.Matcher{&zero, matchers.Satisfy(nil), &zeroRoute.Matcher, matchers.Satisfy(endpointtest.Not(nil))} {
			ok, err := m.Match(ro)
			Expect(ok).To(BeFalse())
			Expect(err).To(MatchError(endpointtest.ErrMatcher))
		}
		ok, err := zeroRoute.Match(ro)
		Expect(ok).To(BeFalse())
		Expect(err).To(MatchError(endpointtest.ErrMatcher))
		ok, err = zeroRoute.Where("owner", "octokit").Match(ro)
		Expect(ok).To(BeFalse())
		Expect(err).To(MatchError(endpointtest.ErrRoute))
	})

	It("work on the calls a server recorded", func() {
		srv := endpointtest.NewServer(GinkgoT())
		srv.Handle("POST /repos/{owner}/{repo}/issues", endpointtest.Status(http.StatusCreated))
		resp, err := srv.Client().Do(must(endpoint.Defaults(endpoint.WithBaseURL(srv.URL)).Route("POST /repos/{owner}/{repo}/issues").
			Param("owner", "o").Param("repo", "r").Param("title", "t").Build()))
		Expect(err).NotTo(HaveOccurred())
		Expect(resp.Body.Close()).To(Succeed())
		Expect(srv.Calls("POST /repos/{owner}/{repo}/issues")).To(ContainElement(matchers.HaveJSONFields(`{"title": "t"}`)))
	})
})

func must(ro builder.RequestOptions, err error) *http.Request {
	Expect(err).NotTo(HaveOccurred())
	req, err := ro.HTTPRequest(context.Background())
	Expect(err).NotTo(HaveOccurred())
	return req
}

// leakyMatcher is a caller's matcher that matches everything and shows a
// URL with its credentials.
type leakyMatcher struct{}

func (leakyMatcher) String() string                       { return "to https://u:s3cr3t@h/x?access_token=t0k3n" }
func (leakyMatcher) MatchCall(c *endpointtest.Call) error { return nil }

// Failure messages printed a caller's own matcher as it showed itself, where
// endpointtest.Not masks it.
var _ = It("masks a caller's matcher in failure messages", Label("regression"), func() {
	m := matchers.Satisfy(leakyMatcher{})
	ok, err := m.Match(builder.RequestOptions{Method: "GET", URL: "https://h/x"})
	Expect(err).NotTo(HaveOccurred())
	Expect(ok).To(BeTrue())
	for _, msg := range []string{m.NegatedFailureMessage(nil), m.FailureMessage(nil)} {
		Expect(msg).NotTo(ContainSubstring("s3cr3t"))
		Expect(msg).NotTo(ContainSubstring("t0k3n"))
		Expect(msg).To(ContainSubstring("https://[REDACTED]@h/x?access_token=[REDACTED]"))
	}
})
