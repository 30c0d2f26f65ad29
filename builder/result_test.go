package builder_test

// RequestOptions.Headers of a call that sets no header is a copy of a
// map the Endpoint prepared once (result.go): each result owns its map.

import (
	"encoding/json"
	"fmt"
	"maps"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/headers"
)

var _ = Describe("a result's header map", func() {
	e := builder.New(builder.WithOptions(builder.Options{
		Method:  "GET",
		BaseURL: "https://api.github.com",
		Headers: map[string]string{"accept": "application/vnd.github.v3+json", "authorization": "token x", "user-agent": "t"},
	}))
	kinds := []struct {
		what  string
		build func() (builder.RequestOptions, error)
		want  map[string]string // besides the defaults' three
	}{
		{"no body", func() (builder.RequestOptions, error) {
			return e.Route("GET /repos/{owner}/{repo}").Param("owner", "o").Param("repo", "r").Build()
		}, nil},
		{"a JSON body", func() (builder.RequestOptions, error) {
			return e.Route("POST /repos/{owner}/{repo}/issues").Param("owner", "o").Param("repo", "r").Param("title", "t").Build()
		}, map[string]string{"content-type": "application/json; charset=utf-8"}},
		{"a []byte body", func() (builder.RequestOptions, error) {
			return e.Route("POST /upload").Data([]byte("x")).Build()
		}, map[string]string{"content-type": "application/octet-stream"}},
		{"a bodiless PUT", func() (builder.RequestOptions, error) {
			return e.Route("PUT /user/starred/{owner}/{repo}").Param("owner", "o").Param("repo", "r").Build()
		}, map[string]string{"content-length": "0"}},
		{"options JSON", func() (builder.RequestOptions, error) {
			return e.BuildJSON("GET /repos/{owner}/{repo}", []byte(`{"owner":"o","repo":"r"}`))
		}, nil},
		{"Endpoint.Build", func() (builder.RequestOptions, error) {
			return e.Build("GET /repos/{owner}/{repo}", builder.Options{Params: builder.Params{{Name: "owner", Value: "o"}, {Name: "repo", Value: "r"}}})
		}, nil},
	}
	for _, k := range kinds {
		It("is the result's own, with "+k.what, func() {
			want := headers.Set{"accept": "application/vnd.github.v3+json", "authorization": "token x", "user-agent": "t"}
			maps.Copy(want, k.want)
			first, err := k.build()
			Expect(err).NotTo(HaveOccurred())
			Expect(first.Headers).To(Equal(want))

			first.Headers["accept"] = "changed"
			delete(first.Headers, "authorization")
			first.Headers["x-added"] = "1"
			edited := maps.Clone(first.Headers)
			second, err := k.build()
			Expect(err).NotTo(HaveOccurred())
			Expect(second.Headers).To(Equal(want))

			second.Headers["user-agent"] = "changed too"
			Expect(first.Headers).To(Equal(edited))
			third, err := k.build()
			Expect(err).NotTo(HaveOccurred())
			Expect(third.Headers).To(Equal(want))
		})
	}
})

// RequestOptions printed a json.RawMessage request member as a list of bytes.
var _ = Describe("RequestOptions prints a request member's JSON as bytes", Label("regression"), func() {
	It("prints it as its text, with every verb, as Options does", func() {
		e := builder.New(builder.WithBaseURL("https://h.example"), builder.WithMeta("retry", map[string]any{"max": 3}))
		r, err := e.Route("GET /x").Meta("hook", []any{"a"}).Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(r.Request["retry"]).To(Equal(json.RawMessage(`{"max":3}`)))

		Expect(fmt.Sprintf("%v", r)).To(HaveSuffix(` map[hook:["a"] retry:{"max":3}]}`))
		Expect(r.String()).To(HaveSuffix(` map[hook:["a"] retry:{"max":3}]}`))
		Expect(fmt.Sprintf("%+v", r)).To(HaveSuffix(` Request:map[hook:["a"] retry:{"max":3}]}`))
		Expect(fmt.Sprintf("%#v", r)).To(HaveSuffix(`Request:map[string]interface {}{"hook":"[\"a\"]", "retry":"{\"max\":3}"}}`))
		Expect(r.Request["retry"]).To(Equal(json.RawMessage(`{"max":3}`)), "r is unchanged")
	})
})
