package paginate_test

import (
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"go/parser"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/paginate"
)

// secret is the credential the specs below plant; no output may show it.
const secret = "hunterpass"

// verbs are the fmt verbs a value or error is printed with.
var verbs = []string{"%v", "%+v", "%#v", "%s", "%q"}

var _ = Describe("printing", func() {
	Describe("a StatusError", func() {
		e := &paginate.StatusError{
			StatusCode: http.StatusUnauthorized,
			URL:        "https://api.github.com/user",
			Header: http.Header{
				"Set-Cookie":   {"session=" + secret},
				"Location":     {"https://u:" + secret + "@h/"},
				"Content-Type": {"application/json"},
			},
			Message: "Bad credentials",
			Body:    []byte(`{"message": "Bad credentials", "token": "` + secret + `", "next": "https://u:` + secret + `@h/"}`),
		}

		It("masks the header and body for every verb", func() {
			for _, verb := range verbs {
				Expect(fmt.Sprintf(verb, e)).NotTo(ContainSubstring(secret), verb)
			}
			Expect(fmt.Sprintf("%v", e)).To(Equal(`paginate: GET "https://api.github.com/user": 401 Unauthorized: "Bad credentials"`))
			Expect(fmt.Sprintf("%#v", e)).To(Equal(`&paginate.StatusError{StatusCode:401, URL:"https://api.github.com/user", ` +
				`Header:http.Header{"Content-Type":[]string{"application/json"}, "Location":[]string{"https://[REDACTED]@h/"}, "Set-Cookie":[]string{"[REDACTED]"}}, ` +
				`Message:"Bad credentials", DocumentationURL:"", ` +
				`Body:"{\"message\":\"Bad credentials\",\"token\":\"[REDACTED]\",\"next\":\"https://[REDACTED]@h/\"}"}`))
			Expect(fmt.Sprintf("%#v", (*paginate.StatusError)(nil))).To(Equal("<nil>"))
		})

		It("masks a body that is not JSON as a query string", func() {
			form := *e
			form.Body = []byte("access_token=" + secret + "&scope=repo")
			Expect(fmt.Sprintf("%#v", &form)).To(HaveSuffix(`Body:"access_token=[REDACTED]&scope=repo"}`))
			form.Body = []byte(`{"token": "` + secret)
			Expect(fmt.Sprintf("%#v", &form)).To(HaveSuffix(`Body:"(21 bytes of malformed JSON, not shown)"}`))
		})

		It("masks the message before it cuts it, so no start of a credential shows", func() {
			cut := *e
			// The cut at 200 bytes falls inside the password.
			cut.Message = strings.Repeat("a", 185) + " https://u:" + secret + "@h/"
			cut.DocumentationURL = cut.Message
			msg := cut.Error()
			Expect(msg).NotTo(ContainSubstring("u:hunt"))
			Expect(msg).To(ContainSubstring(`aaaa https://[REDAC…" ("aaaa`))
		})
	})

	Describe("an Error", func() {
		// The package masks Input when it builds an Error; a caller's
		// Error, or its Err's text, may hold anything.
		errs := map[string]*paginate.Error{
			"user information":   {Op: "GET", Input: "https://u:" + secret + "@h/x", Err: errors.New("boom")},
			"a token parameter":  {Op: "GET", Input: "https://h/x?page=2&access_token=" + secret, Err: context.Canceled},
			"a Link target":      {Op: "parse", Input: `<https://u:` + secret + `@h/x?token=` + secret + `>; rel="next"`, Err: paginate.ErrSyntax},
			"the cause's text":   {Op: "GET", Input: "https://h/x", Err: fmt.Errorf("Get \"https://h/x?password=%s\": EOF", secret)},
			"a tab in a token":   {Op: "GET", Input: "https://h/x?access_token=hunter\t" + secret, Err: paginate.ErrSyntax},
			"a quote in a token": {Op: "GET", Input: "https://u:hunter\"" + secret + "@h/x", Err: paginate.ErrSyntax},
			"an unmasked Op":     {Op: "https://u:" + secret + "@h/", Err: paginate.ErrSyntax},
		}

		It("masks credentials for every verb", func() {
			for name, e := range errs {
				for _, verb := range append(verbs, "%x", "%d", "%80.70v") {
					out := fmt.Sprintf(verb, e)
					if verb == "%x" {
						b, err := hex.DecodeString(out)
						Expect(err).NotTo(HaveOccurred())
						out = string(b)
					}
					Expect(out).NotTo(ContainSubstring(secret), name+" "+verb)
					Expect(out).To(ContainSubstring("REDACTED"), name+" "+verb)
				}
				_, err := parser.ParseExpr(fmt.Sprintf("%#v", e))
				Expect(err).NotTo(HaveOccurred(), name+": %#v is Go syntax")
			}
		})

		It("prints the Error text, and the fields for %#v, as builder.Error does", func() {
			e := errs["a token parameter"]
			want := `paginate: GET "https://h/x?page=2&access_token=[REDACTED]": context canceled`
			Expect(e.Error()).To(Equal(want))
			for _, verb := range []string{"%v", "%+v", "%s"} {
				Expect(fmt.Sprintf(verb, e)).To(Equal(want), verb)
			}
			Expect(fmt.Sprintf("%q", e)).To(Equal(strconv.Quote(want)))
			Expect(fmt.Sprintf("%#v", e)).To(Equal(`&paginate.Error{Op:"GET", Input:"https://h/x?page=2&access_token=[REDACTED]", Err:errors.New("context canceled")}`))
			Expect(fmt.Sprintf("%#v", &paginate.Error{Op: "next"})).To(Equal(`&paginate.Error{Op:"next", Input:"", Err:<nil>}`))
			Expect(fmt.Sprintf("%#v", errs["the cause's text"])).To(Equal(
				`&paginate.Error{Op:"GET", Input:"https://h/x", Err:errors.New("Get \"https://h/x?password=[REDACTED]\": EOF")}`))
		})

		It("prints a nil *Error as <nil> for every verb, and never panics on a nil cause", func() {
			var e *paginate.Error
			for _, verb := range verbs {
				Expect(fmt.Sprintf(verb, e)).To(Equal("<nil>"), verb)
			}
			var err error = e
			Expect(fmt.Sprint(err)).To(Equal("<nil>"))
			// A nil pointer as the cause, whose Error method panics.
			typedNil := &paginate.Error{Op: "GET", Input: "https://h/x", Err: (*url.Error)(nil)}
			Expect(typedNil.Error()).To(Equal(`paginate: GET "https://h/x": <nil>`))
			Expect(fmt.Sprintf("%#v", typedNil)).To(Equal(`&paginate.Error{Op:"GET", Input:"https://h/x", Err:errors.New("<nil>")}`))
		})

		It("masks an Error from a walk, a foreign link with credentials, for every verb", func() {
			resp := response("https://api.github.com/x?page=1", `<https://u:`+secret+`@evil.example/x?access_token=`+secret+`>; rel="next"`)
			_, err := paginate.Next(resp)
			Expect(err).To(MatchError(paginate.ErrForeignHost))
			for _, verb := range verbs {
				Expect(fmt.Sprintf(verb, err)).NotTo(ContainSubstring(secret), verb)
			}
			Expect(fmt.Sprintf("%#v", err)).To(HavePrefix(`&paginate.Error{Op:"next", Input:"https://[REDACTED]@evil.example/x?access_token=[REDACTED]", Err:errors.New("link leaves the origin of the walk: `))
		})
	})

	It("masks a page's body for every verb, and shows the response as a pointer only", func() {
		p := &paginate.Page{Number: 2, Response: &http.Response{Header: http.Header{"Set-Cookie": {"session=" + secret}}},
			Body: []byte(`[{"token": "` + secret + `", "url": "https://u:` + secret + `@h/"}]`)}
		for _, verb := range verbs {
			Expect(fmt.Sprintf(verb, p)).NotTo(ContainSubstring(secret), verb)
			Expect(fmt.Sprintf(verb, *p)).NotTo(ContainSubstring(secret), verb)
		}
		Expect(fmt.Sprintf("%+v", p)).To(MatchRegexp(`^\{Number:2 Response:0x[0-9a-f]+ Body:\[\{"token":"\[REDACTED\]","url":"https://\[REDACTED\]@h/"\}\]\}$`))
		Expect(fmt.Sprintf("%#v", p)).To(MatchRegexp(`^paginate\.Page\{Number:2, Response:\(\*http\.Response\)\(0x[0-9a-f]+\), Body:".*"\}$`))
	})
})

// A refused link target was quoted as text reads it, with net/url's reason: a
// password with "/" or a space showed.
var _ = Describe("a link target whose user information holds any byte", Label("regression"), func() {
	DescribeTable("is quoted masked, and so is net/url's reason",
		func(target, pw string) {
			resp := &http.Response{
				Header:  http.Header{"Link": {"<" + target + `>; rel="next"`}},
				Request: &http.Request{URL: &url.URL{Scheme: "https", Host: "api.github.com", Path: "/x"}},
			}
			_, err := paginate.Links(resp)
			Expect(err).To(MatchError(paginate.ErrSyntax))
			for e := error(err); e != nil; e = errors.Unwrap(e) {
				for _, verb := range verbs {
					Expect(fmt.Sprintf(verb, e)).NotTo(ContainSubstring(pw), verb)
				}
			}
			Expect(err.Error()).To(ContainSubstring("[REDACTED]@h"))
		},
		Entry("a /, read as a port", "https://u:pa/ss@h/x", ":pa"),
		Entry("a bad escape", "https://u:pa%zz@h/x", "%zz"),
		Entry("a < in the user name", "https://us<er:"+secret+"@h/x", secret),
	)
})
