package main

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

var _ = DescribeTable("parseItem",
	func(in string, want item) {
		got, err := parseItem(in)
		Expect(err).NotTo(HaveOccurred())
		Expect(got).To(Equal(want))
	},
	Entry("string parameter", "state=open", item{Kind: itemParam, Name: "state", Value: "open"}),
	Entry("empty string parameter", "q=", item{Kind: itemParam, Name: "q", Value: ""}),
	Entry("= and : in the value", "q=a=b:c:=d", item{Kind: itemParam, Name: "q", Value: "a=b:c:=d"}),
	Entry("typed number", "per_page:=100", item{Kind: itemJSON, Name: "per_page", Value: "100", JSON: json.Number("100")}),
	Entry("typed array", `labels:=["bug","ui"]`, item{Kind: itemJSON, Name: "labels", Value: `["bug","ui"]`, JSON: []any{"bug", "ui"}}),
	Entry("typed object", `o:={"a":[true,null]}`, item{Kind: itemJSON, Name: "o", Value: `{"a":[true,null]}`, JSON: map[string]any{"a": []any{true, nil}}}),
	Entry("typed null with spaces", "x:= null ", item{Kind: itemJSON, Name: "x", Value: " null ", JSON: nil}),
	Entry("JSON escapes kept", `s:="a\\b"`, item{Kind: itemJSON, Name: "s", Value: `"a\\b"`, JSON: `a\b`}),
	Entry("header", "X-GitHub-Api-Version:2022-11-28", item{Kind: itemHeader, Name: "X-GitHub-Api-Version", Value: "2022-11-28"}),
	Entry("header value with separators", "Authorization:token a=b:=c", item{Kind: itemHeader, Name: "Authorization", Value: "token a=b:=c"}),
	Entry("empty header value", "X-Empty:", item{Kind: itemHeader, Name: "X-Empty", Value: ""}),
	Entry("leftmost wins: = before :", "a=b:c", item{Kind: itemParam, Name: "a", Value: "b:c"}),
	Entry("leftmost wins: : before =", "a:b=c", item{Kind: itemHeader, Name: "a", Value: "b=c"}),
	Entry(":= beats : at the same place", "a:=1", item{Kind: itemJSON, Name: "a", Value: "1", JSON: json.Number("1")}),
	Entry(":= after =", "a=:=1", item{Kind: itemParam, Name: "a", Value: ":=1"}),
	Entry("escaped =", `a\=b=c`, item{Kind: itemParam, Name: "a=b", Value: "c"}),
	Entry("escaped :", `a\:b:c`, item{Kind: itemHeader, Name: "a:b", Value: "c"}),
	Entry("escaped backslash", `a\\=c`, item{Kind: itemParam, Name: `a\`, Value: "c"}),
	Entry("other backslashes stay", `a\b=c\=d`, item{Kind: itemParam, Name: `a\b`, Value: `c\=d`}),
	Entry("unicode", "título=olá", item{Kind: itemParam, Name: "título", Value: "olá"}),
	Entry("query parameter", "name==v1.zip", item{Kind: itemQuery, Name: "name", Value: "v1.zip"}),
	Entry("empty query parameter", "q==", item{Kind: itemQuery, Name: "q", Value: ""}),
	Entry("query value starting with =", "a===b", item{Kind: itemQuery, Name: "a", Value: "=b"}),
	Entry("query value starting with @", "a==@b", item{Kind: itemQuery, Name: "a", Value: "@b"}),
	Entry("string from a file", "body=@notes.md", item{Kind: itemParamFile, Name: "body", Value: "notes.md"}),
	Entry("file name with separators", "body=@a=b:c.md", item{Kind: itemParamFile, Name: "body", Value: "a=b:c.md"}),
	Entry("JSON from a file", "labels:=@labels.json", item{Kind: itemJSONFile, Name: "labels", Value: "labels.json"}),
	Entry("@ later in a value is text", "q=a@b", item{Kind: itemParam, Name: "q", Value: "a@b"}),
	Entry("escaped = before =@", `a\==@f`, item{Kind: itemParamFile, Name: "a=", Value: "f"}),
	Entry("header value starting with @", "X-A:@b", item{Kind: itemHeader, Name: "X-A", Value: "@b"}),
	Entry("== after :", "a:b==c", item{Kind: itemHeader, Name: "a", Value: "b==c"}),
)

var _ = DescribeTable("parseItem errors",
	func(in, msg string) {
		got, err := parseItem(in)
		Expect(err).To(MatchError(errItem))
		Expect(err.Error()).To(ContainSubstring(msg))
		Expect(got).To(Equal(item{}))
	},
	Entry("no separator", "state", "want name=value"),
	Entry("empty", "", "want name=value"),
	Entry("only escaped separators", `a\=b`, "want name=value"),
	Entry("empty name", "=x", "empty name"),
	Entry("empty header name", ":x", "empty name"),
	Entry("empty typed name", ":=1", "empty name"),
	Entry("bad JSON", "a:=[", "invalid JSON"),
	Entry("bare word", "a:=bug", "invalid JSON"),
	Entry("two values", "a:=1 2", "data after the value"),
	Entry("empty JSON", "a:=", "empty"),
	Entry("empty query name", "==x", "empty name"),
	Entry("empty file name", "a=@", `no file name after "=@"`),
	Entry("empty JSON file name", "a:=@", `no file name after ":=@"`),
	Entry("empty name before =@", "=@f", "empty name"),
)

// escapeName is the inverse of parseItem's name unescaping.
func escapeName(name string) string {
	var b strings.Builder
	for i := 0; i < len(name); i++ {
		if strings.IndexByte(`:=\`, name[i]) >= 0 {
			b.WriteByte('\\')
		}
		b.WriteByte(name[i])
	}
	return b.String()
}

var separatorOf = map[itemKind]string{
	itemParam: "=", itemJSON: ":=", itemHeader: ":",
	itemQuery: "==", itemParamFile: "=@", itemJSONFile: ":=@",
}

// FuzzParseItem checks that parseItem never panics, that what it accepts
// has a name (and a file name for the file forms), that a name=value
// value never starts with the "=" or "@" that would have made it another
// form, and that writing the item back (name escaped) parses to the same
// item.
func FuzzParseItem(f *testing.F) {
	for _, s := range []string{
		"state=open", "per_page:=100", `labels:=["bug","ui"]`, "Accept:text/plain",
		`a\=b=c`, `a\:b:c`, `a\\=c`, "a:b=c", "a=b:c", "=x", ":=1", "a:=", "",
		`x:={"k":[1,2.5e3,null,true]}`, "\x00=\xff", `\`, `a\`,
		"a==b", "a===b", "a==@b", "a=@f", "a:=@f", "a=@", "a:=@", "==x", `a\==@f`, "a=@@", "a:b==c",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		it, err := parseItem(s)
		if err != nil {
			if !errors.Is(err, errItem) {
				t.Fatalf("parseItem(%q): error %v does not wrap errItem", s, err)
			}
			return
		}
		if it.Name == "" {
			t.Fatalf("parseItem(%q): empty name accepted", s)
		}
		sep, ok := separatorOf[it.Kind]
		if !ok {
			t.Fatalf("parseItem(%q): unknown kind %d", s, it.Kind)
		}
		switch it.Kind {
		case itemParam:
			if strings.HasPrefix(it.Value, "=") || strings.HasPrefix(it.Value, "@") {
				t.Fatalf("parseItem(%q) = %+v: a string value that should have been another form", s, it)
			}
		case itemParamFile, itemJSONFile:
			if it.Value == "" {
				t.Fatalf("parseItem(%q) = %+v: no file name", s, it)
			}
		}
		again, err := parseItem(escapeName(it.Name) + sep + it.Value)
		if err != nil {
			t.Fatalf("parseItem(%q) = %+v, but its rewrite fails: %v", s, it, err)
		}
		if !reflect.DeepEqual(again, it) {
			t.Fatalf("parseItem(%q) = %+v, rewrite gives %+v", s, it, again)
		}
	})
}
