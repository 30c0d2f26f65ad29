package builder_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/catalog/openapi"
	"github.com/endpointkit/endpoint/headers"
)

// stdJSON is encoding/json's encoding of v with HTML escaping off and the
// Encoder's newline dropped: the reference every writer here must match.
func stdJSON(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

func mustStdJSON(v any) string {
	GinkgoHelper()
	b, err := stdJSON(v)
	Expect(err).NotTo(HaveOccurred())
	return string(b)
}

// refOptionsJSON is what Options.MarshalJSON must write for Options built
// in Go, assembled from encoding/json's encoding of every name and value:
// the reserved keys in v6's order (method, baseUrl, headers, mediaType,
// which is always there, url, data, request), then the parameters in
// order; empty fields left out. Values are written as converted: invalid
// UTF-8 in a value is U+FFFD itself.
func refOptionsJSON(o builder.Options) string {
	GinkgoHelper()
	var b bytes.Buffer
	b.WriteByte('{')
	add := func(name string, v any) {
		if b.Len() > 1 {
			b.WriteByte(',')
		}
		b.WriteString(mustStdJSON(name))
		b.WriteByte(':')
		b.WriteString(mustStdJSON(validValue(v)))
	}
	if o.Method != "" {
		add("method", o.Method)
	}
	if o.BaseURL != "" {
		add("baseUrl", o.BaseURL)
	}
	if o.Headers != nil {
		add("headers", map[string]string(o.Headers))
	}
	previews := o.MediaType.Previews
	if previews == nil {
		previews = []string{}
	}
	add("mediaType", struct {
		Format   string   `json:"format"`
		Previews []string `json:"previews"`
	}{o.MediaType.Format, previews})
	if o.URL != "" {
		add("url", o.URL)
	}
	if o.Data != nil {
		add("data", o.Data)
	}
	if o.Request != nil {
		add("request", o.Request)
	}
	for _, p := range o.Params {
		add(p.Name, p.Value)
	}
	b.WriteByte('}')
	return b.String()
}

// validValue is v through encoding/json and back: strings with invalid
// UTF-8 repaired as the library converts them, maps in their JSON form.
func validValue(v any) any {
	GinkgoHelper()
	data, err := stdJSON(v)
	Expect(err).NotTo(HaveOccurred())
	var out any
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	Expect(dec.Decode(&out)).To(Succeed())
	return out
}

// refRequestJSON is what RequestOptions.MarshalJSON must write: the
// documented shape, encoded by encoding/json.
func refRequestJSON(r builder.RequestOptions) string {
	GinkgoHelper()
	type out struct {
		Method  string         `json:"method"`
		URL     string         `json:"url"`
		Headers headers.Set    `json:"headers"`
		Body    any            `json:"body,omitempty"`
		Request map[string]any `json:"request"`
	}
	type outNoRequest struct {
		Method  string      `json:"method"`
		URL     string      `json:"url"`
		Headers headers.Set `json:"headers"`
		Body    any         `json:"body,omitempty"`
	}
	v := out{r.Method, r.URL, r.Headers, r.Body, r.Request}
	switch b := r.Body.(type) {
	case json.RawMessage:
	case []byte:
		v.Body = string(b)
	case io.Reader:
		v.Body = nil
	}
	if v.Headers == nil {
		v.Headers = headers.Set{}
	}
	if v.Request == nil {
		return mustStdJSON(outNoRequest{v.Method, v.URL, v.Headers, v.Body})
	}
	return mustStdJSON(v)
}

// awkwardNames are parameter names JSON must escape or repair: control
// characters, DEL, invalid UTF-8, quotes, backslashes, the JavaScript line
// separators, HTML characters (which stay as they are) and non-ASCII.
var awkwardNames = []string{
	"a\x01b", "a\x7fb", "a\xffb", "ä", `"q"`, `back\slash`, "tab\tname", "nl\n", "\x00", "\b\f\r",
	"\u2028\u2029", "<&>", "\xed\xa0\x80", "\xe2\x82", "€ and 𝄞", "plain_name",
}

var _ = Describe("JSON names and strings", func() {
	for _, name := range awkwardNames {
		// What json.Unmarshal reads back: the name, invalid UTF-8
		// replaced by U+FFFD byte by byte, as encoding/json writes it.
		var want string
		Expect(json.Unmarshal([]byte(mustStdJSON(name)), &want)).To(Succeed())

		It("writes Params with the name "+strconv.Quote(name)+" as encoding/json does", func() {
			p := builder.Params{{Name: name, Value: name}, {Name: "n", Value: 1}}
			got, err := p.MarshalJSON()
			Expect(err).NotTo(HaveOccurred())
			Expect(json.Valid(got)).To(BeTrue(), string(got))
			// The name as encoding/json writes it; the value converted,
			// its invalid UTF-8 repaired where it entered.
			Expect(string(got)).To(Equal("{" + mustStdJSON(name) + ":" + mustStdJSON(want) + `,"n":1}`))

			var back map[string]any
			Expect(json.Unmarshal(got, &back)).To(Succeed())
			Expect(back).To(HaveKeyWithValue(want, want))

			viaStd, err := json.Marshal(p)
			Expect(err).NotTo(HaveOccurred())
			Expect(json.Valid(viaStd)).To(BeTrue())
		})

		It("writes Options with the parameter "+strconv.Quote(name)+" that read back", func() {
			o := builder.Options{Method: "POST", URL: "/x", Params: builder.Params{{Name: name, Value: []any{name}}}}
			got, err := o.MarshalJSON()
			Expect(err).NotTo(HaveOccurred())
			Expect(string(got)).To(Equal(refOptionsJSON(o)))

			var back builder.Options
			Expect(json.Unmarshal(got, &back)).To(Succeed())
			Expect(back.Params).To(Equal(builder.Params{{Name: want, Value: json.RawMessage(mustStdJSON([]any{want}))}}))
		})

		It("sends a body parameter named "+strconv.Quote(name)+" as valid JSON", func() {
			ro, err := builder.New().Route("POST https://x.test/").Param(name, name).Build()
			Expect(err).NotTo(HaveOccurred())
			req, err := ro.HTTPRequest(context.Background())
			Expect(err).NotTo(HaveOccurred())
			body, err := io.ReadAll(req.Body)
			Expect(err).NotTo(HaveOccurred())
			Expect(string(body)).To(Equal("{" + mustStdJSON(name) + ":" + mustStdJSON(want) + "}"))
			Expect(req.ContentLength).To(BeEquivalentTo(len(body)))

			got, err := ro.MarshalJSON()
			Expect(err).NotTo(HaveOccurred())
			Expect(string(got)).To(Equal(refRequestJSON(ro)))
			// json.Marshal checks and compacts what MarshalJSON wrote (and
			// escapes HTML in it).
			viaStd, err := json.Marshal(ro)
			Expect(err).NotTo(HaveOccurred())
			Expect(json.Valid(viaStd)).To(BeTrue())
		})
	}

	It("writes every field of Options as encoding/json writes it, in the octokit order", func() {
		o := builder.Options{
			Method: "PATCH", BaseURL: "https://ghe.example/api/v3", URL: "/repos/{owner}/{repo}?a=<b>&c",
			Headers:   headers.Set{"x-z": "a\tb", "accept": "application/json", "user-agent": "a\u2028b"},
			MediaType: builder.MediaType{Format: "raw", Previews: []string{"ant-man", "x.y+z"}},
			Data:      map[string]any{"z": 1.5, "a": []any{nil, true, "é"}},
			Request:   map[string]any{"timeout": 5, "meta": map[string]any{"k\x01": "v"}},
			Params:    builder.Params{{Name: "owner", Value: "o"}, {Name: "x\x1f", Value: json.Number("12.5e3")}},
		}
		got, err := o.MarshalJSON()
		Expect(err).NotTo(HaveOccurred())
		Expect(string(got)).To(Equal(refOptionsJSON(o)))
		Expect(json.Valid(got)).To(BeTrue())

		for _, mt := range []builder.MediaType{{Format: "diff"}, {Previews: []string{}}, {Previews: []string{"x"}}} {
			o := builder.Options{URL: "/", MediaType: mt}
			got, err := o.MarshalJSON()
			Expect(err).NotTo(HaveOccurred())
			Expect(string(got)).To(Equal(refOptionsJSON(o)))
		}
	})

	It("refuses a reserved parameter name before it encodes any value", func() {
		o := builder.Options{Data: func() {}, Params: builder.Params{{Name: "x", Value: func() {}}, {Name: "url", Value: 1}}}
		_, err := o.MarshalJSON()
		Expect(err).To(MatchError(builder.ErrReservedParam))
	})

	It("names the field or parameter whose value cannot be encoded, and returns no output", func() {
		for _, o := range []builder.Options{
			{Data: map[string]any{"f": func() {}}},
			{Request: map[string]any{"c": make(chan int)}},
			{Params: builder.Params{{Name: "ok", Value: 1}, {Name: "bad\x01", Value: []any{1, func() {}}}}},
		} {
			got, err := o.MarshalJSON()
			Expect(err).To(HaveOccurred())
			Expect(got).To(BeNil())
			var e *builder.Error
			Expect(errors.As(err, &e)).To(BeTrue(), err.Error())
			switch {
			case o.Data != nil:
				Expect(e.Input).To(Equal("data"))
			case o.Request != nil:
				Expect(e.Input).To(Equal("request"))
			default:
				Expect(e.Input).To(Equal("bad\x01"))
			}
			Expect(errors.Is(err, builder.ErrInvalidValue)).To(BeTrue(), err.Error())
		}
	})

	DescribeTable("writes RequestOptions as encoding/json writes the documented shape",
		func(r builder.RequestOptions) {
			got, err := r.MarshalJSON()
			Expect(err).NotTo(HaveOccurred())
			Expect(string(got)).To(Equal(refRequestJSON(r)))
		},
		Entry("nil headers are an empty object", builder.RequestOptions{Method: "get", URL: "https://x.test/"}),
		Entry("headers sorted, strings escaped", builder.RequestOptions{Method: "get", URL: "https://x.test/?a=<&>",
			Headers: headers.Set{"z": "1", "a": "\x01", "m": "\xff"}}),
		Entry("a Params body", builder.RequestOptions{Method: "post", URL: "u",
			Body: builder.Params{{Name: "z\x7f", Value: 1}, {Name: "a", Value: map[string]any{"b": []string{"c"}}}}}),
		Entry("a []byte body is a string", builder.RequestOptions{Method: "post", URL: "u", Body: []byte("a\x00\xffb")}),
		Entry("a nil []byte body is an empty string", builder.RequestOptions{Method: "post", URL: "u", Body: []byte(nil)}),
		Entry("a reader body is left out", builder.RequestOptions{Method: "post", URL: "u", Body: bytes.NewReader([]byte("x"))}),
		Entry("a typed nil body is null", builder.RequestOptions{Method: "post", URL: "u", Body: map[string]any(nil)}),
		Entry("an empty passthrough is written, as v6 does", builder.RequestOptions{Method: "get", URL: "u", Request: map[string]any{}}),
		Entry("a JSON body as it is", builder.RequestOptions{Method: "post", URL: "u", Body: json.RawMessage(`{"z":1,"a":[true]}`)}),
		Entry("a passthrough", builder.RequestOptions{Method: "get", URL: "u", Request: map[string]any{"b": 1, "a": json.Number("2")}}),
		Entry("a struct body", builder.RequestOptions{Method: "post", URL: "u", Body: struct {
			A string `json:"a"`
			B []int  `json:"b,omitempty"`
		}{A: "<x>"}}),
	)

	It("reports a body that cannot be encoded in RequestOptions.MarshalJSON", func() {
		got, err := builder.RequestOptions{Method: "post", URL: "u", Body: []any{1, func() {}}}.MarshalJSON()
		Expect(err).To(HaveOccurred())
		Expect(got).To(BeNil())
	})

	It("keys maps as encoding/json does, by byte order of the raw key", func() {
		m := map[string]any{"b": 1, "a\xff": 2, "a": 3, "\x01": 4, "é": 5, "A": 6}
		got, err := builder.Params{{Name: "m", Value: m}}.MarshalJSON()
		Expect(err).NotTo(HaveOccurred())
		Expect(string(got)).To(MatchJSON(`{"m":` + mustStdJSON(m) + "}"))
		Expect(string(got)).To(HavePrefix(`{"m":{"\u0001":4,"A":6,"a":3,"a` + "\ufffd" + `":2,"b":1,`))
	})
})

var _ = Describe("options JSON with many parameters", func() {
	// manyJSON is an options object of n parameters p0…, the last one's
	// value written as last.
	manyJSON := func(n int, last string) []byte {
		var b bytes.Buffer
		b.WriteByte('{')
		for i := range n {
			if i > 0 {
				b.WriteByte(',')
			}
			v := `"v"`
			if i == n-1 {
				v = last
			}
			b.WriteString(`"p` + strconv.Itoa(i) + `":` + v)
		}
		b.WriteByte('}')
		return b.Bytes()
	}
	e := builder.New(builder.WithOptions(builder.Options{Method: "GET", BaseURL: "https://api.github.com"}))

	It("takes MaxParams of them, each read into its place, a repeated key's last value in its first place", func() {
		r, err := e.BuildJSON("GET /x", manyJSON(builder.MaxParams, `"last"`))
		Expect(err).NotTo(HaveOccurred())
		Expect(bytes.Count([]byte(r.URL), []byte("="))).To(Equal(builder.MaxParams))
		Expect(r.URL).To(HaveSuffix("&p1023=last"))
		r, err = e.BuildJSON("GET /x", []byte(`{"a":"1","b":2,"a":[3,"x"],"c":null}`))
		Expect(err).NotTo(HaveOccurred())
		Expect(r.URL).To(Equal("https://api.github.com/x?a=3%2Cx&b=2")) // v6: encodeURIComponent(String(array))
	})

	It("refuses one more, unless its value is not JSON, which is reported first", func() {
		_, err := e.BuildJSON("GET /x", manyJSON(builder.MaxParams+1, `"v"`))
		Expect(err).To(MatchError(builder.ErrLimit))
		_, err = e.BuildJSON("GET /x", manyJSON(builder.MaxParams+1, `tru`))
		Expect(err).To(HaveOccurred())
		Expect(errors.Is(err, builder.ErrLimit)).To(BeFalse(), "%v", err)
		Expect(err.Error()).To(ContainSubstring("invalid character"))
	})
})

// An option key given twice kept parts of the first value; JSON.parse keeps the
// last whole.
var _ = DescribeTable("an option key given twice: the later value replaces the earlier whole", Label("regression"),
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

// JSON has no place for Merge's catalogue and operation (documented, see
// Options); the documented ways back send exactly what Build sent.
var _ = Describe("Merge's options with a catalogue, through JSON", Label("regression"), func() {
	c, err := openapi.Load([]byte(`{"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{
		"/d/{$x}/a:b/{id}":{"get":{"operationId":"getD","parameters":[
			{"name":"$x","in":"path","required":true,"schema":{"type":"string"}},
			{"name":"id","in":"path","required":true,"style":"matrix","schema":{"type":"array"}},
			{"name":"include[]","in":"query","schema":{"type":"array"}},
			{"name":"ids","in":"query","style":"pipeDelimited","schema":{"type":"array"}},
			{"name":"filter","in":"query","style":"deepObject","schema":{"type":"object"}},
			{"name":"color","in":"query","style":"form","explode":false,"schema":{"type":"object"}}],"responses":{"200":{"description":"ok"}}},
		"post":{"operationId":"postD","parameters":[
			{"name":"$x","in":"path","required":true,"schema":{"type":"string"}},
			{"name":"id","in":"path","required":true,"style":"label","explode":true,"schema":{"type":"array"}},
			{"name":"f","in":"query","style":"deepObject","schema":{"type":"object"}},
			{"name":"s","in":"query","style":"spaceDelimited","schema":{"type":"array"}}],
			"requestBody":{"content":{"application/json":{"schema":{"type":"object"}}}},"responses":{"200":{"description":"ok"}}}}}}`))

	It("is built again by Build and BuildJSON as Build built it", func() {
		Expect(err).NotTo(HaveOccurred())
		e := builder.New(builder.WithBaseURL("https://api.example"), builder.WithCatalog(c))
		for _, b := range []func() *builder.Builder{
			func() *builder.Builder {
				return e.Route("getD").Param("$x", "v").Param("id", []int{1, 2}).Param("include[]", []string{"a", "b"}).
					Param("ids", []int{1, 2}).Param("filter", builder.Params{{Name: "a", Value: 1}}).
					Param("color", builder.Params{{Name: "R", Value: 1}, {Name: "G", Value: 2}})
			},
			func() *builder.Builder {
				return e.Route("GET /d/{$x}/a:b/{id}?lit=1").Param("$x", "v").Param("id", []string{"z"}).Param("ids", []int{3})
			},
			func() *builder.Builder {
				return e.Route("postD").Param("$x", "v").Param("id", []string{"a", "b"}).Param("f", map[string]any{"a": 1}).
					Param("s", []string{"x", "y"}).Param("title", "t")
			},
		} {
			ro, err := b().Build()
			Expect(err).NotTo(HaveOccurred())
			merged, err := b().Merge()
			Expect(err).NotTo(HaveOccurred())
			parsed, err := e.Parse(merged)
			Expect(err).NotTo(HaveOccurred())
			Expect(parsed).To(Equal(ro))

			j, err := json.Marshal(merged)
			Expect(err).NotTo(HaveOccurred())
			var decoded builder.Options
			Expect(json.Unmarshal(j, &decoded)).To(Succeed())
			again, err := e.Build("", decoded)
			Expect(err).NotTo(HaveOccurred())
			Expect(again).To(Equal(ro), string(j))
			fromJSON, err := e.BuildJSON("", j)
			Expect(err).NotTo(HaveOccurred())
			Expect(fromJSON).To(Equal(ro), string(j))
		}
	})
})

// Options JSON counted the options object as a level of nesting: a value
// MaxDepth deep did not read back.
var _ = Describe("options JSON at the depth limit", Label("regression"), func() {
	e := builder.New(builder.WithBaseURL("https://api.github.com"))

	DescribeTable("reads back what Merge wrote, and refuses one level more",
		func(set func(b *builder.Builder, v any) *builder.Builder, options func(v any) map[string]any, depth int) {
			b := set(e.Route("POST /x"), nestedList(depth))
			want, err := b.Build()
			Expect(err).NotTo(HaveOccurred())
			m, err := b.Merge()
			Expect(err).NotTo(HaveOccurred())
			text, err := json.Marshal(m)
			Expect(err).NotTo(HaveOccurred())
			got, err := e.BuildJSON("", text)
			Expect(err).NotTo(HaveOccurred(), "BuildJSON")
			Expect(fmt.Sprint(got.Body, got.Request)).To(Equal(fmt.Sprint(want.Body, want.Request)))
			var o builder.Options
			Expect(json.Unmarshal(text, &o)).To(Succeed(), "Options.UnmarshalJSON")

			// One level more is refused, as Build refuses it.
			_, err = set(e.Route("POST /x"), nestedList(depth+1)).Build()
			Expect(errors.Is(err, builder.ErrLimit)).To(BeTrue(), "%v", err)
			text, err = json.Marshal(options(nestedList(depth + 1)))
			Expect(err).NotTo(HaveOccurred())
			_, err = e.BuildJSON("POST /x", text)
			Expect(errors.Is(err, builder.ErrLimit)).To(BeTrue(), "%v", err)
			Expect(errors.Is(json.Unmarshal(text, &o), builder.ErrLimit)).To(BeTrue())
		},
		Entry("a parameter", func(b *builder.Builder, v any) *builder.Builder { return b.Param("p", v) },
			func(v any) map[string]any { return map[string]any{"p": v} }, builder.MaxDepth),
		Entry("data", func(b *builder.Builder, v any) *builder.Builder { return b.Data(v) },
			func(v any) map[string]any { return map[string]any{"data": v} }, builder.MaxDepth),
		Entry("a request member", func(b *builder.Builder, v any) *builder.Builder { return b.Meta("r", v) },
			func(v any) map[string]any { return map[string]any{"request": map[string]any{"r": v}} }, builder.MaxDepth-1),
	)
})

// Parameter names were quoted with Go escapes ("\\x7f"), which are not JSON
// (FuzzOptionsJSON/b40b38558a7811ee).
var _ = Describe("JSON of a parameter name with a control character", Label("regression"), func() {
	for _, name := range []string{"\x7f", "a\x01b", "tab\tname", "nl\n", "\xff"} {
		want, err := json.Marshal(map[string]int{name: 1})
		if err != nil {
			panic(err)
		}

		It("writes Params as valid JSON for the name "+strconv.Quote(name), func() {
			got, err := json.Marshal(builder.Params{{Name: name, Value: 1}})
			Expect(err).NotTo(HaveOccurred())
			Expect(got).To(MatchJSON(want))
		})

		It("writes Options back that read again for the name "+strconv.Quote(name), func() {
			var o builder.Options
			Expect(json.Unmarshal(want, &o)).To(Succeed())
			got, err := json.Marshal(o)
			Expect(err).NotTo(HaveOccurred())
			var back builder.Options
			Expect(json.Unmarshal(got, &back)).To(Succeed())
			Expect(back.Params).To(Equal(o.Params))
			Expect(got).To(ContainSubstring(`"mediaType":{"format":"","previews":[]}`))
		})

		It("sends a body with a parameter named "+strconv.Quote(name), func() {
			r, err := endpoint.Route("POST /x").Param(name, 1).Build()
			Expect(err).NotTo(HaveOccurred())
			req, err := r.HTTPRequest(context.Background())
			Expect(err).NotTo(HaveOccurred())
			body, err := io.ReadAll(req.Body)
			Expect(err).NotTo(HaveOccurred())
			Expect(body).To(MatchJSON(want))
			_, err = json.Marshal(r)
			Expect(err).NotTo(HaveOccurred())
		})
	}
})

// The parameter url beside a route went after every other parameter in options
// JSON, where Param keeps the order given.
var _ = Describe("the parameter url beside a route keeps its place", Label("regression"), func() {
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
