package optjson_test

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/wasm/internal/optjson"
)

// FuzzDecode checks the contract on arbitrary bytes: whatever Decode
// accepts, UnmarshalJSON accepts and decodes to the same Options.
// go test -fuzz=FuzzDecode ./wasm/internal/optjson/
func FuzzDecode(f *testing.F) {
	for _, s := range []string{
		`{}`, `{"a":1}`, `{"method":"GET","url":"/x/{a}","a":[1,"b",null,true,{"c":-0.5e3}]}`,
		`{"headers":{"X-A":"1","x-a":2,"b":null,"c":false}}`,
		`{"mediaType":{"format":"raw","previews":["a"]},"data":"x","request":{"r":{}}}`,
		`{"a":"\ud800\u0041\n","b":"é"}`, `{"a":null,"url":null}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		got, ok := optjson.Decode(data)
		if !ok {
			return
		}
		var want endpoint.Options
		if err := want.UnmarshalJSON(data); err != nil {
			t.Fatalf("Decode accepted %q, UnmarshalJSON: %v", data, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("input %q\nDecode:        %#v\nUnmarshalJSON: %#v", data, got, want)
		}
	})
}

// FuzzAppendRequest checks AppendRequest against MarshalJSON on decoded
// JSON values as body and request, and arbitrary strings elsewhere.
// go test -fuzz=FuzzAppendRequest ./wasm/internal/optjson/
func FuzzAppendRequest(f *testing.F) {
	f.Add("get", "https://h/x?a=1", "accept", "a/b\u2028", []byte(`{"a":[1,"x",null,{"b":true}]}`))
	f.Add("post", "/x\xff", "", "\x00", []byte(`"s"`))
	f.Add("put", "", "k", "v", []byte(`[-0.5e3, 18446744073709551616]`))
	f.Fuzz(func(t *testing.T, method, url, name, value string, body []byte) {
		dec := json.NewDecoder(bytes.NewReader(body))
		dec.UseNumber()
		var v any
		if dec.Decode(&v) != nil {
			return
		}
		for _, r := range []endpoint.RequestOptions{
			{Method: method, URL: url, Headers: map[string]string{name: value, "z": url}, Body: v},
			{Method: method, URL: url, Body: endpoint.Params{{Name: name, Value: v}}},
			{Method: method, URL: url, Request: map[string]any{name: v}},
		} {
			got, ok := optjson.AppendRequest(nil, r)
			want, err := r.MarshalJSON()
			if !ok {
				continue
			}
			if err != nil {
				t.Fatalf("AppendRequest wrote %q, MarshalJSON failed: %v", got, err)
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("AppendRequest %q\nMarshalJSON   %q", got, want)
			}
		}
	})
}
