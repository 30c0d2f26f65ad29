package builder_test

import (
	"reflect"
	"testing"

	"github.com/endpointkit/endpoint/builder"
)

// FuzzDecodeOptions holds UnmarshalJSON's fast path to the reference
// decoder on arbitrary bytes: whatever it accepts, the reference accepts
// and decodes to the same Options; and UnmarshalJSON as a whole returns
// the reference's Options or its error.
// go test -fuzz=FuzzDecodeOptions ./builder/
func FuzzDecodeOptions(f *testing.F) {
	for _, s := range []string{
		`{}`, `{"a":1}`, `{"method":"GET","url":"/x/{a}","a":[1,"b",null,true,{"c":-0.5e3}]}`,
		`{"headers":{"X-A":"1","x-a":2,"b":null,"c":false}}`,
		`{"mediaType":{"format":"raw","previews":["a"]},"data":"x","request":{"r":{}}}`,
		`{"a":"\ud800\u0041\n","b":"é","c":"\ud83d\ude00"}`, `{"a":null,"url":null}`,
		"{\"a\":\"\xff\xed\xa0\x80\"}", `{"mediaType":{"Format":"x"}}`, `{"a":1,"a":2}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		want, wantErr := builder.UnmarshalOptions(data)
		var got builder.Options
		err := got.UnmarshalJSON(data)
		switch {
		case (err == nil) != (wantErr == nil):
			t.Fatalf("input %q: UnmarshalJSON %v, reference %v", data, err, wantErr)
		case err != nil && err.Error() != wantErr.Error():
			t.Fatalf("input %q: UnmarshalJSON %v, reference %v", data, err, wantErr)
		case !reflect.DeepEqual(got, want):
			t.Fatalf("input %q\nUnmarshalJSON: %#v\nreference:     %#v", data, got, want)
		}
		fast, ok := builder.DecodeOptions(data)
		if !ok {
			return
		}
		if wantErr != nil {
			t.Fatalf("the fast path accepted %q, the reference: %v", data, wantErr)
		}
		if !reflect.DeepEqual(fast, want) {
			t.Fatalf("input %q\nfast:      %#v\nreference: %#v", data, fast, want)
		}
	})
}
