package builder_test

// The request body Data and leftover parameters make.

import (
	"context"
	"encoding/json"
	"io"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
)

// Data whose JSON is null was a body "null" for Build but no data for Merge,
// so Build and Parse(Merge) disagreed.
var _ = Describe("data whose JSON is null", Label("regression"), func() {
	nulls := []any{[]int(nil), map[string]any(nil), (*int)(nil), (*string)(nil), json.RawMessage("null")}

	It("is not set, as nil is, in Build, the one-step request and Parse(Merge)", func() {
		e := builder.New(builder.WithBaseURL("https://h"))
		for _, d := range nulls {
			r, err := e.Route("POST /x").Data(d).Build()
			Expect(err).NotTo(HaveOccurred(), "%#v", d)
			Expect(r.Body).To(BeNil(), "%#v", d)
			Expect(r.Headers).To(HaveKeyWithValue("content-length", "0"), "%#v", d)

			m, err := e.Route("POST /x").Data(d).Merge()
			Expect(err).NotTo(HaveOccurred())
			p, err := e.Parse(m)
			Expect(err).NotTo(HaveOccurred())
			Expect(p).To(Equal(r), "%#v", d)

			req, err := e.Route("POST /x").Data(d).HTTPRequest(context.Background())
			Expect(err).NotTo(HaveOccurred())
			Expect(req.Body).To(BeNil(), "%#v", d)
			Expect(req.ContentLength).To(BeZero())
		}
	})

	It("neither hides the defaults' data nor turns the call's parameters into an error", func() {
		withData := builder.New(builder.WithBaseURL("https://h"), builder.WithOptions(builder.Options{Data: "default"}))
		plain := builder.New(builder.WithBaseURL("https://h"))
		for _, d := range nulls {
			r, err := withData.Route("POST /x").Data(d).Build()
			Expect(err).NotTo(HaveOccurred())
			Expect(r.Body).To(Equal("default"), "%#v", d)

			r, err = plain.Route("POST /x").Data(d).Param("a", 1).Build()
			Expect(err).NotTo(HaveOccurred(), "%#v", d)
			Expect(r.Body).To(Equal(json.RawMessage(`{"a":1}`)), "%#v", d)
		}
	})
})

// rawName is a named string type: a string all the same, sent raw.
type rawName string

// Data whose JSON form is a string (time.Time) was sent without its quotes,
// labelled application/json.
var _ = Describe("Data whose JSON form is a string", Label("regression"), func() {
	stamp := time.Date(2020, 1, 2, 3, 4, 5, 0, time.UTC)

	DescribeTable("is sent as JSON, by every path",
		func(data any, want string) {
			ro, err := endpoint.Route("POST /x").Data(data).Build()
			Expect(err).NotTo(HaveOccurred())
			Expect(ro.Headers).To(HaveKeyWithValue("content-type", "application/json; charset=utf-8"))
			Expect(bodyText(ro.Body)).To(Equal(want))
			Expect(json.Valid([]byte(want))).To(BeTrue())

			req, err := endpoint.Route("POST /x").Data(data).HTTPRequest(context.Background())
			Expect(err).NotTo(HaveOccurred())
			Expect(readBody(req.Body)).To(Equal(want))

			ro, err = endpoint.Build("POST /x", builder.Options{Data: data})
			Expect(err).NotTo(HaveOccurred())
			Expect(bodyText(ro.Body)).To(Equal(want))

			// Build == Parse(Merge(...)): the merged options keep it JSON.
			merged, err := endpoint.Merge("POST /x", builder.Options{Data: data})
			Expect(err).NotTo(HaveOccurred())
			ro, err = endpoint.Parse(merged)
			Expect(err).NotTo(HaveOccurred())
			Expect(bodyText(ro.Body)).To(Equal(want))
			// The copy for logs keeps it JSON too.
			ro, err = endpoint.Parse(merged.Redacted())
			Expect(err).NotTo(HaveOccurred())
			Expect(bodyText(ro.Body)).To(Equal(want))
			// Through the octokit JSON shape, whose "data" string is a raw
			// body: the same bytes, quotes and all, labelled as a string.
			text, err := json.Marshal(merged)
			Expect(err).NotTo(HaveOccurred())
			var back builder.Options
			Expect(json.Unmarshal(text, &back)).To(Succeed())
			ro, err = endpoint.Parse(back)
			Expect(err).NotTo(HaveOccurred())
			Expect(bodyText(ro.Body)).To(Equal(want))
			Expect(ro.Headers).To(HaveKeyWithValue("content-type", builder.ContentTypeText))
		},
		Entry("time.Time", stamp, `"2020-01-02T03:04:05Z"`),
		Entry("json.RawMessage of a string", json.RawMessage(`"hello"`), `"hello"`),
		Entry("a pointer to a time.Time", &stamp, `"2020-01-02T03:04:05Z"`),
	)

	DescribeTable("a string stays the raw body",
		func(data any) {
			ro, err := endpoint.Route("POST /x").Data(data).Build()
			Expect(err).NotTo(HaveOccurred())
			Expect(bodyText(ro.Body)).To(Equal("plain text"))
			req, err := endpoint.Route("POST /x").Data(data).HTTPRequest(context.Background())
			Expect(err).NotTo(HaveOccurred())
			Expect(readBody(req.Body)).To(Equal("plain text"))
		},
		Entry("string", "plain text"),
		Entry("named string type", rawName("plain text")),
		Entry("pointer to a string, as go-github's fields are", ptr("plain text")),
	)
})

func ptr(s string) *string { return &s }

// bodyText is a RequestOptions body as text.
func bodyText(b any) string {
	switch t := b.(type) {
	case string:
		return t
	case []byte:
		return string(t)
	case json.RawMessage:
		return string(t)
	}
	Fail("unexpected body type")
	return ""
}

func readBody(r io.Reader) string {
	b, err := io.ReadAll(r)
	Expect(err).NotTo(HaveOccurred())
	return string(b)
}
