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
