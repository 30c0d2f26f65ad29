package media_test

import (
	"strings"
	"testing"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/media"
)

const v3 = "application/vnd.github.v3+json"

// mergeLayers replays v6 merge for mediaType.previews: every merge unions the
// inherited list with the layer's own list (nil when the layer sets none) and
// strips -preview from every entry, inherited ones included.
func mergeLayers(layers ...[]string) []string {
	var inherited []string
	for _, l := range layers {
		u := media.UnionPreviews(inherited, l)
		for i := range u {
			u[i] = media.StripPreview(u[i])
		}
		inherited = u
	}
	return inherited
}

var _ = Describe("Accept", func() {
	// Inputs copied from the reference cases (ids given) with v6's results;
	// previews are passed to Accept as parse receives them.
	DescribeTable("matches v6 parse",
		func(accept, format string, previews []string, want string) {
			Expect(media.Accept(accept, format, previews)).To(Equal(want))
		},
		Entry("format/raw", v3, "raw", nil, "application/vnd.github.v3.raw"),
		Entry("format/diff", v3, "diff", nil, "application/vnd.github.v3.diff"),
		Entry("format/text", v3, "text", nil, "application/vnd.github.v3.text"),
		Entry("format/text-plus-json", v3, "text+json", nil, "application/vnd.github.v3.text+json"),
		Entry("format/json", v3, "json", nil, "application/vnd.github.v3.json"),
		Entry("format/post-with-body", v3, "html", nil, "application/vnd.github.v3.html"),
		Entry("format/empty-no-change", v3, "", nil, v3),
		Entry("format/accept-v3-raw-json", "application/vnd.github.v3.raw+json", "diff", nil, "application/vnd.github.v3.diff"),
		Entry("format/accept-three-segments-unchanged", "application/vnd.a.b.c+json", "raw", nil, "application/vnd.a.b.c+json"),
		Entry("format/accept-dash-unchanged", "application/vnd.github.squirrel-girl-preview+json", "raw", nil, "application/vnd.github.squirrel-girl-preview+json"),
		Entry("format/accept-list", "application/vnd.github.v3+json,application/json,application/vnd.github.v3.diff", "patch", nil,
			"application/vnd.github.v3.patch,application/json,application/vnd.github.v3.patch"),
		Entry("format/accept-list-with-spaces", "text/plain, application/vnd.github.v3+json", "raw", nil, "text/plain, application/vnd.github.v3.raw"),
		Entry("format/accept-prefix-text", "xapplication/vnd.github.v3+json", "raw", nil, "xapplication/vnd.github.v3.raw"),
		Entry("format/octet-stream-in-list", "application/vnd.github.v3+json,application/octet-stream", "raw", nil,
			"application/vnd.github.v3+json,application/octet-stream"),
		Entry("headers/accept-override", "application/json", "", nil, "application/json"),
		Entry("upstream/endpoint/request-body", "text/html;charset=utf-8", "", nil, "text/html;charset=utf-8"),
		Entry("upstream/parse/defaults-url-to-slash", "foo", "", []string{}, "foo"),
		Entry("parse/no-baseUrl", "a", "", []string{}, "a"),
		Entry("upstream/endpoint/mediatype-previews", v3, "", []string{"symmetra"}, "application/vnd.github.symmetra-preview+json"),
		Entry("upstream/endpoint/mediatype-format-and-previews", v3, "raw", []string{"symmetra"}, "application/vnd.github.symmetra-preview.raw"),
		Entry("upstream/endpoint/mediatype-format-previews-accept", "application/vnd.foo-preview,application/vnd.bar-preview", "raw", []string{"symmetra"},
			"application/vnd.github.foo-preview.raw,application/vnd.github.bar-preview.raw,application/vnd.github.symmetra-preview.raw"),
		Entry("upstream/endpoint/octet-stream-accept-and-previews", "application/octet-stream", "", []string{"symmetra"}, "application/octet-stream"),
		Entry("upload/octet-stream-accept", "application/octet-stream", "raw", []string{"p"}, "application/octet-stream"),
		Entry("upstream/parse/does-not-alter-input", v3, "", []string{"foo", "bar"},
			"application/vnd.github.foo-preview+json,application/vnd.github.bar-preview+json"),
		Entry("parse/graphql-previews-not-stripped", v3, "", []string{"foo-preview"}, "application/vnd.github.foo-preview-preview+json"),
		Entry("previews/replaces-custom-accept", "application/json", "", []string{"mercy"}, "application/vnd.github.mercy-preview+json"),
		Entry("previews/keeps-previews-from-accept", "application/vnd.github.machine-man-preview+json,application/json", "", []string{"symmetra"},
			"application/vnd.github.machine-man-preview+json,application/vnd.github.symmetra-preview+json"),
		Entry("previews/duplicate-from-accept-kept", "application/vnd.github.symmetra-preview+json", "", []string{"symmetra"},
			"application/vnd.github.symmetra-preview+json,application/vnd.github.symmetra-preview+json"),
		Entry("previews/empty-array-no-change", v3, "", []string{}, v3),
		Entry("upstream/parse/redos-1-accept", strings.Repeat("A", 1000)+"-", "raw", []string{"test-preview"}, "application/vnd.github.test-preview-preview.raw"),
		Entry("upstream/parse/redos-2-url-braces", v3, "raw", []string{"test-preview"}, "application/vnd.github.test-preview-preview.raw"),
	)

	DescribeTable("matches v6 endpoint (previews merged through the defaults layers first)",
		func(accept, format string, layers [][]string, want string) {
			Expect(media.Accept(accept, format, mergeLayers(layers...))).To(Equal(want))
		},
		Entry("upstream/endpoint/mediatype-previews-with-suffix", v3, "", [][]string{{"jean-grey-preview", "symmetra-preview"}},
			"application/vnd.github.jean-grey-preview+json,application/vnd.github.symmetra-preview+json"),
		Entry("previews/suffix-first-occurrence-only", v3, "", [][]string{{"foo-preview-preview"}}, "application/vnd.github.foo-preview-preview+json"),
		Entry("previews/suffix-inside-word", v3, "", [][]string{{"foo-previewer"}}, "application/vnd.github.fooer-preview+json"),
		Entry("previews/suffix-uppercase-not-stripped", v3, "", [][]string{{"foo-Preview"}}, "application/vnd.github.foo-Preview-preview+json"),
		Entry("previews/get-graphql-with-query", v3, "", [][]string{{"bane"}}, "application/vnd.github.bane-preview+json"),
		Entry("previews/defaults-double-suffix", v3, "", [][]string{{"a-preview-preview"}, nil}, "application/vnd.github.a-preview+json"),
		Entry("previews/defaults-union-dup-after-strip", v3, "", [][]string{{"foo"}, {"foo-preview"}},
			"application/vnd.github.foo-preview+json,application/vnd.github.foo-preview+json"),
		Entry("previews/defaults-empty-call-cannot-clear", v3, "", [][]string{{"foo"}, {}}, "application/vnd.github.foo-preview+json"),
		Entry("previews/defaults-3-layers", v3, "", [][]string{{"a"}, {"b"}, {"c", "a"}, {"d"}},
			"application/vnd.github.b-preview+json,application/vnd.github.c-preview+json,application/vnd.github.a-preview+json,application/vnd.github.d-preview+json"),
		Entry("previews/graphql-defaults-union", v3, "", [][]string{{"foo"}, {"bar"}},
			"application/vnd.github.foo-preview+json,application/vnd.github.bar-preview+json"),
	)

	It("merges previews as v6 merge reports them (previews/merge-output, previews/DEFAULTS-3-layers)", func() {
		Expect(mergeLayers([]string{"a"}, []string{"b-preview"})).To(Equal([]string{"a", "b"}))
		Expect(mergeLayers([]string{"a-preview"}, nil, []string{"b", "a"})).To(Equal([]string{"b", "a"}))
	})

	DescribeTable("finds preview names anywhere in accept, as v6's [\\w-]+(?=-preview) does",
		func(accept string, want string) {
			Expect(media.Accept(accept, "", []string{"z"})).To(Equal(want))
		},
		Entry("none", "application/json", "application/vnd.github.z-preview+json"),
		Entry("in a parameter", "text/plain; x=bar-preview", "application/vnd.github.bar-preview+json,application/vnd.github.z-preview+json"),
		Entry("last -preview of the run", "a-preview-b-preview+json", "application/vnd.github.a-preview-b-preview+json,application/vnd.github.z-preview+json"),
		Entry("-preview at the start of a run does not count", "-preview", "application/vnd.github.z-preview+json"),
		Entry("a later -preview in the same run does", "-preview-preview", "application/vnd.github.-preview-preview+json,application/vnd.github.z-preview+json"),
		Entry("dash name", "--preview", "application/vnd.github.--preview+json,application/vnd.github.z-preview+json"),
		Entry("needs the whole marker", "a-previe", "application/vnd.github.z-preview+json"),
		Entry("case-sensitive", "a-Preview", "application/vnd.github.z-preview+json"),
		Entry("text after the marker is fine", "a-previewer", "application/vnd.github.a-preview+json,application/vnd.github.z-preview+json"),
		Entry("dots split runs", "x.y-preview.w", "application/vnd.github.y-preview+json,application/vnd.github.z-preview+json"),
		Entry("underscores and digits are word bytes", "a_1-preview", "application/vnd.github.a_1-preview+json,application/vnd.github.z-preview+json"),
		Entry("non-ASCII splits runs", "\u00e9x-preview", "application/vnd.github.x-preview+json,application/vnd.github.z-preview+json"),
		Entry("several per part", "a-preview b-preview", "application/vnd.github.a-preview+json,application/vnd.github.b-preview+json,application/vnd.github.z-preview+json"),
	)

	DescribeTable("format rewrite edge cases",
		func(accept, format, want string) {
			Expect(media.Accept(accept, format, nil)).To(Equal(want))
		},
		Entry("vnd.github+json", "application/vnd.github+json", "diff", "application/vnd.github.diff"),
		Entry("vnd.foo+json", "application/vnd.foo+json", "raw", "application/vnd.foo.raw"),
		Entry("vnd.github.v3.raw", "application/vnd.github.v3.raw", "html", "application/vnd.github.v3.html"),
		Entry("two segments, second not v3, is dropped", "application/vnd.github.raw+json", "html", "application/vnd.github.html"),
		Entry("v3 must be exact", "application/vnd.github.v3x.raw", "html", "application/vnd.github.v3x.raw"),
		Entry("v3 as the second segment of two", "application/vnd.a.v3", "raw", "application/vnd.a.v3.raw"),
		Entry("v3 as the first segment", "application/vnd.v3", "raw", "application/vnd.v3.raw"),
		Entry("v3 twice", "application/vnd.v3.v3.v3+json", "raw", "application/vnd.v3.v3.raw"),
		Entry("no segment", "application/vnd+json", "raw", "application/vnd+json"),
		Entry("empty segment", "application/vnd..github", "raw", "application/vnd..github"),
		Entry("trailing dot", "application/vnd.github.", "raw", "application/vnd.github."),
		Entry("parameters block it", "application/vnd.github.v3+json; charset=utf-8", "raw", "application/vnd.github.v3+json; charset=utf-8"),
		Entry("upper case blocks it", "Application/vnd.github.v3+json", "raw", "Application/vnd.github.v3+json"),
		Entry("+json twice", "application/vnd.a+json+json", "raw", "application/vnd.a+json+json"),
		Entry("other suffix", "application/vnd.a+xml", "raw", "application/vnd.a+xml"),
		Entry("trailing space blocks it", "application/vnd.github.v3+json ", "raw", "application/vnd.github.v3+json "),
		Entry("leading space is kept", " application/vnd.github.v3+json", "raw", " application/vnd.github.v3.raw"),
		Entry("only the last vnd can match", "application/vnd.a application/vnd.b", "raw", "application/vnd.a application/vnd.b.raw"),
		Entry("an earlier vnd never matches", "application/vnd.a application/vnd.b-c", "raw", "application/vnd.a application/vnd.b-c"),
		Entry("the last vnd matches after junk", "application/vnd-application/vnd.b", "raw", "application/vnd-application/vnd.b.raw"),
		Entry("empty parts are kept", ",application/vnd.a,,", "raw", ",application/vnd.a.raw,,"),
		Entry("empty accept", "", "raw", ""),
		Entry("format is literal text, not a replacement pattern (departure)", v3, "$1$&$$", "application/vnd.github.v3.$1$&$$"),
		Entry("octet-stream in any case", "Application/Octet-Stream", "raw", "Application/Octet-Stream"),
		Entry("octet-stream inside other text", "xapplication/octet-streamx,application/vnd.a", "raw", "xapplication/octet-streamx,application/vnd.a"),
		Entry("near-miss octet-stream", "application/octet-strea,application/vnd.a", "raw", "application/octet-strea,application/vnd.a.raw"),
	)

	DescribeTable("format and previews together",
		func(accept, format string, previews []string, want string) {
			Expect(media.Accept(accept, format, previews)).To(Equal(want))
		},
		Entry("names come from the rewritten accept: format with -preview", v3, "x-preview", []string{"p"},
			"application/vnd.github.x-preview.x-preview,application/vnd.github.p-preview.x-preview"),
		Entry("text before the rewritten type keeps its names", "a-preview application/vnd.b", "raw", []string{"p"},
			"application/vnd.github.a-preview.raw,application/vnd.github.p-preview.raw"),
		Entry("a run joined to application/vnd", "a-previewapplication/vnd.b", "raw", []string{"p"},
			"application/vnd.github.a-preview.raw,application/vnd.github.p-preview.raw"),
		Entry("format with a comma", v3, "a,b-preview", []string{"p"},
			"application/vnd.github.b-preview.a,b-preview,application/vnd.github.p-preview.a,b-preview"),
	)

	DescribeTable("skips empty preview names (departure: v6 sends application/vnd.github.-preview+json)",
		func(accept, format string, previews []string, want string) {
			Expect(media.Accept(accept, format, previews)).To(Equal(want))
		},
		Entry("only empty names: no preview rewrite", v3, "", []string{""}, v3),
		Entry("only empty names, with format: format still applies", v3, "raw", []string{"", ""}, "application/vnd.github.v3.raw"),
		Entry("mixed", v3, "", []string{"", "x", ""}, "application/vnd.github.x-preview+json"),
		Entry("stripped to empty by merge", v3, "", mergeLayers([]string{"-preview", "y"}), "application/vnd.github.y-preview+json"),
	)

	It("does not modify previews", func() {
		previews := []string{"a-preview", "b"}
		media.Accept(v3, "raw", previews)
		Expect(previews).To(Equal([]string{"a-preview", "b"}))
	})

	Describe("allocations", func() {
		previews := []string{"symmetra", "machine-man"}
		DescribeTable("stay low",
			func(accept, format string, previews []string, max float64) {
				Expect(testing.AllocsPerRun(100, func() { sink = media.Accept(accept, format, previews) })).To(BeNumerically("<=", max))
			},
			Entry("nothing to do: none", v3, "", nil, 0.0),
			Entry("only empty previews: none", v3, "", []string{""}, 0.0),
			Entry("octet-stream: none", "application/octet-stream", "raw", previews, 0.0),
			Entry("format with nothing to rewrite: none", "application/json", "raw", nil, 0.0),
			Entry("format: one", v3, "raw", nil, 1.0),
			Entry("previews: one", v3, "", previews, 1.0),
			Entry("format and previews: one", v3, "raw", previews, 1.0),
		)

		It("returns the input itself when there is nothing to do", func() {
			in := strings.Clone(v3)
			Expect(stringData(media.Accept(in, "", nil))).To(BeIdenticalTo(stringData(in)))
			Expect(stringData(media.Accept(in, "", []string{""}))).To(BeIdenticalTo(stringData(in)))
			plain := strings.Clone("application/json")
			Expect(stringData(media.Accept(plain, "raw", nil))).To(BeIdenticalTo(stringData(plain)))
			Expect(stringData(media.Accept(in, "raw", nil))).NotTo(BeIdenticalTo(stringData(in)))
		})
	})
})

// sink keeps results alive so allocation counts are honest.
var sink string
