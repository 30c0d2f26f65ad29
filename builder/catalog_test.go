package builder_test

import (
	"regexp"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
)

var _ = Describe("operation-ID routes", func() {
	// The rule written as a regular expression, to hold the byte scanner to.
	rule := regexp.MustCompile(`^[A-Za-z0-9_.-]+(/[A-Za-z0-9_.-]+)+$`)

	DescribeTable("are two or more words of [A-Za-z0-9_.-] between slashes",
		func(route string, want bool) {
			Expect(builder.IsOperationID(route)).To(Equal(want))
			Expect(rule.MatchString(route)).To(Equal(want), "the rule itself")
		},
		Entry("a GitHub ID", "issues/list-for-repo", true),
		Entry("three words", "a/b/c", true),
		Entry("dots and underscores", "v1.2/get_x", true),
		Entry("one word", "issues", false),
		Entry("a path", "/repos/{owner}", false),
		Entry("a trailing slash", "issues/", false),
		Entry("an empty word", "a//b", false),
		Entry("a template", "issues/{id}", false),
		Entry("a space", "issues/list for", false),
		Entry("empty", "", false),
		Entry("non-ASCII", "issues/lïst", false),
	)

	It("agrees with the rule on every short string over a small alphabet", func() {
		alphabet := []byte("a/-{.")
		var walk func(prefix []byte)
		walk = func(prefix []byte) {
			s := string(prefix)
			Expect(builder.IsOperationID(s)).To(Equal(rule.MatchString(s)), "%q", s)
			if len(prefix) == 6 {
				return
			}
			for _, c := range alphabet {
				walk(append(prefix, c))
			}
		}
		walk(nil)
	})
})
