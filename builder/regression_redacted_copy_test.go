package builder_test

// Regression: Redacted says it returns a copy for logging, but the copy
// shared its header map with the original when no header was sensitive
// (redactHeaders copied the map only to mask one), and Options.Redacted
// also shared RemoveHeaders and MediaType.Previews. A caller adding a
// field to the copy it logs (a request ID header) or rewriting a slice
// changed the options it was about to send. Expected: the original as it
// was; got: the header, removal and preview the caller wrote in the copy.

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/headers"
)

var _ = Describe("regression: a Redacted copy shares maps and slices with its original", func() {
	It("RequestOptions.Redacted copies the header map, also with no sensitive header", func() {
		r, err := builder.New(builder.WithBaseURL("https://h")).Route("GET /x").Header("x-a", "1").Build()
		Expect(err).NotTo(HaveOccurred())
		want := r.Headers.Clone()
		red := r.Redacted()
		red.Headers["x-a"] = "changed"
		red.Headers["x-request-id"] = "42"
		Expect(r.Headers).To(Equal(want))
	})

	It("Options.Redacted copies headers, RemoveHeaders and previews", func() {
		o := builder.Options{
			Headers:       headers.Set{"x-a": "1"},
			RemoveHeaders: []string{"user-agent"},
			MediaType:     builder.MediaType{Format: "raw", Previews: []string{"mercy"}},
		}
		red := o.Redacted()
		red.Headers["x-a"] = "changed"
		red.RemoveHeaders[0] = "authorization"
		red.MediaType.Previews[0] = "changed"
		Expect(o.Headers).To(Equal(headers.Set{"x-a": "1"}))
		Expect(o.RemoveHeaders).To(Equal([]string{"user-agent"}))
		Expect(o.MediaType.Previews).To(Equal([]string{"mercy"}))
	})

	It("keeps a nil header map nil", func() {
		Expect(builder.Options{}.Redacted().Headers).To(BeNil())
		Expect(builder.RequestOptions{}.Redacted().Headers).To(BeNil())
	})
})
