package builder_test

// Regression (FuzzRoute, testdata/fuzz/FuzzRoute/764b514e5e50e732 and
// 7358b1c189c34fce): when a template starts with {+url} and the value is an
// absolute URL, the value replaces the base URL, but its authority is never
// checked; nor is the authority of an absolute template ("http://" builds
// "http://?x=0", which has no host). "{+u}" with
// u="http:// " builds "http://%20", which net/url refuses ("invalid URL
// escape"); so do a host of "%41", "[::1" without "]", a port "port", and
// an empty host. A base URL with a space in its host is passed through the
// same way. The caller learns of it only from HTTPRequest (ErrRequest
// "malformed url"), or from whatever other client gets the string (F21).
// Expected: Build fails, or returns a URL net/url parses and HTTPRequest
// accepts; got: success with an unusable URL.

import (
	"context"
	"net/url"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
)

var _ = Describe("regression: {+url} value or base URL with an invalid host", func() {
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
