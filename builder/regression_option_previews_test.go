package builder_test

// Regression: an Option fills an Options value (Option's doc), which a
// caller may apply by hand to see what a layer sets. WithPreviews copied
// its names once and then put that same slice into every Options it
// filled: a caller that changed the slice it was handed changed the
// Option, and every Endpoint made with it afterwards. Expected: the
// previews given to WithPreviews; got: the name the caller wrote.

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
)

var _ = Describe("regression: an Option shares a slice with the Options it fills", func() {
	It("WithPreviews fills each Options with a slice of its own", func() {
		opt := builder.WithPreviews("mercy")
		var o builder.Options
		Expect(opt(&o)).To(Succeed())
		o.MediaType.Previews[0] = "changed"
		Expect(builder.New(opt).DefaultOptions().MediaType.Previews).To(Equal([]string{"mercy"}))
	})

	It("no other Option does", func() {
		opts := []builder.Option{
			builder.WithHeader("x-a", "1"), builder.WithoutHeader("x-b"), builder.WithParam("p", []string{"a"}),
			builder.WithMeta("r", map[string]any{"k": []any{1}}), builder.WithOptions(builder.Options{
				Headers: map[string]string{"x-c": "1"}, RemoveHeaders: []string{"x-d"}, Request: map[string]any{"k": 1},
				MediaType: builder.MediaType{Previews: []string{"p"}}, Params: builder.Params{{Name: "q", Value: 1}}, Data: []byte("d"),
			}),
		}
		for _, opt := range opts {
			want := builder.New(opt).DefaultOptions()
			var o builder.Options
			Expect(opt(&o)).To(Succeed())
			for k := range o.Headers {
				o.Headers[k] = "changed"
			}
			for i := range o.RemoveHeaders {
				o.RemoveHeaders[i] = "changed"
			}
			for i := range o.MediaType.Previews {
				o.MediaType.Previews[i] = "changed"
			}
			for k := range o.Request {
				o.Request[k] = "changed"
			}
			for i := range o.Params {
				o.Params[i].Value = "changed"
			}
			if d, ok := o.Data.([]byte); ok {
				copy(d, "changed")
			}
			Expect(builder.New(opt).DefaultOptions()).To(Equal(want))
		}
	})
})
