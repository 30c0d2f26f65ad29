package endpointtest

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/internal/quote"
	"github.com/endpointkit/endpoint/internal/value"
)

// jsonValue converts what a caller gives as expected JSON: a string,
// []byte or json.RawMessage is JSON text, anything else a Go value
// encoded as encoding/json would.
func jsonValue(x any) (value.Value, error) {
	switch t := x.(type) {
	case string:
		return value.Decode([]byte(t))
	case []byte:
		return value.Decode(t)
	case json.RawMessage:
		return value.Decode(t)
	}
	return value.Of(x)
}

// exportValue is a decoded JSON value as Call.Fields hold it: nil, bool,
// string, int64 (json.Number beyond int64 or with a fraction or an
// exponent) and json.RawMessage for arrays and objects, as builder.Options
// hold values.
func exportValue(v value.Value) any {
	switch v.Kind() {
	case value.Null:
		return nil
	case value.Bool:
		return v.Bool()
	case value.String:
		return v.Text()
	case value.Number:
		t := v.Text()
		if i, err := strconv.ParseInt(t, 10, 64); err == nil {
			return i
		}
		return json.Number(t)
	}
	return json.RawMessage(value.AppendJSON(nil, v))
}

// objectParams returns the members of a JSON object as Params, in order.
func objectParams(v value.Value) builder.Params {
	ms := v.Members()
	out := make(builder.Params, len(ms))
	for i, m := range ms {
		out[i] = builder.Param{Name: m.Key, Value: exportValue(m.Value)}
	}
	return out
}

// maxShown bounds how much of a value a message repeats.
const maxShown = 200

// show writes a JSON value for a message, credentials masked, cut short
// when long.
func show(v value.Value) string {
	return quote.Cut(string(value.AppendJSON(nil, value.Redact(v))), maxShown)
}

// jsonEqual reports whether a and b are the same JSON value: objects
// compare without regard to member order, numbers by their value.
func jsonEqual(a, b value.Value) bool {
	if a.Kind() != b.Kind() {
		return false
	}
	switch a.Kind() {
	case value.Null:
		return true
	case value.Bool:
		return a.Bool() == b.Bool()
	case value.String:
		return a.Text() == b.Text()
	case value.Number: // 1, 1.0 and 1e0 are equal
		x, _ := value.NumberKey(a.Text())
		y, _ := value.NumberKey(b.Text())
		return x == y
	case value.Array:
		ai, bi := a.Items(), b.Items()
		if len(ai) != len(bi) {
			return false
		}
		for i := range ai {
			if !jsonEqual(ai[i], bi[i]) {
				return false
			}
		}
		return true
	}
	am, bm := a.Members(), b.Members()
	if len(am) != len(bm) {
		return false
	}
	for _, m := range am {
		o, ok := b.Get(m.Key)
		if !ok || !jsonEqual(m.Value, o) {
			return false
		}
	}
	return true
}

// maxDiffLines bounds a diff.
const maxDiffLines = 20

// differ collects the differences between two JSON values, one line
// each, with the path to the difference in jq's notation.
type differ struct {
	lines []string
	more  int
}

func (d *differ) add(format string, args ...any) {
	if len(d.lines) == maxDiffLines {
		d.more++
		return
	}
	d.lines = append(d.lines, fmt.Sprintf(format, args...))
}

func (d *differ) result() []string {
	if d.more > 0 {
		return append(d.lines, fmt.Sprintf("… and %d more differences", d.more))
	}
	return d.lines
}

// pathOf returns the jq path of a member: .title, ."a b", .[2]. A key
// may be a URL, shown with its credentials masked.
func pathOf(parent, key string) string {
	key = builder.RedactURL(key)
	if key != "" && strings.IndexFunc(key, func(r rune) bool {
		return !(r == '_' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9')
	}) < 0 && (key[0] < '0' || key[0] > '9') {
		return parent + "." + key
	}
	return parent + "." + strconv.Quote(key)
}

func rootPath(p string) string {
	if p == "" {
		return "."
	}
	return p
}

// diff records how got differs from want. With subset, members of an
// object in got that want does not name are allowed at the top level
// only (JSONFields); deeper objects must be equal.
func (d *differ) diff(path string, got, want value.Value, sensitive, subset bool) {
	if jsonEqual(got, want) {
		return
	}
	if sensitive {
		d.add("%s: got %s, want %s (the values differ)", rootPath(path), builder.RedactedValue, builder.RedactedValue)
		return
	}
	switch {
	case got.Kind() == value.Object && want.Kind() == value.Object:
		d.diffObject(path, got, want, subset)
	case got.Kind() == value.Array && want.Kind() == value.Array && got.Len() == want.Len():
		for i, w := range want.Items() {
			d.diff(path+"["+strconv.Itoa(i)+"]", got.Items()[i], w, false, false)
		}
	default:
		g, w := show(got), show(want)
		d.add("%s: got %s, want %s%s", rootPath(path), g, w, differs(g == w))
	}
}

// diffObject records how object got differs from object want, member
// by member: see diff.
func (d *differ) diffObject(path string, got, want value.Value, subset bool) {
	for _, m := range want.Members() {
		p := pathOf(path, m.Key)
		g, ok := got.Get(m.Key)
		if !ok {
			d.add("%s: missing, want %s", p, showMember(m.Key, m.Value))
			continue
		}
		d.diff(p, g, m.Value, builder.IsSensitiveParam(m.Key), false)
	}
	if subset {
		return
	}
	for _, m := range got.Members() {
		if _, ok := want.Get(m.Key); !ok {
			d.add("%s: unexpected %s", pathOf(path, m.Key), showMember(m.Key, m.Value))
		}
	}
}

// showMember shows a member's value, masked when its name is a
// sensitive one.
func showMember(key string, v value.Value) string {
	if builder.IsSensitiveParam(key) {
		return builder.RedactedValue
	}
	return show(v)
}

// sortedKeys returns the keys of m in order.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
