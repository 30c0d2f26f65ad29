package builder_test

import (
	"encoding/json"
	"strconv"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
)

var _ = Describe("AppendBuildJSONSpans", func() {
	// member reads a span of out: a string's contents as JSON reads them,
	// or a JSON value.
	member := func(out []byte, span [2]int, isString bool) any {
		text := out[span[0]:span[1]]
		if isString {
			text = []byte(`"` + string(text) + `"`)
		}
		var v any
		Expect(json.Unmarshal(text, &v)).To(Succeed(), "%q", text)
		return v
	}

	It("places each member of the result, as a decoder of the whole reads it", func() {
		e := builder.New(
			builder.WithBaseURL("https://api.example.com/"),
			builder.WithHeader("accept", "application/json"),
			builder.WithHeader("authorization", `token "quoted" },"body":`),
		)
		calls := []struct{ route, options string }{
			{"GET /repos/{owner}/{repo}/issues", `{"owner":"o","repo":"r","state":"open","per_page":100}`},
			{"POST /repos/{owner}/{repo}/issues", `{"owner":"o","repo":"r","title":"a \"bug\"","labels":["x"]}`},
			{"PUT /a/{b}", `{"b":"ü","data":"raw text"}`},
			{"POST /a", `{"headers":{"x-one":"1"},"q":{"n":[1,2]}}`},
			{"GET /a{?q}", `{"q":"}\\","request":{"timeout":5}}`},
			{"DELETE /a/{b}", `{"b":"x"}`},
			{"GET https://other.example/{p}", `{"p":"q","mediaType":{"previews":["x"]}}`},
		}
		for _, c := range calls {
			var spans builder.JSONSpans
			prefix := []byte("pre")
			out, err := e.AppendBuildJSONSpans(prefix, c.route, []byte(c.options), &spans)
			Expect(err).NotTo(HaveOccurred(), c.route)
			plain, err := e.AppendBuildJSON(prefix, c.route, []byte(c.options))
			Expect(err).NotTo(HaveOccurred())
			Expect(string(out)).To(Equal(string(plain)), "the same bytes as AppendBuildJSON")

			var whole map[string]any
			Expect(json.Unmarshal(out[len(prefix):], &whole)).To(Succeed())
			Expect(member(out, spans.Method, true)).To(Equal(whole["method"]), c.route)
			Expect(member(out, spans.URL, true)).To(Equal(whole["url"]), c.route)
			Expect(member(out, spans.Headers, false)).To(Equal(whole["headers"]), c.route)
			for _, m := range []struct {
				name string
				span [2]int
			}{{"body", spans.Body}, {"request", spans.Request}} {
				if _, ok := whole[m.name]; ok {
					Expect(member(out, m.span, false)).To(Equal(whole[m.name]), c.route+" "+m.name)
				} else {
					Expect(m.span).To(Equal([2]int{}), c.route+" "+m.name)
				}
			}
		}
	})

	It("names the headers an Endpoint prepared: the same ID for the same text, another for other headers", func() {
		e := builder.New(builder.WithBaseURL("https://api.example.com"), builder.WithHeader("authorization", "token 1"))
		ids := map[uint64]string{}
		build := func(e *builder.Endpoint, route, options string) uint64 {
			var spans builder.JSONSpans
			out, err := e.AppendBuildJSONSpans(nil, route, []byte(options), &spans)
			Expect(err).NotTo(HaveOccurred())
			text := string(out[spans.Headers[0]:spans.Headers[1]])
			if spans.HeadersID != 0 {
				if seen, ok := ids[spans.HeadersID]; ok {
					Expect(text).To(Equal(seen), "ID "+strconv.FormatUint(spans.HeadersID, 10))
				}
				ids[spans.HeadersID] = text
			}
			return spans.HeadersID
		}
		get := build(e, "GET /a/{b}", `{"b":"1"}`)
		Expect(get).NotTo(BeZero())
		Expect(build(e, "GET /c/{d}", `{"d":"2","e":3}`)).To(Equal(get))
		post := build(e, "POST /a", `{"x":1}`)
		Expect(post).NotTo(BeZero())
		Expect(post).NotTo(Equal(get))                                        // content-type added
		Expect(build(e, "GET /a", `{"headers":{"x-call":"1"}}`)).To(BeZero()) // the call's own headers

		other := e.Defaults(builder.WithHeader("authorization", "token 2"))
		Expect(build(other, "GET /a/{b}", `{"b":"1"}`)).NotTo(Equal(get))
		same := e.Defaults()
		Expect(build(same, "GET /a/{b}", `{"b":"1"}`)).NotTo(BeZero())
	})

	It("leaves spans as they were on error", func() {
		e := builder.New(builder.WithBaseURL("https://api.example.com"))
		spans := builder.JSONSpans{HeadersID: 7}
		_, err := e.AppendBuildJSONSpans(nil, "GET /a/{b}", []byte(`{"b":`), &spans)
		Expect(err).To(HaveOccurred())
		Expect(spans).To(Equal(builder.JSONSpans{HeadersID: 7}))
	})
})
