package builder_test

// Regression: Curl single-quotes every argument, so that the shell
// interprets nothing, but curl itself read a URL that starts with "-"
// (RequestOptions made by hand, "-o/tmp/x") as one of its own options:
// `curl -X 'GET' '-o/tmp/x'` writes to /tmp/x. Expected: such a URL given
// with --url, which takes the next argument as the URL whatever it
// holds; every other URL as before.

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
)

var _ = Describe("regression: Curl with a URL that curl reads as an option", func() {
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
