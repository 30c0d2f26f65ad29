package main

import (
	"context"
	"net/http"
	"strings"

	"github.com/endpointkit/endpoint"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// GITHUB_TOKEN went to any URL the command line named, plain http to
// another machine included, where anyone on the way could read it.
var _ = Describe("GITHUB_TOKEN over plain http", func() {
	authorize := func(rawURL string) (http.Header, string) {
		GinkgoHelper()
		req, err := http.NewRequestWithContext(context.Background(), "GET", rawURL, nil)
		Expect(err).NotTo(HaveOccurred())
		var stderr strings.Builder
		c := &command{cfg: &config{}, getenv: func(k string) (string, bool) { v, ok := tokenEnv[k]; return v, ok }, stderr: &stderr}
		// The base URL is the call's own origin: only the plain http
		// rule is at stake here.
		b := endpoint.Route("GET /user").BaseURL(req.URL.Scheme + "://" + req.URL.Host)
		Expect(c.authorize(req, b)).To(Succeed())
		return req.Header, stderr.String()
	}

	DescribeTable("is sent over https and to this machine",
		func(rawURL string) {
			h, stderr := authorize(rawURL)
			Expect(h.Get("Authorization")).To(Equal("Bearer " + token))
			Expect(stderr).To(BeEmpty())
		},
		Entry("https", "https://ghe.example.com/api/v3/user"),
		Entry("HTTPS in capitals", "HTTPS://ghe.example.com/user"),
		Entry("http to 127.0.0.1", "http://127.0.0.1:8080/user"),
		Entry("http to another loopback address", "http://127.0.0.2/user"),
		Entry("http to ::1", "http://[::1]:8080/user"),
		Entry("http to localhost", "http://localhost:8080/user"),
		Entry("http to an IPv4-mapped loopback address", "http://[::ffff:127.0.0.1]:8080/user"),
	)

	DescribeTable("is not sent over plain http to another machine, and a note says so",
		func(rawURL, host string) {
			h, stderr := authorize(rawURL)
			Expect(h.Values("Authorization")).To(BeEmpty())
			Expect(stderr).To(ContainSubstring("GITHUB_TOKEN not sent: " + host + " is plain http"))
			Expect(stderr).NotTo(ContainSubstring(token))
		},
		Entry("a host name", "http://ghe.example.com/api/v3/user", "ghe.example.com"),
		Entry("a private address", "http://10.0.0.5:8080/user", "10.0.0.5:8080"),
		Entry("localhost as a prefix only", "http://localhost.example.com/user", "localhost.example.com"),
		Entry("an IPv6 address", "http://[2001:db8::1]/user", "[2001:db8::1]"),
		Entry("0.0.0.0", "http://0.0.0.0:8080/user", "0.0.0.0:8080"),
		// Names net/http looks up in DNS, which may answer any address,
		// or sends through an HTTP_PROXY: not this machine for sure.
		Entry("a name under localhost", "http://api.localhost/user", "api.localhost"),
		Entry("localhost with a final dot", "http://localhost.:8080/user", "localhost.:8080"),
		Entry("a loopback address with a final dot", "http://127.0.0.1./user", "127.0.0.1."),
		Entry("localhost in capitals", "http://LOCALHOST:8080/user", "LOCALHOST:8080"),
		Entry("a short form of 127.0.0.1", "http://127.1/user", "127.1"),
	)
})
