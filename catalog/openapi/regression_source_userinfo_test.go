package openapi_test

import (
	"errors"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/catalog/openapi"
)

// A source named by a URL whose password holds a space or "/" was quoted
// as RedactURL reads text, which ends user information there.
var _ = It("regression: masks the user information of a source up to its last @", func() {
	for _, source := range []string{"https://u:pa SECRET@h/spec.json", "https://u:pa/SECRET@h/spec.json"} {
		err := &openapi.Error{Source: source, Err: errors.New("cannot read")}
		Expect(err.Error()).To(Equal(`openapi: "https://[REDACTED]@h/spec.json": cannot read`))
	}
})
