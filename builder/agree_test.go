package builder_test

// Build and HTTPRequest agree (issue 11): every URL Build accepts, both
// ways to an *http.Request accept too, and the reverse, because all three
// read URLs with net/url.

import (
	"context"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint"
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
