package media_test

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/media"
)

// The v6 regular expressions, used only here as an oracle. Go's RE2 picks the
// same submatches as a backtracking engine, \w is ASCII in both, and the
// inputs below are ASCII, so (?i) folds the same way as JavaScript's /i.
var (
	octetRE  = regexp.MustCompile(`(?i)application/octet-stream`)
	formatRE = regexp.MustCompile(`application/vnd(\.\w+)(\.v3)?(\.\w+)?(\+json)?$`)
)

// previewNamesOracle emulates /[\w-]+(?=-preview)/g (RE2 has no lookahead)
// by brute-force backtracking: at each start, the longest [\w-]+ followed by
// "-preview" wins; the search resumes where the match ended.
func previewNamesOracle(s string) []string {
	isWD := func(c byte) bool {
		return c == '-' || c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
	}
	var names []string
	for pos := 0; pos < len(s); {
		end := pos
		for end < len(s) && isWD(s[end]) {
			end++
		}
		matched := false
		for q := end; q > pos; q-- {
			if strings.HasPrefix(s[q:], "-preview") {
				names = append(names, s[pos:q])
				pos, matched = q, true
				break
			}
		}
		if !matched {
			pos++
		}
	}
	return names
}

// v6Accept is v6 parse's accept rewriting written with the regexes, plus the
// two documented departures (literal format, empty preview names skipped).
func v6Accept(accept, format string, previews []string) string {
	var ps []string
	for _, p := range previews {
		if p != "" { // departure
			ps = append(ps, p)
		}
	}
	if octetRE.MatchString(accept) {
		return accept
	}
	if format != "" {
		parts := strings.Split(accept, ",")
		for i, p := range parts {
			m := formatRE.FindStringSubmatchIndex(p)
			if m == nil {
				continue
			}
			group := func(k int) string {
				if m[2*k] < 0 {
					return ""
				}
				return p[m[2*k]:m[2*k+1]]
			}
			// built by hand: format is literal (departure)
			parts[i] = p[:m[0]] + "application/vnd" + group(1) + group(2) + "." + format + p[m[1]:]
		}
		accept = strings.Join(parts, ",")
	}
	if len(ps) == 0 {
		return accept
	}
	suffix := "+json"
	if format != "" {
		suffix = "." + format
	}
	var out []string
	for _, n := range append(previewNamesOracle(accept), ps...) {
		out = append(out, "application/vnd.github."+n+"-preview"+suffix)
	}
	return strings.Join(out, ",")
}

var (
	acceptTokens = []string{
		"application/vnd", "application/vnd", ".github", ".v3", ".v3", ".raw", ".a", "+json", "+json",
		"-preview", "-preview", "-", ",", ", ", " ", ".", "/", ";", "=", "+", "_", "x", "A", "9",
		"application/octet-stream", "APPLICATION/OCTET-STREAM", "application/octet-strea", "preview",
		"machine-man", "application/json", "v3", "\t",
	}
	formats  = []string{"", "", "raw", "diff", "text+json", "x-preview", "a,b-preview", "$1", "-preview", "p-preview-q", "v3", ".", ","}
	previews = []string{"symmetra", "foo-preview", "", "a-b", "-preview", "x"}
)

func randomCase(r *rand.Rand) (string, string, []string) {
	var sb strings.Builder
	for range r.IntN(14) {
		sb.WriteString(acceptTokens[r.IntN(len(acceptTokens))])
	}
	var ps []string
	for range r.IntN(4) {
		ps = append(ps, previews[r.IntN(len(previews))])
	}
	if r.IntN(4) == 0 {
		ps = nil
	}
	return sb.String(), formats[r.IntN(len(formats))], ps
}

var _ = Describe("Accept against the v6 regexes", func() {
	// check compares in plain Go and asserts once: a Gomega assertion,
	// and its message, per case cost more than the cases.
	check := func(r *rand.Rand, n int) {
		var diffs []string
		for range n {
			accept, format, ps := randomCase(r)
			want := v6Accept(accept, format, ps)
			if got := media.Accept(accept, format, ps); got != want && len(diffs) < 10 {
				diffs = append(diffs, fmt.Sprintf("Accept(%q, %q, %q) = %q, want %q", accept, format, ps, got, want))
			}
		}
		Expect(diffs).To(BeEmpty())
	}

	It("agrees on random inputs (fixed seed)", func() {
		check(rand.New(rand.NewPCG(1, 2)), 30000)
	})

	It("agrees on random inputs (Ginkgo's seed)", func() {
		check(rand.New(rand.NewPCG(uint64(GinkgoRandomSeed()), 3)), 10000)
	})

	It("uses an oracle that knows the documented v6 examples", func() {
		Expect(v6Accept("application/vnd.github.machine-man-preview+json", "", []string{"x"})).
			To(Equal("application/vnd.github.machine-man-preview+json,application/vnd.github.x-preview+json"))
		Expect(v6Accept("xapplication/vnd.github.v3+json", "raw", nil)).To(Equal("xapplication/vnd.github.v3.raw"))
		Expect(previewNamesOracle("a-preview-b-preview -preview")).To(Equal([]string{"a-preview-b"}))
	})
})
