package builder_test

import (
	"go/ast"
	"go/doc"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// The type docs of Builder and Endpoint are the index a reader starts
// from (the root package links them): every exported method is named
// there as a doc link, so that none is out of reach.
var _ = Describe("the doc index", func() {
	fset := token.NewFileSet()
	names, err := filepath.Glob("*.go")
	Expect(err).NotTo(HaveOccurred())
	var files []*ast.File
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.ParseComments)
		Expect(err).NotTo(HaveOccurred())
		files = append(files, f)
	}
	p, err := doc.NewFromFiles(fset, files, "github.com/endpointkit/endpoint/builder")
	Expect(err).NotTo(HaveOccurred())

	for _, name := range []string{"Builder", "Endpoint"} {
		It("of "+name+" links every exported method", func() {
			var t *doc.Type
			for _, x := range p.Types {
				if x.Name == name {
					t = x
				}
			}
			Expect(t).NotTo(BeNil())
			Expect(t.Methods).NotTo(BeEmpty())
			for _, m := range t.Methods {
				Expect(t.Doc).To(ContainSubstring("["+name+"."+m.Name+"]"), "%s.%s", name, m.Name)
			}
		})
	}

	It("documents every exported name", func() {
		var missing []string
		check := func(what, d string) {
			if strings.TrimSpace(d) == "" {
				missing = append(missing, what)
			}
		}
		for _, f := range p.Funcs {
			check(f.Name, f.Doc)
		}
		for _, t := range p.Types {
			check(t.Name, t.Doc)
			for _, f := range t.Funcs {
				check(f.Name, f.Doc)
			}
			for _, m := range t.Methods {
				check(t.Name+"."+m.Name, m.Doc)
			}
		}
		Expect(missing).To(BeEmpty())
	})
})
