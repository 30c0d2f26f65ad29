package paginate_test

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/paginate"
)

type ctxKey struct{}

var _ = Describe("Next", func() {
	const gh = `<https://api.github.com/repositories/1/issues?page=2>; rel="next", <https://api.github.com/repositories/1/issues?page=5>; rel="last"`

	It("builds a GET for the next link with the same context and a copy of the headers", func() {
		ctx := context.WithValue(context.Background(), ctxKey{}, "walk")
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, "https://api.github.com/repos/o/r/issues", nil)
		req.Header.Set("Authorization", "Bearer t0k3n")
		req.Header.Set("Accept", "application/vnd.github+json")
		resp := &http.Response{Header: http.Header{"Link": {gh}}, Request: req}

		next, err := paginate.Next(resp)
		Expect(err).NotTo(HaveOccurred())
		Expect(next.Method).To(Equal(http.MethodGet))
		Expect(next.URL.String()).To(Equal("https://api.github.com/repositories/1/issues?page=2"))
		Expect(next.Host).To(Equal("api.github.com"))
		Expect(next.Context().Value(ctxKey{})).To(Equal("walk"))
		Expect(next.Header).To(Equal(req.Header))
		next.Header.Set("Authorization", "changed")
		Expect(req.Header.Get("Authorization")).To(Equal("Bearer t0k3n"))
		Expect(next.Body).To(BeNil())
	})

	It("leaves the first page's preconditions out of the next request", func() {
		req, _ := http.NewRequest(http.MethodGet, "https://api.github.com/repos/o/r/issues", nil)
		req.Header.Set("Authorization", "Bearer t0k3n")
		req.Header.Set("If-None-Match", `W/"etag-of-page-1"`)
		req.Header.Set("If-Modified-Since", "Mon, 23 Nov 2026 10:00:00 GMT")
		req.Header.Set("If-Match", `"x"`)
		req.Header.Set("If-Unmodified-Since", "Mon, 23 Nov 2026 10:00:00 GMT")
		req.Header.Set("If-Range", `"x"`)
		next, err := paginate.Next(&http.Response{Header: http.Header{"Link": {gh}}, Request: req})
		Expect(err).NotTo(HaveOccurred())
		Expect(next.Header).To(Equal(http.Header{"Authorization": {"Bearer t0k3n"}}))
		Expect(req.Header).To(HaveLen(6), "the first request keeps its own")
	})

	DescribeTable("the last page and pages without a next link give nil, nil",
		func(links ...string) {
			next, err := paginate.Next(response("https://api.github.com/repos/o/r/issues?page=5", links...))
			Expect(err).NotTo(HaveOccurred())
			Expect(next).To(BeNil())
		},
		Entry("GitHub's last page", `<https://api.github.com/repositories/1/issues?page=4>; rel="prev", <https://api.github.com/repositories/1/issues?page=1>; rel="first"`),
		Entry("no Link header"),
		Entry("empty Link header", ``),
		Entry("next only as a parameter value", `<https://api.github.com/x>; title="next"; rel=nextish`),
	)

	It("takes the first next link, across lines and among several relation types", func() {
		next, err := paginate.Next(response("https://api.github.com/a",
			`<https://api.github.com/a?page=0>; rel="prev"`,
			`<https://api.github.com/a?page=2>; rel="last NEXT", <https://api.github.com/a?page=3>; rel=next`))
		Expect(err).NotTo(HaveOccurred())
		Expect(next.URL.String()).To(Equal("https://api.github.com/a?page=2"))
	})

	It("stops reading at the first next link", func() {
		next, err := paginate.Next(response("https://api.github.com/a", `<https://api.github.com/a?page=2>; rel=next, garbage`))
		Expect(err).NotTo(HaveOccurred())
		Expect(next.URL.RawQuery).To(Equal("page=2"))
	})

	DescribeTable("relative targets resolve against the request URL",
		func(reqURL, target, want string) {
			next, err := paginate.Next(response(reqURL, "<"+target+`>; rel="next"`))
			Expect(err).NotTo(HaveOccurred())
			Expect(next.URL.String()).To(Equal(want))
		},
		Entry("absolute path", "https://api.github.com/repos/o/r/issues?page=1", "/repositories/1/issues?page=2", "https://api.github.com/repositories/1/issues?page=2"),
		Entry("query only", "https://api.github.com/repos/o/r/issues?page=1", "?page=2", "https://api.github.com/repos/o/r/issues?page=2"),
		Entry("relative path", "https://api.github.com/repos/o/r/issues", "pulls?page=2", "https://api.github.com/repos/o/r/pulls?page=2"),
		Entry("network-path reference to the same host", "https://api.github.com/a", "//api.github.com/a?page=2", "https://api.github.com/a?page=2"),
		Entry("fragment dropped", "https://api.github.com/a", "/a?page=2#frag", "https://api.github.com/a?page=2"),
	)

	DescribeTable("origins that count as the same",
		func(reqURL, target string) {
			next, err := paginate.Next(response(reqURL, "<"+target+`>; rel="next"`))
			Expect(err).NotTo(HaveOccurred())
			Expect(next).NotTo(BeNil())
		},
		Entry("host case", "https://API.GitHub.com/a", "https://api.github.com/a?page=2"),
		Entry("scheme case", "https://api.github.com/a", "HTTPS://api.github.com/a?page=2"),
		Entry("explicit :443", "https://api.github.com/a", "https://api.github.com:443/a?page=2"),
		Entry(":443 on the request", "https://api.github.com:443/a", "https://api.github.com/a?page=2"),
		Entry("explicit :80", "http://ghe.test/a", "http://ghe.test:80/a?page=2"),
		Entry("same explicit port", "http://127.0.0.1:8080/a", "http://127.0.0.1:8080/a?page=2"),
		Entry("IPv6", "http://[::1]:8080/a", "http://[::1]:8080/a?page=2"),
	)

	DescribeTable("other origins are refused",
		func(reqURL, target, reason string) {
			next, err := paginate.Next(response(reqURL, "<"+target+`>; rel="next"`))
			Expect(next).To(BeNil())
			Expect(err).To(MatchError(paginate.ErrForeignHost))
			var pe *paginate.Error
			Expect(errors.As(err, &pe)).To(BeTrue())
			Expect(pe.Op).To(Equal("next"))
			Expect(err.Error()).To(HavePrefix(`paginate: next "`))
			Expect(err.Error()).To(HaveSuffix(reason))
		},
		Entry("another host", "https://api.github.com/a", "https://evil.test/a?page=2", "walk is pinned to https://api.github.com"),
		Entry("a subdomain", "https://github.com/a", "https://api.github.com/a?page=2", "walk is pinned to https://github.com"),
		Entry("a trailing dot", "https://api.github.com/a", "https://api.github.com./a?page=2", "walk is pinned to https://api.github.com"),
		Entry("https to http", "https://api.github.com/a", "http://api.github.com/a?page=2", "walk is pinned to https://api.github.com"),
		Entry("http to https", "http://ghe.test/a", "https://ghe.test/a?page=2", "walk is pinned to http://ghe.test"),
		Entry("another port", "https://api.github.com/a", "https://api.github.com:8443/a?page=2", "walk is pinned to https://api.github.com"),
		Entry(":80 on https", "https://api.github.com/a", "https://api.github.com:80/a?page=2", "walk is pinned to https://api.github.com"),
		Entry("port dropped", "http://127.0.0.1:8080/a", "http://127.0.0.1/a?page=2", "walk is pinned to http://127.0.0.1:8080"),
		Entry("userinfo trick", "https://api.github.com/a", "https://api.github.com@evil.test/a?page=2", "link carries user information"),
		Entry("userinfo on the same host", "https://api.github.com/a", "https://me:pw@api.github.com/a?page=2", "link carries user information"),
		Entry("another scheme", "https://api.github.com/a", "ftp://api.github.com/a", "walk is pinned to https://api.github.com"),
		Entry("relative to a network path elsewhere", "https://api.github.com/a", "//evil.test/a", "walk is pinned to https://api.github.com"),
	)

	It("quotes the foreign URL once, with credentials masked", func() {
		_, err := paginate.Next(response("https://api.github.com/a",
			`<https://api.github.com@evil.test/a?page=2&access_token=s3cr3t&token=t2&client_secret=c3&refresh_token=r4#access_token=f5>; rel="next"`))
		Expect(err).To(MatchError(paginate.ErrForeignHost))
		msg := err.Error()
		for _, secret := range []string{"s3cr3t", "t2", "c3", "r4", "f5", "api.github.com@"} {
			Expect(msg).NotTo(ContainSubstring(secret))
		}
		Expect(strings.Count(msg, "evil.test")).To(Equal(1))
		Expect(msg).To(Equal(`paginate: next "https://[REDACTED]@evil.test/a?page=2&access_token=[REDACTED]&token=[REDACTED]&client_secret=[REDACTED]&refresh_token=[REDACTED]#access_token=[REDACTED]": link leaves the origin of the walk: link carries user information`))
	})

	It("masks the user information a browser would read in a web scheme without //", func() {
		for _, link := range []string{`https:u:s3cr3t@evil.test/a`, `https:\\u:s3cr3t@evil.test/a`} {
			_, err := paginate.Next(response("https://api.github.com/a", "<"+link+`>; rel="next"`))
			Expect(err).To(HaveOccurred(), link)
			Expect(err.Error()).NotTo(ContainSubstring("s3cr3t"), link)
			Expect(err.Error()).To(ContainSubstring("[REDACTED]@evil.test"), link)
		}
	})

	It("pins to the first request of a redirect chain, not the last", func() {
		first, _ := http.NewRequest(http.MethodGet, "https://api.github.com/a", nil)
		first.Header.Set("Authorization", "Bearer t0k3n")
		redirected, _ := http.NewRequest(http.MethodGet, "https://evil.test/a", nil)
		redirected.Response = &http.Response{StatusCode: http.StatusFound, Request: first}
		resp := &http.Response{Header: http.Header{"Link": {`<?page=2>; rel="next"`}}, Request: redirected}
		_, err := paginate.Next(resp)
		Expect(err).To(MatchError(paginate.ErrForeignHost))
		Expect(err.Error()).To(ContainSubstring(`"https://evil.test/a?page=2"`))

		// A same-origin redirect: headers come from the first request.
		moved, _ := http.NewRequest(http.MethodGet, "https://api.github.com/repositories/1/a", nil)
		moved.Response = &http.Response{StatusCode: http.StatusMovedPermanently, Request: first}
		resp = &http.Response{Header: http.Header{"Link": {`<?page=2>; rel="next"`}}, Request: moved}
		next, err := paginate.Next(resp)
		Expect(err).NotTo(HaveOccurred())
		Expect(next.URL.String()).To(Equal("https://api.github.com/repositories/1/a?page=2"))
		Expect(next.Header.Get("Authorization")).To(Equal("Bearer t0k3n"))
	})

	It("keeps the user information and Host override of the first request", func() {
		req, _ := http.NewRequest(http.MethodGet, "http://me:pw@10.0.0.1/a", nil)
		req.Host = "ghe.test"
		resp := &http.Response{Header: http.Header{"Link": {`</a?page=2>; rel="next"`}}, Request: req}
		next, err := paginate.Next(resp)
		Expect(err).NotTo(HaveOccurred())
		Expect(next.URL.User).To(Equal(url.UserPassword("me", "pw")))
		Expect(next.URL.Host).To(Equal("10.0.0.1"))
		Expect(next.Host).To(Equal("ghe.test"))
	})

	It("refuses a walk that did not start with a GET, whatever the link", func() {
		req, _ := http.NewRequest(http.MethodPost, "https://api.github.com/graphql?token=s3cr3t", nil)
		resp := &http.Response{Header: http.Header{"Link": {`<?page=2>; rel="next"`}}, Request: req}
		next, err := paginate.Next(resp)
		Expect(next).To(BeNil())
		Expect(err).To(MatchError(paginate.ErrMethod))
		Expect(err.Error()).To(Equal(`paginate: next "https://api.github.com/graphql?token=[REDACTED]": pagination needs a GET request: first request is POST`))
	})

	It("refuses a next link to the page itself", func() {
		_, err := paginate.Next(response("https://api.github.com/a?page=2", `<https://API.github.com:443/a?page=2#x>; rel="next"`))
		Expect(err).To(MatchError(paginate.ErrLoop))
		_, err = paginate.Next(response("https://api.github.com/a?page=2", `<>; rel="next"`))
		Expect(err).To(MatchError(paginate.ErrLoop))
	})

	It("reports a malformed header", func() {
		_, err := paginate.Next(response("https://api.github.com/a", `<https://api.github.com/a?page=2> rel="next"`))
		Expect(err).To(MatchError(paginate.ErrSyntax))
		_, err = paginate.Next(response("https://api.github.com/a", `<https://api.github.com:x/a>; rel="next"`))
		Expect(err).To(MatchError(paginate.ErrSyntax))
		Expect(err.Error()).To(HavePrefix(`paginate: next "https://api.github.com:x/a": malformed Link header: invalid link target: `))
	})

	It("fails without a request instead of panicking", func() {
		for _, resp := range []*http.Response{nil, {}, {Request: &http.Request{}}} {
			next, err := paginate.Next(resp)
			Expect(next).To(BeNil())
			Expect(err).To(MatchError(paginate.ErrNoRequest))
			Expect(err.Error()).To(Equal("paginate: next: response without request"))
		}
	})
})
