package builder_test

import (
	"context"
	"errors"
	"io"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	endpoint "github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/catalog"
	"github.com/endpointkit/endpoint/catalog/github"
	"github.com/endpointkit/endpoint/headers"
	"github.com/endpointkit/endpoint/media"
	"github.com/endpointkit/endpoint/template"
)

// badInput is one way to get an error out of the public face.
type badInput struct {
	name string
	call func() error
	// is is the sentinel the error must wrap.
	is error
	// input is what the message must quote exactly once.
	input string
	// secrets must not appear in the message at all.
	secrets []string
}

// innerPrefixes are the prefixes the inner packages give their own
// messages; wrapped, none of them may show after the outer one.
var innerPrefixes = []string{"template:", "headers:", "catalog:", "media:", "value:", "builder:", "uritemplate:"}

func badInputs() []badInput {
	gh := endpoint.Defaults(endpoint.WithCatalog(github.Catalog()))
	build := func(b *builder.Builder) func() error {
		return func() error { _, err := b.Build(); return err }
	}
	send := func(b *builder.Builder) func() error {
		return func() error { _, err := b.HTTPRequest(context.Background()); return err }
	}
	return []badInput{
		{name: "missing path variable", call: build(endpoint.Route("GET /repos/{owner}/{repo}").Param("owner", "o")),
			is: builder.ErrMissingParam, input: "/repos/{owner}/{repo}"},
		{name: "missing path variable, one step", call: send(endpoint.Route("GET /repos/{owner}/{repo}").Param("owner", "o")),
			is: builder.ErrMissingParam, input: "/repos/{owner}/{repo}"},
		{name: "template syntax", call: build(endpoint.Route("GET /repos/{owner")),
			is: template.ErrSyntax, input: "/repos/{owner"},
		{name: "template operator", call: build(endpoint.Route("GET /x/{|owner}")),
			is: template.ErrSyntax, input: "/x/{|owner}"},
		{name: ":name template", call: build(endpoint.Route("GET /repos/:owner/{repo")),
			is: template.ErrSyntax, input: "/repos/{owner}/{repo"},
		{name: "dot segment", call: build(endpoint.Route("GET /repos/{owner}/x").Param("owner", "..")),
			is: template.ErrDotSegment, input: "/repos/{owner}/x"},
		{name: "nested array in the query", call: build(endpoint.Route("GET /search").Param("filter_spec", []any{[]any{1}})),
			is: template.ErrValue, input: "filter_spec"},
		{name: "prefix on a list", call: build(endpoint.Route("GET /x{?q:2}").Param("q", []string{"a"})),
			is: template.ErrPrefix, input: "/x{?q:2}"},
		{name: "header name carrying a value", call: build(endpoint.Route("GET /x").Header("Authorization: token ghp_SECRET1", "x")),
			is: headers.ErrInvalidName, input: "Authorization…", secrets: []string{"ghp_SECRET1"}},
		{name: "header value with a newline", call: build(endpoint.Route("GET /x").Header("authorization", "token ghp_SECRET2\r\nx: y")),
			is: headers.ErrInvalidValue, input: "authorization", secrets: []string{"ghp_SECRET2"}},
		{name: "header value in defaults", call: func() error {
			return endpoint.Defaults(endpoint.WithHeader("cookie", "s=SECRET3\n")).Err()
		}, is: headers.ErrInvalidValue, input: "cookie", secrets: []string{"SECRET3"}},
		{name: "header in RequestOptions", call: func() error {
			ro := builder.RequestOptions{Method: "GET", URL: "https://x.test/", Headers: map[string]string{"x-api-key": "SECRET4\x00"}}
			_, err := ro.HTTPRequest(context.Background())
			return err
		}, is: headers.ErrInvalidValue, input: "x-api-key", secrets: []string{"SECRET4"}},
		{name: "route without a target", call: build(endpoint.Route("GET")),
			is: builder.ErrInvalidRoute, input: "GET"},
		{name: "route with a space", call: build(endpoint.Route("GET /a b")),
			is: builder.ErrInvalidRoute, input: "GET /a b"},
		{name: "method", call: build(endpoint.Route("/x").Method("G T")),
			is: builder.ErrInvalidMethod, input: "G T"},
		{name: "base URL scheme with userinfo", call: build(endpoint.Route("GET /x").BaseURL("ftp://me:SECRET5@h.test/")),
			is: builder.ErrInvalidBaseURL, secrets: []string{"SECRET5"}},
		{name: "base URL with a query token", call: build(endpoint.Route("GET /x").BaseURL("https://h.test/?access_token=SECRET6")),
			is: builder.ErrInvalidBaseURL, secrets: []string{"SECRET6"}},
		{name: "URL with userinfo and a bad template", call: build(endpoint.Route("GET https://me:SECRET7@h.test/{x")),
			is: template.ErrSyntax, secrets: []string{"SECRET7"}},
		{name: "expression in the host", call: build(endpoint.Route("GET https://{host}/x").Param("host", "evil.test")),
			is: template.ErrAuthority, input: "https://{host}/x"},
		{name: "no URL", call: func() error { _, err := (&builder.Endpoint{}).Parse(builder.Options{Method: "GET"}); return err },
			is: builder.ErrMissingURL},
		{name: "empty parameter name", call: build(endpoint.Route("GET /x").Param("", 1)),
			is: builder.ErrInvalidParam},
		{name: "value without a JSON form", call: build(endpoint.Route("POST /x").Param("cb", func() {})),
			is: builder.ErrInvalidValue, input: "cb"},
		{name: "failing MarshalJSON", call: build(endpoint.Route("POST /x").Param("payload", failingJSON{})),
			is: builder.ErrInvalidValue, input: "payload"},
		{name: "data with body parameters", call: build(endpoint.Route("POST /x").Data("raw").Param("title", 1)),
			is: builder.ErrDataWithParams, input: "title"},
		{name: "data on GET", call: build(endpoint.Route("GET /x").Data("raw")),
			is: builder.ErrDataNotAllowed},
		{name: "nil option", call: func() error { return endpoint.Defaults(nil).Err() },
			is: builder.ErrInvalidOption},
		{name: "options JSON of the wrong shape", call: func() error {
			var o builder.Options
			return o.UnmarshalJSON([]byte(`{"method": 3}`))
		}, is: builder.ErrInvalidOptions},
		{name: "options JSON cut short", call: func() error {
			var o builder.Options
			return o.UnmarshalJSON([]byte(`{"headers": {"authorization": "token SECRET8`))
		}, is: builder.ErrInvalidOptions, secrets: []string{"SECRET8"}},
		{name: "unknown format", call: build(endpoint.Route("GET /x").Format("raw+json\n")),
			is: media.ErrInvalidName, input: `"raw+json\n"`},
		{name: "preview", call: build(endpoint.Route("GET /x").Preview("squirrel-girl", "a b")),
			is: media.ErrInvalidName, input: `"a b"`},
		{name: "too deep", call: build(endpoint.Route("POST /x").Param("v", deep(40))),
			is: builder.ErrLimit},
		{name: "catalogue: unknown route", call: build(gh.Route("GET /repos/{owner}/{repo}/issuez")),
			is: catalog.ErrUnknownRoute, input: "GET /repos/{owner}/{repo}/issuez"},
		{name: "catalogue: unknown operation ID", call: build(gh.Route("issues/list-for-repoo")),
			is: catalog.ErrUnknownRoute, input: "issues/list-for-repoo"},
		{name: "catalogue: unknown parameter", call: build(gh.Route("GET /repos/{owner}/{repo}/issues").Param("owner", "o").Param("repo", "r").Param("stat", "open")),
			is: catalog.ErrUnknownParam, input: "GET /repos/{owner}/{repo}/issues"},
		{name: "catalogue: missing parameter", call: build(gh.Route("GET /repos/{owner}/{repo}/issues").Param("owner", "o")),
			is: catalog.ErrMissingParam, input: "GET /repos/{owner}/{repo}/issues"},
		{name: "catalogue: enum", call: build(gh.Route("GET /repos/{owner}/{repo}/issues").Param("owner", "o").Param("repo", "r").Param("state", "opne")),
			is: catalog.ErrEnum, input: "GET /repos/{owner}/{repo}/issues"},
		{name: "catalogue: sensitive value of the wrong type", call: build(gh.Route("POST /applications/{client_id}/token").Param("client_id", "c").Param("access_token", 12345678)),
			is: catalog.ErrType, secrets: []string{"12345678"}},
	}
}

type failingJSON struct{}

func (failingJSON) MarshalJSON() ([]byte, error) { return nil, errors.New("no") }

func deep(n int) any {
	var v any = "leaf"
	for range n {
		v = []any{v}
	}
	return v
}

var _ = Describe("error text", func() {
	for _, c := range badInputs() {
		It("says it once: "+c.name, func() {
			err := c.call()
			Expect(err).To(HaveOccurred())
			Expect(err).To(MatchError(c.is))
			var be *builder.Error
			Expect(errors.As(err, &be)).To(BeTrue(), "an *builder.Error: %v", err)

			msg := err.Error()
			Expect(msg).To(HavePrefix("endpoint: "))
			Expect(strings.Count(msg, "endpoint:")).To(Equal(1), msg)
			for _, p := range innerPrefixes {
				Expect(msg).NotTo(ContainSubstring(": "+p), msg)
			}
			if c.input != "" {
				Expect(strings.Count(msg, c.input)).To(Equal(1), msg)
			}
			for _, s := range c.secrets {
				Expect(msg).NotTo(ContainSubstring(s))
			}
			Expect(msg).NotTo(ContainSubstring("\n"))
		})
	}

	It("quotes no word of three or more characters twice in a row of bad inputs", func() {
		// A coarser net under the table: any quoted string that shows
		// twice is an input said twice.
		for _, c := range badInputs() {
			msg := c.call().Error()
			seen := map[string]bool{}
			for _, q := range quoted(msg) {
				if len(q) < 3 {
					continue
				}
				Expect(seen[q]).To(BeFalse(), "%s: %q quoted twice in %s", c.name, q, msg)
				seen[q] = true
			}
		}
	})

	It("keeps the body reader untouched when a build fails", func() {
		r := strings.NewReader("payload")
		_, err := endpoint.Route("POST /x/{id}").Data(io.Reader(r)).Build()
		Expect(err).To(MatchError(builder.ErrMissingParam))
		Expect(r.Len()).To(Equal(len("payload")))
	})
})

// quoted returns the Go-quoted strings in msg.
func quoted(msg string) []string {
	var out []string
	for {
		i := strings.IndexByte(msg, '"')
		if i < 0 {
			return out
		}
		j := i + 1
		for j < len(msg) && msg[j] != '"' {
			if msg[j] == '\\' {
				j++
			}
			j++
		}
		if j >= len(msg) {
			return out
		}
		out = append(out, msg[i+1:j])
		msg = msg[j+1:]
	}
}
