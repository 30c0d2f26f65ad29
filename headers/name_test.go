package headers_test

import (
	"errors"
	"strings"
	"testing"
	"unsafe"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/headers"
)

var _ = Describe("Name", func() {
	DescribeTable("lower-cases ASCII letters only",
		func(in, want string) {
			Expect(headers.Name(in)).To(Equal(want))
		},
		Entry("already lower-case", "accept", "accept"),
		Entry("capitalised", "Accept", "accept"),
		Entry("mixed", "X-GitHub-Api-Version", "x-github-api-version"),
		Entry("upper", "USER-AGENT", "user-agent"),
		Entry("upper first byte only", "Aa", "aa"),
		Entry("upper last byte only", "aA", "aa"),
		Entry("empty", "", ""),
		Entry("digits and symbols untouched", "X-1_2.3~!", "x-1_2.3~!"),
		Entry("non-ASCII bytes untouched", "\u00c4B", "\u00c4b"),
		Entry("Kelvin sign is not folded to k", "\u212a", "\u212a"),
	)

	It("returns the very same string without allocating when already lower-case", func() {
		in := strings.Repeat("content-type", 3)
		Expect(unsafe.StringData(headers.Name(in))).To(BeIdenticalTo(unsafe.StringData(in)))
		Expect(unsafe.StringData(headers.Name("Content-Type"))).NotTo(BeIdenticalTo(unsafe.StringData("Content-Type")))
		Expect(testing.AllocsPerRun(100, func() { sink = headers.Name(in) })).To(BeZero())
	})

	It("allocates once when it has to lower-case", func() {
		in := "Content-Type"
		Expect(testing.AllocsPerRun(100, func() { sink = headers.Name(in) })).To(BeNumerically("<=", 1))
	})

	It("handles 1 MiB names", func() {
		in := strings.Repeat("Ab-", 1<<20/3)
		Expect(headers.Name(in)).To(Equal(strings.Repeat("ab-", 1<<20/3)))
		Expect(headers.ValidateName(in)).To(Succeed())
		Expect(headers.ValidateName(in + " ")).To(MatchError(headers.ErrInvalidName))
	})
})

var _ = Describe("ValidateName", func() {
	DescribeTable("accepts RFC 9110 tokens",
		func(name string) {
			Expect(headers.ValidateName(name)).To(Succeed())
		},
		Entry("lower", "accept"),
		Entry("mixed case", "X-GitHub-Api-Version"),
		Entry("every tchar symbol", "!#$%&'*+-.^_`|~"),
		Entry("digits and letters", "09azAZ"),
		Entry("single byte", "a"),
	)

	DescribeTable("rejects non-tokens, naming the header and the byte",
		func(name, msg string) {
			err := headers.ValidateName(name)
			Expect(err).To(MatchError(headers.ErrInvalidName))
			Expect(errors.Is(err, headers.ErrInvalidValue)).To(BeFalse())
			var he *headers.Error
			Expect(errors.As(err, &he)).To(BeTrue())
			Expect(he.Name).To(Equal(name))
			Expect(he.Value).To(BeEmpty())
			Expect(err.Error()).To(Equal(msg))
		},
		Entry("empty", "", `headers: invalid header name "": empty`),
		Entry("space", "a b", `headers: invalid header name "a…": byte 0x20 at index 1 is not a token character`),
		Entry("colon", "a:b", `headers: invalid header name "a…": byte 0x3a at index 1 is not a token character`),
		Entry("CR LF", "x\r\nInjected", `headers: invalid header name "x…": byte 0x0d at index 1 is not a token character`),
		Entry("NUL", "\x00", `headers: invalid header name "…": byte 0x00 at index 0 is not a token character`),
		Entry("DEL", "a\x7f", `headers: invalid header name "a…": byte 0x7f at index 1 is not a token character`),
		Entry("non-ASCII", "é", `headers: invalid header name "…": byte 0xc3 at index 0 is not a token character`),
		Entry("comma", "a,b", `headers: invalid header name "a…": byte 0x2c at index 1 is not a token character`),
		Entry("slash", "a/b", `headers: invalid header name "a…": byte 0x2f at index 1 is not a token character`),
		Entry("parentheses", "(x)", `headers: invalid header name "…": byte 0x28 at index 0 is not a token character`),
		Entry("a header line never shows its value", "Authorization: token ghp_secret", `headers: invalid header name "Authorization…": byte 0x3a at index 13 is not a token character`),
		Entry("quote", `"q"`, `headers: invalid header name "…": byte 0x22 at index 0 is not a token character`),
		Entry("brackets", "[x]", `headers: invalid header name "…": byte 0x5b at index 0 is not a token character`),
		Entry("tab", "a\tb", `headers: invalid header name "a…": byte 0x09 at index 1 is not a token character`),
	)
})

var _ = Describe("IsSensitive", func() {
	DescribeTable("flags credential headers in any case",
		func(name string, want bool) {
			Expect(headers.IsSensitive(name)).To(Equal(want))
		},
		Entry("authorization", "authorization", true),
		Entry("Authorization", "Authorization", true),
		Entry("proxy-authorization", "Proxy-Authorization", true),
		Entry("cookie", "COOKIE", true),
		Entry("set-cookie", "Set-Cookie", true),
		Entry("accept", "accept", false),
		Entry("user-agent", "user-agent", false),
		Entry("empty", "", false),
		Entry("prefix only", "authorizatio", false),
		Entry("longer", "authorizations", false),
		Entry("cookie2 is not cookie", "cookie2", false),
		Entry("Kelvin sign is not k", "coo\u212aie", false),
		Entry("same length, other name", "x-cookie1", false),
	)
})

// sink keeps results alive so allocation counts are honest.
var sink string

var _ = Describe("IsToken", func() {
	DescribeTable("agrees with ValidateName",
		func(s string, want bool) {
			Expect(headers.IsToken(s)).To(Equal(want))
			Expect(headers.ValidateName(s) == nil).To(Equal(want))
		},
		Entry("method", "PATCH", true), Entry("tchars", "!#$%&'*+-.^_`|~", true),
		Entry("empty", "", false), Entry("space", "GE T", false), Entry("colon", "a:b", false),
		Entry("non-ASCII", "ä", false),
	)
})
