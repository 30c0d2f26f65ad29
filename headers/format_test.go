package headers_test

import (
	"errors"
	"fmt"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/headers"
)

var _ = Describe("Error formatting", func() {
	err := headers.ValidateValue("Authorization", "token s3cr3t\r\nx-injected: 1")

	It("never prints the value, whatever the verb", func() {
		for _, f := range []string{"%v", "%+v", "%#v", "%s", "%q", "%x"} {
			Expect(fmt.Sprintf(f, err)).NotTo(ContainSubstring("s3cr3t"), f)
		}
		Expect(fmt.Sprint(err)).To(Equal(err.Error()))
		Expect(fmt.Errorf("wrapped: %w", err).Error()).NotTo(ContainSubstring("s3cr3t"))
	})

	It("shows the fields in %#v with the value masked", func() {
		Expect(fmt.Sprintf("%#v", err)).To(Equal(`&headers.Error{Name:"Authorization", Value:"[REDACTED]", Err:headers.ErrInvalidValue}`))
		Expect(fmt.Sprintf("%#v", headers.ValidateName("a b"))).To(Equal(`&headers.Error{Name:"a b", Value:"", Err:headers.ErrInvalidName}`))
		Expect(fmt.Sprintf("%#v", &headers.Error{Name: "x", Err: errors.New("other")})).To(Equal(`&headers.Error{Name:"x", Value:"", Err:errors.New("other")}`))
		var nilErr *headers.Error
		Expect(fmt.Sprintf("%#v", nilErr)).To(Equal("(*headers.Error)(nil)"))
		Expect(fmt.Sprintf("%v", nilErr)).To(Equal("headers: <nil>"))
	})

	It("keeps the value in the field for callers that need it", func() {
		var he *headers.Error
		Expect(errors.As(err, &he)).To(BeTrue())
		Expect(he.Value).To(Equal("token s3cr3t\r\nx-injected: 1"))
	})
})

func ExampleError_Format() {
	err := headers.ValidateValue("Authorization", "token my-token\n")
	fmt.Printf("%v\n%#v\n", err, err)
	// Output:
	// headers: invalid header value for "Authorization": control byte 0x0a at index 14
	// &headers.Error{Name:"Authorization", Value:"[REDACTED]", Err:headers.ErrInvalidValue}
}
