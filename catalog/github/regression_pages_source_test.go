package github_test

import (
	"errors"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/catalog"
	"github.com/endpointkit/endpoint/catalog/github"
)

// PUT /repos/{owner}/{repo}/pages takes source as anyOf a string of
// "gh-pages", "master", "master /docs" or an object {branch, path};
// merging the branches dropped the enum, and the catalogues took any
// string.
var _ = Describe("regression: PUT /repos/{owner}/{repo}/pages source", func() {
	for name, c := range map[string]func() *catalog.Catalog{"api.github.com": github.Catalog, "GHEC": github.GHEC, "GHES": github.GHES} {
		It("is one of the description's strings or an object, in "+name, func() {
			op, err := c().Lookup("PUT", "/repos/{owner}/{repo}/pages")
			Expect(err).NotTo(HaveOccurred())
			p, ok := op.Param("source")
			Expect(ok).To(BeTrue())
			Expect(p.Schema.Type).To(Equal(catalog.String | catalog.Object))
			Expect(p.Schema.Enum).To(Equal([]string{"gh-pages", "master", "master /docs"}))
			Expect(op.Check("source", "master /docs")).To(Succeed())
			Expect(op.Check("source", map[string]any{"branch": "main", "path": "/docs"})).To(Succeed())
			err = op.Check("source", "main")
			Expect(errors.Is(err, catalog.ErrEnum)).To(BeTrue(), "%v", err)
		})
	}
})
