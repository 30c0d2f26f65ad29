package redact_test

import (
	"errors"
	"net/url"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/internal/redact"
)

var _ = DescribeTable("Userinfo",
	func(in, want, wantBare string) {
		Expect(redact.Userinfo(in, false)).To(Equal(want), "not bare")
		Expect(redact.Userinfo(in, true)).To(Equal(wantBare), "bare")
	},
	Entry("nothing to mask", "https://api.github.com/x", "https://api.github.com/x", "https://api.github.com/x"),
	Entry("user and password", "https://u:p@h/x", "https://[REDACTED]@h/x", "https://[REDACTED]@h/x"),
	Entry("a space", "https://u:pa ss@h/x", "https://[REDACTED]@h/x", "https://[REDACTED]@h/x"),
	Entry("a <", "https://u<s:p@h", "https://[REDACTED]@h", "https://[REDACTED]@h"),
	Entry("a / (net/url reads port pa)", "https://u:pa/ss@h/api", "https://[REDACTED]@h/api", "https://[REDACTED]@h/api"),
	Entry("a ? and a #", "https://u:p?a#ss@h/api", "https://[REDACTED]@h/api", "https://[REDACTED]@h/api"),
	Entry("an @ in the path: masked too, to the last @", "https://h/logo@2x.png", "https://[REDACTED]@2x.png", "https://[REDACTED]@2x.png"),
	Entry("control bytes and UTF-8", "https://u:p\x00\t密@h", "https://[REDACTED]@h", "https://[REDACTED]@h"),
	Entry("\"://\" in the password", "https://u:x://y@h/", "https://[REDACTED]@h/", "https://[REDACTED]@h/"),
	Entry("scheme-relative", "//u:p s@h/x", "//[REDACTED]@h/x", "//[REDACTED]@h/x"),
	Entry("backslashes", `\\u:p s@h/x`, `\\[REDACTED]@h/x`, `\\[REDACTED]@h/x`),
	Entry("a web scheme without slashes", "https:u:p s@h/x", "https:[REDACTED]@h/x", "https:[REDACTED]@h/x"),
	Entry("a web scheme with backslashes", `HTTPS:\\u:p@h`, `HTTPS:\\[REDACTED]@h`, `HTTPS:\\[REDACTED]@h`),
	Entry("another scheme", "git+ssh://u:p s@h/r", "git+ssh://[REDACTED]@h/r", "git+ssh://[REDACTED]@h/r"),
	Entry("in a route", "GET https://u:p s@h/x", "GET https://[REDACTED]@h/x", "[REDACTED]@h/x"),
	Entry("no scheme", "user:pa ss@host/api", "user:pa ss@host/api", "[REDACTED]@host/api"),
	Entry("no scheme, // in the password", "user:pa//ss@host", "user:pa//ss@host", "[REDACTED]@host"),
	Entry("no scheme, :// in the password", "user:pa://ss@host", "user:pa://[REDACTED]@host", "[REDACTED]@host"),
	Entry("a token alone", "TOKEN@host", "TOKEN@host", "[REDACTED]@host"),
	Entry("a path with @", "/users/a@b", "/users/a@b", "/users/a@b"),
	Entry("a double slash inside a path", "/a//b@c", "/a//b@c", "/a//b@c"),
	Entry("a longer word before a web scheme", "xhttps:u:p@h", "xhttps:u:p@h", "[REDACTED]@h"),
	Entry("empty", "", "", ""),
	Entry("an authority without @", "https://h/x y", "https://h/x y", "https://h/x y"),
)

var _ = Describe("Bounds", func() {
	It("ends at the last @ and starts after the authority's introduction", func() {
		start, at := redact.Bounds("https://u:p@x@h/a", false)
		Expect([]int{start, at}).To(Equal([]int{8, 13}))
		start, at = redact.Bounds("https://h/", false)
		Expect([]int{start, at}).To(Equal([]int{-1, -1}))
		start, at = redact.Bounds("u@h", true)
		Expect([]int{start, at}).To(Equal([]int{0, 1}))
	})

	It("masks every byte of any password placed in any of these shapes", func() {
		for _, shape := range []string{"https://user:%s@host/api", "//%s@host", "https:%s@host", "user:%s@host/api", "%s@host"} {
			for _, pw := range []string{"pa ss", "p<w", "a/b", "a?b#c", "a@b", "x://y", `q"'\`, "\x00\x7f", "密🔑", "%zz", "//", "12/ab"} {
				in := strings.Replace(shape, "%s", pw, 1)
				out := redact.Userinfo(in, true)
				Expect(out).To(HaveSuffix("[REDACTED]@host"+strings.SplitN(in, "@host", 2)[1]), in)
				Expect(strings.Count(out, "@")).To(Equal(1), in)
			}
		}
	})
})

var _ = DescribeTable("Leads",
	func(s string, want bool) {
		Expect(redact.Leads(s, redact.Authority(s))).To(Equal(want))
	},
	Entry("a scheme and //", "https://h", true),
	Entry("a scheme with + and .", "git+ssh.x://h", true),
	Entry("//", "//h", true),
	Entry("a web scheme without slashes", "https:h", true),
	Entry("a word before", "GET https://h", false),
	Entry("a scheme that starts with a digit", "1x://h", false),
	Entry("a colon in the scheme", "u:p://h", false),
	Entry("no authority", "/x", false),
)

var _ = Describe("Cause", func() {
	parse := func(s string) error { _, err := url.Parse(s); return err }

	It("is parse's error for s with its user information replaced, or ErrInvalid", func() {
		s := "https://user:pa/ss@host/api"
		err := parse(s)
		Expect(err).To(MatchError(ContainSubstring(`":pa"`)))
		Expect(redact.Cause(s, err, parse)).To(Equal(redact.ErrUserinfo))

		s = "https://user:pa/ss@host:99x/api"
		err = parse(s)
		cause := redact.Cause(s, err, parse)
		Expect(cause).To(MatchError(ContainSubstring(`":99x"`)))
		Expect(cause.Error()).NotTo(ContainSubstring("pa/ss"))
		Expect(cause.Error()).NotTo(ContainSubstring(`":pa"`))
		Expect(cause).To(MatchError(`invalid port ":99x" after host`), "a *url.Error's Err, without its quote of s")
	})

	It("is err itself when s has no user information", func() {
		err := errors.New("bad")
		Expect(redact.Cause("https://host:99x/", err, parse)).To(BeIdenticalTo(err))
	})
})

var _ = Describe("WebScheme and StartsAuthority", func() {
	It("know the web schemes in any case, not inside a longer word", func() {
		for _, s := range []string{"http:", "HTTPS:", "ws:", "wss:", "ftp:", " https:"} {
			Expect(redact.WebScheme(s, len(s)-1)).To(BeTrue(), s)
		}
		for _, s := range []string{"xhttp:", "mailto:", "git:", ":", "1https:"} {
			Expect(redact.WebScheme(s, len(s)-1)).To(BeFalse(), s)
		}
	})

	It("read two slashes as an authority after a colon, a quote or white space, not inside a path", func() {
		Expect(redact.StartsAuthority("//h", 0, false)).To(BeTrue())
		Expect(redact.StartsAuthority("a://h", 2, false)).To(BeTrue())
		Expect(redact.StartsAuthority(`"//h`, 1, false)).To(BeTrue())
		Expect(redact.StartsAuthority("a //h", 2, false)).To(BeTrue())
		Expect(redact.StartsAuthority("a //h", 2, true)).To(BeFalse())
		Expect(redact.StartsAuthority("/a//h", 2, false)).To(BeFalse())
	})
})
