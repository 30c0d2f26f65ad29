package template_test

import (
	"encoding/json"
	"errors"
	"regexp"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"github.com/yosida95/uritemplate/v3"

	"github.com/endpointkit/endpoint/template"
)

// The official uritemplate-test suite (github.com/uri-templates/uritemplate-test),
// every case of its four files.
var _ = Describe("uritemplate-test suite", func() {
	total := 0
	for _, file := range suiteFiles {
		cases, err := loadSuite(file)
		Describe(file, func() {
			if err != nil {
				It("loads", func() { Expect(err).NotTo(HaveOccurred()) })
				return
			}
			total += len(cases)
			for _, c := range cases {
				if c.Want == nil && usesHyphenExtension(c.Template) {
					It(c.Group+": "+c.Template+" is accepted by the hyphen extension", func() {
						_, err := template.Parse(c.Template)
						Expect(err).NotTo(HaveOccurred())
					})
					continue
				}
				if c.Want == nil {
					It(c.Group+": "+c.Template+" fails", func() {
						out, err := template.Expand(c.Template, c.Vars)
						Expect(err).To(HaveOccurred())
						Expect(out).To(BeEmpty())
						var te *template.Error
						Expect(errors.As(err, &te)).To(BeTrue())
					})
					continue
				}
				It(c.Group+": "+c.Template, func() {
					out, err := template.Expand(c.Template, c.Vars)
					Expect(err).NotTo(HaveOccurred())
					Expect(out).To(BeElementOf(c.Want))
				})
			}
		})
	}

	It("has 270 cases in the four files", func() {
		Expect(total).To(Equal(270))
	})
})

// moduleValue converts a suite variable for the uritemplate module.
func moduleValue(v any) (uritemplate.Value, bool) {
	str := func(v any) string {
		if n, ok := v.(json.Number); ok {
			return string(n)
		}
		return v.(string)
	}
	switch x := v.(type) {
	case nil:
		return uritemplate.Value{}, false
	case string, json.Number:
		return uritemplate.String(str(x)), true
	case []any:
		var l []string
		for _, e := range x {
			l = append(l, str(e))
		}
		return uritemplate.List(l...), true
	case template.Pairs:
		var kv []string
		for _, p := range x {
			kv = append(kv, p.Key, str(p.Value))
		}
		return uritemplate.KV(kv...), true
	}
	panic("unexpected suite value")
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

func isUnreserved(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("-._~", c) >= 0) {
			return false
		}
	}
	return true
}

// moduleIsCorrectFor reports whether v avoids every known module defect:
// ASCII only, no "%" (re-encoded by {+x}), map keys unreserved (written raw
// when exploded), no empty map values (written "k," instead of "k=" by {m*}).
func moduleIsCorrectFor(v any) bool {
	ok := func(s string) bool { return isASCII(s) && !strings.Contains(s, "%") }
	switch x := v.(type) {
	case string:
		return ok(x)
	case []any:
		for _, e := range x {
			if s, isStr := e.(string); isStr && !ok(s) {
				return false
			}
		}
	case template.Pairs:
		for _, p := range x {
			if s, isStr := p.Value.(string); !isUnreserved(p.Key) || isStr && (s == "" || !ok(s)) {
				return false
			}
		}
	}
	return true
}

func moduleExpand(tpl string, vars map[string]any) (string, error) {
	mt, err := uritemplate.New(tpl)
	if err != nil {
		return "", err
	}
	values := uritemplate.Values{}
	for k, v := range vars {
		if mv, ok := moduleValue(v); ok {
			values.Set(k, mv)
		}
	}
	return mt.Expand(values)
}

// Differential: where the module is correct, it is the oracle.
var _ = Describe("differential against github.com/yosida95/uritemplate/v3", func() {
	It("gives the module's output for ASCII suite cases the module handles correctly", func() {
		compared := 0
		for _, file := range suiteFiles {
			cases, err := loadSuite(file)
			Expect(err).NotTo(HaveOccurred())
		next:
			for _, c := range cases {
				if !isASCII(c.Template) {
					continue
				}
				ours, ourErr := template.Expand(c.Template, c.Vars)
				if errors.Is(ourErr, template.ErrPrefix) {
					continue // the module ignores prefixes on composites
				}
				if ourErr == nil {
					t, err := template.Parse(c.Template)
					Expect(err).NotTo(HaveOccurred())
					for _, name := range t.Vars() {
						if !moduleIsCorrectFor(c.Vars[name]) {
							continue next
						}
					}
				}
				if usesHyphenExtension(c.Template) {
					continue // the module knows only RFC 6570 names
				}
				theirs, theirErr := moduleExpand(c.Template, c.Vars)
				Expect(ourErr != nil).To(Equal(theirErr != nil), "%s: ours %v, module %v", c.Template, ourErr, theirErr)
				Expect(ours).To(Equal(theirs), c.Template)
				compared++
			}
		}
		Expect(compared).To(BeNumerically(">=", 220))
	})

	DescribeTable("gives the module's output for hand-picked templates",
		func(tpl string) {
			vars := map[string]any{
				"s": "a b/c?d", "e": "", "n": json.Number("42"),
				"l": []any{"x y", "", "z"}, "m": template.Pairs{{Key: "k1", Value: "v 1"}, {Key: "k2", Value: "w"}},
			}
			ours, err := template.Expand(tpl, vars)
			Expect(err).NotTo(HaveOccurred())
			theirs, err := moduleExpand(tpl, vars)
			Expect(err).NotTo(HaveOccurred())
			Expect(ours).To(Equal(theirs))
		},
		func(tpl string) string { return tpl },
		Entry(nil, "/x/{s}/{e}/{n}{?s,e,n,u}"),
		Entry(nil, "{+s,e,n}{#s,e}"),
		Entry(nil, "{.s,e,n}{/s,e,n}{;s,e,n}{&s,e,n}"),
		Entry(nil, "{l}{+l}{#l}{.l}{/l}{;l}{?l}{&l}"),
		Entry(nil, "{l*}{+l*}{#l*}{.l*}{/l*}{;l*}{?l*}{&l*}"),
		Entry(nil, "{m}{+m}{#m}{.m}{/m}{;m}{?m}{&m}"),
		Entry(nil, "{m*}{+m*}{#m*}{.m*}{/m*}{;m*}{?m*}{&m*}"),
		Entry(nil, "{s:1}{+s:3}{#s:5}{.s:2}{/s:4}{;s:9999}{?s:1}{&s:2}"),
		Entry(nil, "{u}{+u}{#u}{.u}{/u}{;u}{?u}{&u}x{u,u}"),
	)
})

// hyphenName finds a variable name with an inner hyphen.
var hyphenName = regexp.MustCompile(`\{[^}]*[A-Za-z0-9_]-[A-Za-z0-9_][^}]*\}`)

// usesHyphenExtension reports whether tpl is valid only because of the
// hyphen extension: it has a hyphenated name, and the module accepts it
// once the hyphens in expressions are underscores.
func usesHyphenExtension(tpl string) bool {
	if !hyphenName.MatchString(tpl) {
		return false
	}
	underscored := hyphenName.ReplaceAllStringFunc(tpl, func(m string) string { return strings.ReplaceAll(m, "-", "_") })
	_, err := moduleExpand(underscored, nil)
	return err == nil
}

var _ = Describe("the hyphen extension", func() {
	It("changes exactly two negative cases of the suite, which use hyphenated names", func() {
		var changed []string
		for _, file := range suiteFiles {
			cases, err := loadSuite(file)
			Expect(err).NotTo(HaveOccurred())
			for _, c := range cases {
				if c.Want == nil && usesHyphenExtension(c.Template) {
					changed = append(changed, c.Template)
				}
			}
		}
		Expect(changed).To(ConsistOf("/{default-graph-uri}", "/sparql{?query,default-graph-uri}"))
	})

	DescribeTable("expands hyphenated names like any other",
		func(tpl string, vars map[string]any, want string) {
			out, err := template.Expand(tpl, vars)
			Expect(err).NotTo(HaveOccurred())
			Expect(out).To(Equal(want))
		},
		Entry("simple", "/teams/{enterprise-team}", map[string]any{"enterprise-team": "a b"}, "/teams/a%20b"),
		Entry("query", "/x{?default-graph-uri}", map[string]any{"default-graph-uri": "u"}, "/x?default-graph-uri=u"),
		Entry("with a dot", "{a-b.c}", map[string]any{"a-b.c": "v"}, "v"),
	)

	DescribeTable("still refuses a hyphen that does not join two name characters",
		func(tpl string) {
			_, err := template.Parse(tpl)
			Expect(err).To(MatchError(template.ErrSyntax))
		},
		Entry("leading", "{-a}"),
		Entry("trailing", "{a-}"),
		Entry("doubled", "{a--b}"),
		Entry("after a dot", "{a.-b}"),
		Entry("before a modifier", "{a-:3}"),
	)
})
