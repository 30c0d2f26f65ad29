package builder_test

// A differential property test: for many Go values, the JSON body the
// builder writes for Data(v), for Param("x", v) and for Options.Params
// in a POST body is what encoding/json.Marshal writes for v, compared
// once decoded (json.Decoder.UseNumber) and once as a token stream, so
// that member order counts too. The differences README documents (14)
// are allowed, and only they: a Go float is written as JavaScript writes
// it, which differs from encoding/json for -0 only (0); an object holds
// a key once, the last value in the first one's place, where
// encoding/json writes a key repeated in a json.RawMessage, or Go map
// keys that are one once invalid UTF-8 becomes U+FFFD, every time.

import (
	"bytes"
	"encoding"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"time"
	"unsafe"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
)

type (
	jdBool    bool
	jdInt     int
	jdInt8    int8
	jdInt16   int16
	jdInt32   int32
	jdInt64   int64
	jdUint    uint
	jdUint8   uint8
	jdUint16  uint16
	jdUint32  uint32
	jdUint64  uint64
	jdUintptr uintptr
	jdF32     float32
	jdF64     float64
	jdString  string
	jdBytes   []byte
	jdByte    byte
	jdSlice   []int
	jdMap     map[string]int
	jdArray   [2]string
	jdIface   interface{}
)

// Embedding and dominance.
type (
	JDInner struct {
		A int
		B string `json:"b"`
	}
	jdInner struct {
		C int
		D int `json:"d,omitempty"`
	}
	JDOuterValue struct {
		JDInner
		X int
	}
	JDOuterPtr struct {
		*JDInner
		X int
	}
	JDOuterUnexported struct {
		jdInner
		X int
	}
	JDOuterUnexportedPtr struct {
		*jdInner
		X int
	}
	JDOuterTagged struct {
		JDInner `json:"inner"`
		X       int
	}
	JDOuterTaggedPtr struct {
		*JDInner `json:"inner,omitempty"`
		X        int
	}
	JDName1 struct{ Name string }
	JDName2 struct{ Name string }
	JDName3 struct {
		Other string `json:"Name"`
	}
	JDSameDepth struct {
		JDName1
		JDName2
	}
	JDTaggedWins struct {
		JDName1
		JDName3
	}
	JDShallowWins struct {
		JDName1
		Name int
	}
	JDMid    struct{ JDName1 }
	JDDeeper struct {
		JDMid
		JDName2
	}
	JDDeeperTie struct {
		JDMid
		JDName3
	}
	jdMyInt         int
	JDMyInt         int
	JDEmbedNonStruc struct {
		jdMyInt
		JDMyInt
		X int
	}
	JDEmbedIface struct {
		jdIface
		JDIfaceE
	}
	JDIfaceE     interface{}
	JDBoth       struct{ Z, A int }
	JDTagAndDeep struct {
		JDMid
		N string `json:"Name,omitempty"`
	}
	JDEmbedMarshaler struct {
		JDValMarshaler
		X int
	}
	JDEmbedPtrMarshaler struct {
		JDPtrMarshaler
		X int
	}
	JDEmbedTime struct {
		time.Time
		X int
	}
	JDCycleA struct {
		JDCycleB
		A int
	}
	JDCycleB struct {
		*JDCycleA
		B int
	}
)

// Tags.
type (
	JDDash struct {
		A int `json:"-"`
		//lint:ignore SA5008 the name "-", on purpose
		B int `json:"-,"`
		C int `json:""`
		D int `json:",omitempty"`
		//lint:ignore SA5008 an empty option, on purpose
		E int `json:"e,"`
		f int
		G int `json:"g h"` // invalid name: the field name is used
		H int `json:"ä"`
		I int `json:"a-b$%"`
	}
	JDOmitEmpty struct {
		Bool    bool              `json:",omitempty"`
		Int     int               `json:",omitempty"`
		Int8    int8              `json:",omitempty"`
		Uint    uint              `json:",omitempty"`
		Uintptr uintptr           `json:",omitempty"`
		F32     float32           `json:",omitempty"`
		F64     float64           `json:",omitempty"`
		Str     string            `json:",omitempty"`
		Ptr     *int              `json:",omitempty"`
		Iface   any               `json:",omitempty"`
		Map     map[string]int    `json:",omitempty"`
		Slice   []int             `json:",omitempty"`
		Bytes   []byte            `json:",omitempty"`
		Arr0    [0]int            `json:",omitempty"`
		Arr2    [2]int            `json:",omitempty"`
		Struct  JDInner           `json:",omitempty"`
		Time    time.Time         `json:",omitempty"`
		Raw     json.RawMessage   `json:",omitempty"`
		Num     json.Number       `json:",omitempty"`
		Named   jdString          `json:",omitempty"`
		PPtr    **int             `json:",omitempty"`
		Chan    chan int          `json:",omitempty"`
		Func    func()            `json:",omitempty"`
		MapT    map[jdTextKey]int `json:",omitempty"`
		IsZ     jdIsZero          `json:",omitempty"`
	}
	JDOmitZero struct {
		Bool   bool            `json:",omitzero"`
		Int    int             `json:",omitzero"`
		F64    float64         `json:",omitzero"`
		Str    string          `json:",omitzero"`
		Ptr    *int            `json:",omitzero"`
		Iface  any             `json:",omitzero"`
		Map    map[string]int  `json:",omitzero"`
		Slice  []int           `json:",omitzero"`
		Arr2   [2]int          `json:",omitzero"`
		Struct JDInner         `json:",omitzero"`
		Time   time.Time       `json:",omitzero"`
		IsZ    jdIsZero        `json:",omitzero"`
		IsZP   jdIsZeroPtr     `json:",omitzero"`
		IsZPP  *jdIsZeroPtr    `json:",omitzero"`
		Both   JDInner         `json:",omitempty,omitzero"`
		Raw    json.RawMessage `json:",omitzero"`
	}
	JDString struct {
		Int  int     `json:",string"`
		Int8 int8    `json:",string"`
		Uint uint64  `json:",string"`
		F32  float32 `json:",string"`
		F64  float64 `json:",string"`
		Bool bool    `json:",string"`
		Str  string  `json:",string"`
		PInt *int    `json:",string"`
		PNil *int    `json:",string"`
		//lint:ignore SA5008 ,string on a pointer to a pointer, which encoding/json ignores
		PPInt **int       `json:",string"`
		Named jdInt       `json:",string"`
		Num   json.Number `json:",string"`
		//lint:ignore SA5008 ,string where encoding/json ignores it
		Slice []int `json:",string"`
		//lint:ignore SA5008 ,string where encoding/json ignores it
		Iface any `json:",string"`
		Omit  int `json:",string,omitempty"`
		//lint:ignore SA5008 ,string where encoding/json ignores it
		Struct JDInner `json:",string"`
	}
)

// Marshalers.
type (
	JDValMarshaler struct{ N int }
	JDPtrMarshaler struct{ N int }
	jdValText      struct{ S string }
	jdPtrText      struct{ S string }
	jdTextKey      struct{ K int }
	jdTextKeyStr   string
	jdTextKeyInt   int
	jdIsZero       struct{ N int }
	jdIsZeroPtr    struct{ N int }
	jdBothM        int
	jdMarshalBytes []byte
	jdTextByte     byte
	jdMarshalStr   string
)

func (m JDValMarshaler) MarshalJSON() ([]byte, error) {
	return []byte(`{"z":1, "val":` + strconv.Itoa(m.N) + `, "a":[1, 2.50, 1e2]}`), nil
}
func (m *JDPtrMarshaler) MarshalJSON() ([]byte, error) {
	return []byte(`{"ptr":` + strconv.Itoa(m.N) + `}`), nil
}
func (t jdValText) MarshalText() ([]byte, error)  { return []byte("vt:" + t.S), nil }
func (t *jdPtrText) MarshalText() ([]byte, error) { return []byte("pt:" + t.S), nil }
func (k jdTextKey) MarshalText() ([]byte, error) {
	return []byte(fmt.Sprintf("k%03d", 100-k.K)), nil
}
func (k jdTextKeyStr) MarshalText() ([]byte, error) { return []byte("X" + string(k)), nil }
func (k jdTextKeyInt) MarshalText() ([]byte, error) { return []byte("i" + strconv.Itoa(-int(k))), nil }
func (z jdIsZero) IsZero() bool                     { return z.N == 7 }
func (z *jdIsZeroPtr) IsZero() bool                 { return z == nil || z.N == 7 }
func (b jdBothM) MarshalJSON() ([]byte, error)      { return []byte(`"json"`), nil }
func (b jdBothM) MarshalText() ([]byte, error)      { return []byte("text"), nil }
func (b jdMarshalBytes) MarshalJSON() ([]byte, error) {
	return []byte(strconv.Itoa(len(b))), nil
}
func (b jdTextByte) MarshalText() ([]byte, error) { return []byte{'t', byte(b)}, nil }
func (s jdMarshalStr) MarshalJSON() ([]byte, error) {
	return []byte(`{"s":"` + string(s) + `"}`), nil
}

var (
	_ encoding.TextMarshaler = jdValText{}
	_ json.Marshaler         = JDValMarshaler{}
)

type JDWrap struct {
	A any `json:"a"`
	B any `json:"b,omitempty"`
}

type JDHolder struct {
	V   JDValMarshaler
	P   JDPtrMarshaler
	VT  jdValText
	PT  jdPtrText
	PP  *JDPtrMarshaler
	PTP *jdPtrText
	S   []JDPtrMarshaler
	A   [1]JDPtrMarshaler
	M   map[string]JDPtrMarshaler
	I   any
}

// jdTwoTags is struct{A int `json:"n"`; B int `json:"n"`; C int}{1, 2, 3},
// which encoding/json writes as {"C":3}: two tagged fields of one name
// at one depth both vanish. Made at run time: go vet refuses the tags.
func jdTwoTags() any {
	intT := reflect.TypeFor[int]()
	v := reflect.New(reflect.StructOf([]reflect.StructField{
		{Name: "A", Type: intT, Tag: `json:"n"`}, {Name: "B", Type: intT, Tag: `json:"n"`}, {Name: "C", Type: intT},
	})).Elem()
	v.Field(0).SetInt(1)
	v.Field(1).SetInt(2)
	v.Field(2).SetInt(3)
	return v.Interface()
}

// jdTwoTagsEmbedded is the same with the two fields one level down, in
// two embedded structs, beside an untagged Name two levels down.
func jdTwoTagsEmbedded() any {
	intT := reflect.TypeFor[int]()
	one := reflect.StructOf([]reflect.StructField{{Name: "A", Type: intT, Tag: `json:"n"`}})
	two := reflect.StructOf([]reflect.StructField{{Name: "B", Type: intT, Tag: `json:"Name"`}, {Name: "N", Type: intT, Tag: `json:"n"`}})
	v := reflect.New(reflect.StructOf([]reflect.StructField{
		{Name: "One", Type: one, Anonymous: true}, {Name: "Two", Type: two, Anonymous: true},
		{Name: "JDMid", Type: reflect.TypeFor[JDMid](), Anonymous: true},
	})).Elem()
	v.Field(0).Field(0).SetInt(1)
	v.Field(1).Field(0).SetInt(2)
	v.Field(2).Field(0).Field(0).SetString("deep")
	return v.Interface()
}

// jdCatalog returns fresh values covering what encoding/json does.
func jdCatalog() []any {
	n := 5
	pn := &n
	ppn := &pn
	var nilInt *int
	var nilPP **int = &nilInt
	str := "s"
	pstr := &str
	var nilIface any
	var nilStringer fmt.Stringer
	tm := time.Date(2024, 2, 29, 13, 4, 5, 123456789, time.FixedZone("X", -(3*3600+30*60)))
	ch := make(chan int)
	inner := &JDInner{A: 1, B: "b"}
	cyc := &JDCycleA{A: 1}
	cyc.B = 2
	pm := &JDPtrMarshaler{N: 3}
	ptext := &jdPtrText{S: "p"}
	return []any{
		// Every kind, plain and named.
		true, false, jdBool(true),
		0, -1, math.MaxInt, math.MinInt, int64(math.MaxInt64), int64(math.MinInt64), int8(-128), int16(300), int32(-70000), int64(1 << 62),
		jdInt(7), jdInt8(-8), jdInt16(16), jdInt32(32), jdInt64(-64),
		uint(1), uint8(255), uint16(65535), uint32(1 << 31), uint64(math.MaxUint64), uintptr(99),
		jdUint(1), jdUint8(2), jdUint16(3), jdUint32(4), jdUint64(math.MaxUint64), jdUintptr(6),
		0.0, math.Copysign(0, -1), 1.5, 0.1, 1e20, 1e21, 1e-6, 1e-7, 123456789.0, math.MaxFloat64,
		math.SmallestNonzeroFloat64, -2.5e-300, 1.0 / 3,
		float32(0.1), float32(1e-6), float32(1e21), float32(1e20), float32(math.Copysign(0, -1)), float32(math.MaxFloat32),
		float32(math.SmallestNonzeroFloat32), float32(16777217), float32(9.999999e20), float32(1.0000001e-6),
		jdF32(0.1), jdF32(1e-7), jdF64(1e21), jdF64(math.Copysign(0, -1)), jdF64(2.5),
		math.NaN(), math.Inf(1), float32(math.Inf(-1)), jdF64(math.NaN()),
		map[string]int{"\xff": 1, "\xfe": 2}, map[string]any{"\xff": 1, "\ufffd": 2}, map[jdString]int{"\xff": 1, "\ufffd": 2},
		"", "plain", "<a&b>", "quote\" back\\ nl\n tab\t ctl\x01 del\x7f", "\u2028\u2029", "bad\xffutf8\xc3",
		"ünïcödé 😀", jdString("named"), jdString("bad\xfe"),
		complex(1, 2), complex64(1), ch, func() {}, unsafe.Pointer(pn),
		// Pointers.
		pn, ppn, &ppn, nilInt, nilPP, &nilPP, pstr, &pstr, (*string)(nil), (*JDInner)(nil), &inner,
		(**JDInner)(nil), &nilIface, &nilStringer, new(any), new(jdF64), new(float32),
		// nil at every depth.
		nil, []int(nil), map[string]int(nil), []any(nil), map[string]any(nil), jdSlice(nil), jdMap(nil),
		[]any{nil, []int(nil), map[string]any(nil), nilInt, nilPP, nilIface, (*JDInner)(nil)},
		map[string]any{"a": nil, "b": []int(nil), "c": map[int]int(nil), "d": nilInt},
		struct {
			M map[string]int
			S []int
			I any
			P *int
			Q **int
			R *JDInner
			T fmt.Stringer
		}{Q: nilPP},
		[][]int{nil, {}, {1}}, []*int{nil, pn}, [2]*int{}, map[string]*int{"n": nil, "p": pn},
		// Slices, arrays, maps.
		[]int{}, []int{3, 1, 2}, jdSlice{1}, []string{"a", "b"}, []any{1, "a", true, 2.5, nil},
		[3]int{1, 2, 3}, [0]int{}, [2][2]string{{"a", "b"}, {"c", "d"}}, jdArray{"x", "y"},
		[4]byte{1, 2, 3, 4}, [2]jdTextByte{'a', 'b'}, [][2]int{{1, 2}},
		map[string]int{"b": 1, "a": 2, "": 3, "B": 4, "aa": 5, "\xff": 6, "é": 7},
		map[string]any{"z": 1, "a": []any{map[string]any{"y": 1, "b": 2}}},
		map[string]string{"b": "1", "a": "2"}, jdMap{"y": 1, "x": 2},
		map[jdString]int{"b": 1, "a": 2},
		map[int]string{-1: "m", 10: "t", 2: "two", 0: "z", -20: "mm"},
		map[int8]int{-1: 1, 1: 2}, map[uint]int{10: 1, 9: 2, 100: 3}, map[uint8]bool{255: true, 3: false},
		map[uint64]int{math.MaxUint64: 1, 5: 2}, map[uintptr]int{7: 1, 70: 2}, map[jdInt]int{3: 1, 20: 2},
		map[jdTextKey]int{{1}: 1, {2}: 2, {50}: 3}, map[jdTextKeyStr]int{"b": 1, "a": 2},
		map[jdTextKeyInt]int{1: 1, 2: 2, -3: 3}, map[*jdPtrText]int{ptext: 1},
		map[float64]int{1.5: 1}, map[[2]int]int{{1, 2}: 1}, map[bool]int{true: 1},
		map[string]map[string]int{"b": {"d": 1, "c": 2}, "a": {}},
		// Structs, embedding, dominance.
		JDInner{A: 1, B: "x"}, &JDInner{A: 2},
		JDOuterValue{JDInner{1, "b"}, 2}, &JDOuterValue{X: 3},
		JDOuterPtr{}, JDOuterPtr{JDInner: inner, X: 4}, &JDOuterPtr{JDInner: inner},
		JDOuterUnexported{jdInner{1, 2}, 3}, JDOuterUnexportedPtr{}, JDOuterUnexportedPtr{jdInner: &jdInner{5, 6}, X: 1},
		JDOuterTagged{JDInner{1, "t"}, 2}, JDOuterTaggedPtr{}, JDOuterTaggedPtr{JDInner: inner},
		JDSameDepth{JDName1{"1"}, JDName2{"2"}}, JDTaggedWins{JDName1{"1"}, JDName3{"3"}},
		JDShallowWins{JDName1{"1"}, 9}, JDDeeper{JDMid{JDName1{"deep"}}, JDName2{"shallow"}},
		JDDeeperTie{JDMid{JDName1{"deep"}}, JDName3{"tagged"}},
		JDEmbedNonStruc{1, 2, 3}, JDEmbedIface{jdIface: 1, JDIfaceE: "e"}, JDEmbedIface{},
		JDBoth{Z: 1, A: 2}, jdTwoTags(), jdTwoTagsEmbedded(), JDTagAndDeep{JDMid{JDName1{"d"}}, ""},
		JDTagAndDeep{JDMid{JDName1{"d"}}, "n"},
		JDEmbedMarshaler{JDValMarshaler{4}, 5}, JDEmbedPtrMarshaler{JDPtrMarshaler{6}, 7},
		&JDEmbedPtrMarshaler{JDPtrMarshaler{6}, 7}, JDEmbedTime{tm, 1}, cyc,
		// Tags.
		JDDash{1, 2, 3, 0, 5, 6, 7, 8, 9}, JDDash{D: 4},
		JDOmitEmpty{}, JDOmitEmpty{F64: math.Copysign(0, -1), Map: map[string]int{}, Slice: []int{}, Bytes: []byte{},
			PPtr: &nilInt, Iface: nilInt, Raw: json.RawMessage{}, Num: "", IsZ: jdIsZero{7}},
		JDOmitEmpty{Bool: true, Int: 1, Int8: 1, Uint: 1, Uintptr: 1, F32: 1, F64: 1, Str: "s", Ptr: pn, Iface: 0,
			Map: map[string]int{"a": 1}, Slice: []int{0}, Bytes: []byte{0}, Arr2: [2]int{1}, Struct: JDInner{A: 1},
			Time: tm, Raw: json.RawMessage(`[]`), Num: "0", Named: "n", PPtr: &pn, MapT: map[jdTextKey]int{{3}: 1}},
		JDOmitZero{}, JDOmitZero{F64: math.Copysign(0, -1), Map: map[string]int{}, Slice: []int{}, IsZ: jdIsZero{7},
			IsZP: jdIsZeroPtr{7}, IsZPP: &jdIsZeroPtr{7}, Iface: nilInt, Raw: json.RawMessage{}},
		JDOmitZero{Bool: true, Int: 1, Str: "s", Arr2: [2]int{0, 1}, Struct: JDInner{B: "b"}, Time: tm,
			IsZ: jdIsZero{0}, IsZP: jdIsZeroPtr{1}, IsZPP: &jdIsZeroPtr{1}, Both: JDInner{A: 1}},
		&JDOmitZero{IsZP: jdIsZeroPtr{7}},
		JDString{Int: -1, Int8: 2, Uint: math.MaxUint64, F32: 0.1, F64: 1e21, Bool: true, Str: `a"b`, PInt: pn,
			PPInt: &pn, Named: 3, Num: "1.50", Slice: []int{1}, Iface: 1, Struct: JDInner{A: 1}},
		JDString{F64: math.Copysign(0, -1), F32: 1e-7, Str: "<&>"},
		&JDString{F64: 1e-7},
		// Marshalers, by value and by pointer, addressable or not.
		JDValMarshaler{1}, &JDValMarshaler{2}, JDPtrMarshaler{3}, pm, &pm,
		jdValText{"v"}, &jdValText{"v"}, jdPtrText{"p"}, ptext,
		(*JDValMarshaler)(nil), (*JDPtrMarshaler)(nil), (*jdValText)(nil), (*jdPtrText)(nil),
		[]JDPtrMarshaler{{1}}, []jdPtrText{{"s"}}, [1]JDPtrMarshaler{{2}}, &[1]JDPtrMarshaler{{2}},
		map[string]JDPtrMarshaler{"m": {3}}, []any{JDPtrMarshaler{4}, &JDPtrMarshaler{5}, jdPtrText{"i"}},
		JDHolder{}, &JDHolder{}, JDHolder{PP: pm, PTP: ptext, S: []JDPtrMarshaler{{1}}, M: map[string]JDPtrMarshaler{"k": {1}}, I: JDPtrMarshaler{9}},
		&JDHolder{I: &JDPtrMarshaler{9}},
		jdBothM(1), []jdBothM{1}, map[string]jdBothM{"a": 1},
		jdMarshalBytes{1, 2}, jdMarshalBytes(nil), []jdTextByte{'a', 'b'}, jdMarshalStr("m"), []jdMarshalStr{"n"},
		// RawMessage and Number.
		json.RawMessage(`{"b":1,"a":[2,1]}`), json.RawMessage(` [ 1 , "x" ] `), json.RawMessage(`1.50`),
		json.RawMessage(`{"a":1,"a":2}`), json.RawMessage(nil), &json.RawMessage{'1'},
		json.RawMessage(`"\u003c\u00e9\ud83d\ude00"`), json.RawMessage(`1E+2`), json.RawMessage(`-0`),
		struct {
			R  json.RawMessage
			RN json.RawMessage
			RP *json.RawMessage
		}{R: json.RawMessage(`{"y":1,"x":2}`)},
		json.Number("12"), json.Number("1.50"), json.Number("1e2"), json.Number("-0"), json.Number(""),
		json.Number("12345678901234567890123"), json.Number("x"), []json.Number{"1", "2.0"},
		struct{ N json.Number }{}, map[string]json.Number{"n": "3"},
		// time.Time.
		time.Time{}, tm, &tm, []time.Time{tm}, struct{ T, U time.Time }{T: tm},
		time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC),
		time.Duration(1500),
		// []byte and named byte slices.
		[]byte(nil), []byte{}, []byte("hello\xff"), jdBytes("named"), jdBytes(nil), []jdByte{1, 2, 3},
		[][]byte{[]byte("a"), nil}, struct{ B []byte }{[]byte("b")}, map[string][]byte{"k": []byte("v")},
		// interface{} holding each of the above.
		JDWrap{A: pn, B: ppn}, JDWrap{A: JDPtrMarshaler{1}, B: &JDPtrMarshaler{2}}, JDWrap{A: jdPtrText{"x"}},
		JDWrap{A: json.RawMessage(`{"b":1,"a":2}`), B: json.Number("1.0")}, JDWrap{A: tm, B: []byte("x")},
		JDWrap{A: jdBytes("y"), B: [2]int{1, 2}}, JDWrap{A: JDSameDepth{}, B: JDOmitZero{}},
		JDWrap{A: map[int]int{10: 1, 9: 2}, B: map[jdTextKey]int{{1}: 1, {9}: 2}}, JDWrap{A: nilInt, B: nilIface},
		JDWrap{A: struct{ X int }{1}, B: jdF32(0.1)}, JDWrap{A: math.Copysign(0, -1), B: float32(1e-6)},
		// Anonymous struct types.
		struct{}{}, struct {
			B int `json:"b"`
			A struct {
				D, C string
			} `json:"a"`
		}{1, struct{ D, C string }{"d", "c"}},
		[]struct{ X, Y int }{{1, 2}}, map[string]struct{ Z int }{"k": {1}},
		&struct{ P *struct{ Q int } }{&struct{ Q int }{1}},
		// Errors.
		JDWrap{A: ch}, []any{func() {}}, map[string]any{"c": complex(1, 1)}, JDWrap{A: math.NaN()},
	}
}

// jdWrap builds a random container around a few catalog values.
func jdWrap(r *rand.Rand, cat []any, depth int) any {
	if depth == 0 || r.IntN(3) == 0 {
		return cat[r.IntN(len(cat))]
	}
	a, b := jdWrap(r, cat, depth-1), jdWrap(r, cat, depth-1)
	switch r.IntN(10) {
	case 0:
		return []any{a, b}
	case 1:
		return map[string]any{"k1": a, "k0": b}
	case 2:
		return JDWrap{A: a, B: b}
	case 3:
		return &JDWrap{A: a, B: b}
	case 4:
		return [2]any{a, b}
	case 5:
		p := a
		return &p
	case 6:
		return map[int]any{10: a, 9: b}
	case 7:
		return struct {
			JDWrap
			C any `json:"c,omitempty"`
		}{JDWrap{A: a}, b}
	case 8:
		return map[jdTextKey]any{{1}: a, {2}: b}
	default:
		return struct {
			X any `json:",omitzero"`
			Y any
		}{a, b}
	}
}

// jdTokens scans data into its token stream, numbers kept as text.
func jdTokens(data []byte) ([]any, error) {
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	var out []any
	for {
		t, err := d.Token()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		out = append(out, t)
	}
}

// jdNumbersSame allows the documented difference only (README,
// difference 14: a Go float is written as JavaScript writes it): -0 is
// written 0. Every other number is written as encoding/json writes it.
func jdNumbersSame(want, got json.Number) bool {
	return want == got || want == "-0" && got == "0"
}

// jdSame compares two decoded values, numbers by jdNumbersSame.
func jdSame(a, b any) bool {
	switch x := a.(type) {
	case json.Number:
		y, ok := b.(json.Number)
		return ok && jdNumbersSame(x, y)
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !jdSame(x[i], y[i]) {
				return false
			}
		}
		return true
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for k, v := range x {
			w, ok := y[k]
			if !ok || !jdSame(v, w) {
				return false
			}
		}
		return true
	}
	return a == b
}

func jdDecode(data []byte) (any, error) {
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	var v any
	err := d.Decode(&v)
	return v, err
}

// jdCollapse rewrites data, compacted, with each object's repeated keys
// collapsed as README's difference 14 says: the last value, in the first
// one's place. It reports whether a key was repeated.
func jdCollapse(data []byte) ([]byte, bool) {
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	repeated := false
	var value func() []byte
	value = func() []byte {
		t, err := d.Token()
		if err != nil {
			panic(err)
		}
		switch t {
		case json.Delim('['):
			var items [][]byte
			for d.More() {
				items = append(items, value())
			}
			d.Token()
			return append(append([]byte("["), bytes.Join(items, []byte(","))...), ']')
		case json.Delim('{'):
			var keys []string
			vals := map[string][]byte{}
			for d.More() {
				k, _ := d.Token()
				key := k.(string)
				if _, ok := vals[key]; ok {
					repeated = true
				} else {
					keys = append(keys, key)
				}
				vals[key] = value()
			}
			d.Token()
			var members [][]byte
			for _, k := range keys {
				kj, _ := json.Marshal(k)
				members = append(members, append(append(kj, ':'), vals[k]...))
			}
			return append(append([]byte("{"), bytes.Join(members, []byte(","))...), '}')
		}
		b, _ := json.Marshal(t)
		return b
	}
	out := value()
	return out, repeated
}

// jdCompare compares got with want, decoded and as tokens, and counts a
// difference in number text only.
func jdCompare(want, got []byte, floatText *int) string {
	wv, err := jdDecode(want)
	if err != nil {
		return fmt.Sprintf("want %s does not decode: %v", want, err)
	}
	gv, err := jdDecode(got)
	if err != nil {
		return fmt.Sprintf("got %s does not decode: %v", got, err)
	}
	if !jdSame(wv, gv) {
		return fmt.Sprintf("value: encoding/json %s, ours %s", want, got)
	}
	wt, _ := jdTokens(want)
	gt, _ := jdTokens(got)
	if len(wt) != len(gt) {
		return fmt.Sprintf("tokens: encoding/json %s, ours %s", want, got)
	}
	for i := range wt {
		if wn, ok := wt[i].(json.Number); ok {
			gn, ok := gt[i].(json.Number)
			if !ok || !jdNumbersSame(wn, gn) {
				return fmt.Sprintf("token %d: encoding/json %s, ours %s", i, want, got)
			}
			if wn != gn {
				*floatText++
			}
			continue
		}
		if wt[i] != gt[i] {
			return fmt.Sprintf("order (token %d, %v vs %v): encoding/json %s, ours %s", i, wt[i], gt[i], want, got)
		}
	}
	return ""
}

// jdIsStringData reports whether Data sends x as a raw string: a string
// type, or a pointer to one.
func jdIsStringData(x any) bool {
	if x == nil {
		return false
	}
	switch x.(type) {
	case []byte, io.Reader:
		return true
	}
	s := fmt.Sprintf("%T", x)
	s = strings.TrimLeft(s, "*")
	return s == "string" || s == "builder_test.jdString" || s == "builder_test.jdMarshalStr" || s == "builder_test.jdTextKeyStr"
}

var _ = Describe("JSON bodies, differentially against encoding/json", func() {
	e := builder.New(builder.WithBaseURL("https://h.example"))

	It("writes every Go value as encoding/json.Marshal does, floats as JavaScript does", func() {
		all := jdCatalog()
		r := rand.New(rand.NewPCG(13, 2026))
		values := append([]any(nil), all...)
		for range scaled(1_000) { // floats of every magnitude, both sizes
			f := math.Float64frombits(r.Uint64())
			g := math.Float32frombits(r.Uint32())
			h := float64(r.IntN(2000)-1000) * math.Pow(10, float64(r.IntN(60)-30))
			values = append(values, f, g, h, float32(h), jdF32(h), []any{h, float32(f)})
		}
		// The random containers are built of values encoding/json takes.
		var cat []any
		for _, v := range all {
			if _, err := json.Marshal(v); err == nil {
				cat = append(cat, v)
			}
		}
		for range scaled(4_000) {
			values = append(values, jdWrap(r, cat, 3))
		}
		var failures []string
		var compared, floatText, refusedBoth, collapsed int
		fail := func(how string, v any, msg string) {
			if len(failures) < 60 {
				failures = append(failures, fmt.Sprintf("%s %T %#v: %s", how, v, v, msg))
			} else {
				failures = append(failures[:60], "…")
			}
		}
		for _, v := range values {
			want, wantErr := json.Marshal(v)
			check := func(how string, build func() (builder.RequestOptions, error), wrap func([]byte) []byte) {
				compared++
				ro, err := build()
				if wantErr != nil {
					if err == nil {
						fail(how, v, fmt.Sprintf("encoding/json refuses it (%v), ours writes %v", wantErr, ro.Body))
					} else if !errors.Is(err, builder.ErrInvalidValue) {
						fail(how, v, fmt.Sprintf("refused with %v, not ErrInvalidValue", err))
					} else {
						refusedBoth++
					}
					return
				}
				if err != nil {
					fail(how, v, fmt.Sprintf("encoding/json writes %s, ours fails: %v", want, err))
					return
				}
				w, repeated := wrap(want), false
				if w != nil {
					if w, repeated = jdCollapse(w); repeated {
						collapsed++
					}
				}
				if w == nil {
					if ro.Body != nil {
						fail(how, v, fmt.Sprintf("JSON null: want no body, got %#v", ro.Body))
					}
					return
				}
				got, ok := ro.Body.(json.RawMessage)
				if !ok {
					fail(how, v, fmt.Sprintf("body %T %#v, want JSON %s", ro.Body, ro.Body, w))
					return
				}
				if msg := jdCompare(w, got, &floatText); msg != "" {
					fail(how, v, msg)
				}
			}
			if !jdIsStringData(v) {
				check("Data", func() (builder.RequestOptions, error) {
					return e.Route("POST /x").Data(v).Build()
				}, func(b []byte) []byte {
					if string(b) == "null" {
						return nil
					}
					return b
				})
			}
			param := func(b []byte) []byte { return []byte(`{"x":` + string(b) + `}`) }
			check("Param", func() (builder.RequestOptions, error) {
				return e.Route("POST /x").Param("x", v).Build()
			}, param)
			check("Options.Params", func() (builder.RequestOptions, error) {
				return e.Build("POST /x", builder.Options{Params: builder.Params{{Name: "x", Value: v}}})
			}, param)
		}
		fmt.Fprintf(GinkgoWriter, "%d values, %d bodies (%d refused by both), %d numbers -0 as 0, %d with a repeated key collapsed\n",
			len(values), compared, refusedBoth, floatText, collapsed)
		Expect(failures).To(BeEmpty())
	})
})
