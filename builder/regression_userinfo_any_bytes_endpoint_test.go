package builder_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	endpoint "github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
)

// A password typed unencoded may hold any byte: a space or "<", which
// net/url refuses in user information and RedactURL took for the end of
// it, or "/", "?" or "#", with which net/url reads the password as a
// port or a path ("https://user:pa/ss@host" is host "user", port "pa").
// Errors quoted such base URLs, URLs and hosts with the password, and
// net/url's reason quoted part of it ("invalid port \":pa\"").
var _ = Describe("regression: user information holding any byte", func() {
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
		rounds := 300
		if testing.Short() {
			rounds = 60
		}
		checked := 0
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
					for _, text := range errorTexts(err) {
						for _, m := range markers {
							Expect(text).NotTo(ContainSubstring(m), "%s(%q): %s", site, u, text)
						}
					}
				}
			}
		}
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
