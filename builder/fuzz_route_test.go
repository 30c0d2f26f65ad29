package builder_test

// FuzzRoute (issue #5, item 1): any route string, with every variable of
// its template and one query or body parameter set to the fuzzed value,
// either fails or gives a result that keeps the invariants of
// property_test.go. Run with
//
//	go test -run '^$' -fuzz '^FuzzRoute$' -fuzztime 2m -parallel 2 ./builder/
//
// Inputs it found are in testdata/fuzz/FuzzRoute (run by every go test)
// and in the specs labelled "regression" named after them.

import (
	"bytes"
	"context"
	"encoding/json"
	"net/url"
	"reflect"
	"strings"
	"testing"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/template"
)

// extraParam is never a template variable: variable names cannot hold a
// space.
const extraParam = "extra param"

// uriChars are the bytes a built URL may hold (RFC 3986 unreserved,
// reserved and "%"), given an ASCII base URL.
const uriChars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;=%"

// routeParams sets every variable of route's template, and extraParam, to
// value.
func routeParams(route, value string) builder.Params {
	p := builder.Params{}
	if m, err := endpoint.Merge(route, builder.Options{}); err == nil {
		if t, err := template.Parse(m.URL); err == nil {
			for _, name := range t.Vars() {
				p = p.With(name, value)
			}
		}
	}
	return p.With(extraParam, value)
}

func FuzzRoute(f *testing.F) {
	for _, s := range [][2]string{
		{"GET /repos/{owner}/{repo}/issues", "octokit"},
		{"POST /repos/{owner}/{repo}/issues", "a b"},
		{"GET /orgs/:org/repos", "../x"},
		{"PATCH /repos/{owner}/{repo}/hooks/{hook_id}/config", "https://evil.example"},
		{"GET {+url}", "https://evil.example/x"},
		{"GET https://uploads.github.com/repos/o/r/releases/1/assets{?name,label}", "x.zip"},
		{"GET /search/issues{?q}", "is:open+label:bug"},
		{"GET /x{/a*}{.b}{;c}{?d}{&e}{#f}", "."},
		{"GET /x/{a:3}", "..."},
		{"DELETE /x/{a}{b}", "."},
		{"GET https://api.github.com{x}/y", ".evil.example"},
		{"{+base}/x", "//evil.example"},
		{"GET /x", "%2e%2e"},
		{"GET /{" + strings.Repeat("{", 100) + "@", "x"},
		{"POST {00" + strings.Repeat("\x00", 100) + "a!a}", "x"},
		{"GET /x/{" + strings.Repeat("a", 50) + "}", "\r\nX-Injected: 1"},
		{" GET /x", "y"},
		{"GET  /x", "y"},
		{"GE(T /x", "y"},
		{"get /ü/{x}", "日本"},
		{"GET /compare/{base}...{head}", "main"},
		{"PUT /x/{a,b}", ""},
	} {
		f.Add(s[0], s[1])
	}
	ctx := context.Background()
	f.Fuzz(func(t *testing.T, route, value string) {
		o := builder.Options{Params: routeParams(route, value)}
		r, err := endpoint.Build(route, o)
		m, merr := endpoint.Merge(route, o)
		var p builder.RequestOptions
		perr := merr
		if merr == nil {
			p, perr = endpoint.Parse(m)
		}
		if (err == nil) != (perr == nil) {
			t.Fatalf("Build error %v, Parse(Merge) error %v", err, perr)
		}
		again, err2 := endpoint.Build(route, o)
		if (err == nil) != (err2 == nil) {
			t.Fatalf("Build is not deterministic: %v then %v", err, err2)
		}
		if err != nil {
			if err.Error() != err2.Error() {
				t.Fatalf("error text differs: %q then %q", err, err2)
			}
			return
		}
		if !reflect.DeepEqual(r, p) || !reflect.DeepEqual(r, again) {
			t.Fatalf("results differ:\nBuild        %#v\nParse(Merge) %#v\nBuild again  %#v", r, p, again)
		}
		if r.Method == "" || r.Method != strings.ToLower(r.Method) || !validHeader(r.Method, "") {
			t.Fatalf("method %q", r.Method)
		}
		for name, v := range r.Headers {
			if !validHeader(name, v) {
				t.Fatalf("header %q: %q", name, v)
			}
		}
		for i := 0; i < len(r.URL); i++ {
			if strings.IndexByte(uriChars, r.URL[i]) < 0 {
				t.Fatalf("URL %q: byte %q at %d is not a URI character", r.URL, r.URL[i], i)
			}
		}
		u, err := url.Parse(r.URL)
		if err != nil {
			t.Fatalf("URL %q does not parse: %v", r.URL, err)
		}
		if _, err := r.HTTPRequest(ctx); err != nil {
			t.Fatalf("HTTPRequest: %v", err)
		}
		if dotSegments(r.URL) > 0 {
			t.Fatalf("URL %q has a dot segment (F19)", r.URL)
		}
		// The extra parameter is sent once, last, in the query or body.
		if hasBodyMethod(r.Method) {
			body, ok := r.Body.(json.RawMessage)
			last, _ := builder.Params{{Name: extraParam, Value: value}}.MarshalJSON()
			if !ok || !bytes.HasSuffix(body, append([]byte{','}, last[1:]...)) && !bytes.Equal(body, last) {
				t.Fatalf("body %s does not end with %q=%q", r.Body, extraParam, value)
			}
		} else {
			// Invalid UTF-8 is sent as U+FFFD, a byte at a time (see
			// Builder.Param).
			tail := "=" + encodeComponent(replaceInvalidUTF8(value), false)
			if !strings.HasSuffix(r.URL, "?"+encodeComponent(extraParam, false)+tail) &&
				!strings.HasSuffix(r.URL, "&"+encodeComponent(extraParam, false)+tail) {
				t.Fatalf("URL %q does not end with the extra parameter", r.URL)
			}
		}
		// Compare with the same route and a benign value: a value keeps
		// the scheme, host and port (unless the template starts with
		// {+...}), and without reserved expansion the path's segments.
		benign, err := endpoint.Build(route, builder.Options{Params: routeParams(route, "v")})
		if err != nil {
			return // the value made a segment valid that "v" does not
		}
		bu, err := url.Parse(benign.URL)
		if err != nil {
			t.Fatalf("benign URL %q does not parse: %v", benign.URL, err)
		}
		if !strings.HasPrefix(m.URL, "{+") {
			if u.Scheme != bu.Scheme || u.Host != bu.Host || (u.User == nil) != (bu.User == nil) {
				t.Fatalf("the value moved the request: %q, with a benign value %q", r.URL, benign.URL)
			}
		}
		if strings.Contains(m.URL, "{+") {
			return
		}
		if got, want := strings.Count(urlPath(r.URL), "/"), strings.Count(urlPath(benign.URL), "/"); got != want {
			t.Fatalf("the value changed the segment count: %q (%d slashes), with a benign value %q (%d)", r.URL, got, benign.URL, want)
		}
	})
}

// replaceInvalidUTF8 writes each byte of s that is not part of valid UTF-8
// as U+FFFD, as the value model converts strings.
func replaceInvalidUTF8(s string) string {
	var b strings.Builder
	for _, r := range s {
		b.WriteRune(r) // ranging over a string yields U+FFFD for each bad byte
	}
	return b.String()
}
