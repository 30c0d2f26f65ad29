package addrmemo_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"unsafe"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/internal/addrmemo"
)

var _ = Describe("Memo", func() {
	var m *addrmemo.Memo[int]
	BeforeEach(func() { m = &addrmemo.Memo[int]{Budget: 1 << 20} })

	It("finds a value by the string it was put with", func() {
		s := strings.Clone("GET /repos/{owner}/{repo}")
		_, ok := m.Get(s)
		Expect(ok).To(BeFalse())
		Expect(m.HasRoom(s)).To(BeTrue())
		m.Put(s, 7, 0)
		v, ok := m.Get(s)
		Expect(ok).To(BeTrue())
		Expect(v).To(Equal(7))
	})

	It("misses the same text at another address, and never answers for other text", func() {
		s := strings.Clone("/a/{x}")
		m.Put(s, 1, 0)
		for i := range 10000 {
			other := fmt.Sprintf("/b/%d", i)
			if v, ok := m.Get(other); ok {
				Fail(fmt.Sprintf("%q found %d", other, v))
			}
		}
		v, ok := m.Get(strings.Clone(s))
		Expect(!ok || v == 1).To(BeTrue())
	})

	It("keeps a copy of strings of every length, inline or not, and values in place", func() {
		var heap [][]byte // on the heap: a string on the stack moves, and is missed
		for _, n := range []int{1, 24, 25, 40, 41, 56, 57, 72, 73, 88, 89, 120, 121, 1000} {
			b := []byte(strings.Repeat("r", n))
			heap = append(heap, b)
			s := unsafe.String(&b[0], len(b))
			m.Put(s, n, 0)
			p := m.Ref(s)
			Expect(p).NotTo(BeNil(), "length %d", n)
			Expect(*p).To(Equal(n))
			*p = -n // in place: Get sees it
			v, ok := m.Get(s)
			Expect(ok).To(BeTrue(), "length %d", n)
			Expect(v).To(Equal(-n))
			b[0] = 'X'
			Expect(m.Ref(s)).To(BeNil(), "length %d: the entry followed the caller's bytes", n)
		}
		Expect(m.Ref("")).To(BeNil())
		Expect(heap).To(HaveLen(14))
	})

	It("ranges over every value it holds, once each", func() {
		for i := range 100 {
			m.Put(fmt.Sprintf("/r/%d", i), i, 0)
		}
		seen := map[int]int{}
		m.Range(func(v *int) { seen[*v]++ })
		Expect(seen).To(HaveLen(100))
		for v, n := range seen {
			Expect(n).To(Equal(1), "value %d", v)
		}
		m.Reset()
		m.Range(func(v *int) { Fail(fmt.Sprint("after Reset: ", *v)) })
	})

	It("keeps a copy of the string, not the caller's memory", func() {
		b := []byte("/mutable/{x}")
		s := unsafe.String(&b[0], len(b)) // shares b, as a string sliced from a buffer would
		m.Put(s, 3, 0)
		v, ok := m.Get(s)
		Expect(ok).To(BeTrue())
		Expect(v).To(Equal(3))
		b[1] = 'X' // s now reads "/Xutable/{x}": the entry must not follow it
		_, ok = m.Get(s)
		Expect(ok).To(BeFalse())
	})

	// A program that has seen GitHub's 1,200 routes (a third of the
	// slots) must still find room for almost every new constant.
	It("never replaces an entry, and stops allocating once full", func() {
		keep := make([]string, 0, 3*addrmemo.Slots)
		for i := range 3 * addrmemo.Slots {
			s := fmt.Sprintf("/r/%d", i)
			keep = append(keep, s)
			m.Put(s, i, 0)
		}
		found := 0
		for i, s := range keep {
			if v, ok := m.Get(s); ok {
				Expect(v).To(Equal(i))
				found++
			}
		}
		Expect(found).To(BeNumerically("<=", addrmemo.Slots))
		Expect(found).To(BeNumerically(">", addrmemo.Slots/4))
		full := 0
		for _, s := range keep {
			if !m.HasRoom(s) {
				full++
			}
		}
		Expect(full).To(BeNumerically(">", 0))
		s := keep[0]
		for _, s2 := range keep {
			if !m.HasRoom(s2) {
				s = s2
				break
			}
		}
		Expect(testing.AllocsPerRun(100, func() { m.Put(s, 0, 0) })).To(BeZero())
	})

	It("keeps within its budget", func() {
		small := &addrmemo.Memo[int]{Budget: 4096}
		for i := range 1000 {
			small.Put(fmt.Sprintf("/budget/%d", i), i, 100)
		}
		Expect(small.Used()).To(BeNumerically("<=", 4096))
		Expect(small.Used()).To(BeNumerically(">", 0))
	})

	It("forgets everything on Reset", func() {
		s := strings.Clone("/reset")
		m.Put(s, 1, 10)
		m.Reset()
		_, ok := m.Get(s)
		Expect(ok).To(BeFalse())
		Expect(m.Used()).To(BeZero())
	})

	It("is safe for concurrent use", func() {
		var wg sync.WaitGroup
		routes := make([]string, 512)
		for i := range routes {
			routes[i] = fmt.Sprintf("/c/%d", i)
		}
		for g := range 8 {
			wg.Add(1)
			go func() {
				defer GinkgoRecover()
				defer wg.Done()
				for i := range 2000 {
					k := (i*7 + g) % len(routes)
					m.Put(routes[k], k, 1)
					if v, ok := m.Get(routes[k]); ok && v != k {
						Fail(fmt.Sprintf("%q gave %d", routes[k], v))
					}
				}
			}()
		}
		wg.Wait()
		Expect(m.Used()).To(BeNumerically("<=", 1<<20))
	})
})
