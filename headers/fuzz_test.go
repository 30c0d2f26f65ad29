package headers_test

// FuzzHeaders: ValidateName and ValidateValue agree
// with net/http's own rule (httpguts); FromMap, Merge, Lookup and Name agree
// with each other; no error text or %#v shows a rejected value; and the
// builder refuses exactly what this package refuses. Run with
//
//	go test -run '^$' -fuzz '^FuzzHeaders$' -fuzztime 2m -parallel 2 ./headers/

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/net/http/httpguts"

	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/headers"
)

// asciiLower and asciiUpper fold ASCII letters only, as HTTP does.
func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 32
		}
	}
	return string(b)
}

func asciiUpper(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'a' <= c && c <= 'z' {
			b[i] = c - 32
		}
	}
	return string(b)
}

// fixedText holds every byte the messages of this package and the
// builder's %#v are made of, apart from the header name.
const fixedText = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 :{}(),.&*[]_#\"'\\"

// leaks reports whether text shows value once every occurrence of the
// name (raw, quoted, and quoted twice as %#v of a wrapped error shows it)
// is removed. Only values with a byte no message is made of can be
// told apart from the message's own words.
func leaks(text, name, value string) bool {
	if strings.Trim(value, fixedText+"…") == "" || strings.Contains(name, value) {
		return false // the message's own words, or part of the name it may show
	}
	// The ellipsis that elides a long or odd name is the message's own,
	// and its bytes must not count as a value of one or two bytes.
	text = strings.ReplaceAll(text, "…", "")
	if name != "" {
		q := strconv.Quote(name)
		qq := strconv.Quote(q)
		for _, n := range []string{qq[1 : len(qq)-1], q, name} {
			text = strings.ReplaceAll(text, n, "")
		}
	}
	return strings.Contains(text, value)
}

func FuzzHeaders(f *testing.F) {
	for _, s := range [][2]string{
		{"accept", "application/vnd.github.v3+json"},
		{"Authorization", "token abc\r\nX-Injected: 1"},
		{"user-agent", "foo\nbar"},
		{"x-a", "tab\there"},
		{"bad name", "v"},
		{"", ""},
		{"ü", "ü"},
		{"COOKIE", "a=b\x00"},
		{"x", "\x7f"},
		{"X-Ünicode", "v"},
		{"K\u212aelvin", "v"},
		{"proxy-authorization", "Basic dXNlcjpwYXNz\r"},
	} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, name, value string) {
		nameOK, valueOK := httpguts.ValidHeaderFieldName(name), httpguts.ValidHeaderFieldValue(value)
		if err := headers.ValidateName(name); (err == nil) != nameOK || err != nil && !errors.Is(err, headers.ErrInvalidName) {
			t.Fatalf("ValidateName(%q) = %v, want ok %v", name, err, nameOK)
		}
		verr := headers.ValidateValue(name, value)
		if (verr == nil) != valueOK || verr != nil && !errors.Is(verr, headers.ErrInvalidValue) {
			t.Fatalf("ValidateValue(%q) = %v, want ok %v", value, verr, valueOK)
		}
		if verr != nil {
			var he *headers.Error
			if !errors.As(verr, &he) || he.Name != name {
				t.Fatalf("ValidateValue error %#v does not name %q", verr, name)
			}
			for _, text := range []string{verr.Error(), fmt.Sprint(verr), fmt.Sprintf("%+v", verr), fmt.Sprintf("%#v", verr), fmt.Sprintf("%s", verr)} {
				if leaks(text, name, value) {
					t.Fatalf("error text %q shows the value %q", text, value)
				}
			}
		}
		if got := headers.Name(name); got != asciiLower(name) {
			t.Fatalf("Name(%q) = %q, want %q", name, got, asciiLower(name))
		}
		sensitive := false
		for _, s := range []string{"authorization", "proxy-authorization", "cookie", "set-cookie"} {
			sensitive = sensitive || asciiLower(name) == s
		}
		if headers.IsSensitive(name) != sensitive {
			t.Fatalf("IsSensitive(%q) = %v", name, !sensitive)
		}

		set, err := headers.FromMap(map[string]string{name: value})
		if (err == nil) != (nameOK && valueOK) {
			t.Fatalf("FromMap(%q: %q) error %v", name, value, err)
		}
		if err == nil {
			if len(set) != 1 || set[asciiLower(name)] != value {
				t.Fatalf("FromMap(%q: %q) = %#v", name, value, set)
			}
			if v, ok := set.Lookup(asciiUpper(name)); !ok || v != value {
				t.Fatalf("Lookup(%q) = %q, %v", asciiUpper(name), v, ok)
			}
			if err := set.Validate(); err != nil {
				t.Fatalf("Validate of a FromMap result: %v", err)
			}
			merged := headers.Merge(headers.Set{name: "first"}, set, headers.Set{asciiUpper(name): "last"})
			if len(merged) != 1 || merged[asciiLower(name)] != "last" {
				t.Fatalf("Merge = %#v, want only %q: last", merged, asciiLower(name))
			}
		}

		// The builder refuses exactly the same headers, with the same
		// sentinels, and never shows the value.
		r, berr := builder.New().Route("GET https://h.example/x").Header(name, value).Build()
		if (berr == nil) != (nameOK && valueOK) {
			t.Fatalf("Build with header %q: %q: error %v", name, value, berr)
		}
		if berr != nil {
			if !errors.Is(berr, headers.ErrInvalidName) && !errors.Is(berr, headers.ErrInvalidValue) {
				t.Fatalf("Build error %v wraps neither headers sentinel", berr)
			}
			if leaks(berr.Error(), name, value) || leaks(fmt.Sprintf("%#v", berr), name, value) {
				t.Fatalf("Build error %q shows the value %q", berr, value)
			}
			return
		}
		if r.Headers[asciiLower(name)] != value {
			t.Fatalf("Build headers %#v, want %q: %q", r.Headers, asciiLower(name), value)
		}
		if headers.IsSensitive(name) && value != "" {
			// Compare with the same request and a dummy value: the value
			// may be a substring of what String shows anyway.
			dummy, _ := builder.New().Route("GET https://h.example/x").Header(name, "v").Build()
			if s := r.String(); strings.Contains(s, value) && !strings.Contains(dummy.String(), value) {
				t.Fatalf("String() %q shows the %s value %q", s, name, value)
			}
		}
	})
}
