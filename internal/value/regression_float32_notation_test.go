package value_test

// Regression: a float32 chose between plain and exponent notation by its
// float64 value, so float32(1e-6), whose float64 value is just below 1e-6
// (9.99999997e-7), was written 1e-6 while encoding/json writes 0.000001,
// as JavaScript writes the number 1e-6, and as the query string (template)
// already wrote it. encoding/json compares a float32 with the thresholds
// as a float32; so does the conversion now.

import (
	"encoding/json"
	"math"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/internal/value"
)

var _ = Describe("regression: a float32 next to the notation thresholds", func() {
	type named float32

	It("is written in the notation encoding/json picks", func() {
		fs := []float32{1e-6, -1e-6, math.Nextafter32(1e-6, 0), math.Nextafter32(1e-6, 1), 1.0000001e-6,
			1e21, math.Nextafter32(1e21, 0), -1e21, 0.1, 1e-7}
		for _, f := range fs {
			want, err := json.Marshal(f)
			Expect(err).NotTo(HaveOccurred())
			for _, x := range []any{f, named(f), &f, []float32{f}, struct{ F float32 }{f}} {
				v, err := value.Of(x)
				Expect(err).NotTo(HaveOccurred())
				got := string(value.AppendJSON(nil, v))
				w, err := json.Marshal(x)
				Expect(err).NotTo(HaveOccurred())
				Expect(got).To(Equal(string(w)), "%T %v (encoding/json writes the float32 %s)", x, f, want)
			}
		}
	})
})
