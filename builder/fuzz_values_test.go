package builder_test

// FuzzMergeTyped (issue 11): random typed Go values (structs with tags,
// pointers, typed maps and slices, json.RawMessage, time.Time, nested
// mixes) merged pairwise through the entry points never panic, and build
// exactly what their JSON builds. Run with
//
//	go test -run '^$' -fuzz '^FuzzMergeTyped$' -fuzztime 2m ./builder/

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
)

// fuzzStruct has every field kind encoding/json treats specially.
type fuzzStruct struct {
	Name    string            `json:"name"`
	Token   string            `json:"token,omitempty"`
	N       int64             `json:"n,string"`
	F       float32           `json:"f"`
	Tags    []string          `json:"tags"`
	Meta    map[string]string `json:"meta,omitempty"`
	Next    *fuzzStruct       `json:"next,omitempty"`
	Ignored chan int          `json:"-"`
	//lint:ignore U1000 an unexported field, which conversion must skip
	private int
	fuzzEmbedded
}

type fuzzEmbedded struct {
	Kind string `json:"kind"`
}

// typedValue draws a Go value from data.
type typedValue struct {
	data []byte
	i    int
}

func (g *typedValue) byte() byte {
	if g.i >= len(g.data) {
		return 0
	}
	b := g.data[g.i]
	g.i++
	return b
}

func (g *typedValue) str() string {
	n := int(g.byte() % 8)
	start := g.i
	end := min(start+n, len(g.data))
	g.i = end
	return string(g.data[start:end])
}

func (g *typedValue) value(depth int) any {
	k := g.byte() % 17
	if depth > 4 {
		k %= 6
	}
	switch k {
	case 0:
		return nil
	case 1:
		return g.str()
	case 2:
		return int(int8(g.byte())) * 1000
	case 3:
		return float64(int8(g.byte())) / 8
	case 4:
		return g.byte()%2 == 0
	case 5:
		return json.Number("12.50")
	case 6:
		return []string{g.str(), g.str()}
	case 7:
		return []int{int(g.byte()), -1}
	case 8:
		return map[string]string{g.str(): g.str(), "k": g.str()}
	case 9:
		return map[string]int{g.str(): int(g.byte())}
	case 10:
		return map[string]any{"a": g.value(depth + 1), g.str(): g.value(depth + 1)}
	case 11:
		return []any{g.value(depth + 1), g.value(depth + 1)}
	case 12:
		s := fuzzStruct{Name: g.str(), Token: g.str(), N: int64(g.byte()), F: float32(g.byte()) / 4, Tags: []string{g.str()}}
		s.Kind = g.str()
		return s
	case 13:
		s := &fuzzStruct{Name: g.str(), Meta: map[string]string{g.str(): "v"}}
		if g.byte()%2 == 0 {
			s.Next = &fuzzStruct{Name: g.str()}
		}
		return s
	case 14:
		return json.RawMessage(g.str())
	case 15:
		return time.Unix(int64(g.byte())*86400, int64(g.byte())).UTC()
	default:
		m := map[string]int{"x": 1}
		return &m
	}
}

func FuzzMergeTyped(f *testing.F) {
	for _, s := range []string{"", "\x0c\x0d\x05abc", "\x0a\x0a\x0c\x0d", "\x0e\x05{\"a\":1}\x0e\x03[1]", "\x10\x0f\x01\x02\x0b\x0c"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		g := &typedValue{data: data}
		a, b := g.value(0), g.value(0)
		for name, build := range entryPoints {
			var r, want builder.RequestOptions
			var err, wantErr error
			func() {
				defer func() {
					if p := recover(); p != nil {
						t.Fatalf("%s: panic merging %#v over %#v: %v", name, b, a, p)
					}
				}()
				r, err = build(a, b)
				ja, jb := jsonOrInvalid(a), jsonOrInvalid(b)
				want, wantErr = build(ja, jb)
			}()
			if (err == nil) != (wantErr == nil) {
				t.Fatalf("%s: %#v over %#v: error %v, through JSON %v", name, b, a, err, wantErr)
			}
			if err == nil && string(r.Body.(json.RawMessage)) != string(want.Body.(json.RawMessage)) {
				t.Fatalf("%s: %#v over %#v: body %s, through JSON %s", name, b, a, r.Body, want.Body)
			}
		}
		// One more way in: the value as the whole data.
		if _, err := endpoint.Route("POST /x").Data(b).Build(); err != nil && !isInvalidRaw(b) {
			if _, jerr := json.Marshal(b); jerr == nil {
				t.Fatalf("Data(%#v): %v", b, err)
			}
		}
	})
}

// jsonOrInvalid is v's JSON, or v itself when encoding/json refuses it
// (a bad json.RawMessage), so that both ways fail alike.
func jsonOrInvalid(v any) any {
	if _, err := json.Marshal(v); err != nil {
		return v
	}
	return viaJSON(v)
}

func isInvalidRaw(v any) bool {
	raw, ok := v.(json.RawMessage)
	return ok && !json.Valid(raw)
}
