package builder_test

import (
	"fmt"
	"net/url"

	"github.com/endpointkit/endpoint/builder"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// An Error a caller makes around a nil pointer (a *url.Error never set)
// prints, as fmt prints such a cause, instead of panicking in Error.
var _ = Describe("an Error whose cause is a nil pointer", func() {
	It("prints <nil> for the cause with every verb", func() {
		var cause *url.Error
		e := &builder.Error{Op: "request", Input: "https://user:secret@h/x", Err: cause}
		Expect(e.Error()).To(Equal("endpoint: request \"https://" + builder.RedactedValue + "@h/x\": <nil>"))
		for _, verb := range []string{"%v", "%+v", "%s", "%q"} {
			Expect(fmt.Sprintf(verb, e)).To(ContainSubstring("<nil>"), verb)
			Expect(fmt.Sprintf(verb, e)).NotTo(ContainSubstring("secret"), verb)
		}
	})
})
