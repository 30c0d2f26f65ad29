package template_test

import (
	"math/rand/v2"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/template"
)

// naiveDotSegment is the rule written plainly: after an optional
// "http://authority" or "https://authority" (any case; another scheme is
// no scheme here), up to the first "?" or "#", split at "/" and look for a
// segment of one or two dots, each "." or "%2e" in either case.
func naiveDotSegment(url string) bool {
	path := url
	if j := strings.Index(url, "://"); j > 0 && isSchemeName(url[:j]) && (strings.EqualFold(url[:j], "http") || strings.EqualFold(url[:j], "https")) {
		rest := url[j+3:]
		k := strings.IndexAny(rest, "/?#")
		if k < 0 {
			return false
		}
		path = rest[k:]
	}
	if k := strings.IndexAny(path, "?#"); k >= 0 {
		path = path[:k]
	}
	for _, seg := range strings.Split(path, "/") {
		s := strings.ReplaceAll(strings.ReplaceAll(seg, "%2e", "."), "%2E", ".")
		if s == "." || s == ".." {
			return true
		}
	}
	return false
}

func isSchemeName(s string) bool {
	for i, c := range s {
		letter := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
		if !letter && (i == 0 || !(c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.')) {
			return false
		}
	}
	return s != ""
}

var _ = Describe("the dot-segment check", func() {
	It("agrees with the plainly written rule on random URLs made of the bytes that matter", func() {
		pieces := []string{"/", ".", "..", "%2e", "%2E", "%2", "%", "?", "#", ":", "://", "a", "b.c", "http", "x+y"}
		rng := rand.New(rand.NewPCG(6570, 3986))
		for range 200_000 {
			var sb strings.Builder
			for range rng.IntN(9) {
				sb.WriteString(pieces[rng.IntN(len(pieces))])
			}
			url := sb.String()
			want := naiveDotSegment(url)
			// Plain comparisons in the loop, Gomega only on a mismatch:
			// 200,000 assertions would dominate the suite under -race.
			if template.HasDotSegment(url) != want || template.HasDotSegmentBytes([]byte(url)) != want {
				Expect(template.HasDotSegment(url)).To(Equal(want), "%q", url)
				Expect(template.HasDotSegmentBytes([]byte(url))).To(Equal(want), "%q", url)
			}
		}
	})

	It("finds dot segments after the authority and nowhere past the path", func() {
		Expect(template.HasDotSegment("https://h/a/./b")).To(BeTrue())
		Expect(template.HasDotSegment("https://h/a/%2E%2e")).To(BeTrue())
		Expect(template.HasDotSegment("..")).To(BeTrue())
		Expect(template.HasDotSegment("https://../a")).To(BeFalse())
		Expect(template.HasDotSegment("/a?x=/../")).To(BeFalse())
		Expect(template.HasDotSegment("/a#/../")).To(BeFalse())
		Expect(template.HasDotSegment("/rest.js/.../.a")).To(BeFalse())
	})
})

// The dot-segment check skipped "scheme://authority" for any scheme; only http
// and https are absolute here, the rest is joined as a path.
var _ = Describe("a dot segment after another scheme's //", Label("regression"), func() {
	DescribeTable("is a dot segment of the path",
		func(tpl string, vars map[string]any) {
			_, err := mustParse(tpl).AppendPath([]byte("pre"), func(name string) (any, bool) {
				v, ok := vars[name]
				return v, ok
			})
			Expect(err).To(MatchError(template.ErrDotSegment))
		},
		Entry("a {+url} value", "{+url}", map[string]any{"url": "a:/../c"}),
		Entry("a {+url} value, one dot", "{+url}/x", map[string]any{"url": "ftp:/."}),
		Entry("a literal scheme-like prefix", "x:/{a}/..", map[string]any{"a": "b"}),
		Entry("a literal ftp URL", "ftp://../{a}", map[string]any{"a": "b"}),
	)

	DescribeTable("holds an empty segment after another scheme's //, which is the value's own",
		func(tpl string, vars map[string]any) {
			_, err := mustParse(tpl).AppendPath([]byte("pre"), func(name string) (any, bool) {
				v, ok := vars[name]
				return v, ok
			})
			Expect(err).To(MatchError(template.ErrEmptySegment))
		},
		Entry("a {+url} value", "{+url}", map[string]any{"url": "a://../c"}),
		Entry("a {+url} value, one dot", "{+url}/x", map[string]any{"url": "ftp://."}),
	)

	It("reads only http and https, in any case, as having an authority", func() {
		Expect(template.HasDotSegment("a://../c")).To(BeTrue())
		Expect(template.HasDotSegment("git+ssh://./c")).To(BeTrue())
		Expect(template.HasDotSegment("https://../c")).To(BeFalse())
		Expect(template.HasDotSegment("HTTP://../c")).To(BeFalse())
		Expect(template.HasDotSegment("HttpS://h/../c")).To(BeTrue())
		Expect(template.HasDotSegment("httpx://../c")).To(BeTrue())
		Expect(template.HasDotSegmentBytes([]byte("a://../c"))).To(BeTrue())

		out, err := mustParse("{+url}").AppendPath(nil, func(string) (any, bool) { return "https://../c", true })
		Expect(err).NotTo(HaveOccurred())
		Expect(string(out)).To(Equal("https://../c"))
	})
})
