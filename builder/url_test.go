package builder_test

// The URL a call builds: no value climbs a path or picks the host, and
// Build and HTTPRequest accept the same URLs (issue 11: all three read
// them with net/url).

import (
	"context"
	"errors"
	"net/url"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/template"
)

var _ = DescribeTable("Build and HTTPRequest accept the same URLs",
	func(base, route string) {
		b := endpoint.Route(route).BaseURL(base)
		r, buildErr := b.Build()
		_, oneErr := b.HTTPRequest(context.Background())
		Expect(oneErr == nil).To(Equal(buildErr == nil), "Build: %v, one-step HTTPRequest: %v", buildErr, oneErr)
		if buildErr == nil {
			req, err := r.HTTPRequest(context.Background())
			Expect(err).NotTo(HaveOccurred())
			Expect(req.URL.String()).To(Equal(r.URL))
		}
	},
	Entry("an IPv6 literal", "http://[::1]:8080", "GET /x"),
	Entry("an IPv6 zone", "http://[fe80::1%25en0]:8080", "GET /x"),
	Entry("an IPv6 zone with a bad escape", "http://[fe80::1%zz]:8080", "GET /x"),
	Entry("an unclosed IPv6 literal", "http://[::1:8080", "GET /x"),
	Entry("userinfo", "https://u:p@ghe.example.com/api/v3", "GET /x"),
	Entry("userinfo with a space", "https://u p@ghe.example.com", "GET /x"),
	Entry("userinfo with a bad escape", "https://u%zz@ghe.example.com", "GET /x"),
	Entry("a bad escape in the base path", "https://ghe.example.com/api%zz", "GET /x"),
	Entry("a good escape in the base path", "https://ghe.example.com/a%20b", "GET /x"),
	Entry("a port that is not a number", "https://h:abc", "GET /x"),
	Entry("an empty port", "https://h:", "GET /x"),
	Entry("an empty host", "https://", "GET /x"),
	Entry("a space in the host", "https://a b", "GET /x"),
	Entry("an absolute route with a zone", "", "GET http://[fe80::1%25eth0]/x"),
	Entry("an absolute route with userinfo", "", "GET https://a@b.example/x"),
)

// A "." or ".." segment made by a prefix, {/x}, {.x} or two expressions side by
// side passed the check, and URL normalisation climbed a level (F19).
var _ = Describe("dot segment from a value", Label("regression"), func() {
	DescribeTable("is refused with ErrDotSegment",
		func(route string, params builder.Params, got string) {
			r, err := endpoint.Build(route, builder.Options{Params: params})
			Expect(errors.Is(err, template.ErrDotSegment)).To(BeTrue(),
				"want ErrDotSegment; got URL %q (before the fix: %q), error %v", r.URL, got, err)
		},
		Entry("prefix forming a segment", "GET /repos/o/{r:2}/issues",
			builder.Params{{Name: "r", Value: "..."}}, "https://api.github.com/repos/o/../issues"),
		Entry("prefix at the end", "GET /repos/{o:3}",
			builder.Params{{Name: "o", Value: "."}}, "https://api.github.com/repos/."),
		Entry("path expression", "GET /repos/o/r{/x}",
			builder.Params{{Name: "x", Value: ".."}}, "https://api.github.com/repos/o/r/.."),
		Entry("path expression before a literal", "GET /repos/o{/x}/issues",
			builder.Params{{Name: "x", Value: "."}}, "https://api.github.com/repos/o/./issues"),
		Entry("exploded path list", "GET /repos/o/r{/x*}",
			builder.Params{{Name: "x", Value: []string{"a", ".."}}}, "https://api.github.com/repos/o/r/a/.."),
		Entry("label", "GET /repos/o/{.x}",
			builder.Params{{Name: "x", Value: "."}}, "https://api.github.com/repos/o/.."),
		Entry("two expressions side by side", "GET /repos/{a}{b}/issues",
			builder.Params{{Name: "a", Value: "."}, {Name: "b", Value: "."}}, "https://api.github.com/repos/../issues"),
		Entry("expression and a literal dot", "GET /repos/{a}./issues",
			builder.Params{{Name: "a", Value: "."}}, "https://api.github.com/repos/../issues"),
		Entry("one defined variable of a path list", "GET /repos{/a,b}",
			builder.Params{{Name: "a", Value: ".."}}, "https://api.github.com/repos/.."),
		Entry("empty then literal dot", "GET /repos/{a}.",
			builder.Params{{Name: "a", Value: ""}}, "https://api.github.com/repos/."),
	)

	DescribeTable("still allows dots that are not a whole segment",
		func(route string, params builder.Params, want string) {
			r, err := endpoint.Build(route, builder.Options{Params: params})
			Expect(err).NotTo(HaveOccurred())
			Expect(r.URL).To(Equal(want))
		},
		Entry("file..txt", "GET /x/{f}", builder.Params{{Name: "f", Value: "file..txt"}}, "https://api.github.com/x/file..txt"),
		Entry("three dots", "GET /x/{a}{b}", builder.Params{{Name: "a", Value: ".."}, {Name: "b", Value: "."}}, "https://api.github.com/x/..."),
		Entry("compare basehead", "GET /compare/{base}...{head}",
			builder.Params{{Name: "base", Value: "main"}, {Name: "head", Value: "f"}}, "https://api.github.com/compare/main...f"),
		Entry("dots in a query", "GET /x{?a}", builder.Params{{Name: "a", Value: ".."}}, "https://api.github.com/x?a=.."),
		Entry("dots in a fragment", "GET /x{#a}", builder.Params{{Name: "a", Value: ".."}}, "https://api.github.com/x#.."),
	)
})

// "%2e%2e" from {+x} passed the check; WHATWG parsers read it as ".."
// (F19, google/go-github#4291).
var _ = Describe("percent-encoded dot segment", Label("regression"), func() {
	DescribeTable("is refused with ErrDotSegment",
		func(route string, params builder.Params) {
			r, err := endpoint.Build(route, builder.Options{Params: params})
			Expect(errors.Is(err, template.ErrDotSegment)).To(BeTrue(), "want ErrDotSegment; got URL %q, error %v", r.URL, err)
		},
		Entry("{+x} = %2e%2e", "GET /a/{+x}/b", builder.Params{{Name: "x", Value: "%2e%2e"}}),
		Entry("{+x} = %2E%2E", "GET /a/{+x}/b", builder.Params{{Name: "x", Value: "%2E%2E"}}),
		Entry("{+x} = .%2e", "GET /a/{+x}", builder.Params{{Name: "x", Value: ".%2e"}}),
		Entry("{+x} = %2e.", "GET /a/{+x}", builder.Params{{Name: "x", Value: "%2e."}}),
		Entry("{+x} = %2e", "GET /a/{+x}/b", builder.Params{{Name: "x", Value: "%2e"}}),
		Entry("{+x} = x/%2e%2e/y", "GET /a/{+x}", builder.Params{{Name: "x", Value: "x/%2e%2e/y"}}),
		Entry("literal %2e%2e", "GET /a/%2e%2e/b", nil),
		Entry("literal .%2E", "GET /a/.%2E/b", nil),
	)

	DescribeTable("still allows encoded dots that are not a whole segment",
		func(route string, params builder.Params, want string) {
			r, err := endpoint.Build(route, builder.Options{Params: params})
			Expect(err).NotTo(HaveOccurred())
			Expect(r.URL).To(Equal(want))
		},
		Entry("%2e%2e%2e", "GET /a/{+x}", builder.Params{{Name: "x", Value: "%2e%2e%2e"}}, "https://api.github.com/a/%2e%2e%2e"),
		Entry("a%2e%2e", "GET /a/{+x}", builder.Params{{Name: "x", Value: "a%2e%2e"}}, "https://api.github.com/a/a%2e%2e"),
		Entry("simple expansion encodes the %", "GET /a/{x}", builder.Params{{Name: "x", Value: "%2e%2e"}}, "https://api.github.com/a/%252e%252e"),
		Entry("in the query", "GET /a{?x}", builder.Params{{Name: "x", Value: "%2e%2e"}}, "https://api.github.com/a?x=%252e%252e"),
	)
})

// A {+url} value "a://../c" was taken for an authority by the dot-segment check,
// but is joined after the base URL as a path.
var _ = Describe("a dot segment after a non-http scheme", Label("regression"), func() {
	DescribeTable("is refused with ErrDotSegment",
		func(route string, params builder.Params) {
			r, err := endpoint.Build(route, builder.Options{Params: params})
			Expect(err).To(MatchError(template.ErrDotSegment), "got URL %q", r.URL)
			b := endpoint.Route(route)
			for _, p := range params {
				b = b.Param(p.Name, p.Value)
			}
			_, err = b.HTTPRequest(context.Background())
			Expect(err).To(MatchError(template.ErrDotSegment))
		},
		Entry("{+url}", "GET {+url}", builder.Params{{Name: "url", Value: "a:/../c"}}),
		Entry("{+url} then a literal", "GET {+url}/x", builder.Params{{Name: "url", Value: "a:/.."}}),
		Entry("a literal", "GET x:/{a}/..", builder.Params{{Name: "a", Value: "b"}}),
	)

	DescribeTable("is refused for its empty segment first, a value's own //",
		func(route string, params builder.Params) {
			r, err := endpoint.Build(route, builder.Options{Params: params})
			Expect(err).To(MatchError(template.ErrEmptySegment), "got URL %q", r.URL)
		},
		Entry("{+url}", "GET {+url}", builder.Params{{Name: "url", Value: "a://../c"}}),
		Entry("{+url} then a literal", "GET {+url}/x", builder.Params{{Name: "url", Value: "a://.."}}),
		Entry("a route's own // before a query holding ://", "GET //evil.com/x?r=https://a", nil),
	)

	It("still takes an http(s) {+url} whatever its case", func() {
		r, err := endpoint.Route("GET {+url}").Param("url", "HTTPS://h.example/a").Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(r.URL).To(Equal("HTTPS://h.example/a"))
	})
})

// The dot-segment check did not cover the base URL: "https://h/api/../v3"
// built ".../api/../v3/x" (FuzzOptionsJSON/04244c7150d258ac).
var _ = Describe("dot segment in the base URL", Label("regression"), func() {
	DescribeTable("is refused like one in the template",
		func(base, url string) {
			r, err := endpoint.Build("", builder.Options{Method: "GET", BaseURL: base, URL: url})
			Expect(errors.Is(err, template.ErrDotSegment) || errors.Is(err, builder.ErrInvalidBaseURL)).To(BeTrue(),
				"want ErrDotSegment or ErrInvalidBaseURL; got URL %q, error %v", r.URL, err)
		},
		Entry("the fuzz input: relative base ../0000", "../0000", "0"),
		Entry("absolute base with ..", "https://ghe.example.com/api/../v3", "/x"),
		Entry("absolute base with .", "https://ghe.example.com/./api/v3/", "/x"),
		Entry("absolute base with %2e%2e", "https://ghe.example.com/api/%2e%2e/v3", "/x"),
		Entry("base ending in ..", "https://ghe.example.com/api/..", "/x"),
	)

	It("still allows dots inside base URL segments", func() {
		r, err := endpoint.Build("", builder.Options{Method: "GET", BaseURL: "https://ghe.example.com/api.v3/..x/", URL: "/x"})
		Expect(err).NotTo(HaveOccurred())
		Expect(r.URL).To(Equal("https://ghe.example.com/api.v3/..x/x"))
	})
})

// An expression inside an absolute template's authority let a value pick the host:
// "https://api.github.com{x}/y" with x=".evil.example" (issue #5).
var _ = Describe("expression inside the authority of an absolute template", Label("regression"), func() {
	DescribeTable("never lets a value pick the host or port",
		func(route, value, host string) {
			r, err := endpoint.Route(route).Param("x", value).Build()
			if err == nil {
				u, perr := url.Parse(r.URL)
				Expect(perr).NotTo(HaveOccurred())
				Expect(u.Host).To(Equal(host), "URL %q", r.URL)
			}
		},
		Entry("suffix of the host", "GET https://api.github.com{x}/y", ".evil.example", "api.github.com"),
		Entry("port", "GET https://api.github.com:{x}/y", "4443", "api.github.com"),
		Entry("the whole host", "GET https://{x}/y", "evil.example", ""),
		Entry("host after user info", "GET https://u@{x}/y", "evil.example", ""),
	)
})

// A {+url} value's or an absolute template's authority was not checked:
// "http:// " built "http://%20" (FuzzRoute/764b514e5e50e732, 7358b1c189c34fce).
var _ = Describe("{+url} value or base URL with an invalid host", Label("regression"), func() {
	DescribeTable("fails in Build, or builds a URL that net/url and HTTPRequest accept",
		func(b *builder.Builder) {
			r, err := b.Build()
			if err != nil {
				return
			}
			_, perr := url.Parse(r.URL)
			Expect(perr).NotTo(HaveOccurred(), "Build returned %q", r.URL)
			_, herr := r.HTTPRequest(context.Background())
			Expect(herr).NotTo(HaveOccurred(), "Build returned %q", r.URL)
		},
		Entry("the fuzz input: {+0} = \"http:// \"", endpoint.Route("{+0}").Param("0", "http:// ")),
		Entry("escaped letter in the host", endpoint.Route("GET {+u}/x").Param("u", "https://%41")),
		Entry("space in the host", endpoint.Route("GET {+u}/x").Param("u", "http://exa mple.com/x")),
		Entry("unclosed IPv6 literal", endpoint.Route("GET {+u}/x").Param("u", "https://[::1")),
		Entry("port that is not a number", endpoint.Route("GET {+u}/x").Param("u", "https://h:port/x")),
		Entry("empty host", endpoint.Route("GET {+u}/x").Param("u", "https://")),
		Entry("base URL with a space in the host", endpoint.Route("GET /x").BaseURL("http://exa mple.com")),
		Entry("the fuzz input: absolute template without a host", endpoint.Route("http://")),
		Entry("absolute template with a bad port", endpoint.Route("GET https://h:x/y")),
	)
})
