package builder_test

// Regression: the url option beside a route is the parameter "url"
// (README, difference 9), but options JSON and decoded Options put it after
// every other parameter, wherever it was given: {"url": "a", "id": 1} on
// POST /x sent the body {"id":1,"url":"a"} and on GET /x the query
// ?id=1&url=a, where Builder.Param("url", …) keeps it in its place, as the
// order given is kept for every other parameter.

import (
	"encoding/json"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
)

var _ = Describe("regression: the parameter url beside a route keeps its place", func() {
	DescribeTable("in options JSON, decoded Options and the Builder alike",
		func(route, options, wantURL, wantBody string) {
			e := endpoint.Defaults(endpoint.WithBaseURL("https://h"))
			var o builder.Options
			Expect(o.UnmarshalJSON([]byte(options))).To(Succeed())
			var members []struct{ k, v string }
			dec := json.NewDecoder(strings.NewReader(options))
			_, _ = dec.Token()
			for dec.More() {
				k, _ := dec.Token()
				var v json.RawMessage
				Expect(dec.Decode(&v)).To(Succeed())
				members = append(members, struct{ k, v string }{k.(string), string(v)})
			}
			b := e.Route(route)
			for _, m := range members {
				switch m.k {
				case "headers", "method":
				default:
					b.Param(m.k, json.RawMessage(m.v))
				}
			}

			results := map[string]func() (builder.RequestOptions, error){
				"BuildJSON": func() (builder.RequestOptions, error) { return e.BuildJSON(route, []byte(options)) },
				"Build":     func() (builder.RequestOptions, error) { return e.Build(route, o) },
				"Builder":   b.Build,
			}
			for name, f := range results {
				r, err := f()
				Expect(err).NotTo(HaveOccurred(), name)
				Expect(r.URL).To(Equal(wantURL), name)
				if wantBody != "" {
					Expect(bodyText(r.Body)).To(Equal(wantBody), name)
				}
			}
			r, err := e.BuildJSON(route, []byte(options))
			Expect(err).NotTo(HaveOccurred())
			Expect(r.URL).To(Equal(wantURL))
		},
		Entry("first in a body", "POST /x", `{"url":"a","id":1}`, "https://h/x", `{"url":"a","id":1}`),
		Entry("between others in a body", "POST /x", `{"b":2,"url":"a","id":1}`, "https://h/x", `{"b":2,"url":"a","id":1}`),
		Entry("first in a query", "GET /x", `{"url":"a","id":1}`, "https://h/x?url=a&id=1", ""),
		Entry("between options and others", "GET /x", `{"headers":{"x-a":"1"},"url":"a","method":"GET","id":1}`, "https://h/x?url=a&id=1", ""),
		Entry("last, as before", "GET /x", `{"id":1,"url":"a"}`, "https://h/x?id=1&url=a", ""),
	)
})
