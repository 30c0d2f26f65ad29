package paginate_test

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/paginate"
)

// A link target net/url refuses was quoted as RedactURL reads text, and
// with net/url's reason, which quotes part of it: a password with a "/"
// ("invalid port \":pa\"") or a space showed.
var _ = Describe("regression: a link target whose user information holds any byte", func() {
	DescribeTable("is quoted masked, and so is net/url's reason",
		func(target, pw string) {
			resp := &http.Response{
				Header:  http.Header{"Link": {"<" + target + `>; rel="next"`}},
				Request: &http.Request{URL: &url.URL{Scheme: "https", Host: "api.github.com", Path: "/x"}},
			}
			_, err := paginate.Links(resp)
			Expect(err).To(MatchError(paginate.ErrSyntax))
			for e := error(err); e != nil; e = errors.Unwrap(e) {
				for _, verb := range verbs {
					Expect(fmt.Sprintf(verb, e)).NotTo(ContainSubstring(pw), verb)
				}
			}
			Expect(err.Error()).To(ContainSubstring("[REDACTED]@h"))
		},
		Entry("a /, read as a port", "https://u:pa/ss@h/x", ":pa"),
		Entry("a bad escape", "https://u:pa%zz@h/x", "%zz"),
		Entry("a < in the user name", "https://us<er:"+secret+"@h/x", secret),
	)
})
