package openapi_test

import (
	"errors"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/catalog"
)

// oneOf and anyOf become the union of their branches, and an enum
// restricts scalars only (an object or an array is checked by its
// members and items), but a string enum beside a branch that is an
// object dropped the enum, as if the object branch took any string:
// GitHub's PUT /repos/{owner}/{repo}/pages took any string as source,
// which is "gh-pages", "master", "master /docs" or an object.
var _ = Describe("regression: an enum beside a oneOf or anyOf branch that takes no scalar", func() {
	It("survives the union", func() {
		op := withBody(`{"type":"object","properties":{"source":{"anyOf":[
			{"type":"string","enum":["gh-pages","master"]},
			{"type":"object","properties":{"branch":{"type":"string"}},"required":["branch"]}]}}}`)
		s := param(op, "source").Schema
		Expect(s.Type).To(Equal(catalog.String | catalog.Object))
		Expect(s.Enum).To(Equal([]string{"gh-pages", "master"}))
		Expect(op.Check("source", "master")).To(Succeed())
		Expect(op.Check("source", map[string]any{"branch": "main"})).To(Succeed())
		Expect(errors.Is(op.Check("source", "main"), catalog.ErrEnum)).To(BeTrue())
	})

	It("survives beside an array branch, in either order", func() {
		op := withBody(`{"type":"object","properties":{"labels":{"oneOf":[
			{"type":"array","items":{"type":"string"}},{"type":"string","enum":["bug","docs"]}]}}}`)
		s := param(op, "labels").Schema
		Expect(s.Enum).To(Equal([]string{"bug", "docs"}))
		Expect(op.Check("labels", []string{"anything"})).To(Succeed())
		Expect(errors.Is(op.Check("labels", "feature"), catalog.ErrEnum)).To(BeTrue())
	})

	It("is dropped beside a branch that takes other scalars", func() {
		op := withBody(`{"type":"object","properties":{"n":{"oneOf":[
			{"type":"string","enum":["all"]},{"type":"integer"}]}}}`)
		Expect(param(op, "n").Schema.Enum).To(BeEmpty())
		Expect(op.Check("n", 5)).To(Succeed())
	})
})
