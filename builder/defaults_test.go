package builder_test

// Options and defaults layers never share mutable state with their callers
// or the results made from them.

import (
	"encoding/json"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
)

// WithPreviews put one slice into every Options it filled: a caller changing it
// changed the Option.
var _ = Describe("an Option shares a slice with the Options it fills", Label("regression"), func() {
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

// Results shared []byte and typed slices with the defaults (README difference 8).
var _ = Describe("results share slices with the defaults", Label("regression"), func() {
	It("copies []byte Data of the defaults, once where it enters and once per result", func() {
		data := []byte("default")
		e := endpoint.Defaults(endpoint.WithOptions(builder.Options{Data: data}))
		data[0] = '?'
		r, err := e.Build("POST /x", builder.Options{})
		Expect(err).NotTo(HaveOccurred())
		r.Body.([]byte)[0] = '!'
		Expect(e.DefaultOptions().Data).To(Equal([]byte("default")))
		r, err = e.Build("POST /x", builder.Options{})
		Expect(err).NotTo(HaveOccurred())
		Expect(r.Body).To(Equal([]byte("default")))
	})

	It("sends a call's own []byte Data as it is, without copying it", func() {
		data := []byte("mine")
		r, err := endpoint.Route("POST /x").Data(data).Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(&r.Body.([]byte)[0]).To(BeIdenticalTo(&data[0]))
	})

	It("refuses an io.Reader as default Data, which one request only could read", func() {
		e := endpoint.Defaults(endpoint.WithOptions(builder.Options{Data: strings.NewReader("x")}))
		Expect(e.Err()).To(MatchError(builder.ErrInvalidValue))
		_, err := e.Build("POST /x", builder.Options{})
		Expect(err).To(MatchError(builder.ErrInvalidValue))
	})

	It("converts []int and [][]string parameters, so a result shares nothing", func() {
		ids, rows := []int{1, 2}, [][]string{{"a"}}
		e := endpoint.Defaults(endpoint.WithParam("ids", ids), endpoint.WithParam("rows", rows))
		ids[0], rows[0][0] = 9, "z"
		r, err := e.Build("POST /x", builder.Options{})
		Expect(err).NotTo(HaveOccurred())
		body := r.Body.(json.RawMessage)
		Expect(string(body)).To(Equal(`{"ids":[1,2],"rows":[["a"]]}`))
		body[8] = '7'
		Expect(e.DefaultOptions().Params).To(Equal(builder.Params{{Name: "ids", Value: json.RawMessage(`[1,2]`)}, {Name: "rows", Value: json.RawMessage(`[["a"]]`)}}))
	})

	It("converts []byte inside Request to its JSON form, base64", func() {
		e := endpoint.Defaults(endpoint.WithMeta("raw", []byte("meta")))
		r, err := e.Build("GET /x", builder.Options{})
		Expect(err).NotTo(HaveOccurred())
		Expect(r.Request).To(Equal(map[string]any{"raw": "bWV0YQ=="}))
		r.Request["raw"] = "changed"
		Expect(e.DefaultOptions().Request).To(Equal(map[string]any{"raw": "bWV0YQ=="}))
	})

	It("copies []byte returned by DefaultOptions", func() {
		e := endpoint.Defaults(endpoint.WithOptions(builder.Options{Data: []byte("default")}))
		e.DefaultOptions().Data.([]byte)[0] = '!'
		Expect(e.DefaultOptions().Data).To(Equal([]byte("default")))
	})
})
