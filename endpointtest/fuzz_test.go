package endpointtest_test

import (
	"net/http"
	"testing"
	"unicode/utf8"

	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/endpointtest"
)

// FuzzRoute holds the reverse match to two rules for any route and any
// URL: no panic, and a route that matches a URL the builder expanded from
// it gives back the values it was given.
func FuzzRoute(f *testing.F) {
	for _, s := range [][3]string{
		{"GET /repos/{owner}/{repo}/issues", "/repos/o/r/issues?state=open", "a b/c"},
		{"GET /repos/{owner}/{repo}/compare/{base}...{head}", "/repos/o/r/compare/a...b", "x@y"},
		{"GET /x{;id}", "/x;id=1", "1"},
		{"GET /files{/path*}", "/files/a/b", "%zz"},
		{"POST /a/{b}{?c,d}", "/a/%2F?d=1&c=2", "é"},
		{"GET /teams/{enterprise-team}", "/teams/t", ""},
		{"GET /search?q=a{&page}", "/search?page=2&q=a", "+"},
	} {
		f.Add(s[0], s[1], s[2])
	}
	f.Fuzz(func(t *testing.T, route, url, value string) {
		if len(route) > 512 || len(url) > 512 || len(value) > 64 {
			return
		}
		m := endpointtest.Route(route)
		_, _ = m.Params(builder.RequestOptions{Method: "get", URL: url})
		r, err := http.NewRequest(http.MethodGet, "http://h"+url, nil)
		if err == nil {
			_ = endpointtest.Match(r, m, endpointtest.Query("q", value), endpointtest.JSONBody(value))
		}
		// One variable in a whole segment: the value comes back.
		ro, err := builder.New().Route("GET /fuzz/{v}/end").Param("v", value).Build()
		if err != nil {
			return
		}
		ps, err := endpointtest.Route("GET /fuzz/{v}/end").Params(ro)
		if err != nil {
			t.Fatalf("%q: %v", ro.URL, err)
		}
		// (Invalid UTF-8 is the builder's to replace, as encoding/json does.)
		if got, _ := ps.Get("v"); utf8.ValidString(value) && got != value {
			t.Fatalf("%q gave %q, want %q", ro.URL, got, value)
		}
	})
}
