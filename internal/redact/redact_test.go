package redact_test

import (
	"strings"
	"unsafe"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/internal/redact"
)

// builder's specs and FuzzRedactURL hold URL to builder.RedactURL's
// documentation; these hold what its other callers, template's errors
// among them, rely on.
var _ = Describe("redact", func() {
	DescribeTable("IsSensitive",
		func(name string, want bool) { Expect(redact.IsSensitive(name)).To(Equal(want)) },
		Entry("each of Names", "access_token", true),
		Entry("any case", "Client_Secret", true),
		Entry("a bracketed key", "user[password]", true),
		Entry("a bracketed name", "token[]", true),
		Entry("a key deeper down", "a[b][private_key]", true),
		Entry("a lookalike", "my_token", false),
		Entry("an unclosed bracket", "user[password", false),
		Entry("empty", "", false),
	)

	It("knows every name of Names, in upper case too", func() {
		for _, n := range redact.Names {
			Expect(redact.IsSensitive(n)).To(BeTrue(), n)
			Expect(redact.IsSensitive(strings.ToUpper(n))).To(BeTrue(), n)
		}
	})

	DescribeTable("URL and RawURL",
		func(in, wantURL, wantRaw string) {
			Expect(redact.URL(in)).To(Equal(wantURL), "URL")
			Expect(redact.RawURL(in)).To(Equal(wantRaw), "RawURL")
		},
		Entry("a query value", "/user?access_token=t{", "/user?access_token=[REDACTED]{", "/user?access_token=[REDACTED]{"),
		Entry("in a message", `template "/x?token=t" at offset 3`, `template "/x?token=[REDACTED]" at offset 3`, `template "/x?token=[REDACTED]" at offset 3`),
		Entry("user information", "https://u:p s@h/x?password=p", "https://[REDACTED]@h/x?password=[REDACTED]", "https://[REDACTED]@h/x?password=[REDACTED]"),
		Entry("no scheme: RawURL reads it as a URL as given", "u:p s@h/x", "u:p s@h/x", "[REDACTED]@h/x"),
	)

	It("returns s itself when there is nothing to mask", func() {
		s := strings.Repeat("/repos/{owner}/{repo}?per_page=1", 2)
		Expect(unsafe.StringData(redact.URL(s))).To(Equal(unsafe.StringData(s)))
		Expect(unsafe.StringData(redact.RawURL(s))).To(Equal(unsafe.StringData(s)))
	})
})
