package builder_test

// Property specs for issue #5: each invariant is checked on at least
// propCases cases drawn from a math/rand/v2 PCG. Case i of a spec uses
// rand.NewPCG(seed, i), so a failure message's seed and index reproduce it
// exactly (genCase(seed, i)). Every spec also asserts that enough cases
// built successfully, so that a generator producing only errors cannot pass.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/url"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/template"
)

// Seeds, one per property; printed in the spec text.
const (
	seedConservation uint64 = 0x5ec5_0001
	seedAuthority    uint64 = 0x5ec5_0002
	seedHeaders      uint64 = 0x5ec5_0003
	seedBuildParse   uint64 = 0x5ec5_0004
	seedImmutable    uint64 = 0x5ec5_0005
	seedDeterminism  uint64 = 0x5ec5_0006
)

// ---------------------------------------------------------------------------
// The generator.

type gen struct{ r *rand.Rand }

func newGen(seed uint64, i int) gen { return gen{rand.New(rand.NewPCG(seed, uint64(i)))} }

func pick[T any](g gen, xs []T) T { return xs[g.r.IntN(len(xs))] }

// chance is true with probability n/100.
func (g gen) chance(n int) bool { return g.r.IntN(100) < n }

// strPieces are the raw material of string values: structure characters of
// URLs, encodings, injections and non-ASCII.
var strPieces = []string{
	"", "a", "octokit", "rest.js", "/", ".", "..", "?", "#", "&", "=", "%", "%2F", "%2e%2e",
	" ", "+", "\r\n", "\x00", "https://evil.example", "//evil.example", "@evil.example", ":8080",
	"{", "}", ":a", "-preview", ",", "ü", "日本", "\xff\xfe", "'", "*", "!", "~", ";", "[", "]", "\t",
}

func (g gen) str() string {
	var b strings.Builder
	for range 1 + g.r.IntN(3) { // "" still comes, from strPieces and value
		b.WriteString(pick(g, strPieces))
	}
	return b.String()
}

// scalar is a value every expression kind accepts.
func (g gen) scalar() any {
	switch g.r.IntN(12) {
	case 0:
		return nil
	case 1:
		return g.r.IntN(2000) - 1000
	case 2:
		return int64(g.r.Uint64() >> 1)
	case 3:
		return g.chance(50)
	case 4:
		return json.Number(pick(g, []string{"42", "-1.5e3", "0"}))
	case 5:
		return pick(g, []float64{0.5, -2.25, 3, 100.125})
	case 6:
		s := g.str()
		return &s
	default:
		return g.str()
	}
}

// value is any parameter value: scalars, lists, maps, nested values,
// Path, Verbatim and a few non-JSON-like slice types.
func (g gen) value(depth int) any {
	switch g.r.IntN(20) {
	case 0, 1, 2, 3, 4, 5, 6, 7:
		return g.scalar()
	case 8:
		out := make([]string, g.r.IntN(4))
		for i := range out {
			out[i] = g.str()
		}
		return out
	case 9, 10:
		out := make([]any, g.r.IntN(4))
		for i := range out {
			out[i] = g.scalar()
		}
		return out
	case 11, 12:
		m := map[string]any{}
		for range g.r.IntN(4) {
			m[pick(g, mapKeys)] = g.scalar()
		}
		return m
	case 13:
		if depth > 2 {
			return g.str()
		}
		if g.chance(50) {
			return map[string]any{pick(g, mapKeys): g.value(depth + 1), "k": g.value(depth + 1)}
		}
		return []any{g.value(depth + 1), g.value(depth + 1)}
	case 14:
		segs := make([]string, 1+g.r.IntN(3))
		for i := range segs {
			segs[i] = pick(g, []string{"docs", "a b", "README.md", "..", ".", "", "x?y", "ü"})
		}
		return template.Path(strings.Join(segs, "/"))
	case 15:
		return template.Verbatim(g.str())
	case 16:
		return []byte(g.str())
	case 17:
		return []int{g.r.IntN(9), g.r.IntN(9)}
	case 18:
		return map[string]string{pick(g, mapKeys): g.str()}
	default:
		return ""
	}
}

var mapKeys = []string{"a", "b", "url", "k", "a b", "ü", "x=y&z"}

// Template variable names; the ones of two or more characters also work
// as :name placeholders.
var varNames = []string{
	"owner", "repo", "id", "path", "ref", "sha", "per_page", "page", "url", "method", "headers",
	"baseUrl", "data", "request", "mediaType", "name", "label", "a_1", "q", "x",
}

// Parameter names that are never template variables.
// extraNames are parameter names beside the template's; the empty name is
// an error (ErrInvalidParam) and is drawn only for invalid cases.
var extraNames = []string{"a b&c", "ü", "x=y", "#h", "state", "Q"}

type tkind int

const (
	tLit      tkind = iota // literal text
	tSeg                   // /{n}: a whole segment
	tColon                 // /:n
	tSuffix                // /{n}.json
	tPathOp                // {/n} or {/n*}
	tReserved              // /{+n}
	tPrefix                // /{n:3}
	tLabel                 // /v{.n}
	tAdj                   // /{a}{b}
	tQuery                 // {?a,b} or {?a*}
	tQueryLit              // ?lit=1{&a}
	tFrag                  // {#n}
	tLead                  // {n} first in a relative template
	tLeadPlus              // {+n} first in the template
)

type tok struct {
	kind    tkind
	text    string
	names   []string
	explode bool
}

type tmpl struct {
	text      string
	toks      []tok
	authority string // "scheme://host[:port]" of an absolute template
}

// has reports whether the template has a token of one of the kinds.
func (t tmpl) has(kinds ...tkind) bool {
	for _, k := range t.toks {
		if slices.Contains(kinds, k.kind) {
			return true
		}
	}
	return false
}

var absAuthorities = []string{"https://uploads.github.com", "http://127.0.0.1:9000", "https://ghe.example.com:8443"}

func (g gen) template() tmpl {
	names := slices.Clone(varNames)
	g.r.Shuffle(len(names), func(i, j int) { names[i], names[j] = names[j], names[i] })
	next := func(long bool) string {
		for i, n := range names {
			if !long || len(n) >= 2 {
				names = slices.Delete(names, i, i+1)
				return n
			}
		}
		return ""
	}
	var t tmpl
	add := func(k tok) { t.toks = append(t.toks, k) }
	switch n := g.r.IntN(20); {
	case n < 2:
		t.authority = pick(g, absAuthorities)
		add(tok{kind: tLit, text: t.authority})
	case n < 3:
		add(tok{kind: tLeadPlus, text: "", names: []string{next(false)}})
	case n < 4:
		add(tok{kind: tLead, names: []string{next(false)}})
	}
	for range 1 + g.r.IntN(5) {
		if len(names) < 3 {
			break
		}
		switch g.r.IntN(12) {
		case 0, 1:
			add(tok{kind: tLit, text: "/" + pick(g, []string{"repos", "x", "a.b", "v1", "~u", "%2F", "a-b_c", "ü"})})
		case 2, 3:
			add(tok{kind: tSeg, names: []string{next(false)}})
		case 4:
			add(tok{kind: tColon, names: []string{next(true)}})
		case 5:
			add(tok{kind: tSuffix, names: []string{next(false)}})
		case 6:
			add(tok{kind: tPathOp, names: []string{next(false)}, explode: g.chance(50)})
		case 7:
			add(tok{kind: tReserved, names: []string{next(false)}})
		case 8:
			add(tok{kind: tPrefix, names: []string{next(false)}})
		case 9:
			add(tok{kind: tLabel, names: []string{next(false)}})
		case 10:
			add(tok{kind: tAdj, names: []string{next(false), next(false)}})
		default:
			add(tok{kind: tLit, text: "/issues"})
		}
	}
	switch g.r.IntN(6) {
	case 0:
		add(tok{kind: tQuery, names: []string{next(false), next(false)}})
	case 1:
		add(tok{kind: tQuery, names: []string{next(false)}, explode: true})
	case 2:
		add(tok{kind: tQueryLit, names: []string{next(false)}})
	case 3:
		if g.chance(30) {
			add(tok{kind: tFrag, names: []string{next(false)}})
		}
	}
	var b strings.Builder
	for i := range t.toks {
		k := &t.toks[i]
		switch k.kind {
		case tSeg:
			k.text = "/{" + k.names[0] + "}"
		case tColon:
			k.text = "/:" + k.names[0]
		case tSuffix:
			k.text = "/{" + k.names[0] + "}.json"
		case tPathOp:
			k.text = "{/" + k.names[0] + map[bool]string{true: "*"}[k.explode] + "}"
		case tReserved:
			k.text = "/{+" + k.names[0] + "}"
		case tPrefix:
			k.text = "/{" + k.names[0] + ":3}"
		case tLabel:
			k.text = "/v{." + k.names[0] + "}"
		case tAdj:
			k.text = "/{" + k.names[0] + "}{" + k.names[1] + "}"
		case tQuery:
			if k.explode {
				k.text = "{?" + k.names[0] + "*}"
			} else {
				k.text = "{?" + strings.Join(k.names, ",") + "}"
			}
		case tQueryLit:
			k.text = "?lit=1{&" + k.names[0] + "}"
		case tFrag:
			k.text = "{#" + k.names[0] + "}"
		case tLead:
			k.text = "{" + k.names[0] + "}"
		case tLeadPlus:
			k.text = "{+" + k.names[0] + "}"
		}
		b.WriteString(k.text)
	}
	t.text = b.String()
	if t.text == "" || t.text == t.authority {
		t.text += "/"
		t.toks = append(t.toks, tok{kind: tLit, text: "/"})
	}
	return t
}

// templateValue is a value for a template variable: mostly scalars that
// build, sometimes anything.
func (g gen) templateValue(k tkind) any {
	if k == tLeadPlus && g.chance(50) {
		return pick(g, []string{"https://evil.example/x", "HTTP://evil.example", "/rel/path", "//evil.example/x", "@evil.example", "https:/evil"})
	}
	switch n := g.r.IntN(10); {
	case n < 7:
		s := pick(g, []string{"octokit", "rest.js", "a b", "1.0", "x", "main", "é"})
		if g.chance(40) {
			s = g.str()
		}
		if s == "" && g.chance(80) {
			s = "nonempty"
		}
		return s
	case n < 8:
		return g.r.IntN(100000)
	default:
		return g.value(0)
	}
}

var (
	methods  = []string{"GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "get", "Post", "OPTIONS", "PROPFIND"}
	bases    = []string{"https://api.github.com", "https://ghe.example.com/api/v3/", "http://localhost:3000", "https://[::1]:8443/prefix"}
	hdrNames = []string{"accept", "Accept", "user-agent", "x-custom", "X-Custom", "authorization", "content-type", "if-none-match"}
	hdrVals  = []string{"", "1", "application/vnd.github.v3+json", "application/octet-stream", "token abc", "tab\there", "ü",
		"application/vnd.github.squirrel-girl-preview+json", "application/json"}
	badHdrNames = []string{"bad name", "x\r\ny", "", "x:y", "ü"}
	badHdrVals  = []string{"a\r\nX-Injected: 1", "v\x00", "\n", "a\x7f"}
	formats     = []string{"raw", "diff", "html", "full", "$1"}
	badFormats  = []string{"x\r\nX-Injected: 1", "a\x00"}
	previewList = []string{"mercy", "mercy-preview", "", "symmetra-preview", "machine-man"}
	badPreviews = []string{"a\nb", "x\x00", "y\r\nX-Injected: 1"}
)

// propCase is one generated call: defaults layers, a route and the call's
// own options.
type propCase struct {
	seed  uint64
	index int
	t     tmpl
	route string
	// layers are the defaults, each applied with WithOptions.
	layers []builder.Options
	call   builder.Options
}

func (c propCase) String() string {
	return fmt.Sprintf("seed %#x case %d: route %q\n  layers %#v\n  call %#v", c.seed, c.index, c.route, c.layers, c.call)
}

func (g gen) headers(bad int) map[string]string {
	if !g.chance(40) {
		return nil
	}
	h := map[string]string{}
	for range 1 + g.r.IntN(3) {
		name, value := pick(g, hdrNames), pick(g, hdrVals)
		if g.chance(bad) {
			name = pick(g, badHdrNames)
		} else if otherSpelling(h, name) {
			// Two spellings of one name in a Go map are an error: only
			// for invalid cases.
			continue
		}
		if g.chance(bad) {
			value = pick(g, badHdrVals)
		}
		h[name] = value
	}
	return h
}

// otherSpelling reports whether h has name in another case.
func otherSpelling(h map[string]string, name string) bool {
	for k := range h {
		if k != name && strings.EqualFold(k, name) {
			return true
		}
	}
	return false
}

func (g gen) mediaType(bad int) builder.MediaType {
	var mt builder.MediaType
	if g.chance(20) {
		mt.Format = pick(g, formats)
		if g.chance(bad) {
			mt.Format = pick(g, badFormats)
		}
	}
	if g.chance(20) {
		for range 1 + g.r.IntN(2) {
			p := pick(g, previewList)
			if g.chance(bad) {
				p = pick(g, badPreviews)
			}
			mt.Previews = append(mt.Previews, p)
		}
	}
	return mt
}

// params draws values for the template variables (most of them) and for
// some other names.
func (g gen) params(t tmpl, n int, bad int) builder.Params {
	var p builder.Params
	for _, k := range t.toks {
		for _, name := range k.names {
			if g.chance(92) { // a missing one is refused in every path expression but {/x}, {.x}, {;x}
				p = p.With(name, g.templateValue(k.kind))
			}
		}
	}
	for range n {
		name := pick(g, extraNames)
		if g.chance(50) {
			name = pick(g, varNames)
		}
		if g.chance(bad) {
			name = ""
		}
		if _, dup := p.Get(name); !dup {
			p = p.With(name, g.value(0))
		}
	}
	return p
}

// genCase builds case i of the spec with the given seed. bad is the
// percentage of invalid headers, formats and previews.
func genCase(seed uint64, i int, bad int) propCase {
	g := newGen(seed, i)
	c := propCase{seed: seed, index: i, t: g.template()}
	for range g.r.IntN(3) {
		var l builder.Options
		if g.chance(30) {
			l.BaseURL = pick(g, bases)
			if g.chance(2) {
				l.BaseURL = "https://api.github.com/?x=1"
			}
		}
		l.Headers = g.headers(bad)
		l.MediaType = g.mediaType(bad)
		if g.chance(50) {
			for range 1 + g.r.IntN(3) {
				name := pick(g, varNames)
				if g.chance(30) {
					name = pick(g, extraNames)
				}
				if _, dup := l.Params.Get(name); !dup {
					l.Params = l.Params.With(name, g.value(0))
				}
			}
		}
		if g.chance(20) {
			l.Request = map[string]any{"timeout": g.r.IntN(9), "tags": []any{"a", g.str()}, "nested": map[string]any{"k": []byte("b")}}
		}
		if g.chance(5) {
			l.Data = pick(g, []any{[]byte("default-bytes"), "default-data", map[string]any{"d": []any{1}}})
		}
		c.layers = append(c.layers, l)
	}
	method := pick(g, methods)
	if g.chance(1) {
		method = "GE(T"
	}
	switch g.r.IntN(10) {
	case 0:
		c.call.Method, c.call.URL = method, c.t.text
	case 1:
		c.route = c.t.text // method from the defaults
	default:
		c.route = method + " " + c.t.text
	}
	c.call.Params = g.params(c.t, g.r.IntN(4), bad)
	c.call.Headers = g.headers(bad)
	c.call.MediaType = g.mediaType(bad)
	if g.chance(15) {
		c.call.BaseURL = pick(g, bases)
	}
	if g.chance(10) {
		c.call.Data = pick(g, []any{"text", []byte("bin\x00"), map[string]any{"k": g.str()}, []any{1, "b"}})
	}
	if g.chance(15) {
		c.call.Request = map[string]any{"retries": g.r.IntN(5), "list": []any{g.str()}}
	}
	return c
}

// endpointFor applies the layers over the package defaults.
func (c propCase) endpointFor() *builder.Endpoint {
	opts := make([]builder.Option, len(c.layers))
	for i, l := range c.layers {
		opts[i] = endpoint.WithOptions(l)
	}
	return endpoint.Defaults(opts...)
}

// ---------------------------------------------------------------------------
// Independent oracles: deep copies, encodings and value rules written here,
// not borrowed from the library under test.

// snapshot deep-copies the kinds of values the generator makes, so that a
// later DeepEqual sees any change made through a shared map, slice or
// pointer.
func snapshot(v any) any {
	switch t := v.(type) {
	case map[string]any:
		if t == nil {
			return t
		}
		out := make(map[string]any, len(t))
		for k, e := range t {
			out[k] = snapshot(e)
		}
		return out
	case []any:
		if t == nil {
			return t
		}
		out := make([]any, len(t))
		for i, e := range t {
			out[i] = snapshot(e)
		}
		return out
	case []string:
		return slices.Clone(t)
	case []byte:
		return bytes.Clone(t)
	case []int:
		return slices.Clone(t)
	case map[string]string:
		if t == nil {
			return t
		}
		out := make(map[string]string, len(t))
		for k, e := range t {
			out[k] = e
		}
		return out
	case *string:
		if t == nil {
			return t
		}
		s := *t
		return &s
	case builder.Params:
		if t == nil {
			return t
		}
		out := make(builder.Params, len(t))
		for i, p := range t {
			out[i] = builder.Param{Name: p.Name, Value: snapshot(p.Value)}
		}
		return out
	}
	return v
}

func snapshotOptions(o builder.Options) builder.Options {
	o.Headers = snapshot(map[string]string(o.Headers)).(map[string]string)
	o.MediaType.Previews = slices.Clone(o.MediaType.Previews)
	o.Data = snapshot(o.Data)
	o.Request, _ = snapshot(o.Request).(map[string]any)
	o.Params, _ = snapshot(o.Params).(builder.Params)
	return o
}

// scribble overwrites, in place, every map entry, slice element and byte
// reachable from v: whatever a result shares with a default shows up as a
// change there. Pointers are not written through: the library documents
// that it shares them.
func scribble(v any) {
	switch t := v.(type) {
	case map[string]any:
		if t == nil {
			return
		}
		for k, e := range t {
			scribble(e)
			t[k] = "scribbled"
		}
		t["scribbled"] = true
	case []any:
		for i, e := range t {
			scribble(e)
			t[i] = "scribbled"
		}
	case []string:
		for i := range t {
			t[i] = "scribbled"
		}
	case []byte:
		for i := range t {
			t[i] = '!'
		}
	case json.RawMessage: // a JSON body, and arrays and objects in Options
		for i := range t {
			t[i] = '!'
		}
	case []int:
		for i := range t {
			t[i] = -7
		}
	case map[string]string:
		if t == nil {
			return
		}
		for k := range t {
			t[k] = "scribbled"
		}
		t["scribbled"] = "1"
	case builder.Params:
		for i := range t {
			scribble(t[i].Value)
			t[i].Value = "scribbled"
		}
	}
}

func scribbleResult(r builder.RequestOptions) {
	scribble(map[string]string(r.Headers))
	scribble(r.Body)
	scribble(r.Request)
}

func scribbleOptions(o builder.Options) {
	scribble(map[string]string(o.Headers))
	for i := range o.MediaType.Previews {
		o.MediaType.Previews[i] = "scribbled"
	}
	scribble(o.Data)
	scribble(o.Request)
	scribble(o.Params)
}

// encodeComponent is JavaScript's encodeURIComponent on bytes; keepPlus
// keeps "+" (the q rule).
func encodeComponent(s string, keepPlus bool) string {
	const keep = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!~*'()"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if strings.IndexByte(keep, c) >= 0 || keepPlus && c == '+' {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

// encodeUnreserved is RFC 6570 simple expansion of one string.
func encodeUnreserved(s string) string {
	const keep = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if c := s[i]; strings.IndexByte(keep, c) >= 0 {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

// mergePlain is e.Merge with the values the oracle below reads: arrays
// and objects, which Merge returns as json.RawMessage, decoded into []any
// and map[string]any.
func mergePlain(e *builder.Endpoint, route string, call builder.Options) (builder.Options, error) {
	m, err := e.Merge(route, call)
	if err != nil {
		return m, err
	}
	for i, p := range m.Params {
		m.Params[i].Value = plain(p.Value)
	}
	return m, nil
}

// plain decodes a json.RawMessage with numbers as json.Number, arrays as
// []any and objects as builder.Params, in their order.
func plain(v any) any {
	raw, ok := v.(json.RawMessage)
	if !ok {
		return v
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	out, err := decodeOrdered(dec)
	if err != nil {
		panic(err)
	}
	return out
}

func decodeOrdered(dec *json.Decoder) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch tok {
	case json.Delim('['):
		out := []any{}
		for dec.More() {
			v, err := decodeOrdered(dec)
			if err != nil {
				return nil, err
			}
			out = append(out, v)
		}
		_, err := dec.Token()
		return out, err
	case json.Delim('{'):
		out := builder.Params{}
		for dec.More() {
			key, err := dec.Token()
			if err != nil {
				return nil, err
			}
			v, err := decodeOrdered(dec)
			if err != nil {
				return nil, err
			}
			out = out.With(key.(string), v)
		}
		_, err := dec.Token()
		return out, err
	}
	return tok, nil
}

// scalarText maps the generator's scalar types to their text; ok is false
// for an undefined value (nil, nil pointer), bad for a type that is not a
// scalar.
func scalarText(v any) (s string, isString, ok, bad bool) {
	switch t := v.(type) {
	case nil:
		return "", false, false, false
	case string:
		return t, true, true, false
	case template.Path:
		return string(t), true, true, false
	case template.Verbatim:
		return string(t), false, true, false
	case *string:
		if t == nil {
			return "", false, false, false
		}
		return *t, true, true, false
	case int:
		return strconv.Itoa(t), false, true, false
	case int64:
		return strconv.FormatInt(t, 10), false, true, false
	case uint64:
		return strconv.FormatUint(t, 10), false, true, false
	case bool:
		return strconv.FormatBool(t), false, true, false
	case json.Number:
		return string(t), false, true, false
	case float64:
		return strconv.FormatFloat(t, 'f', -1, 64), false, true, false
	case []byte:
		return string(t), false, true, false
	}
	return "", false, false, true
}

// queryPair is the documented query-string form of one leftover GET
// parameter: "" and no error for an omitted (undefined) value, an error
// for a value a query cannot hold (a map, a nested list).
func queryPair(name string, v any) (string, bool, error) {
	errBad := errors.New("not a query value")
	if s, isString, ok, bad := scalarText(v); ok || !bad {
		if !ok {
			return "", false, nil
		}
		return encodeComponent(name, false) + "=" + encodeComponent(s, name == "q" && isString), true, nil
	}
	var items []string
	switch t := v.(type) {
	case []string:
		items = t
	case []int:
		for _, n := range t {
			items = append(items, strconv.Itoa(n))
		}
	case []any:
		for _, e := range t {
			s, _, ok, bad := scalarText(e)
			if bad {
				return "", false, errBad
			}
			if ok {
				items = append(items, s)
			}
		}
	case map[string]any:
		for _, e := range t {
			if _, _, ok, bad := scalarText(e); ok || bad {
				return "", false, errBad
			}
		}
		return "", false, nil // empty, or only nil members: undefined
	case builder.Params:
		for _, e := range t {
			if _, _, ok, bad := scalarText(e.Value); ok || bad {
				return "", false, errBad
			}
		}
		return "", false, nil
	case map[string]string:
		if len(t) == 0 {
			return "", false, nil
		}
		return "", false, errBad
	default:
		return "", false, errBad
	}
	if len(items) == 0 {
		return "", false, nil
	}
	enc := make([]string, len(items))
	for i, it := range items {
		enc[i] = encodeComponent(it, false)
	}
	return encodeComponent(name, false) + "=" + strings.Join(enc, "%2C"), true, nil
}

func hasBodyMethod(m string) bool {
	switch strings.ToLower(m) {
	case "post", "put", "patch", "delete":
		return true
	}
	return false
}

// ---------------------------------------------------------------------------
// The loop.

// checker collects the first few failures of a property run.
type checker struct {
	failures []string
	ok, errs int
}

func (k *checker) fail(c propCase, format string, args ...any) {
	if len(k.failures) >= 5 {
		return
	}
	msg := fmt.Sprintf("seed %#x case %d, route %q: ", c.seed, c.index, c.route) + fmt.Sprintf(format, args...)
	if len(k.failures) == 0 {
		msg += "\n  " + c.String()
	}
	k.failures = append(k.failures, msg)
}

func (k *checker) done() {
	GinkgoHelper()
	AddReportEntry("cases", fmt.Sprintf("%d built, %d refused with an error", k.ok, k.errs))
	if len(k.failures) > 0 {
		Fail(fmt.Sprintf("%d failure(s) (first 5 shown; reproduce with genCase(seed, index)):\n%s", len(k.failures), strings.Join(k.failures, "\n")))
	}
	Expect(k.ok).To(BeNumerically(">=", propCases/4), "too few cases built (%d ok, %d errors): the generator is off", k.ok, k.errs)
}

// run calls check on propCases generated cases.
func run(seed uint64, bad int, check func(c propCase, k *checker)) {
	GinkgoHelper()
	k := &checker{}
	for i := range propCases {
		check(genCase(seed, i, bad), k)
	}
	k.done()
}

func describeSeed(what string, seed uint64) string {
	return fmt.Sprintf("%s (%d cases, PCG seed %#x)", what, propCases, seed)
}

// ---------------------------------------------------------------------------
// The properties.

// The properties, one table entry each; bad is the percentage of invalid
// headers, formats and previews the generator mixes in.
var _ = Describe("properties", func() {
	// In a container, so that the texts are made after sizeLongSpecs.
	DescribeTable("over generated calls",
		func(seed uint64, bad int, check func(propCase, *checker)) { run(seed, bad, check) },
		Entry(describeSeed("puts every parameter in exactly one place (path, query or body) or fails", seedConservation), seedConservation, 2, checkConservation),
		Entry(describeSeed("keeps scheme, host and port, the segment count, and has no dot segments", seedAuthority), seedAuthority, 0, checkAuthority),
		Entry(describeSeed("never puts CR, LF or NUL in a header name or value", seedHeaders), seedHeaders, 10, checkHeaders),
		Entry(describeSeed("gives Build == Parse(Merge(...))", seedBuildParse), seedBuildParse, 5, checkBuildParse),
		Entry(describeSeed("leaves the caller's inputs and the defaults unchanged, and shares nothing with the defaults", seedImmutable), seedImmutable, 5, checkImmutable),
		Entry(describeSeed("gives the same output for the same input, map-valued parameters included", seedDeterminism), seedDeterminism, 5, checkDeterminism),
	)
})

// checkConservation: puts every parameter in exactly one place (path, query or body) or fails.
func checkConservation(c propCase, k *checker) {
	e := c.endpointFor()
	r, err := e.Build(c.route, c.call)
	if err != nil {
		k.errs++
		return
	}
	k.ok++
	m, err := mergePlain(e, c.route, c.call)
	if err != nil {
		k.fail(c, "Build succeeded but Merge failed: %v", err)
		return
	}
	// Merge keeps every name of the defaults and the call, once;
	// the one documented exception: with Data, body parameters that
	// came only from the defaults are dropped (README difference 6).
	seen := map[string]int{}
	for _, p := range m.Params {
		seen[p.Name]++
	}
	t, err := template.Parse(m.URL)
	if err != nil {
		k.fail(c, "Build succeeded but the merged URL %q does not parse: %v", m.URL, err)
		return
	}
	body := hasBodyMethod(m.Method)
	fromCall := map[string]bool{}
	for _, p := range c.call.Params {
		fromCall[p.Name] = true
	}
	for _, p := range append(slices.Clone(e.DefaultOptions().Params), c.call.Params...) {
		switch n := seen[p.Name]; {
		case n == 1:
		case n == 0 && m.Data != nil && body && !fromCall[p.Name] && t.VarIndex(p.Name) < 0:
			// dropped beside Data, as documented
		default:
			k.fail(c, "parameter %q appears %d times in the merged options", p.Name, n)
		}
	}
	var leftover, used builder.Params
	for _, p := range m.Params {
		if t.VarIndex(p.Name) >= 0 {
			used = append(used, p)
		} else {
			leftover = append(leftover, p)
		}
	}
	// The URL without any leftover parameter.
	pathOnly := m
	pathOnly.Params = used
	pathOnly.Data = nil
	pathOnly.Method = "GET"
	base, err := endpoint.Parse(pathOnly)
	if err != nil {
		k.fail(c, "Parse of the template variables alone failed: %v", err)
		return
	}
	if body {
		if r.URL != base.URL {
			k.fail(c, "%s: a body parameter reached the URL: %q, template part %q", m.Method, r.URL, base.URL)
		}
		switch {
		case m.Data != nil:
			if len(leftover) > 0 {
				k.fail(c, "Data and leftover %v built without ErrDataWithParams", leftover)
			}
		case len(leftover) == 0:
			if r.Body != nil && r.Body != "" {
				k.fail(c, "no leftover parameters but body %#v", r.Body)
			}
		default:
			var rawLeft builder.Params
			raw, _ := e.Merge(c.route, c.call)
			for _, p := range raw.Params {
				if t.VarIndex(p.Name) < 0 {
					rawLeft = append(rawLeft, p)
				}
			}
			got, ok := r.Body.(json.RawMessage)
			if !ok || !bytes.Equal(got, jsonBody(rawLeft)) {
				k.fail(c, "body %#v, want the leftover parameters %#v", r.Body, leftover)
			}
		}
		return
	}
	if r.Body != nil {
		k.fail(c, "%s request has body %#v", m.Method, r.Body)
	}
	want := base.URL
	sep := "?"
	if strings.Contains(want, "?") {
		sep = "&"
	}
	if sep == "&" && (strings.HasSuffix(want, "?") || strings.HasSuffix(want, "&")) {
		sep = "" // after a final ? or & of a query, no separator (README difference 5)
	}
	// Each leftover is appended once, in order. The documented
	// exception: an undefined value (nil, nil pointer, empty list
	// or map, only nil members) is omitted from a query, never sent
	// as "null" (README difference 5); queryPair says which.
	for _, p := range leftover {
		pair, defined, qerr := queryPair(p.Name, p.Value)
		if qerr != nil {
			k.fail(c, "query value %q=%#v cannot be sent, but Build succeeded with %q", p.Name, p.Value, r.URL)
			return
		}
		if defined {
			want += sep + pair
			sep = "&"
		}
	}
	if r.URL != want {
		k.fail(c, "URL %q, want %q (template part plus each defined leftover once)", r.URL, want)
	}
	// Whole-segment string values appear, encoded, as a segment
	// (unless a reserved expansion, which may write "?" or "#",
	// makes the path part unknowable).
	if c.t.has(tReserved, tLeadPlus) {
		return
	}
	segs := strings.Split(urlPath(r.URL), "/")
	for _, tk := range c.t.toks {
		if tk.kind != tSeg && tk.kind != tColon {
			continue
		}
		v, _ := m.Params.Get(tk.names[0])
		if s, ok := v.(string); ok && !slices.Contains(segs, encodeUnreserved(s)) {
			k.fail(c, "value %q of {%s} is not a segment of %q", s, tk.names[0], r.URL)
		}
	}
}

// checkAuthority: keeps scheme, host and port, the segment count, and has no dot segments.
func checkAuthority(c propCase, k *checker) {
	e := c.endpointFor()
	r, err := e.Build(c.route, c.call)
	if err != nil {
		k.errs++
		return
	}
	k.ok++
	m, _ := mergePlain(e, c.route, c.call)
	u, err := url.Parse(r.URL)
	if err != nil {
		k.fail(c, "built URL %q does not parse: %v", r.URL, err)
		return
	}
	leadPlus := c.t.has(tLeadPlus)
	var want *url.URL
	switch {
	case c.t.authority != "":
		want, _ = url.Parse(c.t.authority)
	case leadPlus && (strings.HasPrefix(strings.ToLower(r.URL), "http://") || strings.HasPrefix(strings.ToLower(r.URL), "https://")) &&
		!strings.HasPrefix(r.URL, strings.TrimSuffix(m.BaseURL, "/")+"/"):
		// The caller wrote an absolute {+url} first: its value
		// may name the host (the documented exception).
	default:
		want, _ = url.Parse(m.BaseURL)
		if !strings.HasPrefix(r.URL, strings.TrimSuffix(m.BaseURL, "/")+"/") {
			k.fail(c, "URL %q does not start with base %q and a slash", r.URL, m.BaseURL)
		}
	}
	if want != nil && (u.Scheme != want.Scheme || u.Host != want.Host || u.User != nil) {
		k.fail(c, "URL %q: scheme/host %s://%s, want %s://%s", r.URL, u.Scheme, u.Host, want.Scheme, want.Host)
	}
	// No dot segment, also percent-encoded (F19; WHATWG reads
	// ".%2e" as ".."), whatever expression made it.
	path := urlPath(r.URL)
	for _, seg := range strings.Split(path, "/") {
		dec, err := url.PathUnescape(seg)
		if err != nil {
			dec = seg
		}
		if dec == "." || dec == ".." {
			k.fail(c, "URL %q has the dot segment %q (F19)", r.URL, seg)
		}
	}
	if leadPlus || c.t.has(tReserved) {
		return // reserved expansion keeps "/" by definition
	}
	// Predict the slashes: the base's, the template's literal ones,
	// one per {/x} item and those of Path values.
	n := 0
	if c.t.authority == "" {
		n = strings.Count(urlPath(strings.TrimSuffix(m.BaseURL, "/")), "/")
		// The base and the template are joined with one slash,
		// added when the expanded template does not start with one.
		n += leadingSlash(c.t, m.Params)
	}
	for _, tk := range c.t.toks {
		switch tk.kind {
		case tLit:
			n += strings.Count(strings.TrimPrefix(tk.text, c.t.authority), "/")
		case tQuery, tQueryLit, tFrag:
		case tPathOp:
			v, _ := m.Params.Get(tk.names[0])
			n += pathOpSlashes(v, tk.explode)
		default:
			// A Path in a simple expression keeps its slashes; a
			// prefix {x:3} keeps those of its first 3 characters.
			n += strings.Count(tk.text, "/")
			for _, name := range tk.names {
				p, ok := m.Params.Get(name)
				path, isPath := p.(template.Path)
				if !ok || !isPath || tk.kind == tLabel {
					continue
				}
				if tk.kind == tPrefix {
					path = template.Path(firstRunes(string(path), 3))
				}
				n += strings.Count(string(path), "/")
			}
		}
	}
	if got := strings.Count(path, "/"); got != n {
		k.fail(c, "URL %q has %d slashes in its path, the template and base give %d: a value added or removed a segment", r.URL, got, n)
	}
}

// checkHeaders: never puts CR, LF or NUL in a header name or value.
func checkHeaders(c propCase, k *checker) {
	r, err := c.endpointFor().Build(c.route, c.call)
	if err != nil {
		k.errs++
		return
	}
	k.ok++
	for name, value := range r.Headers {
		if !validHeader(name, value) || strings.ContainsAny(name+value, "\r\n\x00") {
			k.fail(c, "header %q: %q", name, value)
		}
	}
}

// checkBuildParse: gives Build == Parse(Merge(...)).
func checkBuildParse(c propCase, k *checker) {
	e := c.endpointFor()
	r1, err1 := e.Build(c.route, c.call)
	m, errm := e.Merge(c.route, c.call)
	var r2 builder.RequestOptions
	err2 := errm
	if errm == nil {
		r2, err2 = e.Parse(m)
	}
	if err1 != nil {
		k.errs++
		if err2 == nil {
			k.fail(c, "Build failed (%v) but Parse(Merge) succeeded", err1)
		}
		return
	}
	k.ok++
	if err2 != nil {
		k.fail(c, "Build succeeded but Parse(Merge) failed: %v", err2)
		return
	}
	if !reflect.DeepEqual(r1, r2) {
		k.fail(c, "Build %#v\n  Parse(Merge) %#v", r1, r2)
	}
}

// checkImmutable: leaves the caller's inputs and the defaults unchanged, and shares nothing with the defaults.
func checkImmutable(c propCase, k *checker) {
	layers := make([]builder.Options, len(c.layers))
	for i, l := range c.layers {
		layers[i] = snapshotOptions(l)
	}
	call := snapshotOptions(c.call)
	e := c.endpointFor()
	defaults := snapshotOptions(e.DefaultOptions())
	r, err := e.Build(c.route, c.call)
	m, merr := mergePlain(e, c.route, c.call)
	var p builder.RequestOptions
	perr := merr
	if merr == nil {
		p, perr = e.Parse(m)
	}
	if err != nil {
		k.errs++
	} else {
		k.ok++
	}
	// No call changes what it was given.
	if !reflect.DeepEqual(call, c.call) {
		k.fail(c, "the call's options changed:\n  before %#v\n  after  %#v", call, c.call)
	}
	checkDefaults := func(when string) {
		for i := range layers {
			if !reflect.DeepEqual(layers[i], c.layers[i]) {
				k.fail(c, "%s: defaults layer %d changed:\n  before %#v\n  after  %#v", when, i, layers[i], c.layers[i])
			}
		}
		if after := e.DefaultOptions(); !reflect.DeepEqual(defaults, after) {
			k.fail(c, "%s: the Endpoint's defaults changed:\n  before %#v\n  after  %#v", when, defaults, after)
		}
	}
	checkDefaults("after Build, Merge and Parse")
	// No result shares anything with the defaults: writing over
	// every result changes no default (README difference 8).
	if err == nil {
		scribbleResult(r)
	}
	if perr == nil {
		scribbleResult(p)
	}
	if merr == nil {
		scribbleOptions(m)
	}
	scribbleOptions(e.DefaultOptions())
	checkDefaults("after writing over the results")
}

// checkDeterminism: gives the same output for the same input, map-valued parameters included.
func checkDeterminism(c propCase, k *checker) {
	e := c.endpointFor()
	r1, err1 := e.Build(c.route, c.call)
	r2, err2 := e.Build(c.route, c.call)
	r3, err3 := c.endpointFor().Build(c.route, c.call)
	// The same parameters through Builder.Params, from a map.
	pm := map[string]any{}
	for _, p := range c.call.Params {
		pm[p.Name] = p.Value
	}
	b := e.Route(c.route).Params(pm).Method(c.call.Method).URL(c.call.URL).BaseURL(c.call.BaseURL).Data(c.call.Data)
	r4, err4 := b.Build()
	r5, err5 := e.Route(c.route).Params(pm).Method(c.call.Method).URL(c.call.URL).BaseURL(c.call.BaseURL).Data(c.call.Data).Build()
	if (err1 == nil) != (err2 == nil) || (err1 == nil) != (err3 == nil) || (err4 == nil) != (err5 == nil) {
		k.fail(c, "errors differ between runs: %v / %v / %v; %v / %v", err1, err2, err3, err4, err5)
		return
	}
	if err1 != nil {
		k.errs++
		if err1.Error() != err2.Error() || err1.Error() != err3.Error() {
			k.fail(c, "error text differs between runs: %q / %q / %q", err1, err2, err3)
		}
		return
	}
	k.ok++
	if !reflect.DeepEqual(r1, r2) || !reflect.DeepEqual(r1, r3) {
		k.fail(c, "results differ:\n  %#v\n  %#v\n  %#v", r1, r2, r3)
	}
	j1, e1 := json.Marshal(r1)
	j2, e2 := json.Marshal(r2)
	if (e1 == nil) != (e2 == nil) || !bytes.Equal(j1, j2) {
		k.fail(c, "JSON differs: %s / %s", j1, j2)
	}
	if err4 == nil && !reflect.DeepEqual(r4, r5) {
		k.fail(c, "Builder.Params from a map differs between runs:\n  %#v\n  %#v", r4, r5)
	}
	if err4 == nil && r4.URL != r5.URL {
		k.fail(c, "Builder.Params URL differs: %q / %q", r4.URL, r5.URL)
	}
}

// pathOpSlashes is the number of "/" a {/x} or {/x*} expression writes.
func pathOpSlashes(v any, explode bool) int {
	if p, ok := v.(template.Path); ok {
		if p == "" {
			return 1
		}
		return 1 + strings.Count(string(p), "/")
	}
	if _, _, ok, bad := scalarText(v); !bad {
		if ok {
			return 1
		}
		return 0
	}
	n := 0
	switch t := v.(type) {
	case []string:
		n = len(t)
	case []int:
		n = len(t)
	case []any:
		for _, e := range t {
			if _, _, ok, _ := scalarText(e); ok {
				n++
			}
		}
	case map[string]any:
		for _, e := range t {
			if _, _, ok, _ := scalarText(e); ok {
				n++
			}
		}
	case map[string]string:
		n = len(t)
	case builder.Params:
		for _, e := range t {
			if _, _, ok, _ := scalarText(e.Value); ok {
				n++
			}
		}
	}
	if n > 0 && !explode {
		return 1
	}
	return n
}

// firstRunes is the first n characters of s, each invalid UTF-8 byte
// counting as one.
func firstRunes(s string, n int) string {
	i := 0
	for ; n > 0 && i < len(s); n-- {
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
	}
	return s[:i]
}

// leadingSlash is 1 when appendURL must put a slash between the base and
// the expanded relative template, which does not start with one.
func leadingSlash(t tmpl, p builder.Params) int {
	for _, tk := range t.toks {
		switch tk.kind {
		case tPathOp:
			if v, _ := p.Get(tk.names[0]); pathOpSlashes(v, tk.explode) > 0 {
				return 0
			}
		case tLead:
			// An empty value leaves the template to start with the
			// literal after it.
			if v, _ := p.Get(tk.names[0]); v == "" || v == template.Path("") {
				continue
			}
			return 1
		case tQuery, tQueryLit, tFrag:
			return 1
		default:
			return 0
		}
	}
	return 1 // everything expanded to nothing
}
