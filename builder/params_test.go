package builder_test

import (
	"math/rand/v2"
	"strconv"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/builder"
)

var _ = Describe("a call's parameters", func() {
	It("keep each name once, in the order first set, with the last value, however many (PCG seed 0x9a7a, 1)", func() {
		e := builder.New(builder.WithBaseURL("https://h"))
		rng := rand.New(rand.NewPCG(0x9a7a, 1))
		for range 300 {
			var order []string
			last := map[string]int{}
			b := e.Route("GET /x")
			pool := 1 + rng.IntN(200)
			for range rng.IntN(400) {
				name := "p" + strconv.Itoa(rng.IntN(pool))
				v := rng.IntN(1000)
				if _, seen := last[name]; !seen {
					order = append(order, name)
				}
				last[name] = v
				b.Param(name, v)
			}
			var want strings.Builder
			want.WriteString("https://h/x")
			for i, name := range order {
				want.WriteString(map[bool]string{true: "?", false: "&"}[i == 0])
				want.WriteString(name + "=" + strconv.Itoa(last[name]))
			}
			r, err := b.Build()
			if len(order) > builder.MaxParams {
				Expect(err).To(MatchError(builder.ErrLimit))
				continue
			}
			Expect(err).NotTo(HaveOccurred())
			Expect(r.URL).To(Equal(want.String()))
		}
	})
})
