package value_test

// Regression: a map[string]any or map[string]string (the fast paths)
// whose keys become the same once invalid UTF-8 is replaced by U+FFFD
// ("\xff" and "\ufffd", or "\xff" and "\xfe") made an object with the
// key twice, which an object must not hold (Get found the first value,
// JSON readers take the last), while the same keys in any other map type,
// through encoding/json and the decoder, kept one member: the last value,
// in the first one's place. The fast paths now do the same.

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/internal/value"
)

var _ = Describe("regression: Go map keys that are the same once made valid UTF-8", func() {
	type strKey string

	It("keep one member, the last value, in the fast paths as in the others", func() {
		for _, x := range []any{
			map[string]any{"\xff": 1, "\ufffd": 2, "a": 3},
			map[string]int{"\xff": 1, "\ufffd": 2, "a": 3},
			map[strKey]any{"\xff": 1, "\ufffd": 2, "a": 3},
		} {
			v, err := value.Of(x)
			Expect(err).NotTo(HaveOccurred())
			Expect(v.Len()).To(Equal(2), "%T", x)
			Expect(string(value.AppendJSON(nil, v))).To(Equal(`{"a":3,"`+"\ufffd"+`":1}`), "%T", x)
			m, ok := v.Get("\ufffd")
			Expect(ok).To(BeTrue())
			Expect(m.Text()).To(Equal("1"))
		}
		for _, x := range []any{
			map[string]string{"\xff": "1", "\xfe": "2"},
			map[strKey]string{"\xff": "1", "\xfe": "2"},
		} {
			v, err := value.Of(x)
			Expect(err).NotTo(HaveOccurred())
			Expect(string(value.AppendJSON(nil, v))).To(Equal(`{"`+"\ufffd"+`":"1"}`), "%T", x)
		}
	})
})
