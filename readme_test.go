package endpoint_test

// The README holds only what runs: each Go snippet is a compiled test's
// lines, in order, and each link names a file of the repository.

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// recordingT is an endpointtest.T that keeps what a test reports.
type recordingT struct {
	failures []string
	cleanups []func()
}

func (t *recordingT) Helper() {}
func (t *recordingT) Errorf(format string, args ...any) {
	t.failures = append(t.failures, fmt.Sprintf(format, args...))
}
func (t *recordingT) Fatalf(format string, args ...any) {
	t.failures = append(t.failures, fmt.Sprintf(format, args...))
	panic(t)
}
func (t *recordingT) Cleanup(f func()) { t.cleanups = append(t.cleanups, f) }

func (t *recordingT) run(test func(*recordingT)) {
	defer func() {
		for i := len(t.cleanups) - 1; i >= 0; i-- {
			t.cleanups[i]()
		}
		if r := recover(); r != nil && r != any(t) {
			panic(r)
		}
	}()
	test(t)
}

// snippetLines returns the lines of each fenced block of the given
// language in markdown, trimmed, blank lines left out.
func snippetLines(markdown, lang string) [][]string {
	var blocks [][]string
	var cur []string
	in := false
	for _, line := range strings.Split(markdown, "\n") {
		switch {
		case !in && strings.TrimSpace(line) == "```"+lang:
			in, cur = true, nil
		case in && strings.TrimSpace(line) == "```":
			in = false
			blocks = append(blocks, cur)
		case in && strings.TrimSpace(line) != "":
			cur = append(cur, strings.TrimSpace(line))
		}
	}
	return blocks
}

// containsInOrder reports whether every line of want is a trimmed line of
// text, in the same order.
func containsInOrder(text string, want []string) bool {
	i := 0
	for _, line := range strings.Split(text, "\n") {
		if i < len(want) && strings.TrimSpace(line) == want[i] {
			i++
		}
	}
	return i == len(want)
}

var _ = Describe("the README", func() {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		panic(err)
	}

	It("shows Go that a compiled test holds, line by line", func() {
		var tests []string
		Expect(filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, "_test.go") {
				return err
			}
			b, err := os.ReadFile(path)
			tests = append(tests, string(b))
			return err
		})).To(Succeed())
		blocks := snippetLines(string(readme), "go")
		Expect(len(blocks)).To(BeNumerically(">=", 5))
		for _, block := range blocks {
			Expect(block).NotTo(BeEmpty())
			Expect(tests).To(ContainElement(Satisfy(func(text string) bool { return containsInOrder(text, block) })),
				"no _test.go file holds the README's snippet starting %q", block[0])
		}
	})

	It("links only to files that exist", func() {
		prose := regexp.MustCompile("(?s)```.*?```").ReplaceAllString(string(readme), "")
		links := regexp.MustCompile(`\]\(([^)#:]+)\)`).FindAllStringSubmatch(prose, -1)
		Expect(links).NotTo(BeEmpty())
		for _, l := range links {
			Expect(l[1]).To(BeAnExistingFile(), "README links to %s", l[1])
		}
	})

	It("runs its test kit snippet green", func() {
		t := &recordingT{}
		t.run(func(t *recordingT) { testTracker(t) })
		Expect(t.failures).To(BeEmpty())
		Expect(t.cleanups).NotTo(BeEmpty(), "the server is closed by Cleanup")
	})

	It("reads snippets and their order as written", func() {
		Expect(containsInOrder("a\n  b\nc", []string{"a", "c"})).To(BeTrue())
		Expect(containsInOrder("a\nc\nb", []string{"b", "c"})).To(BeFalse())
		Expect(snippetLines("x\n```go\n  a()\n\n b()\n```\n```sh\nc\n```", "go")).To(Equal([][]string{{"a()", "b()"}}))
	})
})
