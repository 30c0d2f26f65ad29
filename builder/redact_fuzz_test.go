package builder_test

// FuzzRedactURL: whatever text comes before it, a credential written after
// a sensitive query or fragment name, or as a URL's password, is masked,
// and RedactURL ends. Run with
//
//	go test -run '^$' -fuzz '^FuzzRedactURL$' -fuzztime 2m ./builder/
//
// Inputs it found are entries of the RedactURL table (redact_test.go).

import (
	"strings"
	"testing"

	"github.com/endpointkit/endpoint/builder"
)

func FuzzRedactURL(f *testing.F) {
	for _, s := range []string{
		"https://x/cb?next=https://alice:s3cret@h/&a=1",
		"/x?u=https%253A%252F%252Fa%253Ab%2540h",
		"/x?state=a%26access_token%3D",
		"https://",
		"#=%0",
		"?a=%41",
	} {
		f.Add(s, "secretvalue")
	}
	f.Fuzz(func(t *testing.T, prefix, secret string) {
		builder.RedactURL(prefix)
		// A secret of letters g-z cannot be read as a hex digit, a
		// separator or a template, nor made by escaping other bytes.
		if len(secret) < 4 || strings.Trim(secret, "ghijklmnopqrstuvwxyz") != "" {
			return
		}
		forms := []string{"?token=" + secret, "&access_token=" + secret + "&a=1", "#client_secret=" + secret, "https://u:" + secret + "@h/"}
		// Without "//", a scheme glued to a word ("xhttps:") is another
		// scheme, or none, and has no user information.
		if n := len(prefix); n == 0 || !strings.ContainsRune(schemeChars, rune(prefix[n-1])) {
			forms = append(forms, "https:u:"+secret+"@h/")
		}
		for _, form := range forms {
			in := prefix + form
			if strings.Count(in, secret) != 1 {
				continue
			}
			if out := builder.RedactURL(in); strings.Contains(out, secret) {
				t.Fatalf("RedactURL(%q) = %q: the credential is kept", in, out)
			}
		}
	})
}

// schemeChars are the bytes of a URL scheme after its first letter.
const schemeChars = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+-."
