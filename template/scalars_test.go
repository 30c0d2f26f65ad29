package template_test

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/template"
)

// scalarOf is v as a Scalar when it is one of the values AppendScalars
// takes: a string, an int or nil.
func scalarOf(v any) (template.Scalar, bool) {
	switch x := v.(type) {
	case nil:
		return template.Scalar{}, true
	case string:
		return template.StringScalar(x), true
	case int:
		return template.IntScalar(int64(x)), true
	}
	return template.Scalar{}, false
}

var _ = Describe("AppendScalars", func() {
	It("expands a route's strings and integers by position", func() {
		t := mustParse("/repos/{owner}/{repo}/issues/{number}")
		Expect(t.VarIndex("repo")).To(Equal(1))
		Expect(t.VarIndex("nope")).To(Equal(-1))
		out, err := t.AppendScalars([]byte("https://h"), []template.Scalar{
			template.StringScalar("octo cat"), template.StringScalar("r"), template.IntScalar(-7),
		})
		Expect(err).NotTo(HaveOccurred())
		Expect(string(out)).To(Equal("https://h/repos/octo%20cat/r/issues/-7"))
	})

	It("reports a missing or dot segment like AppendPath, leaving dst as it was", func() {
		t := mustParse("/repos/{owner}/{repo}")
		out, err := t.AppendScalars([]byte("pre"), []template.Scalar{template.StringScalar("o")})
		Expect(err).To(MatchError(template.ErrMissing))
		Expect(string(out)).To(Equal("pre"))
		out, err = t.AppendScalars([]byte("pre"), []template.Scalar{template.StringScalar("o"), template.StringScalar("..")})
		Expect(err).To(MatchError(template.ErrDotSegment))
		Expect(string(out)).To(Equal("pre"))
	})

	DescribeTable("skips the dot-segment scan only where no value can make a dot segment",
		func(tpl string, free bool) {
			Expect(template.DotFree(mustParse(tpl))).To(Equal(free))
		},
		Entry("a route", "/repos/{owner}/{repo}/issues/{number}", true),
		Entry("absolute, with a query", "https://h/a/{x}?y=..", true),
		Entry("letters beside an expression", "/a/v{x}/{y}.json", true),
		Entry("two expressions in a segment", "/a/{x}{y}", false),
		Entry("a dot beside an expression", "/a/.{x}", false),
		Entry("an escape beside an expression", "/a/%2E{x}", false),
		Entry("a dot segment in a literal", "/a/../{x}", false),
		Entry("not plain", "/a/{+x}", false),
		Entry("a query expression after letters", "/r/{id}/assets{?name,label}", true),
	)

	It("does not allocate for a route", func() {
		t := mustParse("/repos/{owner}/{repo}/issues/{number}")
		vals := []template.Scalar{template.StringScalar("octokit"), template.StringScalar("rest.js"), template.IntScalar(42)}
		buf := make([]byte, 0, 128)
		Expect(testing.AllocsPerRun(100, func() {
			_, _ = t.AppendScalars(buf[:0], vals)
		})).To(BeZero())
	})

	It("gives what AppendPathVars gives, over 20000 generated templates and values (PCG seed 0x5ca1a4)", func() {
		rng := rand.New(rand.NewPCG(0x5ca1a4, 1))
		n := 20000
		if testing.Short() {
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
			vals := make([]template.Scalar, len(t.Vars()))
			byName := map[string]template.Var{}
			for i, name := range t.Vars() {
				switch rng.IntN(5) {
				case 0: // undefined
				case 1:
					vals[i] = template.IntScalar(rng.Int64N(2001) - 1000)
				default:
					vals[i] = template.StringScalar(texts[rng.IntN(len(texts))])
				}
				if vals[i].Set {
					byName[name] = vals[i].Var()
				}
			}
			want, wantErr := t.AppendPathVars([]byte("pre"), func(name string) (template.Var, bool) {
				v, ok := byName[name]
				return v, ok
			})
			got, gotErr := t.AppendScalars([]byte("pre"), vals)
			for i, name := range t.Vars() {
				Expect(t.VarIndex(name)).To(Equal(i))
			}
			Expect(t.Uses("zz")).To(BeFalse())
			Expect(string(got)).To(Equal(string(want)), "%q with %v", t.String(), vals)
			Expect(fmt.Sprint(gotErr)).To(Equal(fmt.Sprint(wantErr)), "%q with %v", t.String(), vals)
			for _, sentinel := range []error{template.ErrMissing, template.ErrDotSegment, template.ErrEmptySegment, template.ErrAuthority} {
				Expect(errors.Is(gotErr, sentinel)).To(Equal(errors.Is(wantErr, sentinel)))
			}
		}
	})

	It("reads a plain template from its compact form, and one that does not fit the general way", func() {
		route := mustParse("/repos/{owner}/{repo}/releases/{id}/assets{?name,label}")
		vars, code := template.Compacted(route)
		Expect(vars).To(BeTrue())
		Expect(code).To(BeTrue())
		vars, code = template.Compacted(mustParse("/a/{+x}/{y}"))
		Expect(vars).To(BeTrue())
		Expect(code).To(BeFalse()) // not plain: expanded the general way

		long := strings.Repeat("n", 300)
		many := make([]string, 300)
		for i := range many {
			many[i] = "v" + strconv.Itoa(i)
		}
		cases := []struct {
			tpl  string
			code bool
		}{
			{"/" + strings.Repeat("lit", 200) + "/{a}/" + strings.Repeat("x", 256) + "{?b}", true}, // literals in pieces
			{"/a/{" + long + "}/{b}", true},
			{"/a/{b}{?" + long + "}", false},
			{"/a{?" + strings.Join(many, ",") + "}", false},
			{"/a/{b}/{c}/{d}/{e}/{f}{?g,b}", true}, // more variables than the Template holds
		}
		for _, c := range cases {
			t := mustParse(c.tpl)
			vars, code := template.Compacted(t)
			Expect([]bool{vars, code}).To(Equal([]bool{true, c.code}), c.tpl)
			vals := make([]template.Scalar, len(t.Vars()))
			byName := map[string]template.Var{}
			for i, name := range t.Vars() {
				Expect(t.VarIndex(name)).To(Equal(i))
				vals[i] = template.StringScalar("v" + strconv.Itoa(i))
				byName[name] = vals[i].Var()
			}
			want, err := t.AppendPathVars(nil, func(name string) (template.Var, bool) { v, ok := byName[name]; return v, ok })
			Expect(err).NotTo(HaveOccurred())
			got, err := t.AppendScalars(nil, vals)
			Expect(err).NotTo(HaveOccurred())
			Expect(string(got)).To(Equal(string(want)))
			Expect(string(got)).To(ContainSubstring("v0"))
		}
	})

	It("appends query parameters as AppendQueryVar does (PCG seed 0x5ca1a5)", func() {
		rng := rand.New(rand.NewPCG(0x5ca1a5, 1))
		names := []string{"q", "per_page", "a b", "ü", "x+y"}
		texts := []string{"", "open", "is:open+label:bug", "a&b=c", "ü", "%2B", "!'()*~"}
		for range 2000 {
			dst := []byte([]string{"/x", "/x?", "/x?a=1", "/x?a=1&"}[rng.IntN(4)])
			name := names[rng.IntN(len(names))]
			var v template.Scalar
			switch rng.IntN(3) {
			case 0:
			case 1:
				v = template.IntScalar(rng.Int64N(2001) - 1000)
			default:
				v = template.StringScalar(texts[rng.IntN(len(texts))])
			}
			want, err := template.AppendQueryVar(slices.Clone(dst), name, v.Var())
			Expect(err).NotTo(HaveOccurred())
			got, q := template.AppendQueryScalar(slices.Clone(dst), bytes.IndexByte(dst, '?'), name, v)
			Expect(string(got)).To(Equal(string(want)))
			Expect(q).To(Equal(bytes.IndexByte(got, '?')))
		}
	})
})
