package builder_test

// FuzzOptionsJSON (issue #5, item 1): any bytes that unmarshal into
// Options build into a result that keeps the invariants, or fail; the
// options are not changed by building; Build == Parse(Merge); and writing
// the options back to JSON and reading them again builds the same result.
// Run with
//
//	go test -run '^$' -fuzz '^FuzzOptionsJSON$' -fuzztime 2m -parallel 2 ./builder/
//
// Inputs it found are in testdata/fuzz/FuzzOptionsJSON (run by every go
// test) and in the specs labelled "regression" named after them.

import (
	"bytes"
	"encoding/json"
	"net/url"
	"reflect"
	"strings"
	"testing"

	"github.com/endpointkit/endpoint/builder"
)

const fuzzBase = "https://api.github.com"

var fuzzEndpoint = builder.New(builder.WithOptions(builder.Options{
	Method:  "GET",
	BaseURL: fuzzBase,
	Headers: map[string]string{"accept": "application/vnd.github.v3+json", "user-agent": "fuzz"},
}))

func FuzzOptionsJSON(f *testing.F) {
	for _, s := range []string{
		`{"method":"GET","url":"/repos/{owner}/{repo}/issues","owner":"octokit","repo":"rest.js","state":"open","labels":["bug","ui"]}`,
		`{"method":"POST","url":"/repos/{owner}/{repo}/issues","owner":"o","repo":"r","title":"t","body":null,"assignees":[]}`,
		`{"method":"PATCH","url":"/repos/{owner}/{repo}/hooks/{hook_id}/config","owner":"o","repo":"r","hook_id":42,"url_param":"https://evil.example","config":{"url":"x","insecure_ssl":"0"}}`,
		`{"method":"POST","url":"https://uploads.github.com/repos/o/r/releases/1/assets{?name,label}","name":"x.zip","data":"zip","headers":{"content-type":"application/zip","Content-Length":"3"}}`,
		`{"method":"GET","url":"/graphql","headers":{"accept":"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA-"},"mediaType":{"previews":["test-preview"],"format":"raw"}}`,
		`{"method":"POST","url":"{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{@","baseUrl":"https://api.github.com"}`,
		`{"method":"POST","url":"{00\u0000\u0000\u0000\u0000\u0000\u0000a!a}"}`,
		`{"url":"/x/{a}/{b}","a":".","b":"..","headers":{"x-a":"1\r\nx-b: 2"}}`,
		`{"url":"{+u}/x","u":"https://evil.example","baseUrl":"https://ghe.example.com/api/v3/","request":{"timeout":5}}`,
		`{"method":"DELETE","url":"/x{?a*}","a":{"k":"v"},"data":[1,2,3]}`,
		`{"method":"HEAD","url":"/x/:name/y","name":"é","q":"is:open+label:bug","mediaType":{"format":"diff"}}`,
		`{"headers":{"accept":null,"x":1,"y":true},"url":"/x"}`,
		`{"url":"/a/{+x}/b","x":"%2e%2e"}`,
		`[]`, `null`, `{"method":1}`, `{"a":` + strings.Repeat("[", 40) + strings.Repeat("]", 40) + `}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var o builder.Options
		if err := json.Unmarshal(data, &o); err != nil {
			return
		}
		before, err := json.Marshal(o)
		if err != nil {
			t.Fatalf("options read from JSON do not write back: %v", err)
		}
		r, err := fuzzEndpoint.Build("", o)
		m, merr := fuzzEndpoint.Merge("", o)
		var p builder.RequestOptions
		perr := merr
		if merr == nil {
			p, perr = fuzzEndpoint.Parse(m)
		}
		again, err2 := fuzzEndpoint.Build("", o)
		after, aerr := json.Marshal(o)
		if aerr != nil || !bytes.Equal(before, after) {
			t.Fatalf("building changed the options:\nbefore %s\nafter  %s", before, after)
		}
		if (err == nil) != (perr == nil) || (err == nil) != (err2 == nil) {
			t.Fatalf("Build %v, Parse(Merge) %v, Build again %v", err, perr, err2)
		}
		// Written back and read again, the options build the same.
		var o2 builder.Options
		if err := json.Unmarshal(before, &o2); err != nil {
			t.Fatalf("options written as %s do not read back: %v", before, err)
		}
		r2, rerr := fuzzEndpoint.Build("", o2)
		if (err == nil) != (rerr == nil) {
			t.Fatalf("round trip through %s: Build %v, then %v", before, err, rerr)
		}
		if err != nil {
			return
		}
		if !reflect.DeepEqual(r, p) || !reflect.DeepEqual(r, again) {
			t.Fatalf("results differ:\nBuild        %#v\nParse(Merge) %#v\nBuild again  %#v", r, p, again)
		}
		if !reflect.DeepEqual(r, r2) {
			t.Fatalf("round trip through %s changed the result:\n%#v\n%#v", before, r, r2)
		}
		if r.Method != strings.ToLower(r.Method) || !isToken(r.Method) {
			t.Fatalf("method %q", r.Method)
		}
		for name, v := range r.Headers {
			if !validHeader(name, v) || name != strings.ToLower(name) {
				t.Fatalf("header %q: %q", name, v)
			}
		}
		if dotSegments(r.URL) > 0 {
			t.Fatalf("URL %q has a dot segment (F19)", r.URL)
		}
		if o.BaseURL != "" || strings.HasPrefix(m.URL, "{+") || strings.Contains(strings.ToLower(m.URL), "://") {
			return
		}
		// A relative template on the fixed base: only URI characters, and
		// the base's host, whatever the parameters.
		if !strings.HasPrefix(r.URL, fuzzBase+"/") {
			t.Fatalf("URL %q does not start with %s/", r.URL, fuzzBase)
		}
		for i := 0; i < len(r.URL); i++ {
			if !strings.ContainsRune("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;=%", rune(r.URL[i])) {
				t.Fatalf("URL %q: byte %q at %d is not a URI character", r.URL, r.URL[i], i)
			}
		}
		if u, err := url.Parse(r.URL); err != nil || u.Host != "api.github.com" || u.User != nil {
			t.Fatalf("URL %q: host %v, error %v", r.URL, u, err)
		}
	})
}

// FuzzOptionsJSONFolded (issue 11): options JSON whose mediaType keys
// differ from the fields only in case ("Format", "PREVIEWS"), which
// encoding/json accepts, decodes in one linear pass exactly as
// encoding/json fills the fields, and anything encoding/json refuses as
// JSON is refused too. Run with
//
//	go test -run '^$' -fuzz '^FuzzOptionsJSONFolded$' -fuzztime 2m ./builder/
func FuzzOptionsJSONFolded(f *testing.F) {
	for _, s := range []string{
		`{"mediaType":{"Format":"raw"}}`,
		`{"mediaType":{"FORMAT":"diff","format":"raw","PREVIEWS":["a","b"]}}`,
		`{"mediaType":{"fOrMaT":null,"Previews":null},"x":1}`,
		`{"mediaType":{"previews":["x"],"Previews":["y"],"other":{"k":[1]}}}`,
		`{"mediaType":{"Format":1}}`,
		`{"mediaType":[]}`,
		`{"mediaType":{"Format":"raw",}}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		// Top-level keys are exact (another spelling is a parameter);
		// mediaType's own keys are matched as encoding/json matches
		// struct fields.
		var ref struct {
			MediaType *struct {
				Format   *string
				Previews []string
			}
		}
		var top map[string]json.RawMessage
		stdErr := json.Unmarshal(data, &top)
		if raw, ok := top["mediaType"]; ok && stdErr == nil {
			stdErr = json.Unmarshal([]byte(`{"MediaType":`+string(raw)+`}`), &ref)
		}
		var o builder.Options
		err := json.Unmarshal(data, &o)
		if !json.Valid(data) {
			if err == nil {
				t.Fatalf("%q is not JSON but decoded", data)
			}
			return
		}
		if err != nil || stdErr != nil {
			return // a field of the wrong type, a limit, or a name we refuse
		}
		want := builder.MediaType{}
		if mt := ref.MediaType; mt != nil {
			if mt.Format != nil {
				want.Format = *mt.Format
			}
			want.Previews = mt.Previews
		}
		if o.MediaType.Format != want.Format || len(o.MediaType.Previews) != len(want.Previews) {
			t.Fatalf("%s: mediaType %#v, encoding/json %#v", data, o.MediaType, want)
		}
		for i := range want.Previews {
			if o.MediaType.Previews[i] != want.Previews[i] {
				t.Fatalf("%s: previews %q, encoding/json %q", data, o.MediaType.Previews, want.Previews)
			}
		}
	})
}
