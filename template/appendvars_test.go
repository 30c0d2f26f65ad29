package template_test

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/template"
)

var _ = Describe("AppendVars", func() {
	It("expands a route's values by position", func() {
		t := mustParse("/repos/{owner}/{repo}/issues/{number}")
		Expect(t.VarIndex("repo")).To(Equal(1))
		Expect(t.VarIndex("nope")).To(Equal(-1))
		out, err := t.AppendVars([]byte("https://h"), []template.Var{
			template.StringVar("octo cat"), template.StringVar("r"), template.IntVar(-7),
		})
		Expect(err).NotTo(HaveOccurred())
		Expect(string(out)).To(Equal("https://h/repos/octo%20cat/r/issues/-7"))
	})

	It("reports a missing or dot segment like AppendPath, leaving dst as it was", func() {
		t := mustParse("/repos/{owner}/{repo}")
		out, err := t.AppendVars([]byte("pre"), []template.Var{template.StringVar("o")})
		Expect(err).To(MatchError(template.ErrMissing))
		Expect(string(out)).To(Equal("pre"))
		out, err = t.AppendVars([]byte("pre"), []template.Var{template.StringVar("o"), template.StringVar("..")})
		Expect(err).To(MatchError(template.ErrDotSegment))
		Expect(string(out)).To(Equal("pre"))
	})

	DescribeTable("refuses a dot segment whatever made it, a {?x} ending the segment before it",
		func(tpl string) {
			t := mustParse(tpl)
			vals := make([]template.Var, len(t.Vars()))
			for i := range vals {
				vals[i] = template.IntVar(1)
			}
			out, err := t.AppendVars([]byte("pre"), vals)
			Expect(err).To(MatchError(template.ErrDotSegment))
			Expect(string(out)).To(Equal("pre"))
		},
		Entry("two dots", "/a/..{?x}b"),
		Entry("one dot", "/a/.{?x}.json"),
		Entry("encoded dots", "/a/%2e%2E{?x,y}/v"),
		Entry("after an expression", "/{a}/..{?x}b"),
		Entry("two expressions in a segment", "/a/{x}{y}/..{?z}"),
	)

	It("expands the segment on when {?x} is undefined", func() {
		out, err := mustParse("/a/..{?x}b").AppendVars(nil, nil)
		Expect(err).NotTo(HaveOccurred())
		Expect(string(out)).To(Equal("/a/..b"))
	})

	It("does not allocate for a route of strings and integers", func() {
		t := mustParse("/repos/{owner}/{repo}/issues/{number}{?page}")
		vals := []template.Var{template.StringVar("octokit"), template.StringVar("rest.js"), template.IntVar(42), template.IntVar(2)}
		buf := make([]byte, 0, 128)
		Expect(testing.AllocsPerRun(100, func() {
			_, _ = t.AppendVars(buf[:0], vals)
		})).To(BeZero())
	})

	It("is Expand plus the path rules, over 20000 generated templates and values (PCG seed 0x5ca1a4)", func() {
		rng := rand.New(rand.NewPCG(0x5ca1a4, 1))
		n := 20000
		if testing.Short() || raceEnabled {
			n = 2000
		}
		texts := []string{"", ".", "..", "a b", "ü", "/", "%2e", "x", "-1", "?&=", "%"}
		exprs := []string{"{a}", "{b}", "{owner}", "{x-y}", "{c.d}", "{+a}", "{a,b}", "{/a}", "{?b}", "{a:2}", "{b*}", "{#a}", "{?a,b}", "{&owner}", "{?x-y,c.d}", "{?a:2}", "{&b*}"}
		lits := []string{"/", "/repos/", ".", "-", "x", "?q=1", "#f", "..", "/./", "//", "https://h/", "%20", "%2E", "v"}
		for range n {
			var sb strings.Builder
			for range 1 + rng.IntN(5) {
				if rng.IntN(3) == 0 {
					sb.WriteString(lits[rng.IntN(len(lits))])
				} else if rng.IntN(6) == 0 {
					sb.WriteString(exprs[rng.IntN(len(exprs))])
				} else {
					sb.WriteString(exprs[rng.IntN(5)])
				}
				if rng.IntN(2) == 0 {
					sb.WriteString("/")
				}
			}
			t, err := template.Parse(sb.String())
			if err != nil {
				continue
			}
			vals := make([]template.Var, len(t.Vars()))
			anyVals := map[string]any{}
			for i, name := range t.Vars() {
				switch rng.IntN(5) {
				case 0: // undefined
				case 1:
					iv := rng.Int64N(2001) - 1000
					vals[i], anyVals[name] = template.IntVar(iv), iv
				default:
					s := texts[rng.IntN(len(texts))]
					vals[i], anyVals[name] = template.StringVar(s), s
				}
			}
			got, gotErr := t.AppendVars([]byte("pre"), vals)
			want, err := t.Expand(anyVals)
			Expect(err).NotTo(HaveOccurred(), t.String())
			if gotErr != nil {
				Expect(string(got)).To(Equal("pre"), t.String())
				var te *template.Error
				Expect(errors.As(gotErr, &te)).To(BeTrue())
				Expect(errors.Is(gotErr, template.ErrMissing) || errors.Is(gotErr, template.ErrDotSegment) ||
					errors.Is(gotErr, template.ErrEmptySegment) || errors.Is(gotErr, template.ErrAuthority)).To(BeTrue(), "%q: %v", t.String(), gotErr)
				continue
			}
			Expect(string(got)).To(Equal("pre"+want), "%q with %v", t.String(), anyVals)
			Expect(template.HasDotSegment(want)).To(BeFalse(), "%q gave %q", t.String(), want)
		}
	})
})
