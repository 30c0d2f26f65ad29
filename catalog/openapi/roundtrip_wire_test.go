package openapi_test

import (
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/endpointkit/endpoint/builder"
)

// The round trip's server side (roundtrip_test.go): a request read back
// as a server that follows the description would read it, by OpenAPI
// 3.1.1's style table and RFC 3986, independently of the builder and of
// endpointtest. A value is split at its style's delimiters before its
// parts are percent-decoded, as RFC 6570 writes them (items encoded, the
// delimiter literal); a query is decoded as a form, so that a raw "+"
// is a space.

// wire is a value as it travels as text: a scalar's text, an array's
// items, or an object's keys and values.
type wire struct {
	kind  byte // 's', 'a', 'o'
	text  string
	items []string
	pairs [][2]string
}

func (w wire) String() string {
	switch w.kind {
	case 'a':
		return fmt.Sprintf("%q", w.items)
	case 'o':
		return fmt.Sprintf("%q", w.pairs)
	}
	return strconv.Quote(w.text)
}

// equal compares two wire values; an object's members in any order.
func (w wire) equal(o wire) bool {
	if w.kind != o.kind {
		return false
	}
	switch w.kind {
	case 'a':
		return slices.Equal(w.items, o.items)
	case 'o':
		a, b := slices.Clone(w.pairs), slices.Clone(o.pairs)
		cmp := func(x, y [2]string) int { return strings.Compare(x[0]+"\x00"+x[1], y[0]+"\x00"+y[1]) }
		slices.SortFunc(a, cmp)
		slices.SortFunc(b, cmp)
		return slices.Equal(a, b)
	}
	return w.text == o.text
}

// textOf is the text a scalar is written as.
func textOf(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case int64:
		return strconv.FormatInt(x, 10)
	case int:
		return strconv.Itoa(x)
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	case bool:
		return strconv.FormatBool(x)
	case nil:
		return ""
	}
	return fmt.Sprint(v)
}

// wireOfValue is the wire form of a synthesized value; ok false for one
// that sends nothing (an empty array or object: RFC 6570's undefined).
func wireOfValue(v any) (wire, bool) {
	switch x := v.(type) {
	case []any:
		if len(x) == 0 {
			return wire{}, false
		}
		w := wire{kind: 'a'}
		for _, it := range x {
			w.items = append(w.items, textOf(it))
		}
		return w, true
	case builder.Params:
		if len(x) == 0 {
			return wire{}, false
		}
		w := wire{kind: 'o'}
		for _, m := range x {
			w.pairs = append(w.pairs, [2]string{m.Name, textOf(m.Value)})
		}
		return w, true
	}
	return wire{kind: 's', text: textOf(v)}, true
}

// readParts reads a value written as parts joined with sep: a scalar
// whole, an array's items, or an object's keys and values in turn
// (exploded: key=value parts). The raw text is split before its parts
// are decoded with dec.
func readParts(raw, sep string, kind byte, explode bool, dec func(string) (string, error)) (wire, error) {
	decode := func(s string) (string, error) {
		d, err := dec(s)
		if err != nil {
			return "", fmt.Errorf("%q does not decode: %v", s, err)
		}
		return d, nil
	}
	if kind == 's' {
		d, err := decode(raw)
		return wire{kind: 's', text: d}, err
	}
	parts := strings.Split(raw, sep)
	if kind == 'o' && explode {
		w := wire{kind: 'o'}
		for _, p := range parts {
			k, v, ok := strings.Cut(p, "=")
			if !ok {
				return w, fmt.Errorf("member %q has no \"=\"", p)
			}
			dk, err := decode(k)
			if err != nil {
				return w, err
			}
			dv, err := decode(v)
			if err != nil {
				return w, err
			}
			w.pairs = append(w.pairs, [2]string{dk, dv})
		}
		return w, nil
	}
	for i, p := range parts {
		d, err := decode(p)
		if err != nil {
			return wire{}, err
		}
		parts[i] = d
	}
	if kind == 'a' {
		return wire{kind: 'a', items: parts}, nil
	}
	if len(parts)%2 != 0 {
		return wire{}, fmt.Errorf("%d parts are no keys and values", len(parts))
	}
	w := wire{kind: 'o'}
	for i := 0; i+1 < len(parts); i += 2 {
		w.pairs = append(w.pairs, [2]string{parts[i], parts[i+1]})
	}
	return w, nil
}

func identity(s string) (string, error) { return s, nil }

// pathMatcher reads the variables of a description's path key from an
// escaped request path.
type pathMatcher struct {
	re    *regexp.Regexp
	names []string
}

// newPathMatcher compiles the path of a key, without what follows a "?"
// or "#" in it (a literal query, a variant's name), which a request's
// path never holds.
func newPathMatcher(key string) (*pathMatcher, error) {
	if i := strings.IndexAny(key, "?#"); i >= 0 {
		key = key[:i]
	}
	m := &pathMatcher{}
	var b strings.Builder
	b.WriteString("^")
	for key != "" {
		i := strings.IndexByte(key, '{')
		if i < 0 {
			b.WriteString(literalPattern(key))
			break
		}
		j := strings.IndexByte(key[i:], '}')
		if j < 0 {
			return nil, fmt.Errorf("unclosed { in %q", key)
		}
		b.WriteString(literalPattern(key[:i]))
		m.names = append(m.names, key[i+1:i+j])
		b.WriteString("([^/]*)")
		key = key[i+j+1:]
	}
	b.WriteString("$")
	re, err := regexp.Compile(b.String())
	if err != nil {
		return nil, err
	}
	m.re = re
	return m, nil
}

// literalPattern matches a literal part of a path, written encoded or
// not.
func literalPattern(lit string) string {
	var b strings.Builder
	for _, r := range lit {
		s := string(r)
		enc := url.PathEscape(s)
		if enc == s || s == "/" {
			b.WriteString(regexp.QuoteMeta(s))
			continue
		}
		b.WriteString("(?:" + regexp.QuoteMeta(s) + "|" + regexp.QuoteMeta(enc) + ")")
	}
	return b.String()
}

// match returns the raw (escaped) text of each variable.
func (m *pathMatcher) match(escaped string) (map[string]string, bool) {
	sub := m.re.FindStringSubmatch(escaped)
	if sub == nil {
		return nil, false
	}
	out := map[string]string{}
	for i, n := range m.names {
		if prev, ok := out[n]; ok && prev != sub[i+1] {
			return nil, false
		}
		out[n] = sub[i+1]
	}
	return out, true
}

// readPath reads a path variable's raw text as its style writes it.
func readPath(raw, name, style string, explode bool, kind byte) (wire, error) {
	dec := url.PathUnescape
	switch style {
	case "label":
		if !strings.HasPrefix(raw, ".") {
			return wire{}, fmt.Errorf("label %q does not start with \".\"", raw)
		}
		sep := ","
		if explode {
			sep = "."
		}
		return readParts(raw[1:], sep, kind, explode, dec)
	case "matrix":
		if !strings.HasPrefix(raw, ";") {
			return wire{}, fmt.Errorf("matrix %q does not start with \";\"", raw)
		}
		raw = raw[1:]
		if explode && kind == 'o' {
			return readParts(raw, ";", kind, true, dec)
		}
		prefix := url.PathEscape(name) + "="
		if explode && kind == 'a' {
			w := wire{kind: 'a'}
			for _, p := range strings.Split(raw, ";") {
				v, ok := strings.CutPrefix(p, prefix)
				if !ok {
					return wire{}, fmt.Errorf("matrix item %q is not %s…", p, prefix)
				}
				d, err := dec(v)
				if err != nil {
					return wire{}, err
				}
				w.items = append(w.items, d)
			}
			return w, nil
		}
		v, ok := strings.CutPrefix(raw, prefix)
		if !ok {
			return wire{}, fmt.Errorf("matrix %q is not %s…", raw, prefix)
		}
		return readParts(v, ",", kind, false, dec)
	}
	return readParts(raw, ",", kind, explode, dec)
}

// queryPair is a query's name and value, decoded, with the value's raw
// text beside.
type queryPair struct {
	name, value, raw string
	used             bool
}

// parseQuery splits a raw query as a form: "+" is a space.
func parseQuery(raw string) ([]*queryPair, error) {
	var out []*queryPair
	if raw == "" {
		return nil, nil
	}
	for _, kv := range strings.Split(raw, "&") {
		n, v, _ := strings.Cut(kv, "=")
		dn, err := url.QueryUnescape(n)
		if err != nil {
			return nil, fmt.Errorf("query name %q does not decode", n)
		}
		dv, err := url.QueryUnescape(v)
		if err != nil {
			return nil, fmt.Errorf("query value %q does not decode", v)
		}
		out = append(out, &queryPair{name: dn, value: dv, raw: v})
	}
	return out, nil
}

// readQuery reads a query parameter by its style from the pairs, marking
// those it takes; found is false when none was sent. declared reports
// whether a name is a query parameter of the operation, which an
// exploded form object's members are not.
func readQuery(pairs []*queryPair, name, style string, explode bool, kind byte, declared func(string) bool) (w wire, found bool, err error) {
	named := func() []*queryPair {
		var out []*queryPair
		for _, p := range pairs {
			if !p.used && p.name == name {
				p.used = true
				out = append(out, p)
			}
		}
		return out
	}
	if style == "deepObject" {
		w = wire{kind: kind}
		for _, p := range pairs {
			if p.used || !strings.HasPrefix(p.name, name+"[") || !strings.HasSuffix(p.name, "]") {
				continue
			}
			p.used, found = true, true
			key := p.name[len(name)+1 : len(p.name)-1]
			if kind == 'a' {
				if want := strconv.Itoa(len(w.items)); key != want && key != "" {
					return w, true, fmt.Errorf("deepObject item %q, want %s[%s] or %s[]", p.name, name, want, name)
				}
				w.items = append(w.items, p.value)
				continue
			}
			w.pairs = append(w.pairs, [2]string{key, p.value})
		}
		if !found {
			for _, p := range named() {
				return wire{kind: 's', text: p.value}, true, nil // a scalar, as form sends it
			}
		}
		return w, found, nil
	}
	if explode && kind == 'o' {
		w = wire{kind: 'o'}
		for _, p := range pairs {
			if !p.used && !declared(p.name) {
				p.used, found = true, true
				w.pairs = append(w.pairs, [2]string{p.name, p.value})
			}
		}
		return w, found, nil
	}
	got := named()
	if len(got) == 0 {
		return wire{}, false, nil
	}
	if explode && kind == 'a' {
		w = wire{kind: 'a'}
		for _, p := range got {
			w.items = append(w.items, p.value)
		}
		return w, true, nil
	}
	if len(got) > 1 {
		var vals []string
		for _, p := range got {
			vals = append(vals, p.raw)
		}
		return wire{}, true, fmt.Errorf("sent %d times: %q", len(got), vals)
	}
	p := got[0]
	switch style {
	case "pipeDelimited":
		w, err = readParts(p.value, "|", kind, false, identity)
	case "spaceDelimited":
		w, err = readParts(p.value, " ", kind, false, identity)
	default: // form: the raw text is split, then decoded
		w, err = readParts(p.raw, ",", kind, false, url.QueryUnescape)
	}
	return w, true, err
}

// readHeader reads a header parameter as OpenAPI's simple style writes
// it; found is false when it was not sent.
func readHeader(h http.Header, name string, explode bool, kind byte) (wire, bool, error) {
	vals := h.Values(name)
	if len(vals) == 0 {
		return wire{}, false, nil
	}
	if len(vals) > 1 {
		return wire{}, true, fmt.Errorf("header sent %d times", len(vals))
	}
	w, err := readParts(vals[0], ",", kind, explode, identity)
	return w, true, err
}

// readCookie reads a cookie parameter as OpenAPI's form style writes it
// in a Cookie header; an exploded object's members are the cookies that
// declared does not name.
func readCookie(h http.Header, name string, explode bool, kind byte, declared map[string]bool) (wire, bool, error) {
	var vals []string
	var pairs [][2]string
	for _, line := range h.Values("Cookie") {
		for _, c := range strings.Split(line, ";") {
			k, v, _ := strings.Cut(strings.TrimSpace(c), "=")
			if k == name {
				vals = append(vals, v)
			}
			if !declared[k] {
				pairs = append(pairs, [2]string{k, v})
			}
		}
	}
	if kind == 'o' && explode {
		return wire{kind: 'o', pairs: pairs}, len(pairs) > 0, nil
	}
	if len(vals) == 0 {
		return wire{}, false, nil
	}
	if kind == 'a' && explode {
		return wire{kind: 'a', items: vals}, true, nil
	}
	if len(vals) > 1 {
		return wire{}, true, fmt.Errorf("cookie sent %d times", len(vals))
	}
	w, err := readParts(vals[0], ",", kind, false, identity)
	return w, true, err
}
