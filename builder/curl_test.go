package builder_test

import (
	"os/exec"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
)

var _ = Describe("RequestOptions.Curl", func() {
	DescribeTable("writes a shell-safe command line",
		func(ro builder.RequestOptions, want string) {
			Expect(ro.Curl()).To(Equal(want))
		},
		Entry("GET, headers sorted by name, real credentials",
			builder.RequestOptions{Method: "get", URL: "https://api.github.com/user",
				Headers: map[string]string{"user-agent": "ua", "authorization": "token s3cr3t", "accept": "application/json"}},
			`curl -X 'GET' -H 'accept: application/json' -H 'authorization: token s3cr3t' -H 'user-agent: ua' 'https://api.github.com/user'`),
		Entry("POST with a JSON body containing a single quote",
			builder.RequestOptions{Method: "post", URL: "https://api.github.com/repos/o/r/issues",
				Headers: map[string]string{"content-type": "application/json; charset=utf-8"},
				Body:    builder.Params{{Name: "title", Value: "it's <b>"}, {Name: "n", Value: 1}}},
			`curl -X 'POST' -H 'content-type: application/json; charset=utf-8' --data-binary '{"title":"it'\''s <b>","n":1}' 'https://api.github.com/repos/o/r/issues'`),
		Entry("a string body is sent as it is",
			builder.RequestOptions{Method: "post", URL: "https://x.test/markdown/raw", Body: "a $HOME `b` \\ \"c\"\nline 2"},
			"curl -X 'POST' -H 'content-type:' --data-binary 'a $HOME `b` \\ \"c\"\nline 2' 'https://x.test/markdown/raw'"),
		Entry("an empty PUT body still sends content-length 0",
			builder.RequestOptions{Method: "put", URL: "https://x.test/user/starred/o/r", Body: ""},
			`curl -X 'PUT' -H 'content-type:' --data-binary '' 'https://x.test/user/starred/o/r'`),
		Entry("an empty header value uses curl's ';' syntax",
			builder.RequestOptions{Method: "get", URL: "https://x.test/", Headers: map[string]string{"x-empty": ""}},
			`curl -X 'GET' -H 'x-empty;' 'https://x.test/'`),
		Entry("HEAD uses --head",
			builder.RequestOptions{Method: "head", URL: "https://x.test/"},
			`curl --head 'https://x.test/'`),
		Entry("an io.Reader body is read from standard input",
			builder.RequestOptions{Method: "post", URL: "https://x.test/a", Body: strings.NewReader("data")},
			`curl -X 'POST' -H 'content-type:' --data-binary @- 'https://x.test/a'`),
		Entry("bytes with NUL are read from standard input",
			builder.RequestOptions{Method: "post", URL: "https://x.test/a", Body: []byte{'a', 0, 'b'}, Headers: map[string]string{"Content-Type": "application/octet-stream"}},
			`curl -X 'POST' -H 'Content-Type: application/octet-stream' --data-binary @- 'https://x.test/a'`),
		Entry("a body starting with @ is not a file name",
			builder.RequestOptions{Method: "post", URL: "https://x.test/a", Body: "@/etc/passwd"},
			`curl -X 'POST' -H 'content-type:' --data-raw '@/etc/passwd' 'https://x.test/a'`),
		Entry("a quote in the URL is escaped",
			builder.RequestOptions{Method: "get", URL: "https://x.test/it's?q=a'b"},
			`curl -X 'GET' 'https://x.test/it'\''s?q=a'\''b'`),
		Entry("brackets and braces turn globbing off",
			builder.RequestOptions{Method: "get", URL: "https://[::1]:8443/a?q={x}"},
			`curl -X 'GET' --globoff 'https://[::1]:8443/a?q={x}'`),
	)

	Describe("run by a shell", func() {
		var rec *recorder

		BeforeEach(func() {
			if _, err := exec.LookPath("curl"); err != nil {
				Skip("curl is not installed")
			}
			rec = newRecorder()
			DeferCleanup(rec.srv.Close)
		})

		// run runs cmd with sh and returns what the server saw.
		run := func(cmd, stdin string) received {
			GinkgoHelper()
			c := exec.Command("sh", "-c", cmd+" --silent --show-error")
			c.Stdin = strings.NewReader(stdin)
			out, err := c.CombinedOutput()
			Expect(err).NotTo(HaveOccurred(), string(out))
			reqs := rec.all()
			Expect(reqs).To(HaveLen(1))
			return reqs[0]
		}

		It("sends what HTTPRequest sends", func() {
			ro := builder.RequestOptions{
				Method:  "post",
				URL:     rec.srv.URL + "/repos/o/r/contents/a%2Fb?ref=it's",
				Headers: map[string]string{"content-type": "application/json; charset=utf-8", "x-q": `a 'b' "c" $d`},
				Body:    builder.Params{{Name: "message", Value: "it's $HOME `x`"}, {Name: "n", Value: 1}},
			}
			got := run(ro.Curl(), "")
			Expect(got.Method).To(Equal("POST"))
			Expect(got.RequestURI).To(Equal("/repos/o/r/contents/a%2Fb?ref=it's"))
			Expect(got.Header.Get("X-Q")).To(Equal(`a 'b' "c" $d`))
			Expect(got.Header.Get("Content-Type")).To(Equal("application/json; charset=utf-8"))
			Expect(string(got.Body)).To(Equal("{\"message\":\"it's $HOME `x`\",\"n\":1}"))
		})

		It("pipes a reader body in through standard input", func() {
			ro := builder.RequestOptions{Method: "post", URL: rec.srv.URL + "/upload",
				Headers: map[string]string{"content-type": "application/octet-stream"},
				Body:    strings.NewReader("ignored")}
			got := run(ro.Curl(), "piped bytes")
			Expect(string(got.Body)).To(Equal("piped bytes"))
		})

		It("sends content-length 0 for a bodiless PUT", func() {
			ro := builder.RequestOptions{Method: "put", URL: rec.srv.URL + "/user/starred/o/r", Body: ""}
			got := run(ro.Curl(), "")
			Expect(got.Method).To(Equal("PUT"))
			Expect(got.Header.Get("Content-Length")).To(Equal("0"))
			Expect(got.Header).NotTo(HaveKey("Content-Type"))
		})

		It("sends a URL with brackets as it is", func() {
			ro := builder.RequestOptions{Method: "get", URL: rec.srv.URL + "/search?q=a[1]{2}"}
			got := run(ro.Curl(), "")
			Expect(got.RequestURI).To(Equal("/search?q=a[1]{2}"))
		})
	})
})

// curl read a URL starting with "-" ("-o/tmp/x") as one of its options.
var _ = Describe("Curl with a URL that curl reads as an option", Label("regression"), func() {
	It("gives a URL starting with - with --url", func() {
		Expect(builder.RequestOptions{Method: "get", URL: "-o/tmp/x"}.Curl()).
			To(Equal(`curl -X 'GET' --url '-o/tmp/x'`))
		Expect(builder.RequestOptions{Method: "get", URL: "--next"}.Curl()).
			To(Equal(`curl -X 'GET' --url '--next'`))
	})

	It("writes every other URL as it did", func() {
		Expect(builder.RequestOptions{Method: "get", URL: "https://x.test/-o"}.Curl()).
			To(Equal(`curl -X 'GET' 'https://x.test/-o'`))
		Expect(builder.RequestOptions{Method: "get", URL: "/repos/-o"}.Curl()).
			To(Equal(`curl -X 'GET' '/repos/-o'`))
	})
})
