package media_test

import (
	"errors"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/media"
)

var _ = Describe("StripPreview", func() {
	DescribeTable("removes the first -preview, wherever it is",
		func(in, want string) {
			Expect(media.StripPreview(in)).To(Equal(want))
		},
		Entry("suffix", "symmetra-preview", "symmetra"),
		Entry("no suffix", "symmetra", "symmetra"),
		Entry("dashed name", "jean-grey-preview", "jean-grey"),
		Entry("previews/suffix-first-occurrence-only", "foo-preview-preview", "foo-preview"),
		Entry("previews/suffix-inside-word", "foo-previewer", "fooer"),
		Entry("previews/suffix-uppercase-not-stripped", "foo-Preview", "foo-Preview"),
		Entry("only the marker", "-preview", ""),
		Entry("at the start", "-previewfoo", "foo"),
		Entry("empty", "", ""),
		Entry("no dash", "preview", "preview"),
	)
})

var _ = Describe("UnionPreviews", func() {
	DescribeTable("puts defaults-only entries first, then the call's list",
		func(defaults, call, want []string) {
			Expect(media.UnionPreviews(defaults, call)).To(Equal(want))
		},
		Entry("previews/defaults-union-order", []string{"a", "b", "c"}, []string{"b", "a"}, []string{"c", "b", "a"}),
		Entry("no call previews keeps defaults", []string{"a", "b"}, nil, []string{"a", "b"}),
		Entry("previews/defaults-empty-call-cannot-clear", []string{"foo"}, []string{}, []string{"foo"}),
		Entry("no defaults", nil, []string{"x", "y"}, []string{"x", "y"}),
		Entry("compares before stripping", []string{"foo"}, []string{"foo-preview"}, []string{"foo", "foo-preview"}),
		Entry("duplicates inside the call are kept", []string{"a"}, []string{"b", "b"}, []string{"a", "b", "b"}),
		Entry("duplicates inside defaults are kept", []string{"a", "a", "b"}, []string{"b"}, []string{"a", "a", "b"}),
		Entry("duplicated default found in call drops every copy", []string{"a", "a"}, []string{"a"}, []string{"a"}),
		Entry("exact comparison, case-sensitive", []string{"A"}, []string{"a"}, []string{"A", "a"}),
		Entry("empty strings are ordinary entries", []string{""}, []string{"x"}, []string{"", "x"}),
	)

	It("returns nil when both lists are empty", func() {
		Expect(media.UnionPreviews(nil, nil)).To(BeNil())
		Expect(media.UnionPreviews([]string{}, []string{})).To(BeNil())
	})

	It("never aliases or modifies its inputs", func() {
		defaults := []string{"a", "b"}
		call := []string{"c"}
		out := media.UnionPreviews(defaults, call)
		Expect(out).To(Equal([]string{"a", "b", "c"}))
		out[0], out[2] = "x", "y"
		Expect(defaults).To(Equal([]string{"a", "b"}))
		Expect(call).To(Equal([]string{"c"}))

		onlyDefaults := media.UnionPreviews(defaults, nil)
		onlyDefaults[0] = "z"
		Expect(defaults).To(Equal([]string{"a", "b"}))

		// spare capacity in call must not be written through
		backing := make([]string, 1, 4)
		backing[0] = "c"
		out = media.UnionPreviews(nil, backing)
		out = append(out, "appended")
		Expect(backing[:2]).To(Equal([]string{"c", ""}))
		Expect(out).To(Equal([]string{"c", "appended"}))
	})

	It("handles long lists (the map path) with the same result as the short path", func() {
		var defaults, call, want []string
		for i := range 100 {
			defaults = append(defaults, string(rune('a'+i%26))+string(rune('a'+i/26)))
		}
		for i := 0; i < 100; i += 3 {
			call = append(call, defaults[i])
		}
		for i, d := range defaults {
			if i%3 != 0 {
				want = append(want, d)
			}
		}
		want = append(want, call...)
		Expect(media.UnionPreviews(defaults, call)).To(Equal(want))
	})
})

var _ = Describe("ValidateName", func() {
	DescribeTable("accepts format and preview words",
		func(name string) { Expect(media.ValidateName(name)).To(Succeed()) },
		Entry("empty", ""), Entry("raw", "raw"), Entry("preview", "machine-man-preview"),
		Entry("dotted", "v3.raw"), Entry("plus", "foo+json"), Entry("longest", strings.Repeat("a", media.MaxName)),
	)
	DescribeTable("refuses what could break the header or grow it",
		func(name string) {
			Expect(errors.Is(media.ValidateName(name), media.ErrInvalidName)).To(BeTrue())
		},
		Entry("CR LF", "raw\r\nX-Injected: 1"), Entry("NUL", "x\x00"), Entry("comma", "a-preview,b"),
		Entry("space", "a b"), Entry("too long", strings.Repeat("a", media.MaxName+1)),
	)
})
