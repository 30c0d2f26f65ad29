package main

// GITHUB_TOKEN goes only to the base URL's scheme, host and port.

import (
	"context"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint"
)

// GITHUB_TOKEN went over https to any host a call named: an absolute route or a
// {+url} parameter.
var _ = Describe("GITHUB_TOKEN and the base URL's host", Label("regression"), func() {
	// note is what the command says when it holds the token back.
	note := func(to, base string) string {
		return "endpoint: GITHUB_TOKEN not sent: the call goes to " + to + ", not to the base URL's " + base +
			"; give --base-url to send it there, or an Authorization header\n"
	}
	ok := func(w http.ResponseWriter, r *http.Request) { reply(w, 200, `{}`) }

	It("reaches the base URL's host, and not another server an absolute route names", func() {
		home, other := newServer(ok), newServer(ok)
		r := inProcess(tokenEnv, nil, "--send", "--no-check", "--base-url", home.URL, "GET "+other.URL+"/x")
		Expect(r.code).To(Equal(0), r.stderr)
		Expect(other.requests()).To(HaveLen(1))
		Expect(other.requests()[0].Header.Values("Authorization")).To(BeEmpty())
		Expect(r.stderr).To(Equal(note(other.URL, home.URL) + "HTTP/1.1 200 OK\n"))
		r.noToken()
		// The same call on the base URL's host, absolute or not, has it.
		for _, route := range []string{"GET " + home.URL + "/x", "GET /x"} {
			r = inProcess(tokenEnv, nil, "--send", "--no-check", "--base-url", home.URL, route)
			Expect(r.code).To(Equal(0))
			Expect(r.stderr).To(Equal("HTTP/1.1 200 OK\n"), route)
		}
		Expect(home.requests()).To(HaveLen(2))
		for _, req := range home.requests() {
			Expect(req.Header.Get("Authorization")).To(Equal("Bearer " + token))
		}
	})

	It("tells hosts apart by name, not by the machine they reach: 127.0.0.1 is not localhost", func() {
		s := newServer(ok)
		u, err := url.Parse(s.URL)
		Expect(err).NotTo(HaveOccurred())
		asLocalhost := "http://localhost:" + u.Port()
		r := inProcess(tokenEnv, nil, "--send", "--no-check", "--base-url", s.URL, "GET "+asLocalhost+"/x")
		Expect(r.code).To(Equal(0), r.stderr)
		Expect(r.stderr).To(HavePrefix(note(asLocalhost, s.URL)))
		r = inProcess(tokenEnv, nil, "--send", "--no-check", "--base-url", asLocalhost, "GET /y")
		Expect(r.code).To(Equal(0), r.stderr)
		reqs := s.requests()
		Expect(reqs).To(HaveLen(2))
		Expect(reqs[0].Path).To(Equal("/x"))
		Expect(reqs[0].Header.Values("Authorization")).To(BeEmpty())
		Expect(reqs[1].Path).To(Equal("/y"))
		Expect(reqs[1].Header.Get("Authorization")).To(Equal("Bearer " + token))
	})

	It("is not sent to a host a parameter puts in the URL", func() {
		home, other := newServer(ok), newServer(ok)
		r := inProcess(tokenEnv, nil, "--send", "--no-check", "--base-url", home.URL, "GET {+target}/x", "target="+other.URL)
		Expect(r.code).To(Equal(0), r.stderr)
		Expect(other.requests()).To(HaveLen(1))
		Expect(other.requests()[0].Header.Values("Authorization")).To(BeEmpty())
		Expect(r.stderr).To(HavePrefix(note(other.URL, home.URL)))
		Expect(home.requests()).To(BeEmpty())
	})

	It("leaves an Authorization header the user gave to go where the call goes", func() {
		home, other := newServer(ok), newServer(ok)
		r := inProcess(tokenEnv, nil, "--send", "--no-check", "--base-url", home.URL, "GET "+other.URL+"/x", "Authorization:token mine")
		Expect(r.code).To(Equal(0), r.stderr)
		Expect(r.stderr).To(Equal("HTTP/1.1 200 OK\n"))
		Expect(other.requests()[0].Header.Values("Authorization")).To(Equal([]string{"token mine"}))
	})

	It("goes on every page of a --paginate walk on the base URL's host, and never to another", func() {
		other := newServer(func(w http.ResponseWriter, r *http.Request) { reply(w, 200, `[{"stolen": true}]`) })
		var home *server
		home = newServer(func(w http.ResponseWriter, r *http.Request) {
			switch r.URL.Query().Get("page") {
			case "":
				reply(w, 200, `[1]`, "Link", `<`+home.URL+`/items?page=2>; rel="next"`)
			case "2":
				reply(w, 200, `[2]`, "Link", `<`+other.URL+`/items?page=3>; rel="next"`)
			}
		})
		r := inProcess(tokenEnv, nil, "--send", "--paginate", "--no-check", "--base-url", home.URL, "GET /items")
		Expect(r.code).To(Equal(1))
		Expect(r.stderr).To(ContainSubstring("link leaves the origin of the walk"))
		r.noToken()
		Expect(other.requests()).To(BeEmpty())
		Expect(home.requests()).To(HaveLen(2))
		for _, req := range home.requests() {
			Expect(req.Header.Get("Authorization")).To(Equal("Bearer " + token))
		}
		// A walk that starts on another host starts without the token, and
		// keeps to that host.
		r = inProcess(tokenEnv, nil, "--send", "--paginate", "--no-check", "--base-url", other.URL, "GET "+home.URL+"/items")
		Expect(r.code).To(Equal(1))
		Expect(r.stderr).To(HavePrefix(note(home.URL, other.URL)))
		reqs := home.requests()
		Expect(reqs).To(HaveLen(4))
		Expect(reqs[2].Header.Values("Authorization")).To(BeEmpty())
		Expect(reqs[3].Header.Values("Authorization")).To(BeEmpty())
		Expect(other.requests()).To(BeEmpty())
	})

	Describe("with GitHub's hosts", func() {
		// sent records what would have gone over the network.
		var mu sync.Mutex
		var sent []*http.Request
		BeforeEach(func() {
			mu.Lock()
			sent = nil
			mu.Unlock()
			saved := httpClient.Transport
			httpClient.Transport = roundTripFunc(func(r *http.Request) (*http.Response, error) {
				body := ""
				if r.Body != nil {
					b, _ := io.ReadAll(r.Body)
					body = string(b)
				}
				r = r.Clone(r.Context())
				r.Body = io.NopCloser(strings.NewReader(body))
				mu.Lock()
				sent = append(sent, r)
				mu.Unlock()
				return &http.Response{StatusCode: 200, Status: "200 OK", Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
					Header: http.Header{}, Body: io.NopCloser(strings.NewReader("{}")), Request: r}, nil
			})
			DeferCleanup(func() { httpClient.Transport = saved })
		})

		It("sends it to api.github.com by default, and not to another host an absolute route names", func() {
			r := inProcess(tokenEnv, nil, "--send", "GET /user")
			Expect(r.code).To(Equal(0), r.stderr)
			r = inProcess(tokenEnv, nil, "--send", "--no-check", "GET https://evil.example/user")
			Expect(r.code).To(Equal(0), r.stderr)
			Expect(r.stderr).To(HavePrefix(note("https://evil.example", "https://api.github.com")))
			r = inProcess(tokenEnv, nil, "--send", "--no-check", "GET https://api.github.com:443/user")
			Expect(r.code).To(Equal(0), r.stderr)
			Expect(sent).To(HaveLen(3))
			Expect(sent[0].URL.String()).To(Equal("https://api.github.com/user"))
			Expect(sent[0].Header.Get("Authorization")).To(Equal("Bearer " + token))
			Expect(sent[1].URL.Host).To(Equal("evil.example"))
			Expect(sent[1].Header.Values("Authorization")).To(BeEmpty())
			Expect(sent[2].Header.Get("Authorization")).To(Equal("Bearer " + token)) // :443 is https's own port
		})

		It("sends it to the server GitHub's description gives an operation, uploads.github.com", func() {
			path := filepath.Join(GinkgoT().TempDir(), "v1.zip")
			Expect(os.WriteFile(path, []byte("PK-zip"), 0o600)).To(Succeed())
			r := inProcess(tokenEnv, nil, "--send", "--data", "@"+path,
				"POST /repos/{owner}/{repo}/releases/{release_id}/assets", "owner=o", "repo=r", "release_id:=7", "name==v1.zip")
			Expect(r.code).To(Equal(0), r.stderr)
			Expect(r.stderr).To(Equal("HTTP/1.1 200 OK\n"))
			Expect(sent).To(HaveLen(1))
			Expect(sent[0].URL.String()).To(Equal("https://uploads.github.com/repos/o/r/releases/7/assets?name=v1.zip"))
			Expect(sent[0].Header.Get("Authorization")).To(Equal("Bearer " + token))
			b, _ := io.ReadAll(sent[0].Body)
			Expect(string(b)).To(Equal("PK-zip")) // the file is still streamed whole
		})

		It("follows --base-url, the user's choice, for GitHub Enterprise Server", func() {
			r := inProcess(tokenEnv, nil, "--send", "--base-url", "https://ghe.example.com/api/v3", "GET /user")
			Expect(r.code).To(Equal(0), r.stderr)
			r = inProcess(tokenEnv, nil, "--send", "--base-url", "https://ghe.example.com/api/v3", "--no-check", "GET https://api.github.com/user")
			Expect(r.code).To(Equal(0), r.stderr)
			Expect(r.stderr).To(HavePrefix(note("https://api.github.com", "https://ghe.example.com")))
			Expect(sent).To(HaveLen(2))
			Expect(sent[0].URL.String()).To(Equal("https://ghe.example.com/api/v3/user"))
			Expect(sent[0].Header.Get("Authorization")).To(Equal("Bearer " + token))
			Expect(sent[1].Header.Values("Authorization")).To(BeEmpty())
		})

		It("is not sent anywhere when the base URL is a path", func() {
			r := inProcess(tokenEnv, nil, "--send", "--base-url", "/api", "--no-check", "GET https://api.github.com/user")
			Expect(r.code).To(Equal(0), r.stderr)
			Expect(r.stderr).To(HavePrefix("endpoint: GITHUB_TOKEN not sent: the call goes to https://api.github.com, the base URL names no host; "))
			Expect(sent).To(HaveLen(1))
			Expect(sent[0].Header.Values("Authorization")).To(BeEmpty())
		})
	})
})

// roundTripFunc is an http.RoundTripper of a function.
type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

// Checked against GitHub's description, an absolute route went to the base URL's
// host with GITHUB_TOKEN; it goes where it says, without it.
var _ = Describe("a checked absolute route and GITHUB_TOKEN", Label("regression"), func() {
	ok := func(w http.ResponseWriter, r *http.Request) { reply(w, 200, `{}`) }

	It("goes to the host the route names, without the token", func() {
		home, other := newServer(ok), newServer(ok)
		r := inProcess(tokenEnv, nil, "--send", "--base-url", home.URL, "GET "+other.URL+"/repos/{owner}/{repo}", "owner=o", "repo=r")
		Expect(r.code).To(Equal(0), r.stderr)
		Expect(home.requests()).To(BeEmpty())
		Expect(other.requests()).To(HaveLen(1))
		Expect(other.requests()[0].Path).To(Equal("/repos/o/r"))
		Expect(other.requests()[0].Header.Values("Authorization")).To(BeEmpty())
		r.noToken()
	})
})

// GITHUB_TOKEN went in plain http to another machine.
var _ = Describe("GITHUB_TOKEN over plain http", Label("regression"), func() {
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
