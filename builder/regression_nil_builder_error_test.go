package builder_test

import (
	"errors"
	"fmt"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
)

// Every other error type of the module (catalog, openapi, paginate,
// endpointtest, template, headers) says "<nil>" for a nil pointer and
// unwraps it to nothing, and builder.Error's own Format printed "<nil>";
// but its Error and Unwrap dereferenced the receiver, so a typed nil
// *builder.Error held as an error (a function's "var err *builder.Error"
// returned) panicked in err.Error(), in errors.Is and in errors.As.
var _ = Describe("regression: a nil *builder.Error", func() {
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
