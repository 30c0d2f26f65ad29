package endpointtest_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/big"
	"math/rand/v2"
	"net/http"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/endpointtest"
)

var _ = Describe("matchers", func() {
	var ro builder.RequestOptions
	var hr *http.Request
	BeforeEach(func() {
		var err error
		ro, err = endpoint.Defaults(endpoint.WithHeader("authorization", "token s3cr3t")).
			Route("POST /repos/{owner}/{repo}/issues{?access_token}").
			Param("owner", "octokit").Param("repo", "rest.js").Param("access_token", "q-s3cr3t").
			Param("title", "Found a bug").Param("labels", []string{"bug", "ui"}).Param("milestone", 3).
			Build()
		Expect(err).NotTo(HaveOccurred())
		hr, err = ro.HTTPRequest(context.Background())
		Expect(err).NotTo(HaveOccurred())
	})

	// both runs a spec on the RequestOptions and on the *http.Request.
	both := func(f func(req any)) {
		f(ro)
		f(hr)
	}

	It("pass a request that meets every expectation", func() {
		both(func(req any) {
			Expect(endpointtest.Match(req,
				endpointtest.Route("POST /repos/{owner}/{repo}/issues").Where("owner", "octokit").Where("repo", "rest.js"),
				endpointtest.Method("post"),
				endpointtest.Query("access_token"),
				endpointtest.Header("AUTHORIZATION", "token s3cr3t"),
				endpointtest.Header("content-type"),
				endpointtest.JSONBody(`{"milestone": 3.0, "labels": ["bug", "ui"], "title": "Found a bug"}`),
				endpointtest.JSONFields(map[string]any{"title": "Found a bug"}),
				endpointtest.Not(endpointtest.Query("state")),
			)).To(Succeed())
		})
	})

	It("return the route's parameters, path then query", func() {
		both(func(req any) {
			ps, err := endpointtest.Route("POST /repos/{owner}/{repo}/issues").Params(req)
			Expect(err).NotTo(HaveOccurred())
			Expect(ps).To(Equal(builder.Params{{Name: "owner", Value: "octokit"}, {Name: "repo", Value: "rest.js"}, {Name: "access_token", Value: "q-s3cr3t"}}))
		})
	})

	It("list every mismatch in one error, with credentials masked", func() {
		both(func(req any) {
			err := endpointtest.Match(req,
				endpointtest.Route("POST /repos/{owner}/{repo}/isues"),
				endpointtest.Route("POST /repos/{owner}/{repo}/issues").Where("owner", "octokat").Where("access_token", "other"),
				endpointtest.Method("PATCH"),
				endpointtest.Query("state", "open"),
				endpointtest.Query("access_token", "other"),
				endpointtest.Header("Authorization", "token other"),
				endpointtest.Header("X-GitHub-Api-Version", "2022-11-28"),
				endpointtest.JSONBody(`{"title": "Found a bgu", "labels": ["bug"], "milestone": 3, "assignee": "octocat"}`),
				endpointtest.Not(endpointtest.Method("POST")),
			)
			Expect(errors.Is(err, endpointtest.ErrMismatch)).To(BeTrue())
			var e *endpointtest.Error
			Expect(errors.As(err, &e)).To(BeTrue())
			Expect(err.Error()).To(Equal(strings.Join([]string{
				"endpointtest: POST /repos/octokit/rest.js/issues?access_token=[REDACTED]:",
				`	path /repos/octokit/rest.js/issues does not fit the route POST /repos/{owner}/{repo}/isues: segment 4 is "issues", want "isues"`,
				`	parameter "owner" is "octokit", want "octokat"`,
				`	parameter "access_token" is [REDACTED], want [REDACTED] (the values differ)`,
				"	method is POST, want PATCH",
				`	query has no "state", want "open"; it has access_token`,
				`	query "access_token" is [REDACTED], want [REDACTED] (the values differ)`,
				`	header "Authorization" is "token [REDACTED]", want "token [REDACTED]" (the values differ)`,
				`	header "X-Github-Api-Version" is missing, want "2022-11-28"`,
				`	JSON body .title: got "Found a bug", want "Found a bgu"`,
				`	JSON body .labels: got ["bug","ui"], want ["bug"]`,
				`	JSON body .assignee: missing, want "octocat"`,
				"	matches method POST, want it not to",
			}, "\n")))
			Expect(err.Error()).NotTo(ContainSubstring("s3cr3t"))
		})
	})

	It("show the authentication scheme of a credential header, and nothing more", func() {
		req := builder.RequestOptions{Method: "get", URL: "/user", Headers: map[string]string{"authorization": "Bearer ghp_s3cr3t", "cookie": "a=s3cr3t"}}
		Expect(endpointtest.Match(req, endpointtest.Header("Authorization", "token ghp_s3cr3t"), endpointtest.Header("Cookie", "a=other"))).To(MatchError(strings.Join([]string{
			"endpointtest: GET /user:",
			`	header "Authorization" is "Bearer [REDACTED]", want "token [REDACTED]"`,
			`	header "Cookie" is "[REDACTED]", want "[REDACTED]" (the values differ)`,
		}, "\n")))
	})

	It("name the query a misspelt name was probably meant as", func() {
		req := builder.RequestOptions{Method: "get", URL: "/repos/o/r/issues?stat=open&per_page=100"}
		Expect(endpointtest.Match(req, endpointtest.Query("state", "open"))).To(MatchError(
			`endpointtest: GET /repos/o/r/issues?stat=open&per_page=100: query has no "state", want "open"; it has stat, per_page; did you mean stat?`))
	})

	Describe("JSON bodies", func() {
		It("compare up to member order, numbers by value, and show the path of each difference", func() {
			req := builder.RequestOptions{Method: "post", URL: "/x", Body: `{"a": {"b": [1, {"c": 1.0}], "d": null}, "e": "x", "token": "t1"}`}
			Expect(endpointtest.Match(req, endpointtest.JSONBody(`{"e": "x", "token": "t1", "a": {"d": null, "b": [1e0, {"c": 1}]}}`))).To(Succeed())
			err := endpointtest.Match(req, endpointtest.JSONBody(`{"e": "y", "token": "t2", "a": {"b": [1, {"c": 2}, 3], "f": true}}`))
			Expect(err).To(MatchError(strings.Join([]string{
				"endpointtest: POST /x:",
				`	JSON body .e: got "x", want "y"`,
				"	JSON body .token: got [REDACTED], want [REDACTED] (the values differ)",
				`	JSON body .a.b: got [1,{"c":1.0}], want [1,{"c":2},3]`,
				"	JSON body .a.f: missing, want true",
				"	JSON body .a.d: unexpected null",
			}, "\n")))
		})

		It("want some members only with JSONFields, deeper values whole", func() {
			req := builder.RequestOptions{Method: "post", URL: "/x", Body: `{"title": "t", "meta": {"a": 1, "b": 2}}`}
			Expect(endpointtest.Match(req, endpointtest.JSONFields(`{"meta": {"b": 2, "a": 1}}`))).To(Succeed())
			Expect(endpointtest.Match(req, endpointtest.JSONFields(`{"meta": {"a": 1}, "body": "x"}`))).To(MatchError(strings.Join([]string{
				"endpointtest: POST /x:",
				"	JSON body .meta.b: unexpected 2",
				`	JSON body .body: missing, want "x"`,
			}, "\n")))
			Expect(endpointtest.Match(req, endpointtest.JSONFields(`[1]`))).To(MatchError(ContainSubstring("JSONFields wants a JSON object, not array")))
		})

		It("refuse a nil matcher with ErrMatcher, not a match, inside Not too", func() {
			req := builder.RequestOptions{Method: "get", URL: "/x"}
			err := endpointtest.Match(req, nil)
			Expect(err).To(MatchError(endpointtest.ErrMatcher))
			Expect(err).To(MatchError("endpointtest: GET /x: matcher 1 of 1 is nil; it expects nothing, so it cannot pass"))
			err = endpointtest.Match(req, endpointtest.Method("GET"), nil, endpointtest.Method("POST"))
			Expect(err).To(MatchError(endpointtest.ErrMatcher))
			Expect(err).To(MatchError(ContainSubstring("matcher 2 of 3 is nil")))
			Expect(err).To(MatchError(ContainSubstring("method is GET, want POST")))
			for _, m := range []endpointtest.Matcher{endpointtest.Not(nil), endpointtest.Not(endpointtest.Not(nil))} {
				err = endpointtest.Match(req, m)
				Expect(err).To(MatchError(endpointtest.ErrMatcher), "%v", m)
				Expect(errors.Is(err, endpointtest.ErrMismatch)).To(BeFalse(), "%v", m)
			}
			Expect(endpointtest.Not(nil).String()).To(Equal("not <nil>"))
		})

		It("refuse a nil *Call with ErrRequest, as Match refuses a nil request", func() {
			Expect(endpointtest.Match(nil)).To(MatchError(endpointtest.ErrRequest))
			Expect(endpointtest.MatchCall(nil)).To(MatchError(endpointtest.ErrRequest))
			Expect(endpointtest.MatchCall(nil, endpointtest.Method("GET"))).To(MatchError(endpointtest.ErrRequest))
			for _, m := range []endpointtest.Matcher{
				endpointtest.Method("GET"), endpointtest.Query("a"), endpointtest.Header("a"),
				endpointtest.JSONBody(`{}`), endpointtest.JSONFields(`{}`), endpointtest.Route("GET /x"),
				endpointtest.Not(endpointtest.Method("GET")), endpointtest.Not(nil),
			} {
				Expect(m.MatchCall(nil)).To(MatchError(endpointtest.ErrRequest), "%v", m)
				Expect(endpointtest.MatchCall(nil, m)).To(MatchError(endpointtest.ErrRequest), "%v", m)
			}
		})

		It("say when there is no body, or it is not JSON, or a stream", func() {
			want := endpointtest.JSONBody(`{"a": 1}`)
			Expect(endpointtest.Match(builder.RequestOptions{Method: "get", URL: "/x"}, want)).To(MatchError(`endpointtest: GET /x: the request has no body, want {"a":1}`))
			Expect(endpointtest.Match(builder.RequestOptions{Method: "post", URL: "/x", Body: "a=1"}, want)).To(MatchError(HavePrefix(`endpointtest: POST /x: the body is not JSON (`)))
			broken := builder.RequestOptions{Method: "post", URL: "/x", Body: `{"password":"SECRET"`}
			Expect(endpointtest.Match(broken, want)).To(MatchError(ContainSubstring("(20 bytes of malformed JSON, not shown)")))
			Expect(endpointtest.Match(broken, want).Error()).NotTo(ContainSubstring("SECRET"))
			stream := struct{ io.Reader }{strings.NewReader(`{"a": 1}`)}
			Expect(endpointtest.Match(builder.RequestOptions{Method: "post", URL: "/x", Body: stream}, want)).To(MatchError(
				`endpointtest: POST /x: the body is a stream that cannot be read without consuming it, want {"a":1}`))
		})
	})

	Describe("CallOf", func() {
		It("reads an *http.Request's body through GetBody, leaving Body unread", func() {
			c, err := endpointtest.CallOf(hr)
			Expect(err).NotTo(HaveOccurred())
			Expect(c.Body).To(MatchJSON(`{"title":"Found a bug","labels":["bug","ui"],"milestone":3}`))
			body, err := io.ReadAll(hr.Body)
			Expect(err).NotTo(HaveOccurred())
			Expect(body).To(Equal(c.Body))
		})

		It("replaces a body it has to read with an equal one", func() {
			req, err := http.NewRequest("POST", "http://x/y", io.NopCloser(strings.NewReader(`{"a":1}`)))
			Expect(err).NotTo(HaveOccurred())
			Expect(req.GetBody).To(BeNil())
			c, err := endpointtest.CallOf(req)
			Expect(err).NotTo(HaveOccurred())
			Expect(c.Fields).To(Equal(builder.Params{{Name: "a", Value: int64(1)}}))
			body, err := io.ReadAll(req.Body)
			Expect(err).NotTo(HaveOccurred())
			Expect(string(body)).To(Equal(`{"a":1}`))
		})

		It("reads a seekable body of RequestOptions and puts it back where it stood", func() {
			r := strings.NewReader(`xx{"a":1}`)
			_, err := r.Seek(2, io.SeekStart)
			Expect(err).NotTo(HaveOccurred())
			Expect(endpointtest.Match(builder.RequestOptions{Method: "post", URL: "/x", Body: r}, endpointtest.JSONBody(`{"a":1}`))).To(Succeed())
			rest, err := io.ReadAll(r)
			Expect(err).NotTo(HaveOccurred())
			Expect(string(rest)).To(Equal(`{"a":1}`))
		})

		It("refuses what is no request", func() {
			for _, x := range []any{nil, "GET /x", (*http.Request)(nil), &http.Request{}} {
				_, err := endpointtest.CallOf(x)
				Expect(errors.Is(err, endpointtest.ErrRequest)).To(BeTrue(), "%#v", x)
			}
		})
	})

	It("refuse a method in lower case from an *http.Request", func() {
		req, err := http.NewRequest("get", "http://x/user", nil)
		Expect(err).NotTo(HaveOccurred())
		Expect(endpointtest.Match(req, endpointtest.Route("GET /user"))).To(MatchError("endpointtest: get /user: method is get, want GET (route GET /user)"))
		Expect(endpointtest.Match(builder.RequestOptions{Method: "get", URL: "/user"}, endpointtest.Route("GET /user"))).To(Succeed())
	})
})

// JSONBody compared numbers with big.Rat, which makes every digit of 1e1000000;
// the decimal comparison is held to big.Rat where that is cheap.
var _ = Describe("JSON numbers in bodies", Label("regression"), func() {
	equal := func(got, want string) bool {
		req := builder.RequestOptions{Method: "post", URL: "/x", Body: `{"n":` + got + `}`}
		return endpointtest.Match(req, endpointtest.JSONBody(`{"n":`+want+`}`)) == nil
	}

	DescribeTable("are equal by value, whatever their spelling",
		func(a, b string, want bool) {
			Expect(equal(a, b)).To(Equal(want))
			Expect(equal(b, a)).To(Equal(want))
		},
		Entry(nil, "1", "1.0", true),
		Entry(nil, "1", "1e0", true),
		Entry(nil, "100", "1E2", true),
		Entry(nil, "100", "1e+2", true),
		Entry(nil, "0.01", "1e-2", true),
		Entry(nil, "-0", "0", true),
		Entry(nil, "0.000", "0e5", true),
		Entry(nil, "-1", "1", false),
		Entry(nil, "10", "1", false),
		Entry(nil, "1.5", "15e-1", true),
		Entry(nil, "123.450", "12345e-2", true),
		Entry("an exponent of a million", "1e1000000", "10e999999", true),
		Entry("an exponent of a million, off by one", "1e1000000", "1e1000001", false),
		Entry("a huge negative exponent", "-2.5e-1000000", "-25e-1000001", true),
		Entry("exponents past int64", "1e99999999999999999999", "0.1e100000000000000000000", true),
		Entry("exponents past int64, different", "1e99999999999999999999", "1e99999999999999999998", false),
	)

	It("agree with exact rational comparison over random spellings", func() {
		r := rand.New(rand.NewPCG(1, 2))
		digits := func(n int) string {
			b := make([]byte, n)
			for i := range b {
				b[i] = byte('0' + r.IntN(10))
			}
			return string(b)
		}
		spell := func() string {
			s := digits(1 + r.IntN(4))
			for len(s) > 1 && s[0] == '0' {
				s = s[1:]
			}
			if r.IntN(2) == 0 {
				s += "." + digits(1+r.IntN(3))
			}
			if r.IntN(2) == 0 {
				s += []string{"e", "E", "e+", "e-"}[r.IntN(4)] + fmt.Sprint(r.IntN(4))
			}
			if r.IntN(4) == 0 {
				s = "-" + s
			}
			return s
		}
		// respell writes a's value another way: a zero more in its fraction.
		respell := func(a string) string {
			mant, exp, _ := strings.Cut(a, "e")
			if strings.Contains(a, "E") {
				mant, exp, _ = strings.Cut(a, "E")
				exp = "E" + exp
			} else if exp != "" || strings.Contains(a, "e") {
				exp = "e" + exp
			}
			if strings.Contains(mant, ".") {
				return mant + "0" + exp
			}
			return mant + ".0" + exp
		}
		agreed := 0
		for range sized(20_000, 20_000) {
			a, b := spell(), spell()
			if r.IntN(3) == 0 {
				b = respell(a)
			}
			x, _ := new(big.Rat).SetString(a)
			y, _ := new(big.Rat).SetString(b)
			Expect(equal(a, b)).To(Equal(x.Cmp(y) == 0), "%s and %s", a, b)
			if x.Cmp(y) == 0 {
				agreed++
			}
		}
		Expect(agreed).To(BeNumerically(">", 100), "the generator makes equal pairs too")
	})
})
