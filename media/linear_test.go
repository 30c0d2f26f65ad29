package media_test

import (
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/media"
)

// 1 MiB adversarial inputs (GHSA-x4c5-c7rf-jjgv style). The specs only check
// that the calls return the right thing; a quadratic scan would make them
// take minutes. No timing assertions.
var _ = Describe("Accept on 1 MiB inputs", func() {
	const mib = 1 << 20

	It("handles repeated -preview", func() {
		in := strings.Repeat("-preview", mib/8)
		// one run; the last -preview starts at len-8, everything before is the name
		name := in[:len(in)-8]
		Expect(media.Accept(in, "raw", []string{"x"})).To(Equal(
			"application/vnd.github." + name + "-preview.raw,application/vnd.github.x-preview.raw"))
		Expect(media.Accept(in, "", []string{"x"})).To(Equal(
			"application/vnd.github." + name + "-preview+json,application/vnd.github.x-preview+json"))
		Expect(media.Accept(in, "raw", nil)).To(Equal(in))
		Expect(media.StripPreview(in)).To(Equal(in[8:]))
	})

	It("handles -preview runs separated by spaces", func() {
		in := strings.Repeat("a-preview ", mib/10)
		got := media.Accept(in, "", []string{"x"})
		Expect(got).To(Equal(strings.Repeat("application/vnd.github.a-preview+json,", mib/10) + "application/vnd.github.x-preview+json"))
	})

	It("handles repeated commas", func() {
		in := strings.Repeat(",", mib)
		Expect(media.Accept(in, "raw", nil)).To(Equal(in))
		Expect(media.Accept(in, "raw", []string{"x"})).To(Equal("application/vnd.github.x-preview.raw"))
		Expect(media.Accept(in+"application/vnd.github.v3+json", "raw", nil)).To(Equal(in + "application/vnd.github.v3.raw"))
	})

	It("handles repeated application/vnd.", func() {
		in := strings.Repeat("application/vnd.", mib/16)
		Expect(media.Accept(in, "raw", nil)).To(Equal(in))
		Expect(media.Accept(in, "raw", []string{"x"})).To(Equal("application/vnd.github.x-preview.raw"))
		Expect(media.Accept(in+"a", "raw", nil)).To(Equal(in + "a.raw"))
	})

	It("handles repeated application/vnd.github.v3 segments", func() {
		in := "application/vnd" + strings.Repeat(".v3", mib/3) + "+json"
		Expect(media.Accept(in, "raw", nil)).To(Equal(in))
	})

	It("handles the ReDoS word-run shape scaled up", func() {
		in := strings.Repeat(strings.Repeat("A", 1000)+"-", mib/1001)
		Expect(media.Accept(in, "raw", []string{"test-preview"})).To(Equal("application/vnd.github.test-preview-preview.raw"))
	})

	It("handles near-miss octet-stream", func() {
		in := strings.Repeat("application/octet-strea", mib/23)
		Expect(media.Accept(in, "", []string{"x"})).To(Equal("application/vnd.github.x-preview+json"))
		Expect(media.Accept(in+"M", "", []string{"x"})).To(Equal(in + "M"))
	})

	It("handles long preview lists", func() {
		ps := make([]string, mib/8)
		for i := range ps {
			ps[i] = "a"
		}
		u := media.UnionPreviews(ps, ps)
		Expect(u).To(HaveLen(len(ps)))
		got := media.Accept("", "", ps)
		Expect(got).To(HaveLen(len(ps)*len("application/vnd.github.a-preview+json,") - 1))
	})
})
