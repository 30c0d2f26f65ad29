package paginate_test

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/endpointkit/endpoint/paginate"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
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
