package builder_test

import (
	"errors"
	"fmt"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	endpoint "github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
)

// A base URL written without its scheme, as a git remote or a
// credential helper writes one ("x-access-token:TOKEN@ghe.example.com"),
// was quoted as given by ErrInvalidBaseURL: RedactURL masks user
// information only after "//" or a web scheme, and this form has neither.
// WithEnterprise already read "user:pass@host" as user information.
var _ = Describe("regression: a base URL without a scheme that carries user information", func() {
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
