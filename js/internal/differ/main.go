// Command differ runs calls given as JSON lines on standard input through
// the Go engine, for the differential test that holds the JavaScript
// package (js/) to it: js/test/go-differential.test.mjs. Each input line
// is
//
//	{"id": n, "layers": [{"route": "…"} | {"options": {…}}], "route": "…", "options": {…}}
//
// and each output line holds, for that call on endpoint.Defaults() with
// the layers over it: DefaultOptions, Endpoint.BuildJSON, Build of the
// decoded options, Merge (as options JSON), Parse of the merged options
// and of their JSON, Parse of the options alone, and the Builder the
// options map onto. A result is {"ok": …} or {"err": {"code", "codes",
// "message"}}, the codes named by js/internal/codes. Only the builder's
// stable public API is used. With -codes it prints the code names, in
// order, as one JSON array instead.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/js/internal/codes"
)

type layer struct {
	Route   *string         `json:"route"`
	Options json.RawMessage `json:"options"`
}

type input struct {
	ID      int             `json:"id"`
	Layers  []layer         `json:"layers"`
	Route   string          `json:"route"`
	Options json.RawMessage `json:"options"`
}

type result struct {
	OK  json.RawMessage `json:"ok,omitempty"`
	Err *errInfo        `json:"err,omitempty"`
	// MarshalErr is RequestOptions.MarshalJSON's refusal of a result that
	// OK writes otherwise.
	MarshalErr string `json:"marshalErr,omitempty"`
}

type errInfo struct {
	Code    string   `json:"code,omitempty"`
	Codes   []string `json:"codes"`
	Message string   `json:"message"`
}

type output struct {
	ID            int     `json:"id"`
	Layers        *result `json:"layers,omitempty"`
	Defaults      *result `json:"defaults,omitempty"`
	BuildJSON     *result `json:"buildJSON,omitempty"`
	Build         *result `json:"build,omitempty"`
	Merge         *result `json:"merge,omitempty"`
	Parse         *result `json:"parse,omitempty"`
	ParseJSON     *result `json:"parseJSON,omitempty"`
	ParseRaw      *result `json:"parseRaw,omitempty"`
	Builder       *result `json:"builder,omitempty"`
	BuilderNative *result `json:"builderNative,omitempty"`
	// DecodeErr says the options did not decode: Build, Merge and
	// ParseRaw hold that error, where BuildJSON reads the route first.
	DecodeErr bool `json:"decodeErr,omitempty"`
}

func fail(err error) *result {
	e := &errInfo{Codes: []string{}, Message: err.Error()}
	for _, c := range codes.List {
		if errors.Is(err, c.Err) {
			if e.Code == "" {
				e.Code = c.Name
			}
			e.Codes = append(e.Codes, c.Name)
		}
	}
	return &result{Err: e}
}

func ok(data []byte, err error) *result {
	if err != nil {
		return fail(err)
	}
	return &result{OK: data}
}

func main() {
	if len(os.Args) == 2 && os.Args[1] == "-codes" {
		names := make([]string, len(codes.List))
		for i, c := range codes.List {
			names[i] = c.Name
		}
		if err := json.NewEncoder(os.Stdout).Encode(names); err != nil {
			fmt.Fprintln(os.Stderr, "differ:", err)
			os.Exit(2)
		}
		return
	}
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(nil, 64<<20)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	for in.Scan() {
		var c input
		if err := json.Unmarshal(in.Bytes(), &c); err != nil {
			fmt.Fprintln(os.Stderr, "differ:", err)
			os.Exit(2)
		}
		if err := enc.Encode(run(c)); err != nil {
			fmt.Fprintln(os.Stderr, "differ:", err)
			os.Exit(2)
		}
	}
	if err := in.Err(); err != nil {
		fmt.Fprintln(os.Stderr, "differ:", err)
		os.Exit(2)
	}
}

func run(c input) (o output) {
	o.ID = c.ID
	e := endpoint.Defaults()
	for _, l := range c.Layers {
		if l.Route != nil {
			e = e.Defaults(endpoint.WithRoute(*l.Route))
		} else {
			var opts builder.Options
			if err := opts.UnmarshalJSON(l.Options); err != nil {
				o.Layers = fail(err)
				return o
			}
			e = e.Defaults(endpoint.WithOptions(opts))
		}
		if err := e.Err(); err != nil {
			o.Layers = fail(err)
			return o
		}
	}
	o.Defaults = ok(e.DefaultOptions().MarshalJSON())
	opts := []byte(c.Options)
	if len(opts) == 0 || string(opts) == "null" {
		opts = nil
	}
	r, err := e.BuildJSON(c.Route, opts)
	o.BuildJSON = built(r, err)
	o.Builder = viaBuilder(e, c.Route, opts, false)
	o.BuilderNative = viaBuilder(e, c.Route, opts, true)

	var decoded builder.Options
	if opts != nil {
		if err := decoded.UnmarshalJSON(opts); err != nil {
			o.Build, o.Merge, o.ParseRaw = fail(err), fail(err), fail(err)
			o.DecodeErr = true
			return o
		}
	}
	r, err = e.Parse(decoded)
	o.ParseRaw = built(r, err)
	r, err = e.Build(c.Route, decoded)
	o.Build = built(r, err)
	m, err := e.Merge(c.Route, decoded)
	if err != nil {
		o.Merge = fail(err)
		return o
	}
	text, err := m.MarshalJSON()
	o.Merge = ok(text, err)
	if err != nil {
		return o
	}
	r, err = e.Parse(m)
	o.Parse = built(r, err)
	var again builder.Options
	if err := again.UnmarshalJSON(text); err != nil {
		o.ParseJSON = fail(err)
	} else {
		r, err := e.Parse(again)
		o.ParseJSON = built(r, err)
	}
	return o
}

func built(r builder.RequestOptions, err error) *result {
	if err != nil {
		return fail(err)
	}
	text, err := r.MarshalJSON()
	if err != nil {
		// MarshalJSON has limits of its own (a body one level deeper than
		// the deepest parameter it was made of): the result is written
		// here instead, and the refusal noted, for the test to report.
		return &result{OK: plainJSON(r), MarshalErr: err.Error()}
	}
	return &result{OK: text}
}

// plainJSON writes request options as MarshalJSON does, with
// encoding/json: headers sorted, the body as it is, request when set.
func plainJSON(r builder.RequestOptions) json.RawMessage {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	b.WriteString(`{"method":`)
	_ = enc.Encode(r.Method)
	b.WriteString(`,"url":`)
	_ = enc.Encode(r.URL)
	b.WriteString(`,"headers":`)
	_ = enc.Encode(map[string]string(r.Headers))
	if r.Body != nil {
		b.WriteString(`,"body":`)
		_ = enc.Encode(r.Body)
	}
	if r.Request != nil {
		b.WriteString(`,"request":`)
		_ = enc.Encode(r.Request)
	}
	b.WriteString("}")
	return json.RawMessage(bytes.ReplaceAll(b.Bytes(), []byte("\n,"), []byte(",")))
}

// viaBuilder maps options onto a Builder: each member in order, values as
// json.RawMessage, or, with native, scalars as Go values (float64 for
// numbers) and the rest as json.RawMessage. Options it cannot map give
// nil: nothing to compare.
func viaBuilder(e *builder.Endpoint, route string, opts []byte, native bool) *result {
	b := e.Route(route)
	if opts == nil {
		return built(b.Build())
	}
	members, err := object(opts)
	if err != nil {
		return nil
	}
	for _, m := range members {
		if bytes.Equal(m.v, []byte("null")) && m.k != "headers" && isOption(m.k) {
			continue
		}
		if !memberOnto(b, route, m, native) {
			return nil
		}
	}
	return built(b.Build())
}

// memberOnto sets one member of the options on b, false if it cannot.
func memberOnto(b *builder.Builder, route string, m member, native bool) bool {
	switch m.k {
	case "method", "baseUrl", "url":
		return stringOnto(b, route, m)
	case "headers":
		return headersOnto(b, m.v)
	case "mediaType":
		return mediaTypeOnto(b, m.v)
	case "data":
		var s string
		if json.Unmarshal(m.v, &s) == nil {
			b.Data(s)
		} else {
			b.Data(json.RawMessage(m.v))
		}
	case "request":
		rs, err := object(m.v)
		if err != nil {
			return false
		}
		for _, r := range rs {
			passThrough(b, r.k, val(r.v, native))
		}
	default:
		b.Param(m.k, val(m.v, native))
	}
	return true
}

// stringOnto sets method, baseUrl or url. Beside a route, url is the
// parameter "url"; an empty one is not set, as options JSON has it.
func stringOnto(b *builder.Builder, route string, m member) bool {
	var s string
	if json.Unmarshal(m.v, &s) != nil {
		return false
	}
	switch {
	case m.k == "method":
		b.Method(s)
	case m.k == "baseUrl":
		b.BaseURL(s)
	case route == "":
		b.URL(s)
	case s != "":
		b.Param("url", s)
	}
	return true
}

// mediaTypeOnto sets the format and previews of a mediaType object.
func mediaTypeOnto(b *builder.Builder, v json.RawMessage) bool {
	var mt struct {
		Format   *string  `json:"format"`
		Previews []string `json:"previews"`
	}
	if json.Unmarshal(v, &mt) != nil {
		return false
	}
	if mt.Format != nil {
		b.Format(*mt.Format)
	}
	if len(mt.Previews) > 0 {
		b.Preview(mt.Previews...)
	}
	return true
}

// passThrough sets a member of the request's meta information.
func passThrough(b *builder.Builder, k string, v any) { b.Meta(k, v) }

// headersOnto sets or removes each header of the JSON object hs.
func headersOnto(b *builder.Builder, hs json.RawMessage) bool {
	members, err := object(hs)
	if err != nil {
		return false
	}
	for _, h := range members {
		var v any
		if json.Unmarshal(h.v, &v) != nil {
			return false
		}
		switch v := v.(type) {
		case nil:
			b.RemoveHeader(h.k)
		case string:
			b.Header(h.k, v)
		case float64, bool:
			b.Header(h.k, string(h.v))
		default:
			return false
		}
	}
	return true
}

func isOption(k string) bool {
	switch k {
	case "method", "baseUrl", "url", "mediaType", "data", "request":
		return true
	}
	return false
}

func val(v json.RawMessage, native bool) any {
	if native {
		var x any
		if json.Unmarshal(v, &x) == nil {
			switch x.(type) {
			case nil, string, float64, bool:
				return x
			}
		}
	}
	return v
}

type member struct {
	k string
	v json.RawMessage
}

// object reads a JSON object's members in order; a key given twice keeps
// its first place and its last value, as JSON.parse has it.
func object(data []byte) ([]member, error) {
	d := json.NewDecoder(bytes.NewReader(data))
	t, err := d.Token()
	if err != nil {
		return nil, err
	}
	if t != json.Delim('{') {
		return nil, errors.New("not an object")
	}
	var ms []member
	for d.More() {
		t, err := d.Token()
		if err != nil {
			return nil, err
		}
		var v json.RawMessage
		if err := d.Decode(&v); err != nil {
			return nil, err
		}
		k := t.(string)
		found := false
		for i := range ms {
			if ms[i].k == k {
				ms[i].v, found = v, true
			}
		}
		if !found {
			ms = append(ms, member{k, v})
		}
	}
	return ms, nil
}
