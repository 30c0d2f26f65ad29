package builder_test

import (
	"fmt"
	"math/rand/v2"
	"net/url"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
)

// HTTPRequest reads the URLs Build makes without url.Parse when they have
// the common shape; wherever it does, the result must be url.Parse's.
var _ = Describe("the fast URL reader", func() {
	same := func(s string) (bool, string) {
		var fast url.URL
		if !builder.ParseURL(s, &fast) {
			return false, ""
		}
		want, err := url.Parse(s)
		if err != nil {
			return true, fmt.Sprintf("accepted %q, which url.Parse refuses: %v", s, err)
		}
		if fmt.Sprintf("%#v", fast) != fmt.Sprintf("%#v", *want) {
			return true, fmt.Sprintf("%q:\n fast %#v\n want %#v", s, fast, *want)
		}
		return true, ""
	}

	DescribeTable("reads the common shape as url.Parse does",
		func(s string) {
			handled, diff := same(s)
			Expect(handled).To(BeTrue())
			Expect(diff).To(BeEmpty())
		},
		Entry("GitHub route with a query", "https://api.github.com/repos/o/r/issues?state=open&labels=bug%2Cui"),
		Entry("root", "https://api.github.com/"),
		Entry("port", "http://localhost:8080/x"),
		Entry("empty query", "https://h/x?"),
		Entry("GHES prefix", "https://ghe.example.com/api/v3/repos/o/r"),
		Entry("no path, as a base URL", "https://api.github.com"),
		Entry("port, no path", "http://localhost:8080"),
	)

	DescribeTable("leaves everything else to url.Parse",
		func(s string) {
			handled, _ := same(s)
			Expect(handled).To(BeFalse())
		},
		Entry("escape in the path", "https://h/a%2Fb"), Entry("userinfo", "https://user@h/x"),
		Entry("IPv6", "https://[::1]/x"), Entry("fragment", "https://h/x#f"),
		Entry("empty port", "https://h:/x"), Entry("upper-case scheme", "HTTPS://h/x"),
		Entry("relative", "/x"), Entry("bracket in the path", "https://h/["),
		Entry("non-ASCII", "https://h/ä"),
	)

	It("agrees with url.Parse on 40,000 generated URLs (PCG seed 1, 2)", func() {
		r := rand.New(rand.NewPCG(1, 2))
		pick := func(alphabet string, n int) string {
			var b strings.Builder
			for range n {
				b.WriteByte(alphabet[r.IntN(len(alphabet))])
			}
			return b.String()
		}
		const any = "ab/:?#%=&.-_~[]@ 9Z!*'()$+,;\x00\x7f\xc3\xa4"
		handled := 0
		for i := range 40000 {
			var s string
			switch i % 3 {
			case 0:
				s = "https://" + pick(any, r.IntN(24))
			case 1:
				// Queries long enough to be read a word at a time.
				s = "https://h/x?" + pick("ab=&+\t\x1f\x7f\x80#", r.IntN(40))
			default:
				s = []string{"http://", "https://"}[r.IntN(2)] + pick("abc.-9", 1+r.IntN(6)) +
					[]string{"", ":443", ":", ":x"}[r.IntN(4)] + "/" + pick("ab/-._~$&+,:;=@!*%2F?", r.IntN(20))
			}
			ok, diff := same(s)
			Expect(diff).To(BeEmpty(), "case %d", i)
			if ok {
				handled++
			}
		}
		Expect(handled).To(BeNumerically(">", 3000)) // 3,886 with this seed
	})
})
