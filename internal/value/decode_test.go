package value_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/internal/value"
)

func decode(s string) value.Value {
	v, err := value.Decode([]byte(s))
	Expect(err).NotTo(HaveOccurred())
	return v
}

// sameAsStdlib checks that, for JSON encoding/json accepts, Decode
// accepts it too and means the same value (compared as encoding/json's
// own any), and that what encoding/json refuses, Decode refuses.
func sameAsStdlib(data []byte) error {
	var want any
	var stdErr error
	if json.Valid(data) {
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.UseNumber()
		stdErr = dec.Decode(&want)
	} else {
		stdErr = errors.New("not valid JSON")
	}
	got, err := value.Decode(data)
	if errors.Is(err, value.ErrLimit) {
		return nil // our limits are lower than encoding/json's
	}
	if (stdErr == nil) != (err == nil) {
		return errors.New("accept/refuse differs: std " + errString(stdErr) + ", ours " + errString(err))
	}
	if err != nil {
		return nil
	}
	var back any
	dec := json.NewDecoder(bytes.NewReader(value.AppendJSON(nil, got)))
	dec.UseNumber()
	if err := dec.Decode(&back); err != nil {
		return errors.New("our output is not JSON: " + err.Error())
	}
	if !reflect.DeepEqual(want, back) {
		return errors.New("values differ")
	}
	return nil
}

func errString(err error) string {
	if err == nil {
		return "nil"
	}
	return err.Error()
}

var _ = Describe("Decode", func() {
	It("reads arrays of every length around the four kept on the stack, nested too", func() {
		for n := range 12 {
			items := make([]string, n)
			for i := range items {
				items[i] = fmt.Sprintf(`[%d,"s%d"]`, i, i)
			}
			text := "[" + strings.Join(items, ",") + "]"
			v, err := value.Decode([]byte(text))
			Expect(err).NotTo(HaveOccurred())
			Expect(v.Kind()).To(Equal(value.Array))
			Expect(v.Items()).To(HaveLen(n))
			Expect(string(value.AppendJSON(nil, v))).To(Equal(text))
		}
	})

	It("keeps object members in document order", func() {
		v := decode(`{"zeta":1,"alpha":{"y":2,"x":3},"mid":[1,"a",null,true,false]}`)
		Expect(string(value.AppendJSON(nil, v))).To(Equal(`{"zeta":1,"alpha":{"y":2,"x":3},"mid":[1,"a",null,true,false]}`))
	})

	It("lets a repeated key's last value win in the first key's place", func() {
		v := decode(`{"a":1,"b":2,"a":3}`)
		Expect(string(value.AppendJSON(nil, v))).To(Equal(`{"a":3,"b":2}`))
	})

	It("keeps repeated keys linear in many members", func() {
		var b strings.Builder
		b.WriteString("{")
		for i := range 5000 {
			if i > 0 {
				b.WriteString(",")
			}
			b.WriteString(`"k`)
			b.WriteString(strings.Repeat("x", i%7))
			b.WriteString(`":1`)
		}
		b.WriteString("}")
		v := decode(b.String())
		Expect(v.Len()).To(Equal(7))
	})

	It("keeps number text exactly", func() {
		for _, n := range []string{"0", "-0", "1.50", "1E5", "12345678901234567890123", "1e-7"} {
			v := decode(n)
			Expect(v.Kind()).To(Equal(value.Number))
			Expect(v.Text()).To(Equal(n))
		}
	})

	It("decodes escapes and replaces invalid UTF-8 and lone surrogates", func() {
		Expect(decode(`"a\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00"`).Text()).To(Equal("a\"\\/\b\f\n\r\té😀"))
		Expect(decode(`"\ud800x"`).Text()).To(Equal("\ufffdx"))
		Expect(decode("\"\xff\"").Text()).To(Equal("\ufffd"))
	})

	DescribeTable("refuses malformed JSON with a SyntaxError at an offset",
		func(in string, offset int) {
			_, err := value.Decode([]byte(in))
			var se *value.SyntaxError
			Expect(errors.As(err, &se)).To(BeTrue(), "error %v", err)
			Expect(err).To(MatchError(value.ErrSyntax))
			Expect(se.Offset).To(Equal(offset))
		},
		Entry("empty", ``, 0),
		Entry("trailing comma", `[1,]`, 3),
		Entry("missing colon", `{"a" 1}`, 5),
		Entry("single quotes", `{'a':1}`, 1),
		Entry("leading zero", `01`, 1),
		Entry("bare minus", `-`, 1),
		Entry("exponent without digits", `1e+`, 3),
		Entry("control character in string", "\"a\nb\"", 2),
		Entry("bad escape", `"\x"`, 2),
		Entry("short \\u", `"\u12"`, 5),
		Entry("unterminated string", `"abc`, 4),
		Entry("data after the value", `{} {}`, 3),
		Entry("NaN", `NaN`, 0),
		Entry("unclosed object", `{"a":1`, 6),
	)

	DescribeTable("words a syntax error as encoding/json does, the end of the input as such",
		func(in, msg string) {
			_, err := value.Decode([]byte(in))
			Expect(err).To(MatchError(msg))
		},
		Entry("a bad byte", `[1,]`, "invalid character ']' looking for beginning of value at offset 3"),
		Entry("a number cut short", `[-`, "unexpected end of JSON input at offset 2"),
		Entry("a literal cut short", `tru`, "unexpected end of JSON input at offset 3"),
		Entry("an unclosed string", `"a`, "unexpected end of JSON input at offset 2"),
	)

	It("refuses nesting past MaxDepth and more than MaxNodes values", func() {
		deep := strings.Repeat("[", value.MaxDepth+1) + strings.Repeat("]", value.MaxDepth+1)
		_, err := value.Decode([]byte(deep))
		Expect(err).To(MatchError(value.ErrLimit))
		ok := strings.Repeat("[", value.MaxDepth) + strings.Repeat("]", value.MaxDepth)
		_, err = value.Decode([]byte(ok))
		Expect(err).NotTo(HaveOccurred())
		deeper := strings.Repeat("[", 10_001) + strings.Repeat("]", 10_001) // past encoding/json's own limit
		_, err = value.Decode([]byte(deeper))
		Expect(err).To(MatchError(value.ErrLimit))
		wide := "[" + strings.Repeat("0,", value.MaxNodes) + "0]"
		_, err = value.Decode([]byte(wide))
		Expect(err).To(MatchError(value.ErrLimit))
	})

	DescribeTable("agrees with encoding/json",
		func(in string) { Expect(sameAsStdlib([]byte(in))).To(Succeed()) },
		Entry("object", `{"a":[1,2,{"b":null}],"c":"d"}`),
		Entry("white space", " \t\n\r{ \"a\" : [ 1 , 2 ] } \n"),
		Entry("numbers", `[0,-0,1.5,1e10,1E-3,-12.5e+7]`),
		Entry("strings", `["","\u0000","é","\ud83d\ude00"]`),
		Entry("bad: object key not string", `{1:2}`),
		Entry("bad: trailing", `1 2`),
		Entry("bad: tab in string", "\"\t\""),
	)
})

func FuzzDecode(f *testing.F) {
	for _, s := range []string{`{"a":1}`, `[1,"x",null]`, `"\u00e9"`, `1e5`, `{"a":{"a":[]}}`, `tru`, "\"\xff\""} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if err := sameAsStdlib(data); err != nil {
			t.Fatalf("%q: %v", data, err)
		}
	})
}
