package template_test

import (
	"errors"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"github.com/yosida95/uritemplate/v3"

	"github.com/endpointkit/endpoint/template"
)

// Specs grouped by RFC 6570 section, in the style of the uritemplate module's
// own tests. Where the module (v3.0.2) is wrong, the spec also pins the
// module's output, so the reason this package expands by itself stays visible.

func expand(tpl string, vars map[string]any) string {
	GinkgoHelper()
	out, err := template.Expand(tpl, vars)
	Expect(err).NotTo(HaveOccurred())
	return out
}

func expandErr(tpl string, vars map[string]any) error {
	GinkgoHelper()
	out, err := template.Expand(tpl, vars)
	Expect(err).To(HaveOccurred())
	Expect(out).To(BeEmpty())
	return err
}

func moduleOutput(tpl string, vars uritemplate.Values) string {
	GinkgoHelper()
	out, err := uritemplate.MustNew(tpl).Expand(vars)
	Expect(err).NotTo(HaveOccurred())
	return out
}

var _ = Describe("RFC 6570", func() {
	// § 2.1 Literals
	// "The characters outside of expressions in a URI Template string are
	// intended to be copied literally to the URI reference if the character
	// is allowed in a URI (reserved / unreserved / pct-encoded) or, if not
	// allowed, copied to the URI reference as the sequence of pct-encoded
	// triplets corresponding to that character's encoding in UTF-8."
	Describe("2.1 Literals", func() {
		It("percent-encodes non-ASCII literals as UTF-8 (module copies them raw)", func() {
			vars := map[string]any{"var": "value"}
			Expect(expand("café/{var}", vars)).To(Equal("caf%C3%A9/value"))
			Expect(expand("/ä/€/𝄞", nil)).To(Equal("/%C3%A4/%E2%82%AC/%F0%9D%84%9E"))
			Expect(moduleOutput("café/{var}", uritemplate.Values{"var": uritemplate.String("value")})).To(Equal("café/value"))
		})

		It("copies reserved and unreserved characters and %XX triplets", func() {
			Expect(expand("http://h/a-b_c.d~e!$&'()*+,;=:@[]/?q=%2f#f", nil)).To(Equal("http://h/a-b_c.d~e!$&'()*+,;=:@[]/?q=%2f#f"))
		})

		DescribeTable("refuses characters the grammar does not allow, with the offset",
			func(tpl string, offset int) {
				err := expandErr(tpl, nil)
				Expect(err).To(MatchError(template.ErrSyntax))
				var te *template.Error
				Expect(errors.As(err, &te)).To(BeTrue())
				Expect(te.Offset).To(Equal(offset))
				Expect(te.Template).To(Equal(tpl))
			},
			Entry("space", "/a b", 2),
			Entry("double quote", `/a"`, 2),
			Entry("angle bracket", "/<", 1),
			Entry("closing brace", "/a}", 2),
			Entry("lone percent", "/a%", 2),
			Entry("percent without hex", "/%zz", 1),
			Entry("control character", "/\x01", 1),
			Entry("invalid UTF-8", "/\xff", 1),
			Entry("non-character U+FFFE", "/\uFFFE", 1),
		)
	})

	// § 2.2 Expressions
	// "The operator characters equals ("="), comma (","), exclamation ("!"),
	// at sign ("@"), and pipe ("|") are reserved for future extensions."
	Describe("2.2 Expressions", func() {
		DescribeTable("refuses reserved operators and malformed expressions",
			func(tpl string) {
				Expect(expandErr(tpl, nil)).To(MatchError(template.ErrSyntax))
			},
			Entry(nil, "{=a}"), Entry(nil, "{,a}"), Entry(nil, "{!a}"), Entry(nil, "{@a}"), Entry(nil, "{|a}"),
			Entry(nil, "{}"), Entry(nil, "{a"), Entry(nil, "{a,}"), Entry(nil, "{a b}"), Entry(nil, "{a{b}}"),
			Entry(nil, "{?}"), Entry(nil, "{a*:3}"), Entry(nil, "{a:3*}"), Entry(nil, "{a**}"),
		)
	})

	// § 2.3 Variables
	// "A variable defined as a list value is considered undefined if the
	// list contains zero members. A variable defined as an associative array
	// of (name, value) pairs is considered undefined if the array contains
	// zero members or if all member names in the array are associated with
	// undefined values."
	// "A varname MAY contain pct-encoded triplets."
	Describe("2.3 Variables", func() {
		It("treats nil, nil pointers, empty and all-nil composites as undefined", func() {
			var np *string
			vars := map[string]any{
				"n": nil, "p": np, "l": []string{}, "a": []any{nil}, "m": map[string]string{},
				"mn": map[string]any{"k": nil}, "ps": template.Pairs{{Key: "k"}},
			}
			Expect(expand("X{?n,p,l,a,m,mn,ps}{/n,p,l,a,m,mn,ps}{n}Y", vars)).To(Equal("XY"))
		})

		It("treats the empty string as defined", func() {
			vars := map[string]any{"e": ""}
			Expect(expand("{?e}{;e}{/e}{.e}{#e}X{e}", vars)).To(Equal("?e=;e/.#X"))
		})

		It("looks variables up by their name as written, pct-triplets included", func() {
			Expect(expand("{Some%20Thing}", map[string]any{"Some%20Thing": "x", "Some Thing": "y"})).To(Equal("x"))
		})
	})

	// § 2.4.1 Prefix Values
	// "The max-length is a positive integer that refers to a maximum number
	// of characters from the beginning of the variable's value as a Unicode
	// string. Note that this numbering is in characters, not octets, in
	// order to avoid splitting between the octets of a multi-octet-encoded
	// character or within a pct-encoded triplet."
	// "Prefix modifiers are not applicable to variables that have composite
	// values."
	Describe("2.4.1 Prefix Values", func() {
		It("counts characters, not bytes (module counts bytes)", func() {
			vars := map[string]any{"greek": "αβγδε", "clef": "𝄞stave"}
			Expect(expand("{greek:2}", vars)).To(Equal("%CE%B1%CE%B2"))
			Expect(expand("{clef:1}", vars)).To(Equal("%F0%9D%84%9E"))
			Expect(moduleOutput("{greek:2}", uritemplate.Values{"greek": uritemplate.String("αβγδε")})).To(Equal("%03%B1"))
		})

		It("truncates before encoding", func() {
			vars := map[string]any{"s": "a b c", "p": "%2Fab"}
			Expect(expand("{s:3}", vars)).To(Equal("a%20b"))
			Expect(expand("{+p:2}", vars)).To(Equal("%252"))
			Expect(expand("{+p:3}", vars)).To(Equal("%2F"))
		})

		It("counts each byte of invalid UTF-8 as one character", func() {
			Expect(expand("{s:2}", map[string]any{"s": "\xff\xfeabc"})).To(Equal("%FF%FE"))
		})

		It("accepts 1 to 9999 only", func() {
			vars := map[string]any{"var": "value"}
			Expect(expand("{var:9999}", vars)).To(Equal("value"))
			Expect(expandErr("{var:0}", vars)).To(MatchError(template.ErrSyntax))
			Expect(expandErr("{var:01}", vars)).To(MatchError(template.ErrSyntax))
			Expect(expandErr("{var:10000}", vars)).To(MatchError(template.ErrSyntax))
		})

		DescribeTable("refuses a prefix on a list or map with ErrPrefix naming the variable (module ignores it)",
			func(tpl string, v any) {
				err := expandErr(tpl, map[string]any{"c": v})
				Expect(err).To(MatchError(template.ErrPrefix))
				var te *template.Error
				Expect(errors.As(err, &te)).To(BeTrue())
				Expect(te.Var).To(Equal("c"))
			},
			Entry(nil, "{c:1}", []string{"a", "b"}),
			Entry(nil, "{+c:1}", map[string]string{"k": "v"}),
			Entry(nil, "{?c:2}", template.Pairs{{Key: "k", Value: "v"}}),
			Entry(nil, "{/c:3}", []any{"a"}),
		)
	})

	// § 2.4.2 Composite Values
	// "An explode ("*") modifier indicates that the variable is to be
	// treated as a composite value consisting of either a list of values or
	// an associative array of (name, value) pairs. Hence, the expansion
	// process is applied to each member of the composite as if it were
	// listed as a separate variable."
	Describe("2.4.2 Composite Values", func() {
		It("joins exploded lists with the operator's separator", func() {
			vars := map[string]any{"l": []string{"a", "b"}}
			Expect(expand("{l*}~{+l*}~{#l*}~{.l*}~{/l*}~{;l*}~{?l*}~{&l*}", vars)).
				To(Equal("a,b~a,b~#a,b~.a.b~/a/b~;l=a;l=b~?l=a&l=b~&l=a&l=b"))
		})

		It("ignores explode on a scalar", func() {
			Expect(expand("{/s*}{?s*}", map[string]any{"s": "x"})).To(Equal("/x?s=x"))
		})

		It("writes k= for an empty exploded map value (module writes k,)", func() {
			vars := map[string]any{"m": template.Pairs{{Key: "a", Value: ""}, {Key: "b", Value: "1"}}}
			Expect(expand("{m*}", vars)).To(Equal("a=,b=1"))
			Expect(expand("{;m*}{?m*}", vars)).To(Equal(";a;b=1?a=&b=1"))
			Expect(moduleOutput("{m*}", uritemplate.Values{"m": uritemplate.KV("a", "", "b", "1")})).To(Equal("a,,b=1"))
		})
	})

	// § 3.2.1 Variable Expansion
	// "The allowed set for a given expression depends on the expression type:
	// reserved ("+") and fragment ("#") expansions allow the set of
	// characters in the union of ( unreserved / reserved / pct-encoded ) to
	// be passed through without pct-encoding, whereas all other expression
	// types allow only unreserved characters to be passed through without
	// pct-encoding."
	Describe("3.2.1 Variable Expansion", func() {
		It("encodes non-ASCII values as UTF-8 bytes (module encodes code points)", func() {
			Expect(expand("/service{?word}", map[string]any{"word": "drücken"})).To(Equal("/service?word=dr%C3%BCcken"))
			Expect(moduleOutput("/service{?word}", uritemplate.Values{"word": uritemplate.String("drücken")})).To(Equal("/service?word=dr%FCcken"))
		})

		It("encodes NUL as %00 (module drops it; found by FuzzExpand)", func() {
			Expect(expand("{0}", map[string]any{"0": "\x00"})).To(Equal("%00"))
			Expect(moduleOutput("{0}", uritemplate.Values{"0": uritemplate.String("\x00")})).To(Equal(""))
		})

		It("encodes invalid UTF-8 bytes as %XX instead of failing", func() {
			Expect(expand("{s}{+s}", map[string]any{"s": "a\xffb"})).To(Equal("a%FFba%FFb"))
		})

		It("uses one value for a variable appearing several times", func() {
			Expect(expand("{x}/{x}{?x}", map[string]any{"x": "1"})).To(Equal("1/1?x=1"))
		})
	})

	// § 3.2.2 Simple String Expansion
	// "For each defined variable in the variable-list, perform variable
	// expansion, as defined in Section 3.2.1, with the allowed characters
	// being those in the unreserved set."
	Describe("3.2.2 Simple String Expansion", func() {
		It("escapes everything outside the unreserved set", func() {
			Expect(expand("{s}", map[string]any{"s": "a/b?c#d%e!f'(g)*+,;=:@[]"})).
				To(Equal("a%2Fb%3Fc%23d%25e%21f%27%28g%29%2A%2B%2C%3B%3D%3A%40%5B%5D"))
		})

		It("writes no separator for undefined variables", func() {
			Expect(expand("{a,u,b}", map[string]any{"a": "1", "b": "2"})).To(Equal("1,2"))
			Expect(expand("{u,v}", nil)).To(Equal(""))
		})
	})

	// § 3.2.3 Reserved Expansion: {+var}
	// "For each defined variable in the variable-list, perform variable
	// expansion, as defined in Section 3.2.1, with the allowed characters
	// being those in the set (unreserved / reserved / pct-encoded)."
	Describe("3.2.3 Reserved Expansion", func() {
		It("keeps valid %XX triplets in values (module re-encodes them)", func() {
			vars := map[string]any{"id": "admin%2F", "l": []string{"a%20b", "c%zz"}}
			Expect(expand("{+id}", vars)).To(Equal("admin%2F"))
			Expect(expand("{+l}", vars)).To(Equal("a%20b,c%25zz"))
			Expect(expand("{id}", vars)).To(Equal("admin%252F"))
			Expect(moduleOutput("{+id}", uritemplate.Values{"id": uritemplate.String("admin%2F")})).To(Equal("admin%252F"))
		})

		It("encodes what is outside unreserved and reserved", func() {
			Expect(expand("{+s}", map[string]any{"s": `a b"<>\^|{}` + "`"})).To(Equal("a%20b%22%3C%3E%5C%5E%7C%7B%7D%60"))
		})

		It("encodes map keys with the same allowed set", func() {
			Expect(expand("{+m*}", map[string]any{"m": map[string]string{"a/b c": "d"}})).To(Equal("a/b%20c=d"))
		})
	})

	// § 3.2.4 Fragment Expansion: {#var}
	// "Fragment expansion, as indicated by the crosshatch ("#") operator, is
	// identical to reserved expansion except that a crosshatch character
	// (fragment delimiter) is appended first to the result string if any of
	// the variables are defined."
	Describe("3.2.4 Fragment Expansion", func() {
		It("keeps valid %XX triplets (module re-encodes them)", func() {
			Expect(expand("{#id}", map[string]any{"id": "admin%2F"})).To(Equal("#admin%2F"))
			Expect(moduleOutput("{#id}", uritemplate.Values{"id": uritemplate.String("admin%2F")})).To(Equal("#admin%252F"))
		})

		It("writes no # when nothing is defined", func() {
			Expect(expand("x{#u}", nil)).To(Equal("x"))
		})
	})

	// § 3.2.5 Label Expansion with Dot-Prefix: {.var}
	// "Label expansion, as indicated by the dot (".") operator, is useful for
	// describing URI spaces with varying domain names or path selectors
	// (e.g., filename extensions)."
	Describe("3.2.5 Label Expansion with Dot-Prefix", func() {
		It("prefixes each defined value with a dot", func() {
			Expect(expand("/file{.ext,u,v}", map[string]any{"ext": "tar", "v": "gz"})).To(Equal("/file.tar.gz"))
		})
	})

	// § 3.2.6 Path Segment Expansion: {/var}
	// "Path segment expansion, as indicated by the slash ("/"), is useful for
	// describing URI path hierarchies."
	Describe("3.2.6 Path Segment Expansion", func() {
		It("escapes slashes in string values", func() {
			Expect(expand("{/s,u,t}", map[string]any{"s": "a/b", "t": "c"})).To(Equal("/a%2Fb/c"))
		})
	})

	// § 3.2.7 Path-Style Parameter Expansion: {;var}
	// "Path-style parameter expansion, as indicated by the semicolon (";")
	// operator, is useful for describing URI path parameters, such as
	// "path;property" or "path;name=value"."
	Describe("3.2.7 Path-Style Parameter Expansion", func() {
		It("encodes exploded map keys (module writes them raw)", func() {
			vars := map[string]any{"m": map[string]string{"a b;c=d": "1"}}
			Expect(expand("{;m*}", vars)).To(Equal(";a%20b%3Bc%3Dd=1"))
			Expect(moduleOutput("{;m*}", uritemplate.Values{"m": uritemplate.KV("a b;c=d", "1")})).To(Equal(";a b;c=d=1"))
		})
	})

	// § 3.2.8 Form-Style Query Expansion: {?var}
	// "Form-style query expansion, as indicated by the question-mark ("?")
	// operator, is useful for describing an entire optional query component."
	Describe("3.2.8 Form-Style Query Expansion", func() {
		It("encodes exploded map keys so a key cannot inject a parameter (module writes them raw)", func() {
			vars := map[string]any{"m": map[string]string{"a b&c=d": "1"}}
			Expect(expand("{?m*}", vars)).To(Equal("?a%20b%26c%3Dd=1"))
			Expect(moduleOutput("{?m*}", uritemplate.Values{"m": uritemplate.KV("a b&c=d", "1")})).To(Equal("?a b&c=d=1"))
		})

		It("leaves no stray separators for undefined variables", func() {
			Expect(expand("/assets{?name,label}", map[string]any{"name": "x.zip"})).To(Equal("/assets?name=x.zip"))
			Expect(expand("/assets{?name,label}", map[string]any{"label": "l"})).To(Equal("/assets?label=l"))
			Expect(expand("/assets{?name,label}", nil)).To(Equal("/assets"))
		})
	})

	// § 3.2.9 Form-Style Query Continuation: {&var}
	// "Form-style query continuation, as indicated by the ampersand ("&")
	// operator, is useful for describing optional &name=value pairs in a
	// template that already contains a literal query component with fixed
	// parameters."
	Describe("3.2.9 Form-Style Query Continuation", func() {
		It("encodes exploded map keys (module writes them raw)", func() {
			vars := map[string]any{"m": map[string]string{"a b&c=d": "1"}}
			Expect(expand("?x=1{&m*}", vars)).To(Equal("?x=1&a%20b%26c%3Dd=1"))
			Expect(moduleOutput("?x=1{&m*}", uritemplate.Values{"m": uritemplate.KV("a b&c=d", "1")})).To(Equal("?x=1&a b&c=d=1"))
		})
	})
})
