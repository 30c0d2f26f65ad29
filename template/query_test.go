package template_test

import (
	"errors"
	"iter"
	"math"
	"slices"
	"strconv"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/template"
)

// seq yields key, value, key, value... in order.
func seq(kv ...any) iter.Seq2[string, any] {
	return func(yield func(string, any) bool) {
		for i := 0; i+1 < len(kv); i += 2 {
			if !yield(kv[i].(string), kv[i+1]) {
				return
			}
		}
	}
}

func appendQuery(url string, params iter.Seq2[string, any]) string {
	GinkgoHelper()
	out, err := template.AppendQuery([]byte(url), params)
	Expect(err).NotTo(HaveOccurred())
	return string(out)
}

var _ = Describe("AppendQuery", func() {
	It("starts with ? when the URL has none, & when it has one anywhere, nothing after a final ? or &", func() {
		Expect(appendQuery("/x", seq("a", "1", "b", "2"))).To(Equal("/x?a=1&b=2"))
		Expect(appendQuery("/x?y=1", seq("a", "1"))).To(Equal("/x?y=1&a=1"))
		Expect(appendQuery("/x?", seq("a", "1"))).To(Equal("/x?a=1"))
		Expect(appendQuery("/x?y=1&", seq("a", "1", "b", "2"))).To(Equal("/x?y=1&a=1&b=2"))
		Expect(appendQuery("https://h/?base=1#f", seq("a", "1"))).To(Equal("https://h/?base=1#f&a=1"))
		Expect(appendQuery("/x#frag", seq("a", "1"))).To(Equal("/x#frag?a=1"))
	})

	It("leaves dst unchanged when nothing is yielded or all values are undefined", func() {
		Expect(appendQuery("/x", seq())).To(Equal("/x"))
		Expect(appendQuery("/x", nil)).To(Equal("/x"))
		Expect(appendQuery("/x", seq("a", nil, "b", []string{}, "c", (*int)(nil)))).To(Equal("/x"))
	})

	It("omits nil values instead of sending null", func() {
		Expect(appendQuery("/x", seq("a", nil, "b", "1", "c", nil))).To(Equal("/x?b=1"))
	})

	It("encodes values like encodeURIComponent (keeps !'()*)", func() {
		Expect(appendQuery("/x", seq("v", "a b&c=d/e?f#g+h!'()*~ä"))).
			To(Equal("/x?v=a%20b%26c%3Dd%2Fe%3Ff%23g%2Bh!'()*~%C3%A4"))
	})

	It("encodes names with the same encoder", func() {
		Expect(appendQuery("/x", seq("a b", "1", "c&d=e", "2", "ä", "3", "f(g)", "4"))).
			To(Equal("/x?a%20b=1&c%26d%3De=2&%C3%A4=3&f(g)=4"))
	})

	It("joins lists with , and then encodes (a%2Cb)", func() {
		Expect(appendQuery("/x", seq("l", []string{"a", "b"}, "m", []any{1, nil, "c d"}))).To(Equal("/x?l=a%2Cb&m=1%2Cc%20d"))
	})

	It("formats scalars with the shared value mapping", func() {
		Expect(appendQuery("/x", seq("i", 42, "f", 1e21, "g", 1e-7, "h", 0.1, "b", true, "e", ""))).
			To(Equal("/x?i=42&f=1e%2B21&g=1e-7&h=0.1&b=true&e="))
	})

	It("keeps + in the string q parameter and encodes each piece", func() {
		Expect(appendQuery("/search/issues", seq("q", "is:open+label:bug"))).To(Equal("/search/issues?q=is%3Aopen+label%3Abug"))
		Expect(appendQuery("/s", seq("q", "a b+c&d"))).To(Equal("/s?q=a%20b+c%26d"))
	})

	It("sends a literal plus with Verbatim", func() {
		Expect(appendQuery("/s", seq("q", template.Verbatim("c++")))).To(Equal("/s?q=c%2B%2B"))
	})

	It("applies the + rule to q only", func() {
		Expect(appendQuery("/s", seq("Q", "a+b", "qq", "a+b"))).To(Equal("/s?Q=a%2Bb&qq=a%2Bb"))
	})

	It("stringifies a non-string q normally", func() {
		Expect(appendQuery("/s", seq("q", 5))).To(Equal("/s?q=5"))
		Expect(appendQuery("/s", seq("q", []string{"a+b", "c"}))).To(Equal("/s?q=a%2Bb%2Cc"))
	})

	It("keeps exactly the order params yields, duplicates included", func() {
		Expect(appendQuery("/x?a=1", seq("z", 1, "a", 2, "m", 3, "a", 4))).To(Equal("/x?a=1&z=1&a=2&m=3&a=4"))
	})

	DescribeTable("refuses maps and unsupported values, naming the parameter, without partial output",
		func(v any, sentinel error) {
			dst := make([]byte, 0, 64)
			dst = append(dst, "/x"...)
			out, err := template.AppendQuery(dst, seq("ok", "1", "bad", v, "later", "2"))
			Expect(err).To(MatchError(sentinel))
			Expect(string(out)).To(Equal("/x"))
			var te *template.Error
			Expect(errors.As(err, &te)).To(BeTrue())
			Expect(te.Var).To(Equal("bad"))
			Expect(te.Template).To(BeEmpty())
			Expect(err.Error()).To(HavePrefix(`template: query parameter "bad": unsupported value: `))
		},
		Entry("map", map[string]any{"a": 1}, template.ErrValue),
		Entry("Pairs", template.Pairs{{Key: "a", Value: 1}}, template.ErrValue),
		Entry("NaN", math.NaN(), template.ErrValue),
		Entry("nested list", []any{[]string{"a"}}, template.ErrValue),
		Entry("channel", make(chan int), template.ErrValue),
	)

	It("stops pulling from params after an error", func() {
		pulled := []string{}
		params := func(yield func(string, any) bool) {
			for _, k := range []string{"a", "bad", "c"} {
				pulled = append(pulled, k)
				v := any("1")
				if k == "bad" {
					v = func() {}
				}
				if !yield(k, v) {
					return
				}
			}
		}
		_, err := template.AppendQuery(nil, params)
		Expect(err).To(MatchError(template.ErrValue))
		Expect(pulled).To(Equal([]string{"a", "bad"}))
	})

	It("does not change the caller's list", func() {
		l := []string{"b", "a"}
		Expect(appendQuery("/x", seq("l", l))).To(Equal("/x?l=b%2Ca"))
		Expect(slices.Equal(l, []string{"b", "a"})).To(BeTrue())
	})
})

// AppendQuery searched the URL for its "?" once per parameter (n×m steps).
// Results only: a search per parameter takes 55 s at these sizes.
var _ = Describe("query parameters after a long path", Label("regression"), func() {
	const n = 100_000
	long := "/" + strings.Repeat("a", 16<<20)
	names := make([]string, n)
	for i := range names {
		names[i] = "p" + strconv.Itoa(i)
	}
	list := []string{"x"}

	expectAll := func(out []byte) {
		GinkgoHelper()
		query := string(out[len(long):])
		Expect(query).To(HavePrefix("?p0=x&p1=x&"))
		Expect(strings.Count(query, "&")).To(Equal(n - 1))
		Expect(query).To(HaveSuffix("&p" + strconv.Itoa(n-1) + "=x"))
	}

	It("AppendQuery appends every parameter once", func() {
		params := iter.Seq2[string, any](func(yield func(string, any) bool) {
			for _, name := range names {
				if !yield(name, list) {
					return
				}
			}
		})
		out, err := template.AppendQuery([]byte(long), params)
		Expect(err).NotTo(HaveOccurred())
		expectAll(out)
	})

	It("AppendQueryVar keeps the position of the \"?\"", func() {
		b, q := []byte(long), -1
		var err error
		for _, name := range names {
			if b, q, err = template.AppendQueryVar(b, q, name, template.ListVar(list)); err != nil {
				Fail(err.Error())
			}
		}
		Expect(q).To(Equal(len(long)))
		expectAll(b)
	})
})
