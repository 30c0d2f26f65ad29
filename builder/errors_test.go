package builder_test

// The *builder.Error type itself: nil receivers and causes print, never panic.

import (
	"errors"
	"fmt"
	"net/url"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
)

// An Error around a nil pointer cause prints <nil>, as fmt does, instead of panicking.
var _ = Describe("an Error whose cause is a nil pointer", Label("regression"), func() {
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

// A typed nil *builder.Error held as an error panicked in Error, errors.Is and
// errors.As; every other error type of the module says <nil>.
var _ = Describe("a nil *builder.Error", Label("regression"), func() {
	It("says <nil> and unwraps to nothing, as the other error types do", func() {
		var e *builder.Error
		var err error = e
		Expect(func() { _ = err.Error() }).NotTo(Panic())
		Expect(err.Error()).To(Equal("<nil>"))
		Expect(fmt.Sprintf("%v|%+v|%s", err, err, err)).To(Equal("<nil>|<nil>|<nil>"))
		Expect(e.Unwrap()).To(BeNil())
		Expect(errors.Is(err, builder.ErrLimit)).To(BeFalse())
		var as *builder.Error
		Expect(errors.As(err, &as)).To(BeTrue())
		Expect(errors.Unwrap(fmt.Errorf("wrapped: %w", err))).To(Equal(err))
		Expect(errors.Is(fmt.Errorf("wrapped: %w", err), builder.ErrMissingParam)).To(BeFalse())
	})
})
