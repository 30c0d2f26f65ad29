package paginate_test

import (
	"errors"
	"net/http"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/paginate"
)

var _ = Describe("Parse", func() {
	DescribeTable("well-formed Link values",
		func(value string, want []paginate.Link) {
			got, err := paginate.Parse(value)
			Expect(err).NotTo(HaveOccurred())
			Expect(got).To(Equal(want))
		},
		Entry("GitHub's shape",
			`<https://api.github.com/repositories/1/issues?page=2>; rel="next", <https://api.github.com/repositories/1/issues?page=5>; rel="last"`,
			[]paginate.Link{
				{URL: "https://api.github.com/repositories/1/issues?page=2", Rel: []string{"next"}},
				{URL: "https://api.github.com/repositories/1/issues?page=5", Rel: []string{"last"}},
			}),
		Entry("RFC 8288 §3.5, first example",
			`<http://example.com/TheBook/chapter2>; rel="previous"; title="previous chapter"`,
			[]paginate.Link{{URL: "http://example.com/TheBook/chapter2", Rel: []string{"previous"}, Params: map[string]string{"title": "previous chapter"}}}),
		Entry("RFC 8288 §3.5, extension relation type",
			`</>; rel="http://example.net/foo"`,
			[]paginate.Link{{URL: "/", Rel: []string{"http://example.net/foo"}}}),
		Entry("RFC 8288 §3.5, anchor",
			`</terms>; rel="copyright"; anchor="#foo"`,
			[]paginate.Link{{URL: "/terms", Rel: []string{"copyright"}, Params: map[string]string{"anchor": "#foo"}}}),
		Entry("RFC 8288 §3.5, title* in two links",
			`</TheBook/chapter2>; rel="previous"; title*=UTF-8'de'letztes%20Kapitel, </TheBook/chapter4>; rel="next"; title*=UTF-8'de'n%c3%a4chstes%20Kapitel`,
			[]paginate.Link{
				{URL: "/TheBook/chapter2", Rel: []string{"previous"}, Params: map[string]string{"title*": "UTF-8'de'letztes%20Kapitel"}},
				{URL: "/TheBook/chapter4", Rel: []string{"next"}, Params: map[string]string{"title*": "UTF-8'de'n%c3%a4chstes%20Kapitel"}},
			}),
		Entry("RFC 8288 §3.5, two relation types",
			`<http://example.org/>; rel="start http://example.net/relation/other"`,
			[]paginate.Link{{URL: "http://example.org/", Rel: []string{"start", "http://example.net/relation/other"}}}),
		Entry("RFC 8288 §3.5, two links",
			`<https://example.org/>; rel="start", <https://example.org/index>; rel="index"`,
			[]paginate.Link{
				{URL: "https://example.org/", Rel: []string{"start"}},
				{URL: "https://example.org/index", Rel: []string{"index"}},
			}),
		Entry("commas inside the URL",
			`<https://x.test/a,b?q=1,2>; rel="next", <https://x.test/c>; rel="last"`,
			[]paginate.Link{
				{URL: "https://x.test/a,b?q=1,2", Rel: []string{"next"}},
				{URL: "https://x.test/c", Rel: []string{"last"}},
			}),
		Entry("';' and ',' inside a quoted value",
			`<https://x.test/>; title="a; b, c"; rel="next", <https://x.test/2>; rel=last`,
			[]paginate.Link{
				{URL: "https://x.test/", Rel: []string{"next"}, Params: map[string]string{"title": "a; b, c"}},
				{URL: "https://x.test/2", Rel: []string{"last"}},
			}),
		Entry("backslash escapes in a quoted value",
			`<https://x.test/>; title="say \"hi\" \\ \o\k"`,
			[]paginate.Link{{URL: "https://x.test/", Params: map[string]string{"title": `say "hi" \ ok`}}}),
		Entry("several relation types, extra spaces and tabs",
			"<https://x.test/>; rel=\"  next\t last  \"",
			[]paginate.Link{{URL: "https://x.test/", Rel: []string{"next", "last"}}}),
		Entry("upper-case REL name and value",
			`<https://x.test/>; REL="NEXT Last"`,
			[]paginate.Link{{URL: "https://x.test/", Rel: []string{"next", "last"}}}),
		Entry("unquoted token values",
			`<https://x.test/>; rel=next; hreflang=de; type=text/html`,
			[]paginate.Link{{URL: "https://x.test/", Rel: []string{"next"}, Params: map[string]string{"hreflang": "de", "type": "text/html"}}}),
		Entry("parameter without a value, upper-case name",
			`<https://x.test/>; rel=next; CrossOrigin`,
			[]paginate.Link{{URL: "https://x.test/", Rel: []string{"next"}, Params: map[string]string{"crossorigin": ""}}}),
		Entry("white space everywhere it may be",
			"  <https://x.test/1>  ;  rel = \"next\"\t,\t<https://x.test/2>;rel=last  ",
			[]paginate.Link{
				{URL: "https://x.test/1", Rel: []string{"next"}},
				{URL: "https://x.test/2", Rel: []string{"last"}},
			}),
		Entry("empty list elements and empty parameters",
			`, <https://x.test/1>;; rel=next;,, ,<https://x.test/2>; rel=last,`,
			[]paginate.Link{
				{URL: "https://x.test/1", Rel: []string{"next"}},
				{URL: "https://x.test/2", Rel: []string{"last"}},
			}),
		Entry("second rel ignored (RFC 8288 §3.3), second title ignored",
			`<https://x.test/>; rel=next; rel=last; title=a; title=b`,
			[]paginate.Link{{URL: "https://x.test/", Rel: []string{"next"}, Params: map[string]string{"title": "a"}}}),
		Entry("empty target and empty rel",
			`<>; rel=""`,
			[]paginate.Link{{URL: ""}}),
		Entry("empty value", "", []paginate.Link(nil)),
		Entry("only separators", " , ,\t", []paginate.Link(nil)),
	)

	DescribeTable("malformed Link values",
		func(value, problem string) {
			links, err := paginate.Parse(value)
			Expect(links).To(BeNil())
			Expect(err).To(MatchError(paginate.ErrSyntax))
			var pe *paginate.Error
			Expect(errors.As(err, &pe)).To(BeTrue())
			Expect(pe.Op).To(Equal("parse"))
			Expect(err.Error()).To(HavePrefix(`paginate: parse "`))
			Expect(err.Error()).To(ContainSubstring(problem))
		},
		Entry("no angle brackets", `https://x.test/; rel=next`, `expected '<' at byte 0, found 'h'`),
		Entry("text after a comma", `<https://x.test/>; rel=next, next`, `expected '<' at byte 29, found 'n'`),
		Entry("unclosed target", `<https://x.test/; rel=next`, `link target opened at byte 0 has no closing '>'`),
		Entry("unclosed target at the end", `<a>; rel=prev, <https://x.test/`, `link target opened at byte 15 has no closing '>'`),
		Entry("space in the target", `<https://x.test/a b>; rel=next`, `byte ' ' at 17 inside the link target`),
		Entry("'<' in the target", `<https://x.test/<a>`, `byte '<' at 16 inside the link target`),
		Entry("missing ';'", `<https://x.test/> rel=next`, `expected ';' or ',' at byte 18, found 'r'`),
		Entry("two links without a comma", `<https://x.test/>; rel="next" <https://x.test/2>`, `expected ';' or ',' at byte 30, found '<'`),
		Entry("missing parameter name", `<https://x.test/>; =next`, `expected a parameter name at byte 19, found '='`),
		Entry("'=' without a value at the end", `<https://x.test/>; rel=`, `parameter "rel" has '=' but no value at byte 23`),
		Entry("'=' without a value before ';'", `<https://x.test/>; rel= ; title=x`, `parameter "rel" has '=' but no value at byte 24`),
		Entry("unterminated quoted string", `<https://x.test/>; rel="next`, `quoted string opened at byte 23 has no closing '"'`),
		Entry("quoted string ends in a backslash", `<https://x.test/>; rel="next\`, `quoted string opened at byte 23 ends in a backslash`),
		Entry("control byte in a quoted string", "<https://x.test/>; title=\"a\x01b\"", `control byte '\x01' at 27 inside the quoted string opened at byte 25`),
		Entry("escaped control byte", "<https://x.test/>; title=\"a\\\nb\"", `control byte '\n' escaped at byte 28`),
		Entry("NUL after a parameter", "<https://x.test/>; rel=next\x00", `expected ';' or ',' at byte 27, found '\x00'`),
		Entry("garbage parameter", `<https://x.test/>; rel=next; "x"`, `expected a parameter name at byte 29, found '"'`),
	)

	It("masks credentials in the value it quotes", func() {
		_, err := paginate.Parse(`<https://u:pw@x.test/?page=2&access_token=s3cr3t> rel=next`)
		Expect(err).To(MatchError(paginate.ErrSyntax))
		Expect(err.Error()).NotTo(ContainSubstring("s3cr3t"))
		Expect(err.Error()).NotTo(ContainSubstring("pw"))
		Expect(err.Error()).To(ContainSubstring(`https://[REDACTED]@x.test/?page=2&access_token=[REDACTED]>`))
	})

	It("quotes at most 512 bytes of a long value", func() {
		value := "<https://x.test/" + strings.Repeat("a", 2000) + ">; rel=next; ="
		_, err := paginate.Parse(value)
		Expect(err).To(MatchError(paginate.ErrSyntax))
		Expect(len(err.Error())).To(BeNumerically("<", 700))
		Expect(err.Error()).To(ContainSubstring("expected a parameter name at byte 2029"))
	})

	It("lets HasRel match any case", func() {
		links, err := paginate.Parse(`<https://x.test/>; rel="Next last"`)
		Expect(err).NotTo(HaveOccurred())
		Expect(links[0].HasRel("NEXT")).To(BeTrue())
		Expect(links[0].HasRel("last")).To(BeTrue())
		Expect(links[0].HasRel("prev")).To(BeFalse())
	})

	It("gives each link a Rel of its own", func() {
		links, err := paginate.Parse(`<a>; rel=next, <b>; rel=last`)
		Expect(err).NotTo(HaveOccurred())
		_ = append(links[0].Rel, "clobber")
		Expect(links[1].Rel).To(Equal([]string{"last"}))
	})
})

var _ = Describe("ParseLinks", func() {
	It("reads every Link line in order", func() {
		h := http.Header{}
		h.Add("Link", `<https://x.test/1>; rel=prev`)
		h.Add("Link", `<https://x.test/3>; rel=next, <https://x.test/9>; rel=last`)
		h.Add("Other", `<https://x.test/0>; rel=first`)
		links, err := paginate.ParseLinks(h)
		Expect(err).NotTo(HaveOccurred())
		Expect(links).To(Equal([]paginate.Link{
			{URL: "https://x.test/1", Rel: []string{"prev"}},
			{URL: "https://x.test/3", Rel: []string{"next"}},
			{URL: "https://x.test/9", Rel: []string{"last"}},
		}))
	})

	It("fails on a bad second line, quoting that line", func() {
		h := http.Header{}
		h.Add("Link", `<https://x.test/1>; rel=prev`)
		h.Add("Link", `<https://x.test/3> rel=next`)
		links, err := paginate.ParseLinks(h)
		Expect(links).To(BeNil())
		Expect(err).To(MatchError(paginate.ErrSyntax))
		Expect(err.Error()).To(HavePrefix(`paginate: parse "<https://x.test/3> rel=next": `))
	})

	It("returns nil for a header without Link", func() {
		Expect(paginate.ParseLinks(http.Header{})).To(BeNil())
	})
})

var _ = Describe("Links", func() {
	It("resolves targets against the request URL", func() {
		resp := response("https://api.github.com/repos/o/r/issues?page=2",
			`</repositories/1/issues?page=3>; rel="next", <?page=1>; rel="prev", <https://api.github.com/x>; rel="last", <>; rel="self"`)
		links, err := paginate.Links(resp)
		Expect(err).NotTo(HaveOccurred())
		var urls []string
		for _, l := range links {
			urls = append(urls, l.URL)
		}
		Expect(urls).To(Equal([]string{
			"https://api.github.com/repositories/1/issues?page=3",
			"https://api.github.com/repos/o/r/issues?page=1",
			"https://api.github.com/x",
			"https://api.github.com/repos/o/r/issues?page=2",
		}))
	})

	It("fails on a target net/url cannot parse, masking credentials", func() {
		resp := response("https://api.github.com/", `<https://x.test:port/?token=s3cr3t>; rel="next"`)
		_, err := paginate.Links(resp)
		Expect(err).To(MatchError(paginate.ErrSyntax))
		Expect(err.Error()).To(ContainSubstring("invalid link target"))
		Expect(err.Error()).NotTo(ContainSubstring("s3cr3t"))
	})

	It("fails on a response without a request", func() {
		_, err := paginate.Links(&http.Response{Header: http.Header{}})
		Expect(err).To(MatchError(paginate.ErrNoRequest))
		_, err = paginate.Links(nil)
		Expect(err).To(MatchError(paginate.ErrNoRequest))
	})
})

var _ = Describe("Format", func() {
	It("writes rel first, then parameters by name, quoting what is no token", func() {
		l := paginate.Link{
			URL:    "https://x.test/?a=1,2",
			Rel:    []string{"next", "http://example.net/rel"},
			Params: map[string]string{"title": `say "hi" \ ok`, "hreflang": "de", "crossorigin": "", "rel": "ignored"},
		}
		Expect(l.String()).To(Equal(`<https://x.test/?a=1,2>; rel="next http://example.net/rel"; crossorigin; hreflang=de; title="say \"hi\" \\ ok"`))
		back, err := paginate.Parse(l.String())
		Expect(err).NotTo(HaveOccurred())
		delete(l.Params, "rel")
		Expect(back).To(Equal([]paginate.Link{l}))
	})

	It("percent-encodes what would break the brackets", func() {
		Expect(paginate.Format([]paginate.Link{{URL: "https://x.test/a b>\r\n"}, {URL: "/c"}})).
			To(Equal(`<https://x.test/a%20b%3E%0D%0A>, </c>`))
	})
})
