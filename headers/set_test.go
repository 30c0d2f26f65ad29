package headers_test

import (
	"maps"
	"strings"
	"testing"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/headers"
)

var _ = Describe("Set", func() {
	Describe("Clone", func() {
		It("returns an empty, writable Set for a nil Set", func() {
			var s headers.Set
			c := s.Clone()
			Expect(c).NotTo(BeNil())
			Expect(c).To(BeEmpty())
			c["x-a"] = "1" // must not panic
			Expect(s).To(BeNil())
		})

		It("copies entries as they are and shares nothing", func() {
			s := headers.Set{"accept": "a", "Odd-Key": "b"}
			c := s.Clone()
			Expect(c).To(Equal(headers.Set{"accept": "a", "Odd-Key": "b"}))
			c["accept"] = "changed"
			c["new"] = "x"
			Expect(s).To(Equal(headers.Set{"accept": "a", "Odd-Key": "b"}))
		})
	})

	Describe("Get and Lookup", func() {
		s := headers.Set{"accept": "application/json", "content-type": "", "user-agent": "ua"}

		DescribeTable("find names in any case",
			func(name, want string, present bool) {
				v, ok := s.Lookup(name)
				Expect(v).To(Equal(want))
				Expect(ok).To(Equal(present))
				Expect(s.Get(name)).To(Equal(want))
			},
			Entry("lower", "accept", "application/json", true),
			Entry("capitalised", "Accept", "application/json", true),
			Entry("upper", "USER-AGENT", "ua", true),
			Entry("empty value is present", "Content-Type", "", true),
			Entry("absent", "authorization", "", false),
			Entry("absent, upper", "Authorization", "", false),
			Entry("Kelvin sign does not match k", "\u212a", "", false),
		)

		It("works on a nil Set", func() {
			var n headers.Set
			v, ok := n.Lookup("Accept")
			Expect(v).To(BeEmpty())
			Expect(ok).To(BeFalse())
			Expect(n.Get("accept")).To(BeEmpty())
		})

		It("finds mixed-case keys of hand-built Sets, the last-sorting key winning", func() {
			h := headers.Set{"Accept": "only"}
			Expect(h.Get("accept")).To(Equal("only"))
			h = headers.Set{"ACCEPT": "upper", "Accept": "capital", "accept": "lower"}
			Expect(h.Get("ACCEPT")).To(Equal("lower"))
			Expect(h.Get("accept")).To(Equal("lower"))
			h = headers.Set{"ACCEPT": "upper", "Accept": "capital"}
			Expect(h.Get("accept")).To(Equal("capital"))
		})

		It("does not allocate", func() {
			Expect(testing.AllocsPerRun(100, func() { sink = s.Get("Content-Type") })).To(BeZero())
			Expect(testing.AllocsPerRun(100, func() { sink = s.Get("accept") })).To(BeZero())
		})
	})

	Describe("Merge", func() {
		It("lets later layers override earlier ones by lower-cased name", func() {
			defaults := headers.Set{"accept": "application/vnd.github.v3+json", "user-agent": "octokit-endpoint.js/6.0.12"}
			layer := headers.Set{"authorization": "token layer"}
			call := headers.Set{"User-Agent": "my-app/1.2.3", "Authorization": "token call"}
			Expect(headers.Merge(defaults, layer, call)).To(Equal(headers.Set{
				"accept":        "application/vnd.github.v3+json",
				"user-agent":    "my-app/1.2.3",
				"authorization": "token call",
			}))
		})

		It("merges the three-layer defaults case (defaults/3-layers-headers)", func() {
			l2 := headers.Set{"Authorization": "token 0000000000000000000000000000000000000001"}
			l3 := headers.Set{"User-Agent": "layer3/1.0", "X-Extra": "1"}
			call := headers.Set{"Accept": "application/vnd.github+json"}
			Expect(headers.Merge(headers.Set{"accept": "application/vnd.github.v3+json", "user-agent": "ua"}, l2, l3, call)).To(Equal(headers.Set{
				"accept":        "application/vnd.github+json",
				"authorization": "token 0000000000000000000000000000000000000001",
				"user-agent":    "layer3/1.0",
				"x-extra":       "1",
			}))
		})

		It("never modifies or aliases its inputs", func() {
			a := headers.Set{"accept": "a", "x-a": "1"}
			b := headers.Set{"Accept": "b", "X-B": "2"}
			a0, b0 := maps.Clone(a), maps.Clone(b)
			m := headers.Merge(a, b)
			Expect(a).To(Equal(a0))
			Expect(b).To(Equal(b0))
			m["accept"] = "changed"
			m["x-a"] = "changed"
			Expect(a).To(Equal(a0))
			Expect(b).To(Equal(b0))

			single := headers.Merge(a)
			single["x-a"] = "changed"
			Expect(a).To(Equal(a0))
		})

		It("returns an empty non-nil Set for no layers or only nil layers", func() {
			Expect(headers.Merge()).To(Equal(headers.Set{}))
			Expect(headers.Merge(nil, nil)).To(Equal(headers.Set{}))
			Expect(headers.Merge(nil, headers.Set{"x": "1"}, nil)).To(Equal(headers.Set{"x": "1"}))
		})

		It("keeps empty values (only the builder decides what unset means)", func() {
			Expect(headers.Merge(headers.Set{"x-a": "1"}, headers.Set{"X-A": ""})).To(Equal(headers.Set{"x-a": ""}))
		})

		It("resolves case collisions inside one layer by sort order", func() {
			for range 20 { // map order is random; the result must not be
				Expect(headers.Merge(headers.Set{"X-a": "1", "x-A": "2"})).To(Equal(headers.Set{"x-a": "2"}))
				Expect(headers.Merge(headers.Set{"accept": "lower", "ACCEPT": "upper"})).To(Equal(headers.Set{"accept": "lower"}))
			}
		})

		It("does not validate", func() {
			Expect(headers.Merge(headers.Set{"bad name": "v\n"})).To(Equal(headers.Set{"bad name": "v\n"}))
		})
	})

	Describe("FromMap", func() {
		It("lower-cases keys and keeps values (headers/mixed-case-lowercased)", func() {
			s, err := headers.FromMap(map[string]string{"X-GitHub-Api-Version": "2022-11-28", "If-None-Match": `"etag"`})
			Expect(err).NotTo(HaveOccurred())
			Expect(s).To(Equal(headers.Set{"x-github-api-version": "2022-11-28", "if-none-match": `"etag"`}))
		})

		It("returns an empty non-nil Set for nil and empty maps", func() {
			s, err := headers.FromMap(nil)
			Expect(err).NotTo(HaveOccurred())
			Expect(s).To(Equal(headers.Set{}))
			s, err = headers.FromMap(map[string]string{})
			Expect(err).NotTo(HaveOccurred())
			Expect(s).To(Equal(headers.Set{}))
		})

		DescribeTable("on case collisions the key that sorts last wins",
			func(in map[string]string, want headers.Set) {
				for range 20 {
					s, err := headers.FromMap(in)
					Expect(err).NotTo(HaveOccurred())
					Expect(s).To(Equal(want))
				}
			},
			// v6 gives "a/second" here (insertion order); Go maps have none.
			Entry("headers/case-collision-last-wins-reverse: lower-case beats upper", map[string]string{"accept": "b/first", "ACCEPT": "a/second"}, headers.Set{"accept": "b/first"}),
			Entry("x-A sorts after X-a", map[string]string{"X-a": "1", "x-A": "2"}, headers.Set{"x-a": "2"}),
			Entry("three spellings", map[string]string{"ACCEPT": "1", "Accept": "2", "aCCEPT": "3"}, headers.Set{"accept": "3"}),
			Entry("collision beside ordinary keys", map[string]string{"User-Agent": "u1", "user-agent": "u2", "X-Extra": "e"}, headers.Set{"user-agent": "u2", "x-extra": "e"}),
		)

		It("does not modify its input", func() {
			in := map[string]string{"Accept": "a", "accept": "b"}
			_, err := headers.FromMap(in)
			Expect(err).NotTo(HaveOccurred())
			Expect(in).To(Equal(map[string]string{"Accept": "a", "accept": "b"}))
		})

		It("returns no Set and a name error for an invalid name", func() {
			s, err := headers.FromMap(map[string]string{"accept": "a", "Bad Name": "x"})
			Expect(s).To(BeNil())
			Expect(err).To(MatchError(headers.ErrInvalidName))
			Expect(err).To(MatchError(`headers: invalid header name "Bad…": byte 0x20 at index 3 is not a token character`))
		})

		It("returns no Set and a value error for an invalid value", func() {
			s, err := headers.FromMap(map[string]string{"accept": "a", "User-Agent": "x\r\ny: z"})
			Expect(s).To(BeNil())
			Expect(err).To(MatchError(headers.ErrInvalidValue))
			Expect(err).To(MatchError(`headers: invalid header value for "User-Agent": control byte 0x0d at index 1`))
		})

		It("reports the first invalid key in sort order, whatever the map order", func() {
			in := map[string]string{"z z": "1", "b": "\n", "a b": "1", "c": "\x00", "ok": "fine"}
			for range 20 {
				_, err := headers.FromMap(in)
				Expect(err).To(MatchError(`headers: invalid header name "a…": byte 0x20 at index 1 is not a token character`))
			}
			in = map[string]string{"b": "\n", "c": "\x00", "a": "ok", "": "x"}
			for range 20 {
				_, err := headers.FromMap(in)
				Expect(err).To(MatchError(`headers: invalid header name "": empty`))
			}
			delete(in, "")
			for range 20 {
				_, err := headers.FromMap(in)
				Expect(err).To(MatchError(`headers: invalid header value for "b": control byte 0x0a at index 0`))
			}
		})

		It("handles a 1 MiB value", func() {
			v := strings.Repeat("application/vnd.", 1<<16)
			s, err := headers.FromMap(map[string]string{"Accept": v})
			Expect(err).NotTo(HaveOccurred())
			Expect(s.Get("accept")).To(Equal(v))
		})
	})

	Describe("Validate", func() {
		It("accepts a valid Set, a nil Set and an empty Set", func() {
			Expect(headers.Set{"accept": "a", "X-Mixed": "b\tc"}.Validate()).To(Succeed())
			Expect(headers.Set(nil).Validate()).To(Succeed())
			Expect(headers.Set{}.Validate()).To(Succeed())
		})

		It("reports the first invalid header in sort order", func() {
			s := headers.Set{"x-b": "\r", "x-a": "\n", "x-c": "ok"}
			for range 20 {
				Expect(s.Validate()).To(MatchError(`headers: invalid header value for "x-a": control byte 0x0a at index 0`))
			}
			Expect(headers.Set{"a:b": "v"}.Validate()).To(MatchError(headers.ErrInvalidName))
		})
	})
})
