package endpoint_test

import (
	"errors"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
)

var _ = Describe("GitHub Enterprise Server", func() {
	DescribeTable("URL helpers",
		func(host, rest, uploads, graphql string) {
			Expect(endpoint.EnterpriseBaseURL(host)).To(Equal(rest))
			Expect(endpoint.EnterpriseUploadsURL(host)).To(Equal(uploads))
			Expect(endpoint.EnterpriseGraphQLURL(host)).To(Equal(graphql))
		},
		Entry("host name", "ghe.example.com",
			"https://ghe.example.com/api/v3", "https://ghe.example.com/api/uploads", "https://ghe.example.com/api/graphql"),
		Entry("with a port", "ghe.example.com:8443",
			"https://ghe.example.com:8443/api/v3", "https://ghe.example.com:8443/api/uploads", "https://ghe.example.com:8443/api/graphql"),
		Entry("single label", "github",
			"https://github/api/v3", "https://github/api/uploads", "https://github/api/graphql"),
		Entry("IPv4", "10.0.0.7",
			"https://10.0.0.7/api/v3", "https://10.0.0.7/api/uploads", "https://10.0.0.7/api/graphql"),
		Entry("IPv6 with a port", "[2001:db8::1]:443",
			"https://[2001:db8::1]:443/api/v3", "https://[2001:db8::1]:443/api/uploads", "https://[2001:db8::1]:443/api/graphql"),
		Entry("IPv6", "[::1]",
			"https://[::1]/api/v3", "https://[::1]/api/uploads", "https://[::1]/api/graphql"),
		Entry("IPv6 with a zone, escaped as RFC 6874 writes it", "[fe80::1%25en0]",
			"https://[fe80::1%25en0]/api/v3", "https://[fe80::1%25en0]/api/uploads", "https://[fe80::1%25en0]/api/graphql"),
	)

	It("gives URLs every call can be built on, a zone included", func() {
		for _, host := range []string{"ghe.example.com:8443", "[2001:db8::1]:443", "[fe80::1%25en0]", "[fe80::1%25eth%2D0]"} {
			e := endpoint.Defaults(endpoint.WithEnterprise(host))
			Expect(e.Err()).NotTo(HaveOccurred())
			r, err := e.Route("GET /meta").Build()
			Expect(err).NotTo(HaveOccurred(), host)
			Expect(r.URL).To(Equal("https://" + host + "/api/v3/meta"))
		}
	})

	DescribeTable("refuses hosts it would have to guess about",
		func(host, why string) {
			for _, f := range []func(string) (string, error){
				endpoint.EnterpriseBaseURL, endpoint.EnterpriseUploadsURL, endpoint.EnterpriseGraphQLURL,
			} {
				u, err := f(host)
				Expect(u).To(BeEmpty())
				Expect(err).To(MatchError(builder.ErrInvalidHost))
				Expect(err.Error()).To(ContainSubstring(why))
				Expect(err.Error()).NotTo(ContainSubstring("s3cr3t"))
			}
		},
		Entry("empty", "", "empty"),
		Entry("scheme", "https://ghe.example.com", "has a scheme"),
		Entry("path", "ghe.example.com/api/v3", "has a path"),
		Entry("trailing slash", "ghe.example.com/", "has a path"),
		Entry("backslash", `ghe.example.com\x`, "has a path"),
		Entry("space", "ghe example.com", "byte 0x20 at index 3"),
		Entry("trailing newline", "ghe.example.com\n", "byte 0x0a"),
		Entry("non-ASCII", "ghé.example.com", "is not allowed"),
		Entry("query", "ghe.example.com?x=1", "query"),
		Entry("user", "me@ghe.example.com", `"[REDACTED]@ghe.example.com": invalid host: has user information`),
		Entry("password", "me:s3cr3t@ghe.example.com", `"[REDACTED]@ghe.example.com": invalid host: has user information`),
		Entry("password and scheme", "https://me:s3cr3t@ghe.example.com", `"https://[REDACTED]@ghe.example.com": invalid host: has a scheme`),
		Entry("token in a query", "ghe.example.com?access_token=s3cr3t", `"ghe.example.com?access_token=[REDACTED]": invalid host: has a query`),
		Entry("token in a fragment", "ghe.example.com#access_token=s3cr3t", `"ghe.example.com#access_token=[REDACTED]": invalid host: has a query`),
		Entry("token in a query after a path", "ghe.example.com/api/v3?token=s3cr3t", `"ghe.example.com/api/v3?token=[REDACTED]": invalid host: has a path`),
		Entry("password and a token", "me:s3cr3t@ghe.example.com?private_key=s3cr3t", `"[REDACTED]@ghe.example.com?private_key=[REDACTED]": invalid host: has a query`),
		Entry("empty port", "ghe.example.com:", "bad port"),
		Entry("port 0", "ghe.example.com:0", "bad port"),
		Entry("port too big", "ghe.example.com:65536", "bad port"),
		Entry("named port", "ghe.example.com:https", "bad port"),
		Entry("bare IPv6", "2001:db8::1", "needs brackets"),
		Entry("bad IPv6", "[ghe]", "bad IPv6"),
		Entry("IPv6 zone not escaped", "[fe80::1%en0]", "zone is written %25zone"),
		Entry("IPv6 zone empty", "[fe80::1%25]", "zone is written %25zone"),
		Entry("IPv6 zone with a bad escape", "[fe80::1%25%zz]", "zone is written %25zone"),
		Entry("IPv6 zone ending in %", "[fe80::1%25en0%]", "zone is written %25zone"),
		Entry("IPv6 zone with a reserved byte", "[fe80::1%25en:0]", "zone is written %25zone"),
		Entry("empty label", "ghe..example.com", "bad host name"),
		Entry("leading hyphen", "-ghe.example.com", "bad host name"),
		Entry("percent", "ghe%2eexample.com", "is not allowed"),
		Entry("template", "{host}", "is not allowed"),
	)

	Describe("WithEnterprise", func() {
		e := endpoint.Defaults(endpoint.WithEnterprise("ghe.example.com"), endpoint.WithHeader("authorization", "token x"))

		It("sets the REST base URL", func() {
			Expect(e.DefaultOptions().BaseURL).To(Equal("https://ghe.example.com/api/v3"))
			req, err := e.Route("GET /repos/{owner}/{repo}").Param("owner", "o").Param("repo", "r").Build()
			Expect(err).NotTo(HaveOccurred())
			Expect(req.URL).To(Equal("https://ghe.example.com/api/v3/repos/o/r"))
			Expect(req.Headers["accept"]).To(Equal(endpoint.DefaultAccept))
		})

		It("sends an upload route written relative to the enterprise host, never to uploads.github.com", func() {
			req, err := e.Route("POST /repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}").
				Param("owner", "o").Param("repo", "r").Param("release_id", 1).Param("name", "a.zip").
				Data([]byte("zip")).Build()
			Expect(err).NotTo(HaveOccurred())
			Expect(req.URL).To(Equal("https://ghe.example.com/api/v3/repos/o/r/releases/1/assets?name=a.zip"))
			Expect(req.URL).NotTo(ContainSubstring("github.com/"))
		})

		It("uploads to /api/uploads when the call's base URL says so", func() {
			uploads, err := endpoint.EnterpriseUploadsURL("ghe.example.com")
			Expect(err).NotTo(HaveOccurred())
			req, err := e.Route("POST /repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}").
				BaseURL(uploads).
				Param("owner", "o").Param("repo", "r").Param("release_id", 1).Param("name", "a.zip").Param("label", "A").
				Data([]byte("zip")).Build()
			Expect(err).NotTo(HaveOccurred())
			Expect(req.URL).To(Equal("https://ghe.example.com/api/uploads/repos/o/r/releases/1/assets?name=a.zip&label=A"))
		})

		It("takes an upload_url from the API verbatim", func() {
			req, err := e.Route("POST https://ghe.example.com/api/uploads/repos/o/r/releases/1/assets{?name,label}").
				Param("name", "a.zip").Data([]byte("zip")).Build()
			Expect(err).NotTo(HaveOccurred())
			Expect(req.URL).To(Equal("https://ghe.example.com/api/uploads/repos/o/r/releases/1/assets?name=a.zip"))
		})

		It("makes every call of the Endpoint fail on an invalid host", func() {
			bad := endpoint.Defaults(endpoint.WithEnterprise("https://ghe.example.com/api/v3"))
			_, err := bad.Route("GET /user").Build()
			Expect(err).To(MatchError(builder.ErrInvalidHost))
			Expect(err.Error()).To(ContainSubstring(`"https://ghe.example.com/api/v3"`))
			_, err = bad.Merge("GET /user", builder.Options{})
			Expect(errors.Is(err, builder.ErrInvalidHost)).To(BeTrue())
			_, err = bad.Defaults(endpoint.WithHeader("x", "y")).Build("GET /user", builder.Options{})
			Expect(errors.Is(err, builder.ErrInvalidHost)).To(BeTrue())
			var e *builder.Error
			Expect(errors.As(err, &e)).To(BeTrue())
			Expect(e.Op).To(Equal("defaults"))
		})

		It("leaves the package defaults alone", func() {
			Expect(endpoint.DefaultOptions().BaseURL).To(Equal(endpoint.DefaultBaseURL))
			req, err := endpoint.Route("GET /user").Build()
			Expect(err).NotTo(HaveOccurred())
			Expect(strings.HasPrefix(req.URL, endpoint.DefaultBaseURL+"/")).To(BeTrue())
		})
	})
})

// An invalid host was refused with a plain error quoting it whole (a 1 MiB host, a
// 1 MiB message); it is a *builder.Error wrapping ErrInvalidHost, the host cut short.
var _ = Describe("an invalid enterprise host's error", Label("regression"), func() {
	long := strings.Repeat("h", 1<<20) + "/x"

	DescribeTable("is a *builder.Error, cut short",
		func(get func(host string) error) {
			for _, host := range []string{long, "u:SECRET@" + long, "ghe.example.com/api/v3"} {
				err := get(host)
				var be *builder.Error
				Expect(errors.As(err, &be)).To(BeTrue(), "%T %.200v", err, err)
				Expect(errors.Is(err, builder.ErrInvalidHost)).To(BeTrue())
				Expect(len(err.Error())).To(BeNumerically("<", 300), "%.300s", err.Error())
				Expect(err.Error()).NotTo(ContainSubstring("SECRET"))
				Expect(err.Error()).To(ContainSubstring("has a path"))
			}
		},
		Entry("EnterpriseBaseURL", func(h string) error { _, err := endpoint.EnterpriseBaseURL(h); return err }),
		Entry("EnterpriseUploadsURL", func(h string) error { _, err := endpoint.EnterpriseUploadsURL(h); return err }),
		Entry("EnterpriseGraphQLURL", func(h string) error { _, err := endpoint.EnterpriseGraphQLURL(h); return err }),
		Entry("WithEnterprise", func(h string) error { return endpoint.Defaults(endpoint.WithEnterprise(h)).Err() }),
		Entry("a call", func(h string) error {
			_, err := endpoint.Defaults(endpoint.WithEnterprise(h)).Route("GET /user").Build()
			return err
		}),
	)
})
