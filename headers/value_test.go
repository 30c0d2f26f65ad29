package headers_test

import (
	"errors"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/headers"
)

var _ = Describe("ValidateValue", func() {
	DescribeTable("accepts values without control characters",
		func(value string) {
			Expect(headers.ValidateValue("x-a", value)).To(Succeed())
		},
		Entry("empty", ""),
		Entry("token", "token 0000000000000000000000000000000000000001"),
		Entry("horizontal tab", "a\tb"),
		Entry("surrounding spaces are the caller's business", " padded "),
		Entry("obs-text bytes", "\x80\xff"),
		Entry("UTF-8", "caf\u00e9 \U0001F600"),
		Entry("all visible ASCII", "!\"#$%&'()*+,-./09:;<=>?@AZ[\\]^_`az{|}~"),
	)

	DescribeTable("rejects control characters, naming the header and the byte",
		func(value, msg string) {
			err := headers.ValidateValue("User-Agent", value)
			Expect(err).To(MatchError(headers.ErrInvalidValue))
			Expect(errors.Is(err, headers.ErrInvalidName)).To(BeFalse())
			var he *headers.Error
			Expect(errors.As(err, &he)).To(BeTrue())
			Expect(he.Name).To(Equal("User-Agent"))
			Expect(he.Value).To(Equal(value))
			Expect(err.Error()).To(Equal(msg))
		},
		Entry("CR", "a\rb", `headers: invalid header value for "User-Agent": control byte 0x0d at index 1`),
		Entry("LF", "a\nb", `headers: invalid header value for "User-Agent": control byte 0x0a at index 1`),
		Entry("CRLF injection", "app\r\nx-injected: 1", `headers: invalid header value for "User-Agent": control byte 0x0d at index 3`),
		Entry("NUL", "\x00", `headers: invalid header value for "User-Agent": control byte 0x00 at index 0`),
		Entry("SOH", "ok\x01", `headers: invalid header value for "User-Agent": control byte 0x01 at index 2`),
		Entry("unit separator", "\x1f", `headers: invalid header value for "User-Agent": control byte 0x1f at index 0`),
		Entry("DEL", "a\x7f", `headers: invalid header value for "User-Agent": control byte 0x7f at index 1`),
		Entry("first bad byte wins", "ab\n\r", `headers: invalid header value for "User-Agent": control byte 0x0a at index 2`),
	)

	It("never puts the value, which may be a credential, in the message", func() {
		err := headers.ValidateValue("Authorization", "token s3cr3t\n")
		Expect(err).To(HaveOccurred())
		Expect(err.Error()).NotTo(ContainSubstring("s3cr3t"))
		Expect(err.Error()).To(Equal(`headers: invalid header value for "Authorization": control byte 0x0a at index 12`))
	})

	It("quotes control characters in the header name", func() {
		err := headers.ValidateValue("x\r\ny", "\n")
		Expect(err).To(MatchError(`headers: invalid header value for "x\r\ny": control byte 0x0a at index 0`))
	})

	It("handles 1 MiB values", func() {
		v := strings.Repeat("a\t", 1<<19)
		Expect(headers.ValidateValue("x", v)).To(Succeed())
		Expect(headers.ValidateValue("x", v+"\r")).To(MatchError(headers.ErrInvalidValue))
	})
})

var _ = Describe("Error", func() {
	It("unwraps to its Err", func() {
		e := &headers.Error{Name: "x", Err: headers.ErrInvalidName}
		Expect(e.Unwrap()).To(BeIdenticalTo(headers.ErrInvalidName))
	})

	It("does not panic on a nil *Error", func() {
		var e *headers.Error
		Expect(e.Error()).To(Equal("headers: <nil>"))
		Expect(e.Unwrap()).To(BeNil())
	})

	DescribeTable("formats hand-built errors",
		func(e *headers.Error, msg string) {
			Expect(e.Error()).To(Equal(msg))
		},
		Entry("name error for a valid name", &headers.Error{Name: "ok", Err: headers.ErrInvalidName},
			`headers: invalid header name "ok"`),
		Entry("value error for a valid value", &headers.Error{Name: "ok", Value: "fine", Err: headers.ErrInvalidValue},
			`headers: invalid header value for "ok"`),
		Entry("other cause", &headers.Error{Name: "x-a", Err: errors.New("boom")},
			`headers: "x-a": boom`),
		Entry("nil cause", &headers.Error{Name: "x-a"},
			`headers: "x-a": <nil>`),
	)
})
