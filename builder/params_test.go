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

	It("put a path variable set after the 64th parameter in the path only", func() {
		b := builder.New(builder.WithBaseURL("https://h")).Route("GET /x/{p70}/{p3}")
		for i := range 100 {
			b.Param("p"+strconv.Itoa(i), i)
		}
		r, err := b.Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(r.URL).To(HavePrefix("https://h/x/70/3?p0=0&p1=1&p2=2&p4=4&"))
		Expect(r.URL).NotTo(ContainSubstring("p70="))
		Expect(r.URL).NotTo(ContainSubstring("p3="))
		Expect(r.URL).To(HaveSuffix("&p69=69&p71=71&p72=72&p73=73&p74=74&p75=75&p76=76&p77=77&p78=78&p79=79&p80=80&p81=81&p82=82&p83=83&p84=84&p85=85&p86=86&p87=87&p88=88&p89=89&p90=90&p91=91&p92=92&p93=93&p94=94&p95=95&p96=96&p97=97&p98=98&p99=99"))
	})
})
