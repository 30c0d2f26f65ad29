package endpoint_test

// Regression: an invalid GitHub Enterprise Server host was refused with a
// plain error (fmt.Errorf), not a *builder.Error, from EnterpriseBaseURL
// and its siblings, and its text quoted the host whole: a 1 MiB host
// made a 1 MiB message, through WithEnterprise and Endpoint.Err too.
// Expected: a *builder.Error wrapping ErrInvalidHost, whose text quotes
// the host once, masked and cut short, as every other input is.

import (
	"errors"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
)

var _ = Describe("regression: an invalid enterprise host's error", func() {
	long := strings.Repeat("h", 1<<20) + "/x"

	DescribeTable("is a *builder.Error, cut short",
		func(get func(host string) error) {
			for _, host := range []string{long, "u:SECRET@" + long, "ghe.example.com/api/v3"} {
				err := get(host)
				var be *builder.Error
				Expect(errors.As(err, &be)).To(BeTrue(), "%T %.200v", err, err)
				Expect(errors.Is(err, builder.ErrInvalidHost)).To(BeTrue())
				Expect(len(err.Error())).To(BeNumerically("<", 300), "%.300s", err.Error())
				Expect(err.Error()).NotTo(ContainSubstring("SECRET"))
				Expect(err.Error()).To(ContainSubstring("has a path"))
			}
		},
		Entry("EnterpriseBaseURL", func(h string) error { _, err := endpoint.EnterpriseBaseURL(h); return err }),
		Entry("EnterpriseUploadsURL", func(h string) error { _, err := endpoint.EnterpriseUploadsURL(h); return err }),
		Entry("EnterpriseGraphQLURL", func(h string) error { _, err := endpoint.EnterpriseGraphQLURL(h); return err }),
		Entry("WithEnterprise", func(h string) error { return endpoint.Defaults(endpoint.WithEnterprise(h)).Err() }),
		Entry("a call", func(h string) error {
			_, err := endpoint.Defaults(endpoint.WithEnterprise(h)).Route("GET /user").Build()
			return err
		}),
	)
})
