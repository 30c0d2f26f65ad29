package value_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/netip"
	"strings"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/internal/value"
)

// stdJSON is what encoding/json writes for x with HTML escaping off, the
// reference Of must agree with.
func stdJSON(x any) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	Expect(enc.Encode(x)).To(Succeed())
	return string(bytes.TrimSuffix(b.Bytes(), []byte("\n")))
}

func jsonOf(x any) string {
	v, err := value.Of(x)
	Expect(err).NotTo(HaveOccurred())
	return string(value.AppendJSON(nil, v))
}

type tagged struct {
	Zeta   int               `json:"zeta"`
	Alpha  string            `json:"alpha,omitempty"`
	Skip   string            `json:"-"`
	Token  string            `json:"token"`
	Nested *tagged           `json:"nested,omitempty"`
	Labels []string          `json:"labels"`
	Extra  map[string]string `json:"extra,omitempty"`
	Count  int64             `json:"count,string"`
	//lint:ignore U1000 an unexported field, which conversion must skip
	private int
}

type embedded struct {
	tagged
	Own string `json:"own"`
}

type state string

type marshaler struct{ n int }

func (m marshaler) MarshalJSON() ([]byte, error) {
	return []byte(fmt.Sprintf(`{"n":%d,"b":[1,2]}`, m.n)), nil
}

type ptrMarshaler struct{ s string }

func (m *ptrMarshaler) MarshalJSON() ([]byte, error) { return json.Marshal("ptr:" + m.s) }

type holder struct {
	P ptrMarshaler `json:"p"`
}

type text struct{ s string }

func (t text) MarshalText() ([]byte, error) { return []byte("text:" + t.s), nil }

type panicky struct{}

func (panicky) MarshalJSON() ([]byte, error) { panic("boom") }

type failing struct{}

func (failing) MarshalJSON() ([]byte, error) { return nil, errors.New("nope") }

type node struct {
	Next *node `json:"next"`
	V    int   `json:"v"`
}

type pair struct {
	A, B *pair
}

var _ = Describe("Of", func() {
	seven := 7
	s := "str"
	when := time.Date(2024, 2, 29, 13, 4, 5, 600, time.FixedZone("x", 3600))

	DescribeTable("converts as encoding/json marshals",
		func(x any) {
			Expect(jsonOf(x)).To(Equal(stdJSON(x)))
		},
		Entry("nil", nil),
		Entry("string", "a \"quoted\" <html> & \u2028 line"),
		Entry("int", 42),
		Entry("negative int64", int64(math.MinInt64)),
		Entry("uint64 above int64", uint64(math.MaxUint64)),
		Entry("float", 0.1),
		Entry("float32", float32(0.1)),
		Entry("small float", 1e-7),
		Entry("large float", 1.5e21),
		Entry("bool", true),
		Entry("[]string", []string{"a", "b"}),
		Entry("[]any", []any{"a", 1, nil, true, []any{2.5}}),
		Entry("map[string]any sorted", map[string]any{"zeta": 1, "alpha": map[string]any{"y": 1, "x": 2}}),
		Entry("map[string]string sorted", map[string]string{"b": "1", "a": "2"}),
		Entry("struct in field order", tagged{Zeta: 1, Alpha: "a", Skip: "x", Token: "t", Labels: []string{"l"}, Count: 5}),
		Entry("pointer to struct", &tagged{Zeta: 2, Nested: &tagged{Zeta: 3}}),
		Entry("embedded struct", embedded{tagged: tagged{Zeta: 9}, Own: "o"}),
		Entry("json.RawMessage", json.RawMessage(`{"b":1,"a":[true,null]}`)),
		Entry("json.Number", json.Number("12345678901234567890123")),
		Entry("time.Time", when),
		Entry("*time.Time", &when),
		Entry("named string", state("open")),
		Entry("*int", &seven),
		Entry("*string", &s),
		Entry("nil pointer", (*tagged)(nil)),
		Entry("typed map", map[string]int{"b": 2, "a": 1}),
		Entry("int-keyed map", map[int]string{10: "x", 9: "y"}),
		Entry("text-keyed map", map[netip.Addr]int{netip.MustParseAddr("10.0.0.2"): 1, netip.MustParseAddr("10.0.0.1"): 2}),
		Entry("slice of maps", []map[string]any{{"token": "x"}, {"b": 1}}),
		Entry("[]byte as base64", []byte("hello")),
		Entry("array", [3]int{1, 2, 3}),
		Entry("json.Marshaler", marshaler{n: 4}),
		Entry("pointer-receiver marshaler reached through a pointer", &holder{P: ptrMarshaler{"x"}}),
		Entry("pointer-receiver marshaler in a value", holder{P: ptrMarshaler{"x"}}),
		Entry("encoding.TextMarshaler", text{"t"}),
		Entry("netip.Addr", netip.MustParseAddr("::1")),
		Entry("empty slice", []int{}),
		Entry("nil slice", []int(nil)),
		Entry("nil map", map[string]any(nil)),
	)

	It("keeps struct field order and map key order", func() {
		Expect(jsonOf(tagged{Zeta: 1, Alpha: "a"})).To(HavePrefix(`{"zeta":1,"alpha":"a"`))
		Expect(jsonOf(map[string]any{"zeta": 1, "alpha": 2})).To(Equal(`{"alpha":2,"zeta":1}`))
	})

	It("keeps a json.RawMessage as one value, in its order", func() {
		v, err := value.Of(json.RawMessage(`"abc"`))
		Expect(err).NotTo(HaveOccurred())
		Expect(v.Kind()).To(Equal(value.String))
		Expect(v.Text()).To(Equal("abc"))
		v, err = value.Of(json.RawMessage(`{"zeta":1,"alpha":2}`))
		Expect(err).NotTo(HaveOccurred())
		Expect(v.Members()[0].Key).To(Equal("zeta"))
	})

	// AppendString scans four bytes at a time before it escapes: every
	// byte value at every position of strings around that width, and the
	// runes JavaScript reads as line ends, against encoding/json (which
	// writes invalid UTF-8 as \ufffd too).
	It("writes every byte at every position of a string as encoding/json does", func() {
		for n := 1; n <= 10; n++ {
			for at := range n {
				for c := range 256 {
					b := []byte(strings.Repeat("a", n))
					b[at] = byte(c)
					s := string(b)
					Expect(string(value.AppendString(nil, s))).To(Equal(stdJSON(s)), "%q", s)
				}
			}
		}
		for _, s := range []string{"\u2028x", "ab\u2029", "é\"", "\xff\xfe", "plain/text-1"} {
			Expect(string(value.AppendString(nil, s))).To(Equal(stdJSON(s)), "%q", s)
		}
	})

	It("writes -0 as 0, as JavaScript does", func() {
		Expect(jsonOf(math.Copysign(0, -1))).To(Equal("0"))
	})

	It("passes a Value through", func() {
		v := value.Str("x")
		w, err := value.Of(v)
		Expect(err).NotTo(HaveOccurred())
		Expect(w).To(Equal(v))
	})

	DescribeTable("refuses what JSON cannot hold, with ErrInvalid",
		func(x any, want string) {
			_, err := value.Of(x)
			Expect(err).To(MatchError(value.ErrInvalid))
			Expect(err.Error()).To(ContainSubstring(want))
		},
		Entry("NaN", math.NaN(), "finite"),
		Entry("+Inf float32", float32(math.Inf(1)), "finite"),
		Entry("a func", func() {}, "func()"),
		Entry("a channel", make(chan int), "chan int"),
		Entry("a complex number", complex(1, 2), "complex128"),
		Entry("a bad json.Number", json.Number("1x"), `"1x"`),
		Entry("a func inside a struct", struct{ F func() }{F: func() {}}, "func()"),
		Entry("a panicking MarshalJSON", panicky{}, "panicked: boom"),
		Entry("a panicking MarshalJSON in a list", []any{1, panicky{}}, "panicked: boom"),
		Entry("a failing MarshalJSON", failing{}, "nope"),
	)

	It("refuses a bad json.RawMessage with ErrSyntax and ErrInvalid", func() {
		_, err := value.Of(json.RawMessage(`{"a":`))
		Expect(err).To(MatchError(value.ErrSyntax))
		Expect(err).To(MatchError(value.ErrInvalid))
	})

	Describe("limits", func() {
		It("refuses a map that contains itself", func() {
			m := map[string]any{}
			m["self"] = m
			_, err := value.Of(m)
			Expect(err).To(MatchError(value.ErrLimit))
		})

		It("refuses a slice that contains itself", func() {
			s := []any{nil}
			s[0] = s
			_, err := value.Of(s)
			Expect(err).To(MatchError(value.ErrLimit))
		})

		It("refuses a struct pointer cycle", func() {
			n := &node{V: 1}
			n.Next = n
			_, err := value.Of(n)
			Expect(err).To(MatchError(value.ErrLimit))
		})

		It("refuses a pointer that points to itself", func() {
			var x any
			x = &x
			_, err := value.Of(x)
			Expect(err).To(HaveOccurred())
		})

		It("refuses an exponential DAG quickly, typed or not", func() {
			p := &pair{}
			for range 60 {
				p = &pair{A: p, B: p}
			}
			_, err := value.Of(p)
			Expect(err).To(MatchError(value.ErrLimit))

			m := map[string]any{"x": 1}
			for range 60 {
				m = map[string]any{"a": m, "b": m}
			}
			_, err = value.Of(m)
			Expect(err).To(MatchError(value.ErrLimit))
		})

		It("accepts nesting up to MaxDepth and refuses one level more", func() {
			deep := func(n int) any {
				var x any = "leaf"
				for range n {
					x = []any{x}
				}
				return x
			}
			_, err := value.Of(deep(value.MaxDepth))
			Expect(err).NotTo(HaveOccurred())
			_, err = value.Of(deep(value.MaxDepth + 1))
			Expect(err).To(MatchError(value.ErrLimit))
		})

		It("counts a shared budget across values", func() {
			b := new(value.Budget)
			big := make([]int, value.MaxNodes/2)
			_, err := b.Of(big, 0)
			Expect(err).NotTo(HaveOccurred())
			_, err = b.Of(big, 0)
			Expect(err).To(MatchError(value.ErrLimit))
		})

		It("counts a large []byte as one string", func() {
			v, err := value.Of(make([]byte, 4*value.MaxNodes))
			Expect(err).NotTo(HaveOccurred())
			Expect(v.Kind()).To(Equal(value.String))
		})
	})

	It("does not allocate for strings and integers", func() {
		var x any = "octokit"
		var n any = 12345
		allocs := testing_AllocsPerRun(100, func() {
			_, _ = value.Of(x)
			_, _ = value.Of(n)
		})
		Expect(allocs).To(BeZero())
	})
})

type embeddedList struct{ L []int }

type embedsList struct {
	embeddedList
	N int
}

type embedsListPtr struct {
	*embeddedList
}

type embedsListNamed struct {
	embeddedList `json:"inner"`
}

// An embedded struct counted as a level of nesting, where encoding/json writes
// its fields into the embedding object.
var _ = Describe("an embedded struct at the depth limit", Label("regression"), func() {
	nest := func(v any, n int) any {
		for range n {
			v = []any{v}
		}
		return v
	}

	DescribeTable("is counted as encoding/json writes it",
		func(v any, deepest int) {
			// The list is at depth deepest+1 (or +2, named) under deepest arrays.
			ok := nest(v, deepest)
			data, err := json.Marshal(ok)
			Expect(err).NotTo(HaveOccurred())
			_, err = value.Decode(data)
			Expect(err).NotTo(HaveOccurred())
			got, err := value.Of(ok)
			Expect(err).NotTo(HaveOccurred())
			Expect(value.AppendJSON(nil, got)).To(MatchJSON(data))

			_, err = value.Of(nest(v, deepest+1))
			Expect(err).To(MatchError(value.ErrLimit))
		},
		Entry("embedded", embedsList{embeddedList: embeddedList{L: []int{1}}}, value.MaxDepth-2),
		Entry("embedded pointer", embedsListPtr{&embeddedList{L: []int{1}}}, value.MaxDepth-2),
		Entry("embedded with a json name: a level", embedsListNamed{embeddedList{L: []int{1}}}, value.MaxDepth-3),
	)
})

type holdsAny struct {
	Items []any
	//lint:ignore U1000 an unexported field, which encoding/json does not write
	a, b, c int
}

// Pointers, interfaces, struct fields, nil slices and []byte each cost a node,
// though none is a JSON node: 60,000 *int were ErrLimit.
var _ = Describe("pointers and interfaces against MaxNodes", Label("regression"), func() {
	anys := func(n int) []any {
		s := make([]any, n)
		for i := range s {
			s[i] = i
		}
		return s
	}
	ptrs := func(n int) []*int {
		x := 7
		s := make([]*int, n)
		for i := range s {
			s[i] = &x
		}
		return s
	}
	structs := func(n int) []holdsAny {
		return make([]holdsAny, n)
	}

	// Each shape with n items, and the n at which its JSON is exactly
	// MaxNodes nodes (arrays, objects and members).
	DescribeTable("takes a value whose JSON is within the limit, and refuses one past it",
		func(shape func(n int) any, fits int) {
			_, err := value.Of(shape(fits))
			Expect(err).NotTo(HaveOccurred())
			_, err = value.Of(shape(fits + 1))
			Expect(err).To(MatchError(value.ErrLimit))
		},
		Entry("[]*int", func(n int) any { return ptrs(n) }, value.MaxNodes-1),
		Entry("a struct holding a []any", func(n int) any { return holdsAny{Items: anys(n)} }, value.MaxNodes-3),
		Entry("map[string][]any", func(n int) any { return map[string][]any{"a": anys(n)} }, value.MaxNodes-3),
		Entry("*[]any", func(n int) any { s := anys(n); return &s }, value.MaxNodes-1),
		// 1 + n×(item 1 + object 1 + member 1): Items is nil, null
		Entry("structs with unexported fields", func(n int) any { return structs(n) }, (value.MaxNodes-1)/3),
	)

	It("still ends on a loop of pointers and interfaces", func() {
		var x any
		p := &x
		x = &p
		_, err := value.Of(x)
		Expect(err).To(MatchError(value.ErrLimit))
	})
})

// Map keys equal once invalid UTF-8 becomes U+FFFD ("\\xff", "\\ufffd") made an
// object with a key twice on the map fast paths.
var _ = Describe("Go map keys that are the same once made valid UTF-8", Label("regression"), func() {
	type strKey string

	It("keep one member, the last value, in the fast paths as in the others", func() {
		for _, x := range []any{
			map[string]any{"\xff": 1, "\ufffd": 2, "a": 3},
			map[string]int{"\xff": 1, "\ufffd": 2, "a": 3},
			map[strKey]any{"\xff": 1, "\ufffd": 2, "a": 3},
		} {
			v, err := value.Of(x)
			Expect(err).NotTo(HaveOccurred())
			Expect(v.Len()).To(Equal(2), "%T", x)
			Expect(string(value.AppendJSON(nil, v))).To(Equal(`{"a":3,"`+"\ufffd"+`":1}`), "%T", x)
			m, ok := v.Get("\ufffd")
			Expect(ok).To(BeTrue())
			Expect(m.Text()).To(Equal("1"))
		}
		for _, x := range []any{
			map[string]string{"\xff": "1", "\xfe": "2"},
			map[strKey]string{"\xff": "1", "\xfe": "2"},
		} {
			v, err := value.Of(x)
			Expect(err).NotTo(HaveOccurred())
			Expect(string(value.AppendJSON(nil, v))).To(Equal(`{"`+"\ufffd"+`":"1"}`), "%T", x)
		}
	})
})
