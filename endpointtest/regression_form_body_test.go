package endpointtest_test

import (
	"fmt"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/endpointtest"
)

// A body that is not JSON was read as a query string only when its
// Content-Type said application/x-www-form-urlencoded; sent without one,
// or as text/plain, its first pair (client_secret=…, password=…) was not
// after a "?" or "&", so a printed call and every failure message that
// shows the body printed the credential. paginate reads any body that is
// not JSON as a query string, as OAuth answers are written.
var _ = Describe("regression: a form body without a form Content-Type", func() {
	for _, ct := range []string{"", "text/plain", "application/octet-stream"} {
		It("masks its first credential pair, Content-Type "+fmt.Sprintf("%q", ct), func() {
			req := builder.RequestOptions{Method: "post", URL: "/login/oauth/access_token",
				Headers: map[string]string{}, Body: "client_secret=" + secret + "&grant_type=x&password=" + secret}
			if ct != "" {
				req.Headers["content-type"] = ct
			}
			c, err := endpointtest.CallOf(req)
			Expect(err).NotTo(HaveOccurred())
			Expect(noSecret(c.String())).To(HaveSuffix("\n\nclient_secret=[REDACTED]&grant_type=x&password=[REDACTED]"))
			for _, verb := range []string{"%v", "%+v", "%#v", "%s", "%q"} {
				noSecret(fmt.Sprintf(verb, c))
			}
			err = endpointtest.MatchCall(c, endpointtest.JSONBody(`{"grant_type":"x"}`))
			Expect(err).To(MatchError(endpointtest.ErrMismatch))
			Expect(noSecret(err.Error())).To(ContainSubstring("client_secret=[REDACTED]"))
		})
	}

	It("still shows a text body as it is", func() {
		c, err := endpointtest.CallOf(builder.RequestOptions{Method: "post", URL: "/x", Body: "a=1&b=two words"})
		Expect(err).NotTo(HaveOccurred())
		Expect(c.String()).To(HaveSuffix("\n\na=1&b=two words"))
	})
})
