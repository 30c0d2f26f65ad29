package builder_test

// Regression: a parameter value changes the host or port of an absolute
// template that has an expression inside its authority. Issue #5: "no
// parameter value can change the scheme, host or port of the result unless
// the template itself starts with an expression that the caller wrote (an
// absolute {+url})". "https://api.github.com{x}/y" with x=".evil.example"
// sends the request (and the token a client adds) to
// api.github.com.evil.example; "https://{host}/y" lets the value pick any
// host. The template parser accepts both. Found by the authority property's
// review of templates it does not generate. Expected: an error, or the
// template's own host and port; got: the value's host.

import (
	"net/url"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint"
)

var _ = Describe("regression: expression inside the authority of an absolute template", func() {
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
