package builder_test

import (
	"bytes"
	"encoding/json"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
)

// topKeys returns the keys of a JSON object in the order written.
func topKeys(doc []byte) []string {
	d := json.NewDecoder(bytes.NewReader(doc))
	d.UseNumber()
	var keys []string
	tok, err := d.Token()
	Expect(err).NotTo(HaveOccurred())
	Expect(tok).To(Equal(json.Delim('{')))
	for d.More() {
		k, err := d.Token()
		Expect(err).NotTo(HaveOccurred())
		keys = append(keys, k.(string))
		var skip json.RawMessage
		Expect(d.Decode(&skip)).To(Succeed())
	}
	return keys
}

// member returns the raw JSON of one key of an object.
func member(doc []byte, key string) string {
	var m map[string]json.RawMessage
	Expect(json.Unmarshal(doc, &m)).To(Succeed())
	return string(m[key])
}

// fromJSON reads options as the JavaScript module hands them over.
func fromJSON(s string) builder.Options {
	var o builder.Options
	Expect(json.Unmarshal([]byte(s), &o)).To(Succeed())
	return o
}

func marshal(o builder.Options) []byte {
	b, err := o.MarshalJSON()
	Expect(err).NotTo(HaveOccurred())
	return b
}

// The orders below are @octokit/endpoint 6.0.12's, recorded with Node:
// its merge starts from DEFAULTS (method, baseUrl, headers, mediaType),
// then adds each layer's new keys in the layer's order, and deep-merges
// request the same way.
var _ = Describe("merged options in v6's key order", func() {
	defaultsKeys := []string{"method", "baseUrl", "headers", "mediaType"}

	DescribeTable("merge",
		func(defaults, route, options string, want []string) {
			e := endpoint.Defaults()
			if defaults != "" {
				e = endpoint.Defaults(endpoint.WithOptions(fromJSON(defaults)))
			}
			m, err := e.Merge(route, fromJSON(options))
			Expect(err).NotTo(HaveOccurred())
			Expect(topKeys(marshal(m))).To(Equal(append(defaultsKeys, want...)))
		},
		Entry("a route, then the call's keys; mediaType stays with the defaults'",
			"", "GET /x", `{"a":1,"mediaType":{"format":"raw"}}`, []string{"url", "a"}),
		Entry("options alone keep their own order, url and request included",
			"", "", `{"url":"/x","a":1,"request":{"z":1},"mediaType":{"format":"raw"}}`, []string{"url", "a", "request"}),
		Entry("url after a parameter",
			"", "", `{"a":1,"url":"/x","method":"POST","request":{"z":1}}`, []string{"a", "url", "request"}),
		Entry("the defaults' keys before the call's",
			`{"request":{"z":1}}`, "", `{"a":1,"url":"/x","request":{"y":1}}`, []string{"request", "a", "url"}),
		Entry("a key set again keeps the defaults' place",
			`{"request":{"z":1},"b":2}`, "", `{"a":1,"url":"/x","request":{"y":1},"b":3}`, []string{"request", "b", "a", "url"}),
	)

	It("keeps DEFAULTS in order when a layer sets mediaType", func() {
		e := endpoint.Defaults(endpoint.WithOptions(fromJSON(`{"org":"o","mediaType":{"format":"raw"}}`)))
		Expect(topKeys(marshal(e.DefaultOptions()))).To(Equal(append(defaultsKeys, "org")))
		e = endpoint.Defaults(endpoint.WithOptions(fromJSON(`{"org":"o"}`))).Defaults(endpoint.WithOptions(fromJSON(`{"mediaType":{"previews":["p"]}}`)))
		Expect(topKeys(marshal(e.DefaultOptions()))).To(Equal(append(defaultsKeys, "org")))
	})

	It("keeps the members of request in order, through defaults, merge and build", func() {
		e := endpoint.Defaults(endpoint.WithOptions(fromJSON(`{"request":{"z":1,"a":2}}`)))
		Expect(member(marshal(e.DefaultOptions()), "request")).To(Equal(`{"z":1,"a":2}`))
		m, err := e.Merge("", fromJSON(`{"url":"/x","request":{"y":1,"a":3}}`))
		Expect(err).NotTo(HaveOccurred())
		Expect(member(marshal(m), "request")).To(Equal(`{"z":1,"a":3,"y":1}`))
		// RequestOptions hold request in a map: MarshalJSON writes it
		// sorted.
		ro, err := e.BuildJSON("GET /x", []byte(`{"request":{"y":1,"a":3}}`))
		Expect(err).NotTo(HaveOccurred())
		text, err := json.Marshal(ro)
		Expect(err).NotTo(HaveOccurred())
		Expect(member(text, "request")).To(Equal(`{"a":3,"y":1,"z":1}`))
		// A key added to the map by hand follows, in sorted order.
		m.Request["b"] = 4
		Expect(member(marshal(m), "request")).To(Equal(`{"z":1,"a":3,"y":1,"b":4}`))
		delete(m.Request, "z")
		Expect(member(marshal(m), "request")).To(Equal(`{"a":3,"y":1,"b":4}`))
	})
})
