package addrmemo

import (
	"math/rand/v2"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// How often a string finds its slots taken, once a third of them are, on
// made-up addresses: counted on the heap, the figure would move with
// wherever the allocator put the strings of a run.
var _ = Describe("slotOf", func() {
	const n = Slots / 3 // GitHub's 1,200-odd routes

	// shutOut fills the slots of seen (as Put would, up to Ways a group)
	// and counts the others whose group is full.
	shutOut := func(seen, others []uintptr, ways uintptr) int {
		taken := make(map[uintptr]uintptr)
		group := func(p uintptr) uintptr { return slotOf(p, 24) &^ (ways - 1) } // as index, with ways
		for _, p := range seen {
			if g := group(p); taken[g] < ways {
				taken[g]++
			}
		}
		shut := 0
		for _, p := range others {
			if taken[group(p)] == ways {
				shut++
			}
		}
		return shut
	}
	random := func(r *rand.Rand) []uintptr {
		out := make([]uintptr, n)
		for i := range out {
			out[i] = 0xc0000000 + uintptr(r.IntN(1<<26))&^15 // a 32-bit address: the spec runs there too
		}
		return out
	}
	sequential := func(base, stride uintptr) []uintptr {
		out := make([]uintptr, n)
		for i := range out {
			out[i] = base + uintptr(i)*stride
		}
		return out
	}

	It("shuts out few of the strings that follow one another, as constants do", func() {
		for _, stride := range []uintptr{16, 24, 32, 48, 61} {
			seen := sequential(0x9c0000, stride)
			others := sequential(0x9c0000+uintptr(n)*stride+8, stride)
			Expect(shutOut(seen, others, Ways)).To(BeNumerically("<", n/100), "stride %d", stride)
		}
	})

	It("shuts out about one string in twenty of those anywhere, against one in seven with two ways", func() {
		r := rand.New(rand.NewPCG(1, 2))
		four, two := 0, 0
		const rounds = 20
		for range rounds {
			seen, others := random(r), random(r)
			four += shutOut(seen, others, Ways)
			two += shutOut(seen, others, 2)
		}
		// Slots filled at random: a group of four is full for about 4.7% of
		// strings, a group of two for about 14%.
		Expect(four).To(BeNumerically("<", rounds*n*6/100))
		Expect(two).To(BeNumerically(">", rounds*n*12/100))
	})
})
