package openapi_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/getkin/kin-openapi/openapi3"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/catalog"
	"github.com/endpointkit/endpoint/catalog/openapi"
	"github.com/endpointkit/endpoint/endpointtest"
)

// A round trip over vendors' descriptions (testdata/vendors, with their
// licences): every operation is built with values synthesized from its
// schemas (roundtrip_synth_test.go), by its route as the description
// writes it and by its operation ID, sent to endpointtest's fake server
// with the same catalogue, and read back twice: by a reader of the
// description (roundtrip_wire_test.go), which must find the same values
// where the description puts them, and by endpointtest, which must match
// the same operation and find nothing wrong. A call the builder refuses
// must be one the description gives no form (its error says why).

// rtPasses is how many calls each operation gets: required parameters
// only, then everything, then a random half, then everything again by
// operation ID. The race detector runs two.
func rtPasses() int {
	if raceEnabled {
		return 2
	}
	return 4
}

// defects names the defects (issue 33) a failure falls under.
var defects = map[int]string{
	0:  "other",
	1:  "form, explode false, array or object on a method without a body: delimiters encoded",
	2:  "a path key with a fragment (#variant)",
	3:  "a path key with a literal query (?beta=true)",
	4:  "a name declared in both path and query",
	5:  "q keeps + raw for every API",
	6:  "a request body on a method the builder sends none for",
	7:  "a header parameter with an object schema",
	8:  "endpointtest refuses a body member named like a path parameter",
	9:  "endpointtest cannot tell two operations apart",
	11: "a deepObject array (OpenAPI defines no form)",
}

// rtProblem is one thing a call got wrong.
type rtProblem struct {
	defect int
	text   string
}

// rtResult is what became of one call.
type rtResult struct {
	op       string
	route    string
	refused  error // the builder's error
	bodiless bool  // the call gave a body to a method the builder sends none for
	problems []rtProblem
	// endpointtest's verdict apart: its problems do not fail the
	// description's reading.
	testkit []rtProblem
}

// rtReport is a vendor's results.
type rtReport struct {
	vendor  string
	ops     int
	calls   int
	results map[string][]rtResult // by operation
	order   []string
}

// opVerdict is an operation's worst call: "pass", "refused" or "failed".
func (r *rtReport) opVerdict(op string, withTestkit bool) (string, []rtProblem, error) {
	verdict := "pass"
	var probs []rtProblem
	var refusal error
	for _, res := range r.results[op] {
		ps := res.problems
		if withTestkit {
			ps = append(slices.Clone(ps), res.testkit...)
		}
		if res.refused != nil {
			if _, ok := documented(res.refused); !ok {
				ps = append(slices.Clone(ps), rtProblem{refusalDefect(res), "refused: " + res.refused.Error()})
			}
		}
		switch {
		case len(ps) > 0:
			verdict = "failed"
			probs = append(probs, ps...)
		case res.refused != nil && verdict == "pass":
			verdict, refusal = "refused", res.refused
		}
	}
	return verdict, probs, refusal
}

// summary counts the operations by verdict and the failed ones by defect.
func (r *rtReport) summary(withTestkit bool) (pass, refused, failed int, byDefect map[int]int) {
	byDefect = map[int]int{}
	for _, op := range r.order {
		v, probs, _ := r.opVerdict(op, withTestkit)
		switch v {
		case "pass":
			pass++
		case "refused":
			refused++
		default:
			failed++
			seen := map[int]bool{}
			for _, p := range probs {
				if !seen[p.defect] {
					seen[p.defect] = true
					byDefect[p.defect]++
				}
			}
		}
	}
	return
}

func (r *rtReport) String() string {
	var b strings.Builder
	for _, withTestkit := range []bool{false, true} {
		pass, refused, failed, by := r.summary(withTestkit)
		who := "description's reader"
		if withTestkit {
			who = "and endpointtest"
		}
		fmt.Fprintf(&b, "%-13s %-21s %3d operations, %3d calls: %3d read back (%.1f%%), %d refused, %d wrong", r.vendor, who, r.ops, r.calls, pass, 100*float64(pass)/float64(max(r.ops, 1)), refused, failed)
		if len(by) > 0 {
			var ds []string
			for _, d := range slices.Sorted(mapKeys(by)) {
				ds = append(ds, fmt.Sprintf("defect %d, %s: %d", d, defects[d], by[d]))
			}
			fmt.Fprintf(&b, " (%s)", strings.Join(ds, ", "))
		}
		b.WriteByte('\n')
	}
	for _, op := range r.order {
		v, probs, refusal := r.opVerdict(op, true)
		switch v {
		case "failed":
			for _, p := range probs {
				fmt.Fprintf(&b, "  wrong    %s: defect %d: %s\n", op, p.defect, p.text)
			}
		case "refused":
			fmt.Fprintf(&b, "  refused  %s: %v\n", op, refusal)
		}
		if os.Getenv("ROUNDTRIP_REPORT") == "all" {
			for _, res := range r.results[op] {
				if res.refused != nil {
					fmt.Fprintf(&b, "  (refused %s: %v)\n", res.route, res.refused)
				}
			}
		}
	}
	return b.String()
}

func mapKeys[K comparable, V any](m map[K]V) func(func(K) bool) {
	return func(yield func(K) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// quietT is the T of the round trip's fake server: its reports are read
// from each call, not failed on.
type quietT struct {
	mu      sync.Mutex
	cleanup []func()
}

func (*quietT) Helper()               {}
func (*quietT) Errorf(string, ...any) {}
func (*quietT) Fatalf(f string, a ...any) {
	Fail(fmt.Sprintf(f, a...))
}
func (t *quietT) Cleanup(f func()) { t.mu.Lock(); t.cleanup = append(t.cleanup, f); t.mu.Unlock() }

// rtParam is a parameter of an operation, as the synthesizer reads it.
type rtParam struct {
	p       *openapi3.Parameter
	style   string
	explode bool
}

// params merges a path item's parameters with its operation's.
func params(item *openapi3.PathItem, op *openapi3.Operation) []rtParam {
	type key struct{ name, in string }
	var order []key
	byKey := map[key]*openapi3.Parameter{}
	for _, list := range []openapi3.Parameters{item.Parameters, op.Parameters} {
		for _, ref := range list {
			if ref == nil || ref.Value == nil {
				continue
			}
			k := key{ref.Value.Name, ref.Value.In}
			if _, ok := byKey[k]; !ok {
				order = append(order, k)
			}
			byKey[k] = ref.Value
		}
	}
	out := make([]rtParam, 0, len(order))
	for _, k := range order {
		p := byKey[k]
		style := p.Style
		switch {
		case style == "" && (p.In == "path" || p.In == "header"):
			style = "simple"
		case style == "" && (p.In == "query" || p.In == "cookie"):
			style = "form"
		}
		explode := style == "form"
		if p.Explode != nil {
			explode = *p.Explode
		}
		out = append(out, rtParam{p: p, style: style, explode: explode})
	}
	return out
}

func (p rtParam) schema() *openapi3.SchemaRef {
	if p.p.Schema != nil {
		return p.p.Schema
	}
	for _, mt := range p.p.Content {
		if mt != nil {
			return mt.Schema
		}
	}
	return nil
}

// where is the place of p's value, with what its style forbids.
func (p rtParam) where(deepArrays bool) where {
	w := where{in: p.p.In, style: p.style, explode: p.explode, deepArrays: deepArrays}
	switch {
	case p.p.In == "path" && p.style == "label" && p.explode:
		w.avoid = "." // unreserved: RFC 6570 writes it as it is
	case p.p.In == "query" && p.style == "pipeDelimited":
		w.avoid = "|"
	case p.p.In == "query" && p.style == "spaceDelimited":
		w.avoid = " "
	case p.p.In == "header" && p.explode:
		w.avoid = ",=" // simple: R=100,G=200, unencoded
	case p.p.In == "header":
		w.avoid = ","
	case p.p.In == "cookie":
		w.avoid = " ;,=\"\\"
	}
	return w
}

// expectation is what a request must carry for one parameter.
type expectation struct {
	rtParam
	w     wire
	sends bool // false: nothing at all (an empty array, an undefined value)
}

// rtCall is one synthesized call.
type rtCall struct {
	route   string
	params  builder.Params
	cookie  string
	data    any
	expect  []expectation
	body    any  // the JSON body expected, or a string for a raw one
	hasBody bool // a body is expected
	// bodiless says the call gives a body to a method the builder sends
	// none for.
	bodiless bool
}

// hasBodyMethod says whether the builder sends a body for a method.
func hasBodyMethod(m string) bool {
	switch m {
	case "POST", "PUT", "PATCH", "DELETE":
		return true
	}
	return false
}

// pickBodyMedia prefers a JSON media type, as catalog/openapi does.
func pickBodyMedia(c openapi3.Content) (string, *openapi3.MediaType) {
	keys := make([]string, 0, len(c))
	for k := range c {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		if catalog.JSONMedia(k) {
			return k, c[k]
		}
	}
	if len(keys) == 0 {
		return "", nil
	}
	return keys[0], c[keys[0]]
}

// makeCall synthesizes a call of an operation for a pass.
func makeCall(g *synth, method, key string, item *openapi3.PathItem, kop *openapi3.Operation, pass int, deepArrays bool) (rtCall, bool) {
	call := rtCall{route: method + " " + key}
	if pass%2 == 1 && idShaped(kop.OperationID) {
		call.route = kop.OperationID
	}
	g.all = pass == 1 || pass == 3
	ps := params(item, kop)
	taken := map[string]bool{} // names given as parameters
	var cookies []string
	for _, p := range ps {
		required := p.p.Required || p.p.In == "path" // a path parameter is, whatever the description says
		if !required && !g.all && (pass == 0 || g.rng.IntN(2) == 0) {
			continue
		}
		if taken[p.p.Name] {
			// A name in two places takes one value, which goes to the
			// first (the path): the second is not sent.
			call.expect = append(call.expect, expectation{rtParam: p})
			continue
		}
		v, ok := g.value(p.schema(), p.where(deepArrays), 0)
		if !ok {
			if required {
				return call, false
			}
			continue
		}
		w, sends := wireOfValue(v)
		if p.p.In == "path" && !sends {
			continue // no value for a path: not a call the description allows
		}
		call.expect = append(call.expect, expectation{rtParam: p, w: w, sends: sends})
		if p.p.In == "cookie" {
			if sends {
				cookies = append(cookies, cookieText(p, w))
			}
			continue
		}
		taken[p.p.Name] = true
		call.params = append(call.params, builder.Param{Name: p.p.Name, Value: v})
	}
	if len(cookies) > 0 {
		call.cookie = strings.Join(cookies, "; ")
	}
	if kop.RequestBody != nil && kop.RequestBody.Value != nil {
		rb := kop.RequestBody.Value
		media, mt := pickBodyMedia(rb.Content)
		if mt != nil && (rb.Required || !emptyObject(mt.Schema) && (pass == 1 || pass == 3 || pass == 2 && g.rng.IntN(2) == 0)) {
			call.bodiless = !hasBodyMethod(method)
			s := schemaOf(mt.Schema)
			if s != nil && len(s.AllOf) > 0 {
				s = mergeAllOf(s)
			}
			switch {
			case catalog.JSONMedia(media) && s != nil:
				v, ok := g.value(&openapi3.SchemaRef{Value: s}, where{in: "body"}, 0)
				if !ok {
					return call, false
				}
				call.hasBody = true
				call.body = plain(v)
				obj, isObj := v.(builder.Params)
				shadowed := false
				for _, m := range obj {
					shadowed = shadowed || taken[m.Name]
				}
				if isObj && len(obj) > 0 && !shadowed && pass != 3 {
					call.params = append(call.params, obj...) // members as parameters
				} else {
					call.data = v // the whole body, as a body member named like a parameter must be
				}
			default:
				call.hasBody = true
				text := "raw body: é & +"
				if strings.HasPrefix(media, "application/x-www-form-urlencoded") {
					text = "a=1&b=%C3%A9+c"
				}
				call.body, call.data = text, text
			}
		}
	}
	return call, true
}

// idShaped reports whether an operation ID can be a route: words of
// letters, digits, "_", "." and "-", joined by "/" (an ID with a space,
// "find pet by id", reads as a method and a path).
func idShaped(id string) bool {
	if id == "" {
		return false
	}
	for _, w := range strings.Split(id, "/") {
		if w == "" || strings.ContainsFunc(w, func(r rune) bool {
			return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '.' || r == '-')
		}) {
			return false
		}
	}
	return true
}

// emptyObject reports whether a body schema is an object of nothing: no
// properties, and none other (Stripe's GETs declare such a form body),
// which an optional body sends nothing of.
func emptyObject(ref *openapi3.SchemaRef) bool {
	s := schemaOf(ref)
	return s != nil && s.Type.Is("object") && len(s.Properties) == 0 && len(s.AllOf)+len(s.OneOf)+len(s.AnyOf) == 0 &&
		s.AdditionalProperties.Schema == nil && (s.AdditionalProperties.Has == nil || !*s.AdditionalProperties.Has)
}

// cookieText writes a cookie parameter as OpenAPI's form style does.
func cookieText(p rtParam, w wire) string {
	name := p.p.Name
	switch {
	case w.kind == 'a' && p.explode:
		var parts []string
		for _, it := range w.items {
			parts = append(parts, name+"="+it)
		}
		return strings.Join(parts, "; ")
	case w.kind == 'a':
		return name + "=" + strings.Join(w.items, ",")
	case w.kind == 'o' && p.explode:
		var parts []string
		for _, kv := range w.pairs {
			parts = append(parts, kv[0]+"="+kv[1])
		}
		return strings.Join(parts, "; ")
	case w.kind == 'o':
		var parts []string
		for _, kv := range w.pairs {
			parts = append(parts, kv[0], kv[1])
		}
		return name + "=" + strings.Join(parts, ",")
	}
	return name + "=" + w.text
}

// plain is a synthesized value as encoding/json decodes JSON: objects as
// maps, numbers as json.Number.
func plain(v any) any {
	data, err := json.Marshal(toJSON(v))
	Expect(err).NotTo(HaveOccurred())
	return decodeJSON(data)
}

func toJSON(v any) any {
	switch x := v.(type) {
	case builder.Params:
		m := make(map[string]any, len(x))
		for _, p := range x {
			m[p.Name] = toJSON(p.Value)
		}
		return m
	case []any:
		out := make([]any, len(x))
		for i, it := range x {
			out[i] = toJSON(it)
		}
		return out
	}
	return v
}

func decodeJSON(data []byte) any {
	d := json.NewDecoder(strings.NewReader(string(data)))
	d.UseNumber()
	var out any
	if err := d.Decode(&out); err != nil {
		return fmt.Sprintf("invalid JSON %q", data)
	}
	return out
}

// roundTrip builds, sends and reads back every operation of a description.
func roundTrip(vendor, file string, o openapi.Options) *rtReport {
	GinkgoHelper()
	data, err := os.ReadFile(file)
	Expect(err).NotTo(HaveOccurred())
	cat, err := openapi.LoadWith(data, o)
	Expect(err).NotTo(HaveOccurred(), file)
	doc, err := openapi3.NewLoader().LoadFromData(data)
	Expect(err).NotTo(HaveOccurred(), file)

	qt := &quietT{}
	srv := endpointtest.NewServer(qt, endpointtest.WithCatalog(cat))
	defer srv.Close()
	srvURL, err := url.Parse(srv.URL)
	Expect(err).NotTo(HaveOccurred())
	client := srv.Client()
	e := endpoint.Defaults(endpoint.WithBaseURL(srv.URL), endpoint.WithCatalog(cat))
	g := &synth{rng: rand.New(rand.NewPCG(0x33, uint64(len(file))))}
	rep := &rtReport{vendor: vendor, results: map[string][]rtResult{}}

	keys := doc.Paths.Keys()
	sort.Strings(keys)
	for _, key := range keys {
		item := doc.Paths.Value(key)
		ops := item.Operations()
		methods := slices.Sorted(mapKeys(ops))
		for _, m := range methods {
			method := strings.ToUpper(m)
			kop := ops[m]
			op, err := cat.Lookup(method, key)
			Expect(err).NotTo(HaveOccurred(), "%s %s", method, key)
			name := method + " " + key
			rep.ops++
			rep.order = append(rep.order, name)
			for pass := range rtPasses() {
				call, ok := makeCall(g, method, key, item, kop, pass, o.DeepObjectArrays)
				if !ok {
					continue
				}
				rep.calls++
				res := send(e, srv, srvURL, client, op, key, call)
				res.op = name
				rep.results[name] = append(rep.results[name], res)
			}
		}
	}
	return rep
}

// send builds a call, sends it and reads it back.
func send(e *builder.Endpoint, srv *endpointtest.Server, srvURL *url.URL, client *http.Client, op *catalog.Operation, key string, call rtCall) rtResult {
	res := rtResult{route: call.route, bodiless: call.bodiless}
	b := e.Route(call.route)
	for _, p := range call.params {
		b = b.Param(p.Name, p.Value)
	}
	if call.cookie != "" {
		b = b.Header("cookie", call.cookie)
	}
	if call.data != nil {
		b = b.Data(call.data)
	}
	ro, err := b.Build()
	if err != nil {
		res.refused = err
		return res
	}
	add := func(defect int, format string, args ...any) {
		res.problems = append(res.problems, rtProblem{defect, fmt.Sprintf(format, args...)})
	}
	if call.bodiless {
		add(6, "%s sends no body: the body the description asks for is not sent (%s)", op.Method, ro.URL)
	}
	if strings.Contains(ro.URL, "#") {
		add(2, "the URL holds a fragment, which is not sent: %s", ro.URL)
	}
	req, err := ro.HTTPRequest(context.Background())
	if err != nil {
		res.refused = err
		return res
	}
	if req.URL.Host != srvURL.Host {
		add(0, "sent to %s, not to the test server", req.URL.Host)
		return res
	}
	srv.Reset()
	resp, err := client.Do(req)
	if err != nil {
		add(0, "send: %v", err)
		return res
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	calls := srv.Requests()
	if len(calls) != 1 {
		add(0, "the server saw %d requests", len(calls))
		return res
	}
	c := calls[0]
	res.problems = append(res.problems, readBack(op, key, call, c)...)
	res.testkit = testkitVerdict(op, key, call, c)
	return res
}

// readBack reads a request as the description says, and lists what
// differs from the call.
func readBack(op *catalog.Operation, key string, call rtCall, c *endpointtest.Call) []rtProblem {
	var probs []rtProblem
	add := func(defect int, format string, args ...any) {
		probs = append(probs, rtProblem{defect, fmt.Sprintf(format, args...)})
	}
	keyDefect := 0
	switch {
	case strings.Contains(key, "#"):
		keyDefect = 2
	case strings.Contains(key, "?"):
		keyDefect = 3
	}
	if c.Method != op.Method {
		add(0, "method %s, want %s", c.Method, op.Method)
	}
	pm, err := newPathMatcher(key)
	Expect(err).NotTo(HaveOccurred())
	vars, ok := pm.match(c.Path)
	if !ok {
		add(keyDefect, "path %s is not %s", c.Path, key)
		return probs
	}
	pairs, err := parseQuery(c.RawQuery)
	if err != nil {
		add(0, "%v", err)
		return probs
	}
	// The literal query of the key, once.
	if i := strings.IndexByte(key, '?'); i >= 0 {
		lit, _, _ := strings.Cut(key[i+1:], "#")
		for _, kv := range strings.Split(lit, "&") {
			n, v, _ := strings.Cut(kv, "=")
			count := 0
			for _, p := range pairs {
				if !p.used && p.name == n && p.value == v {
					p.used = true
					count++
				}
			}
			if count != 1 {
				add(3, "the key's %s=%s is sent %d times: ?%s", n, v, count, c.RawQuery)
			}
		}
	}
	declared := func(name string) bool {
		for _, ex := range call.expect {
			if ex.p.In == "query" && ex.p.Name == name {
				return true
			}
		}
		return false
	}
	inPath, cookieNames := map[string]bool{}, map[string]bool{}
	for _, ex := range call.expect {
		switch ex.p.In {
		case "path":
			inPath[ex.p.Name] = true
		case "cookie":
			cookieNames[ex.p.Name] = true
		}
	}
	for _, ex := range call.expect {
		var got wire
		var found bool
		var err error
		switch ex.p.In {
		case "path":
			raw, ok := vars[ex.p.Name]
			if !ok {
				add(0, "path parameter %s is not in %s", ex.p.Name, key)
				continue
			}
			found = true
			got, err = readPath(raw, ex.p.Name, ex.style, ex.explode, ex.w.kind)
		case "query":
			got, found, err = readQuery(pairs, ex.p.Name, ex.style, ex.explode, ex.w.kind, declared)
		case "header":
			got, found, err = readHeader(c.Header, ex.p.Name, ex.explode, ex.w.kind)
		case "cookie":
			got, found, err = readCookie(c.Header, ex.p.Name, ex.explode, ex.w.kind, cookieNames)
		}
		defect := paramDefect(op, ex, keyDefect, inPath)
		switch {
		case err != nil:
			add(defect, "%s %s (%s, explode %t) sent %s: %v", ex.p.In, ex.p.Name, ex.style, ex.explode, ex.w, err)
		case !ex.sends && found:
			add(defect, "%s %s is sent, but should not be: %s", ex.p.In, ex.p.Name, got)
		case ex.sends && !found:
			add(defect, "%s %s (%s, explode %t) = %s is not sent", ex.p.In, ex.p.Name, ex.style, ex.explode, ex.w)
		case ex.sends && !got.equal(ex.w):
			add(defect, "%s %s (%s, explode %t) = %s is read as %s", ex.p.In, ex.p.Name, ex.style, ex.explode, ex.w, got)
		}
	}
	for _, p := range pairs {
		if p.used {
			continue
		}
		defect := keyDefect
		switch {
		case inPath[p.name]:
			defect = 4
		case call.bodiless:
			defect = 6
		}
		add(defect, "query %s=%s is not a parameter the call gave", p.name, p.raw)
	}
	switch {
	case call.hasBody && !call.bodiless:
		if want, isRaw := call.body.(string); isRaw {
			if string(c.Body) != want {
				add(0, "body %q, want %q", c.Body, want)
			}
		} else if got := decodeJSON(c.Body); !reflect.DeepEqual(got, call.body) {
			add(0, "body %s, want %v", c.Body, call.body)
		}
	case len(c.Body) > 0 && !call.bodiless:
		add(0, "a body is sent that the call did not give: %s", c.Body)
	}
	return probs
}

// paramDefect is the defect a wrong parameter falls under.
func paramDefect(op *catalog.Operation, ex expectation, keyDefect int, inPath map[string]bool) int {
	switch {
	case keyDefect != 0:
		return keyDefect
	case ex.p.In == "query" && inPath[ex.p.Name]:
		return 4
	case ex.p.In == "query" && ex.style == "form" && !ex.explode && ex.w.kind != 's' && !hasBodyMethod(op.Method):
		return 1
	case ex.p.In == "query" && ex.p.Name == "q" && strings.Contains(ex.w.String(), "+"):
		return 5
	case ex.p.In == "header" && ex.w.kind == 'o':
		return 7
	}
	return 0
}

// testkitVerdict is what endpointtest made of the call: the operation it
// matched and the problems it found.
func testkitVerdict(op *catalog.Operation, key string, call rtCall, c *endpointtest.Call) []rtProblem {
	var probs []rtProblem
	if !sameOp(c.Operation, op) && !(c.Operation != nil && sameWire(c.Operation, op) && !hasKeyQuery(op.Path) && !hasKeyQuery(c.Operation.Path)) {
		// Operations whose keys differ only by a fragment or their
		// variables' names are one on the wire: endpointtest takes one
		// and lists the pair in Server.Err.
		defect := 0
		if c.Operation != nil && sameWire(c.Operation, op) {
			defect = 9
		}
		probs = append(probs, rtProblem{defect, fmt.Sprintf("endpointtest matched %v", c.Operation)})
	}
	var e *endpointtest.Error
	if errors.As(c.Err, &e) && errors.Is(c.Err, endpointtest.ErrAPI) {
		for _, p := range e.Problems {
			defect := 0
			switch {
			case strings.Contains(p, "was sent as a body field"):
				defect = 8 // asked where the name's first place is
			case strings.Contains(p, "was sent as a query parameter") && strings.HasPrefix(p, "path parameter"):
				defect = 4 // the builder wrote it twice
			}
			if !sameOp(c.Operation, op) && c.Operation != nil && sameWire(c.Operation, op) && (hasKeyQuery(op.Path) || hasKeyQuery(c.Operation.Path)) {
				defect = 9
			}
			probs = append(probs, rtProblem{defect, "endpointtest: " + p})
		}
	}
	return probs
}

// hasKeyQuery reports whether a description's path key holds a literal
// query, which tells its requests apart from the plain path's.
func hasKeyQuery(key string) bool {
	if i := strings.IndexByte(key, '#'); i >= 0 {
		key = key[:i]
	}
	return strings.IndexByte(key, '?') >= 0
}

// sameOp reports whether a and b are one operation of a catalogue: one
// method and path key. (Lookup by a key that writes a literal query gives
// a copy of the operation: see Catalog.Lookup.)
func sameOp(a, b *catalog.Operation) bool {
	return a != nil && b != nil && a.Method == b.Method && a.Path == b.Path
}

// sameWire reports whether two operations are sent alike: one method,
// and paths that differ only by their variables' names and by what
// follows a "#" or "?" in the description's key.
func sameWire(a, b *catalog.Operation) bool {
	if a.Method != b.Method {
		return false
	}
	cut := func(p string) string {
		if i := strings.IndexAny(p, "#?"); i >= 0 {
			p = p[:i]
		}
		var out strings.Builder
		for {
			i := strings.IndexByte(p, '{')
			j := strings.IndexByte(p, '}')
			if i < 0 || j < i {
				out.WriteString(p)
				return out.String()
			}
			out.WriteString(p[:i] + "{}")
			p = p[j+1:]
		}
	}
	return cut(a.Path) == cut(b.Path)
}

// vendorOptions are how a vendor's description is loaded, where it needs
// more than Load: Stripe's expand is an array of style deepObject, which
// Stripe reads as expand[0]=a&expand[1]=b.
var vendorOptions = map[string]openapi.Options{"stripe": {DeepObjectArrays: true}}

// vendorFiles are the descriptions under testdata/vendors, by vendor.
func vendorFiles() map[string][]string {
	dir := "testdata/vendors"
	if d := os.Getenv("ROUNDTRIP_DIR"); d != "" {
		dir = d // whole descriptions, to measure by hand; never in CI
	}
	files, err := filepath.Glob(filepath.Join(dir, "*", "*.json"))
	Expect(err).NotTo(HaveOccurred())
	out := map[string][]string{}
	for _, f := range files {
		v := filepath.Base(filepath.Dir(f))
		out[v] = append(out[v], f)
	}
	return out
}

// refusalDefect is the defect a refusal without a reason falls under.
func refusalDefect(res rtResult) int {
	msg := res.refused.Error()
	switch {
	case strings.Contains(msg, "style deepObject"):
		return 11
	case strings.Contains(msg, "has no place in a header"):
		return 7
	case res.bodiless:
		return 6
	}
	return 0
}

// documented says whether a refusal is one the description gives no
// form to, with an error that says why: a body on a method the builder
// sends none for (defect 6), and an array for a deepObject without
// DeepObjectArrays.
func documented(err error) (defect int, ok bool) {
	msg := err.Error()
	switch {
	case errors.Is(err, catalog.ErrUnknownParam) && strings.Contains(msg, "a member of the request body, which the builder sends only for"),
		errors.Is(err, builder.ErrDataNotAllowed):
		return 6, true
	case errors.Is(err, catalog.ErrType) && strings.Contains(msg, "(style deepObject, which OpenAPI defines for objects only): load the description with"):
		return 11, true
	}
	return 0, false
}

var _ = Describe("a round trip over vendors' descriptions", Ordered, func() {
	var reports []*rtReport
	BeforeAll(func() {
		byVendor := vendorFiles()
		for _, v := range slices.Sorted(mapKeys(byVendor)) {
			rep := &rtReport{vendor: v, results: map[string][]rtResult{}}
			for _, f := range byVendor[v] {
				r := roundTrip(v, f, vendorOptions[v])
				rep.ops += r.ops
				rep.calls += r.calls
				for _, op := range r.order {
					name := filepath.Base(f) + " " + op
					rep.order = append(rep.order, name)
					rep.results[name] = r.results[op]
				}
			}
			reports = append(reports, rep)
		}
		var b strings.Builder
		ops, pass, readerPass, calls, callsBack, callsRefused := 0, 0, 0, 0, 0, 0
		for _, rep := range reports {
			b.WriteString(rep.String())
			p, _, _, _ := rep.summary(true)
			rp, _, _, _ := rep.summary(false)
			ops, pass, readerPass = ops+rep.ops, pass+p, readerPass+rp
			for _, rs := range rep.results {
				for _, res := range rs {
					calls++
					switch {
					case res.refused != nil:
						callsRefused++
					case len(res.problems)+len(res.testkit) == 0:
						callsBack++
					}
				}
			}
		}
		pct := func(n, of int) float64 { return 100 * float64(n) / float64(max(of, 1)) }
		fmt.Fprintf(&b, "all: %d operations: %d (%.1f%%) read back by the description's reader, %d (%.1f%%) by endpointtest too; "+
			"%d calls: %d (%.1f%%) read back by both, %d refused\n",
			ops, readerPass, pct(readerPass, ops), pass, pct(pass, ops), calls, callsBack, pct(callsBack, calls), callsRefused)
		fmt.Fprint(GinkgoWriter, b.String())
		if os.Getenv("ROUNDTRIP_REPORT") != "" {
			fmt.Print(b.String())
		}
	})

	It("covers 13 publishers' descriptions", func() {
		if os.Getenv("ROUNDTRIP_DIR") != "" {
			Skip("ROUNDTRIP_DIR is set")
		}
		Expect(reports).To(HaveLen(13))
		ops := 0
		for _, rep := range reports {
			Expect(rep.calls).To(BeNumerically(">=", rep.ops), rep.vendor)
			ops += rep.ops
		}
		Expect(ops).To(BeNumerically(">=", 240))
	})

	It("reads every call back as the description says, or the builder refuses it saying why", func() {
		for _, rep := range reports {
			for _, op := range rep.order {
				for _, res := range rep.results[op] {
					Expect(res.problems).To(BeEmpty(), "%s by %q", op, res.route)
					if res.refused != nil {
						_, ok := documented(res.refused)
						Expect(ok).To(BeTrue(), "%s by %q: refused, defect %d: %v", op, res.route, refusalDefect(res), res.refused)
					}
				}
			}
		}
	})

	It("is matched to its operation by endpointtest, which finds nothing wrong (defects 8 and 9)", func() {
		for _, rep := range reports {
			for _, op := range rep.order {
				for _, res := range rep.results[op] {
					Expect(res.testkit).To(BeEmpty(), "%s by %q", op, res.route)
				}
			}
		}
	})
})
