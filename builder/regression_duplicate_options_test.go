package builder_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
)

// An option key given twice kept parts of the first value: a later null
// left an earlier data or method in place, and a second headers or
// mediaType object was merged into the first. JSON.parse, which octokit's
// callers use, keeps the last value whole.
var _ = DescribeTable("an option key given twice: the later value replaces the earlier whole",
	func(options, wantJSON string) {
		var o builder.Options
		Expect(o.UnmarshalJSON([]byte(options))).To(Succeed())
		got, err := o.MarshalJSON()
		Expect(err).NotTo(HaveOccurred())
		Expect(got).To(MatchJSON(wantJSON))

		// Build reads options JSON the same way.
		r, err := builder.New().BuildJSON("POST https://h.test/x", []byte(options))
		Expect(err).NotTo(HaveOccurred())
		want, err := builder.New().Build("POST https://h.test/x", o)
		Expect(err).NotTo(HaveOccurred())
		Expect(r).To(Equal(want))
	},
	Entry("data, then null", `{"data":"a","data":null}`, `{"mediaType":{"format":"","previews":[]}}`),
	Entry("method, then null", `{"method":"PUT","method":null}`, `{"mediaType":{"format":"","previews":[]}}`),
	Entry("two headers objects", `{"headers":{"x-a":"1"},"headers":{"x-b":"2"}}`, `{"headers":{"x-b":"2"},"mediaType":{"format":"","previews":[]}}`),
	Entry("two mediaType objects", `{"mediaType":{"format":"raw"},"mediaType":{"previews":["squirrel-girl"]}}`, `{"mediaType":{"format":"","previews":["squirrel-girl"]}}`),
	Entry("two request objects", `{"request":{"a":1},"request":{"b":2}}`, `{"mediaType":{"format":"","previews":[]},"request":{"b":2}}`),
	Entry("a parameter twice, as before", `{"p":1,"p":2}`, `{"p":2,"mediaType":{"format":"","previews":[]}}`),
)
