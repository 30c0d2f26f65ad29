package paginate_test

// FuzzParseLinks: Parse never panics; what it accepts, Format writes back
// so that Parse gives the same links and Format the same text; what it
// refuses is an *Error wrapping ErrSyntax; Next on the same header never
// panics and never returns a request to another origin. Run with
//
//	go test -run '^$' -fuzz '^FuzzParseLinks$' -fuzztime 2m ./paginate/

import (
	"errors"
	"net/http"
	"reflect"
	"strings"
	"testing"

	"github.com/endpointkit/endpoint/paginate"
)

func FuzzParseLinks(f *testing.F) {
	for _, s := range []string{
		`<https://api.github.com/repositories/1/issues?page=2>; rel="next", <https://api.github.com/repositories/1/issues?page=5>; rel="last"`,
		`</TheBook/chapter2>; rel="previous"; title*=UTF-8'de'letztes%20Kapitel, </TheBook/chapter4>; rel="next"; title*=UTF-8'de'n%c3%a4chstes%20Kapitel`,
		`<http://example.org/>; rel="start http://example.net/relation/other"`,
		`<https://x.test/a,b>; title="a; b, \"c\" \\"; REL=NEXT; crossorigin`,
		`, <a>;; rel=next;,, ,<b>; rel=last,`,
		`<https://api.github.com@evil.test/>; rel=next`,
		`<//evil.test/x>; rel=next`,
		`<?page=2>; rel=next`,
		`<>; rel=next`,
		`<https://x.test/; rel=next`,
		`<a>; rel="next`,
		"<a>; title=\"\x80\xff\t\"",
		`<a>; rel=`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, value string) {
		links, err := paginate.Parse(value)
		if err != nil {
			var pe *paginate.Error
			if !errors.As(err, &pe) || !errors.Is(err, paginate.ErrSyntax) || !strings.HasPrefix(err.Error(), "paginate: parse ") {
				t.Fatalf("Parse(%q): error %#v", value, err)
			}
		} else {
			text := paginate.Format(links)
			back, err := paginate.Parse(text)
			if err != nil {
				t.Fatalf("Parse(Format(Parse(%q))) = %q: %v", value, text, err)
			}
			if !reflect.DeepEqual(back, links) {
				t.Fatalf("Parse(%q) = %#v, but Parse(%q) = %#v", value, links, text, back)
			}
			if again := paginate.Format(back); again != text {
				t.Fatalf("Format not stable: %q then %q", text, again)
			}
			h := http.Header{}
			h.Add("Link", value)
			if hl, err := paginate.ParseLinks(h); err != nil || !reflect.DeepEqual(hl, links) {
				t.Fatalf("ParseLinks disagrees with Parse on %q: %#v, %v", value, hl, err)
			}
		}

		const origin = "https://api.github.com"
		req, _ := http.NewRequest(http.MethodGet, origin+"/repos/o/r/issues?page=1", nil)
		resp := &http.Response{Header: http.Header{"Link": {value}}, Request: req}
		next, err := paginate.Next(resp)
		switch {
		case err != nil:
			if next != nil {
				t.Fatalf("Next(%q): both a request and %v", value, err)
			}
		case next != nil:
			u := next.URL
			if u.Scheme != "https" || !strings.EqualFold(u.Hostname(), "api.github.com") || (u.Port() != "" && u.Port() != "443") || u.User != nil {
				t.Fatalf("Next(%q) leaves the origin: %s", value, u)
			}
		}
	})
}
