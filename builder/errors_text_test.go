package builder_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
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

// A password typed unencoded may hold any byte (a space, "<", "/", "?", "#"):
// errors quoted such URLs and hosts with it, and net/url's reason part of it.
var _ = Describe("user information holding any byte", Label("regression"), func() {
	// userinfoCalls are the public entry points that quote a URL, base
	// URL or host as given, by name.
	userinfoCalls := func(u string) map[string]func() error {
		return map[string]func() error{
			"Builder.BaseURL": func() error { _, err := endpoint.Route("GET /x").BaseURL(u).Build(); return err },
			"WithBaseURL":     func() error { _, err := endpoint.Defaults(endpoint.WithBaseURL(u)).Route("GET /x").Build(); return err },
			"options JSON": func() error {
				b, _ := json.Marshal(map[string]string{"baseUrl": u})
				_, err := endpoint.Defaults().BuildJSON("GET /x", b)
				return err
			},
			"builder.Options": func() error {
				_, err := endpoint.Defaults().Build("GET /x", builder.Options{BaseURL: u})
				return err
			},
			"Builder.HTTPRequest": func() error {
				_, err := endpoint.Route("GET /x").BaseURL(u).HTTPRequest(context.Background())
				return err
			},
			"RequestOptions.HTTPRequest": func() error {
				_, err := builder.RequestOptions{Method: "GET", URL: u}.HTTPRequest(context.Background())
				return err
			},
			"route":                func() error { _, err := endpoint.Route("GET " + u).Build(); return err },
			"route without method": func() error { _, err := endpoint.Route(u).Build(); return err },
			"EnterpriseBaseURL":    func() error { _, err := endpoint.EnterpriseBaseURL(u); return err },
			"EnterpriseUploadsURL": func() error { _, err := endpoint.EnterpriseUploadsURL(u); return err },
			"EnterpriseGraphQLURL": func() error { _, err := endpoint.EnterpriseGraphQLURL(u); return err },
			"WithEnterprise": func() error {
				_, err := endpoint.Defaults(endpoint.WithEnterprise(u)).Route("GET /x").Build()
				return err
			},
			"WithEnterprise Err":    func() error { return endpoint.Defaults(endpoint.WithEnterprise(u)).Err() },
			"Builder.BaseURL Merge": func() error { _, err := endpoint.Route("GET /x").BaseURL(u).Merge(); return err },
		}
	}

	DescribeTable("no error shows the password, however printed",
		func(u, secret string, sites ...string) {
			calls := userinfoCalls(u)
			for _, site := range sites {
				err := calls[site]()
				Expect(err).To(HaveOccurred(), "%s(%q)", site, u)
				if !strings.HasPrefix(site, "Enterprise") && site != "WithEnterprise Err" {
					var be *builder.Error
					Expect(errors.As(err, &be)).To(BeTrue(), site)
				}
				expectNoSecret(err, secret, site)
			}
			for site, call := range calls {
				if err := call(); err != nil {
					expectNoSecret(err, secret, site)
				}
			}
			// The Endpoint and its defaults print the base URL too.
			e := endpoint.Defaults(endpoint.WithBaseURL(u))
			for _, verb := range []string{"%v", "%+v", "%#v", "%s", "%q"} {
				Expect(fmt.Sprintf(verb, e)).NotTo(ContainSubstring(secret), verb)
				Expect(fmt.Sprintf(verb, e.DefaultOptions())).NotTo(ContainSubstring(secret), verb)
				Expect(fmt.Sprintf(verb, e.Route("GET /x"))).NotTo(ContainSubstring(secret), verb)
			}
		},
		Entry("a space in the password", "https://user:pa ssSECRET@host/x", "pa ssSECRET",
			"Builder.BaseURL", "WithBaseURL", "options JSON", "builder.Options", "Builder.HTTPRequest",
			"RequestOptions.HTTPRequest", "route", "EnterpriseBaseURL", "WithEnterprise"),
		Entry("< in the user name", "https://us<er:secret@host", "secret",
			"Builder.BaseURL", "WithBaseURL", "options JSON", "builder.Options", "RequestOptions.HTTPRequest", "route",
			"EnterpriseUploadsURL"),
		Entry("an unencoded / in the password", "https://user:pa/ssSECRET@host/api", "pa/ssSECRET",
			"Builder.BaseURL", "WithBaseURL", "options JSON", "builder.Options", "RequestOptions.HTTPRequest", "route",
			"EnterpriseGraphQLURL"),
		Entry("net/url would quote the password's start as a port", "https://user:paSECRET/x@host/api", "paSECRET",
			"Builder.BaseURL", "RequestOptions.HTTPRequest", "route"),
		Entry("? in the password", "https://user:pa?ssSECRET@host/api", "pa?ssSECRET",
			"Builder.BaseURL", "WithBaseURL", "RequestOptions.HTTPRequest", "route"),
		Entry("# in the password", "https://user:pa#ssSECRET@host/api", "pa#ssSECRET",
			"Builder.BaseURL", "WithBaseURL", "RequestOptions.HTTPRequest", "route"),
		Entry("a bad escape in the password", "https://user:pa%zzSECRET@host/api", "%zzSECRET",
			"Builder.BaseURL", "RequestOptions.HTTPRequest", "route"),
		Entry("a tab in the password", "https://user:pa\tSECRET@host/api", "SECRET",
			"Builder.BaseURL", "RequestOptions.HTTPRequest", "route"),
		Entry("a NUL in the password", "https://user:pa\x00SECRET@host/api", "SECRET",
			"Builder.BaseURL", "RequestOptions.HTTPRequest", "route"),
		Entry("a quote and a space", "https://user:pa' SECRET@host/x", "SECRET",
			"Builder.BaseURL", "RequestOptions.HTTPRequest", "route"),
		Entry("no host after the password", "https://user:pa ssSECRET@", "SECRET",
			"Builder.BaseURL", "RequestOptions.HTTPRequest", "route"),
		Entry("digits and / in the password, which net/url reads as a port and a path", "https://user:12/SECRET@host/api?x=1", "SECRET",
			"Builder.BaseURL", "WithBaseURL", "EnterpriseBaseURL"),
		Entry("no scheme, a space", "user:pa ssSECRET@host/x", "SECRET",
			"Builder.BaseURL", "RequestOptions.HTTPRequest", "route", "EnterpriseBaseURL"),
		Entry("no scheme, a /", "user:pa/ssSECRET@host/x", "SECRET",
			"Builder.BaseURL", "WithBaseURL", "RequestOptions.HTTPRequest", "EnterpriseBaseURL"),
		Entry("no scheme, a //", "user:pa//SECRET@host/x", "SECRET",
			"Builder.BaseURL", "RequestOptions.HTTPRequest", "EnterpriseBaseURL"),
		Entry("no scheme, :// in the password", "user:paSECRET://x@host/x", "paSECRET",
			"Builder.BaseURL", "RequestOptions.HTTPRequest", "EnterpriseBaseURL"),
		Entry("scheme-relative, a space", "//user:pa ssSECRET@host/x", "SECRET",
			"Builder.BaseURL", "RequestOptions.HTTPRequest", "route"),
		Entry("a web scheme without slashes, a space", "https:user:pa ssSECRET@host/x", "SECRET",
			"Builder.BaseURL", "RequestOptions.HTTPRequest", "route", "EnterpriseBaseURL"),
	)

	It("names the real problem of a password net/url cannot read, and keeps the sentinels", func() {
		_, err := endpoint.Route("GET /x").BaseURL("https://user:pa/ss@host/api").Build()
		Expect(err).To(MatchError(builder.ErrInvalidBaseURL))
		Expect(err).To(MatchError(builder.ErrInvalidHost))
		Expect(err.Error()).To(Equal(`endpoint: base url "https://[REDACTED]@host/api": invalid base url: invalid host: invalid user information (percent-encode it)`))

		// Another fault is still named, said of the URL without its
		// password.
		_, err = endpoint.Route("GET /x").BaseURL("https://user:pa ss@host:99999x/api").Build()
		Expect(err).To(MatchError(builder.ErrInvalidHost))
		Expect(err.Error()).To(HaveSuffix(`invalid host: invalid port ":99999x" after host`))
		Expect(err.Error()).NotTo(ContainSubstring("pa ss"))
	})

	It("keeps what is no user information as it is", func() {
		_, err := endpoint.Route("GET /x").BaseURL("https://host/a b/?q=1").Build()
		Expect(err).To(MatchError(builder.ErrInvalidBaseURL))
		Expect(err.Error()).To(ContainSubstring(`"https://host/a b/?q=1"`))
		_, err = endpoint.Route("GET /a b").Build()
		Expect(err).To(MatchError(builder.ErrInvalidRoute))
		Expect(err.Error()).To(ContainSubstring(`"GET /a b"`))
	})

	It("masks a password of random bytes in every URL shape, wherever an error quotes it", func() {
		shapes := []string{
			"https://user:%s@host/api", "https://user:%s@host", "https://%s@host/api", "http://user:%s@host:8080/api/v3",
			"https://user:%s@host/api?x=1", "https://user:%s@host/a/../b", "ftp://user:%s@host/", "https://user:%s@",
			"https://user:%s@ho st/", "https://user:%s@[::1/", "https://user:%s@host:99999/", "https://user:%s@host/%%zz",
			"https://user:%s@host/repos/a@b", "//user:%s@host/api", "user:%s@host/api", "x-access-token:%s@ghe.example.com/api/v3",
			"HTTPS://user:%s@host/api", "https:user:%s@host/api", `https:\\user:%s@host/api`, "https:/user:%s@host/api",
		}
		// Each piece between two markers is one of these; a marker that
		// shows in a message is a piece of the password that shows.
		pieces := []string{" ", "<", ">", "/", "//", "%", "%zz", "%41", "%2F", ":", "@", "?", "#", "\\", `"`, "'", "{", "}",
			"&", "=", "[", "]", "|", "^", "`", "\t", "\n", "\x00", "\x7f", "é", "密", "🔑", "\xff", "://", "12/", "a b"}
		markers := []string{"Qz", "Xj", "Vk", "Wq", "Jy"}
		rng := rand.New(rand.NewPCG(uint64(GinkgoRandomSeed()), 1))
		rounds := scaled(300)
		checked := 0
		var leaks []string // a marker in a message: a piece of the password that shows
		for range rounds {
			var b strings.Builder
			if rng.IntN(4) == 0 {
				b.WriteString("12/") // read by net/url as a port, then a path
			}
			for i, m := range markers {
				b.WriteString(m)
				if i < len(markers)-1 {
					b.WriteString(pieces[rng.IntN(len(pieces))])
				}
			}
			secret := b.String()
			for _, shape := range shapes {
				u := fmt.Sprintf(shape, secret)
				for site, call := range userinfoCalls(u) {
					err := call()
					if err == nil {
						continue
					}
					checked++
					// Plain Go in the loop, Gomega once: a million
					// Expect calls would cost seconds.
					for _, text := range errorTexts(err) {
						for _, m := range markers {
							if strings.Contains(text, m) {
								leaks = append(leaks, fmt.Sprintf("%s(%q): %s", site, u, text))
							}
						}
					}
				}
			}
		}
		Expect(leaks).To(BeEmpty())
		Expect(checked).To(BeNumerically(">", rounds*len(shapes)), "most calls fail")
	})
})

// expectNoSecret checks every way an error reaches a log line.
func expectNoSecret(err error, secret, site string) {
	GinkgoHelper()
	quoted := strconv.Quote(secret)
	forms := []string{secret, quoted[1 : len(quoted)-1]}
	for _, text := range errorTexts(err) {
		for _, s := range forms {
			Expect(text).NotTo(ContainSubstring(s), "%s: %s", site, text)
		}
	}
}

// errorTexts are err printed with %v, %+v, %s, %q and %#v, and the text
// of every error its Unwrap chains reach.
func errorTexts(err error) []string {
	texts := []string{fmt.Sprintf("%v", err), fmt.Sprintf("%+v", err), fmt.Sprintf("%s", err), fmt.Sprintf("%q", err), fmt.Sprintf("%#v", err)}
	var walk func(error)
	walk = func(e error) {
		if e == nil {
			return
		}
		texts = append(texts, e.Error(), fmt.Sprintf("%+v", e))
		switch u := e.(type) {
		case interface{ Unwrap() error }:
			walk(u.Unwrap())
		case interface{ Unwrap() []error }:
			for _, c := range u.Unwrap() {
				walk(c)
			}
		}
	}
	walk(err)
	return texts
}

// A template that failed to parse was quoted by the inner *template.Error with
// its user information masked but not its ?access_token=….
var _ = Describe("a template error over a URL that holds a token", Label("regression"), func() {
	// templateCalls are the public entry points that parse target, a
	// route's target or a URL, as a template, by name.
	templateCalls := func(target string) map[string]func() error {
		build := func(b *builder.Builder) func() error {
			return func() error { _, err := b.Build(); return err }
		}
		return map[string]func() error{
			"route":                build(endpoint.Route("GET " + target)),
			"route without method": build(endpoint.Route(target)),
			"Builder.URL":          build(endpoint.Route("GET /x").URL(target)),
			"endpoint.Build":       func() error { _, err := endpoint.Build("GET "+target, builder.Options{}); return err },
			"URL option": func() error {
				_, err := endpoint.Build("", builder.Options{Method: "GET", URL: target})
				return err
			},
			"endpoint.Parse": func() error {
				_, err := endpoint.Parse(builder.Options{Method: "GET", URL: target})
				return err
			},
			"WithURL": func() error {
				_, err := endpoint.Defaults(endpoint.WithMethod("GET"), endpoint.WithURL(target)).Build("", builder.Options{})
				return err
			},
			"WithRoute": func() error {
				_, err := endpoint.Defaults(endpoint.WithRoute("GET "+target)).Build("", builder.Options{})
				return err
			},
			"options JSON": func() error {
				b, _ := json.Marshal(map[string]string{"method": "GET", "url": target})
				_, err := endpoint.Defaults().BuildJSON("", b)
				return err
			},
			"Builder.HTTPRequest": func() error {
				_, err := endpoint.Route("GET " + target).HTTPRequest(context.Background())
				return err
			},
		}
	}

	DescribeTable("no error of the chain shows it, however printed",
		func(target string, is error, secrets ...string) {
			for site, call := range templateCalls(target) {
				err := call()
				Expect(err).To(MatchError(is), "%s(%q)", site, target)
				var te *template.Error
				Expect(errors.As(err, &te)).To(BeTrue(), "%s(%q): a template's error: %v", site, target, err)
				expectChainHides(err, site, secrets...)
			}
		},
		Entry("access_token", "/user?access_token=S3CRETa1{", template.ErrSyntax, "S3CRETa1"),
		Entry("client_secret after another parameter", "/user?per_page=1&client_secret=S3CRETa2{", template.ErrSyntax, "S3CRETa2"),
		Entry("refresh_token, the error after it", "/user?refresh_token=S3CRETa3&x={", template.ErrSyntax, "S3CRETa3"),
		Entry("token inside an unclosed expression", "/user{?token=S3CRETa4", template.ErrSyntax, "S3CRETa4"),
		Entry("PASSWORD in capitals", "/user?PASSWORD=S3CRETa5{", template.ErrSyntax, "S3CRETa5"),
		Entry("private_key", "/keys?private_key=S3CRETa6{", template.ErrSyntax, "S3CRETa6"),
		Entry("a bracketed name", "/user?user[password]=S3CRETa7{", template.ErrSyntax, "S3CRETa7"),
		Entry("a list name", "/user?token[]=S3CRETa8{", template.ErrSyntax, "S3CRETa8"),
		Entry("a percent-encoded name", "/user?access%5Ftoken=S3CRETa9{", template.ErrSyntax, "S3CRETa9"),
		Entry("in a percent-encoded URL", "/login?redirect_uri=https%3A%2F%2Fh%2Fcb%3Faccess_token%3DS3CRETb1{",
			template.ErrSyntax, "S3CRETb1"),
		Entry("in a URL encoded twice", "/login?next=https%253A%252F%252Fh%252F%253Ftoken%253DS3CRETb2{", template.ErrSyntax, "S3CRETb2"),
		Entry("in the fragment", "/cb#access_token=S3CRETb3&state={", template.ErrSyntax, "S3CRETb3"),
		Entry("after a semicolon", "/x;token=S3CRETb4{", template.ErrSyntax, "S3CRETb4"),
		Entry("with user information", "https://u:S3CRETb5@h.test/x?token=S3CRETb6{", template.ErrSyntax, "S3CRETb5", "S3CRETb6"),
		Entry("after a {+url} variable", "{+url}?access_token=S3CRETb7{", template.ErrSyntax, "S3CRETb7"),
		Entry("after a :name", "/repos/:owner?client_secret=S3CRETb8{", template.ErrSyntax, "S3CRETb8"),
		Entry("after the fault", "/x/{|a}?token=S3CRETb9", template.ErrSyntax, "S3CRETb9"),
		Entry("where the quote is cut short", "/"+strings.Repeat("a", 100)+"?access_token=S3CRETc1-and-more{",
			template.ErrSyntax, "S3C"),
		Entry("past MaxLength", "/x?access_token=S3CRETc2&a="+strings.Repeat("a", template.MaxLength), template.ErrTooLong, "S3CRETc2"),
	)

	It("hides a token in a value that a template's error quotes", func() {
		calls := map[string]func() error{
			"a Path value with a dot segment": func() error {
				_, err := endpoint.Route("GET /a/{p}").Param("p", template.Path("x?access_token=S3CRETd1/..")).Build()
				return err
			},
			"a Path value holding a URL": func() error {
				_, err := endpoint.Route("GET /a/{p}").Param("p", template.Path("https://u:S3CRETd1@h/x?token=S3CRETd1/..")).Build()
				return err
			},
			"a Path value, in one step": func() error {
				_, err := endpoint.Route("GET /a/{p}").Param("p", template.Path("x?token=S3CRETd1/.")).HTTPRequest(context.Background())
				return err
			},
			"a query parameter named by a URL": func() error {
				_, err := endpoint.Route("GET /search").Param("https://h/cb?client_secret=S3CRETd1", []any{[]any{1}}).Build()
				return err
			},
		}
		for site, call := range calls {
			err := call()
			Expect(err).To(HaveOccurred(), site)
			var te *template.Error
			Expect(errors.As(err, &te)).To(BeTrue(), "%s: a template's error: %v", site, err)
			expectChainHides(err, site, "S3CRETd1")
		}
	})

	// A base URL is refused before a template reads it, so this held
	// before the fix too: it keeps the base URL among the inputs that
	// are checked.
	It("hides a token in a base URL that holds a brace", func() {
		for _, base := range []string{"https://h.test/api{?access_token=S3CRETe1", "https://h.test/api?token=S3CRETe1{"} {
			calls := map[string]func() error{
				"Builder.BaseURL": func() error { _, err := endpoint.Route("GET /x").BaseURL(base).Build(); return err },
				"WithBaseURL": func() error {
					_, err := endpoint.Defaults(endpoint.WithBaseURL(base)).Route("GET /x").Build()
					return err
				},
			}
			for site, call := range calls {
				err := call()
				Expect(err).To(MatchError(builder.ErrInvalidBaseURL), site)
				var te *template.Error
				Expect(errors.As(err, &te)).To(BeFalse(), "%s: refused before any template reads it", site)
				expectChainHides(err, site, "S3CRETe1")
			}
		}
	})

	It("still says where and what, with the parameter's name", func() {
		_, err := endpoint.Route("GET /user?access_token=S3CRET{").Build()
		Expect(err.Error()).To(Equal(`endpoint: parse "/user?access_token=[REDACTED]{": at offset 26: invalid template: incomplete expression`))
		Expect(errors.Unwrap(err).Error()).To(Equal(`template "/user?access_token=[REDACTED]{" at offset 26: invalid template: incomplete expression`))
	})
})

// expectChainHides checks that no error err's Unwrap methods reach (one
// error or several) shows a secret, nor the secret as %q escapes it, in
// Error() or printed with %v, %+v, %s, %q or %#v.
func expectChainHides(err error, site string, secrets ...string) {
	GinkgoHelper()
	var walk func(e error, depth int)
	walk = func(e error, depth int) {
		if e == nil {
			return
		}
		Expect(depth).To(BeNumerically("<", 20), "%s: an Unwrap cycle", site)
		texts := []string{e.Error()}
		for _, verb := range []string{"%v", "%+v", "%s", "%q", "%#v"} {
			texts = append(texts, fmt.Sprintf(verb, e))
		}
		for _, text := range texts {
			for _, s := range secrets {
				q := strconv.Quote(s)
				Expect(text).NotTo(ContainSubstring(s), "%s: %T: %s", site, e, text)
				Expect(text).NotTo(ContainSubstring(q[1:len(q)-1]), "%s: %T: %s", site, e, text)
			}
		}
		switch u := e.(type) {
		case interface{ Unwrap() error }:
			walk(u.Unwrap(), depth+1)
		case interface{ Unwrap() []error }:
			for _, c := range u.Unwrap() {
				walk(c, depth+1)
			}
		}
	}
	walk(err, 0)
}

// A base URL without a scheme, as git writes one ("x-access-token:TOKEN@host"),
// was quoted as given by ErrInvalidBaseURL.
var _ = Describe("a base URL without a scheme that carries user information", Label("regression"), func() {
	DescribeTable("is refused without showing the credential",
		func(base, shown string) {
			calls := map[string]func() error{
				"Builder.BaseURL": func() error { _, err := endpoint.Route("GET /x").BaseURL(base).Build(); return err },
				"WithBaseURL": func() error {
					e := endpoint.Defaults(endpoint.WithBaseURL(base))
					for _, verb := range []string{"%v", "%+v", "%#v", "%s"} {
						Expect(fmt.Sprintf(verb, e)).NotTo(ContainSubstring("gh0_S3CRET"), verb)
						Expect(fmt.Sprintf(verb, e.DefaultOptions())).NotTo(ContainSubstring("gh0_S3CRET"), verb)
					}
					_, err := e.Route("GET /x").Build()
					return err
				},
				"options JSON": func() error {
					_, err := endpoint.Defaults().BuildJSON("GET /x", []byte(fmt.Sprintf(`{"baseUrl": %q}`, base)))
					return err
				},
			}
			for name, call := range calls {
				err := call()
				Expect(err).To(MatchError(builder.ErrInvalidBaseURL), name)
				var be *builder.Error
				Expect(errors.As(err, &be)).To(BeTrue(), name)
				for _, text := range []string{err.Error(), fmt.Sprintf("%+v", err), fmt.Sprintf("%#v", err), fmt.Sprintf("%q", err)} {
					Expect(text).NotTo(ContainSubstring("gh0_S3CRET"), name)
				}
				Expect(strings.Count(err.Error(), shown)).To(Equal(1), err.Error())
			}
		},
		Entry("user and token", "x-access-token:gh0_S3CRET@ghe.example.com", `"[REDACTED]@ghe.example.com"`),
		Entry("with a path", "me:gh0_S3CRET@ghe.example.com/api/v3", `"[REDACTED]@ghe.example.com/api/v3"`),
		Entry("a password holding @", "me:gh0_S3CRET@x@ghe.example.com", `"[REDACTED]@ghe.example.com"`),
		Entry("and a query", "me:gh0_S3CRET@ghe.example.com/?a=1", `"[REDACTED]@ghe.example.com/?a=1"`),
		Entry("a token alone", "gh0_S3CRET@ghe.example.com", `"[REDACTED]@ghe.example.com"`),
	)

	It("still quotes a base URL without user information as it is", func() {
		_, err := endpoint.Route("GET /x").BaseURL("ghe.example.com/api/v3").Build()
		Expect(err).To(MatchError(builder.ErrInvalidBaseURL))
		Expect(err.Error()).To(ContainSubstring(`"ghe.example.com/api/v3"`))
	})
})
