package matchers_test

import (
	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/endpointtest"
	"github.com/endpointkit/endpoint/endpointtest/matchers"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// leakyMatcher is a caller's matcher that matches everything and shows a
// URL with its credentials.
type leakyMatcher struct{}

func (leakyMatcher) String() string                       { return "to https://u:s3cr3t@h/x?access_token=t0k3n" }
func (leakyMatcher) MatchCall(c *endpointtest.Call) error { return nil }

// The messages printed a caller's own matcher as it showed itself, where
// endpointtest.Not masks it.
var _ = It("masks a caller's matcher in failure messages", func() {
	m := matchers.Satisfy(leakyMatcher{})
	ok, err := m.Match(builder.RequestOptions{Method: "GET", URL: "https://h/x"})
	Expect(err).NotTo(HaveOccurred())
	Expect(ok).To(BeTrue())
	for _, msg := range []string{m.NegatedFailureMessage(nil), m.FailureMessage(nil)} {
		Expect(msg).NotTo(ContainSubstring("s3cr3t"))
		Expect(msg).NotTo(ContainSubstring("t0k3n"))
		Expect(msg).To(ContainSubstring("https://[REDACTED]@h/x?access_token=[REDACTED]"))
	}
})
