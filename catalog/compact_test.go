package catalog_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/endpointkit/endpoint/catalog"
	"github.com/endpointkit/endpoint/catalog/github"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

var _ = Describe("the compact form", func() {
	It("reads back what it writes, for each embedded catalogue and a hand-made one", func() {
		for _, c := range []*catalog.Catalog{github.Catalog(), github.GHEC(), github.GHES(), typed()} {
			text := c.Encode()
			d, err := catalog.Decode(text)
			Expect(err).NotTo(HaveOccurred())
			Expect(d.Len()).To(Equal(c.Len()))
			Expect(d.Info()).To(Equal(c.Info()))
			Expect(string(d.Encode())).To(Equal(string(text)))
		}
	})

	It("escapes names and values that hold its separators", func() {
		odd := "a,b;c:d=e!f|g[h]i{j}k%l\tm\nn"
		c, err := catalog.New(catalog.Info{Title: odd, Servers: []catalog.Server{{URL: "https://x/" + odd, Variables: []catalog.ServerVariable{{Name: odd, Default: odd, Enum: []string{odd, "2"}}}}}},
			[]catalog.Operation{{ID: odd, Method: "GET", Path: "/" + odd, Params: []catalog.Param{
				{Name: odd, In: catalog.Query, Schema: catalog.Schema{Type: catalog.Array, Enum: []string{odd, ""}, Items: &catalog.Schema{Type: catalog.Object, Properties: []catalog.Property{{Name: odd, Required: true, Schema: catalog.Schema{Enum: []string{odd}}}}}}},
			}}})
		Expect(err).NotTo(HaveOccurred())
		d, err := catalog.Decode(c.Encode())
		Expect(err).NotTo(HaveOccurred())
		Expect(d.Info()).To(Equal(c.Info()))
		op, err := d.ByID(odd)
		Expect(err).NotTo(HaveOccurred())
		want, _ := c.ByID(odd)
		Expect(op.Params).To(Equal(want.Params))
		Expect(op.Path).To(Equal("/" + odd))
	})

	DescribeTable("carries what the description says beyond a schema",
		func(info catalog.Info, param catalog.Param, line string) {
			c, err := catalog.New(info, []catalog.Operation{{ID: "x", Method: "GET", Path: "/x/{path}", Params: []catalog.Param{param}}})
			Expect(err).NotTo(HaveOccurred())
			Expect(string(c.Encode())).To(ContainSubstring(line))
			d, err := catalog.Decode(c.Encode())
			Expect(err).NotTo(HaveOccurred())
			Expect(d.Info()).To(Equal(c.Info()))
			Expect(d.Operations()[0].Params).To(Equal([]catalog.Param{param}))
			Expect(string(d.Encode())).To(Equal(string(c.Encode())))
		},
		Entry("a path parameter that holds a path (x-multi-segment)", catalog.Info{},
			catalog.Param{Name: "path", In: catalog.Path, Required: true, MultiSegment: true, Schema: catalog.Schema{Type: catalog.String}}, "\nP\tp/!\tpath\ts\n"),
		Entry("and one of a style, exploded", catalog.Info{},
			catalog.Param{Name: "path", In: catalog.Path, Style: catalog.StyleLabel, Explode: true, MultiSegment: true}, "\nP\tpL/*\tpath\t*\n"),
		Entry("the accept header the description asks for", catalog.Info{Title: "t", Accept: "application/json"},
			catalog.Param{Name: "path", In: catalog.Path, Required: true}, "\nI\tt\t\t\tapplication/json\n"),
		Entry("and none, as GitHub's data", catalog.Info{Title: "t"},
			catalog.Param{Name: "path", In: catalog.Path, Required: true}, "\nI\tt\t\t\n"),
	)

	DescribeTable("refuses malformed data with ErrInvalid",
		func(text string) {
			_, err := catalog.Decode([]byte(text))
			Expect(errors.Is(err, catalog.ErrInvalid)).To(BeTrue(), "%v", err)
			Expect(err.Error()).To(HavePrefix("catalog: "))
		},
		Entry("no header", "O\tx\tGET\t/x\t\t\n"),
		Entry("unknown record", "endpointkit-catalog 1\nZ\tx\n"),
		Entry("parameter before an operation", "endpointkit-catalog 1\nP\tq\tx\ts\n"),
		Entry("bad location", "endpointkit-catalog 1\nO\tx\tGET\t/x\t\t\nP\tx\tx\ts\n"),
		Entry("bad type letter", "endpointkit-catalog 1\nO\tx\tGET\t/x\t\t\nP\tq\tx\tsQ\n"),
		Entry("unclosed items", "endpointkit-catalog 1\nO\tx\tGET\t/x\t\t\nP\tq\tx\ta[s\n"),
		Entry("unclosed properties", "endpointkit-catalog 1\nO\tx\tGET\t/x\t\t\nP\tq\tx\to{a:s\n"),
		Entry("trailing schema text", "endpointkit-catalog 1\nO\tx\tGET\t/x\t\t\nP\tq\tx\ts]\n"),
		Entry("bad escape", "endpointkit-catalog 1\nO\t%ZZ\tGET\t/x\t\t\n"),
		Entry("truncated escape", "endpointkit-catalog 1\nO\tx%2\tGET\t/x\t\t\n"),
		Entry("unknown server", "endpointkit-catalog 1\nO\tx\tGET\t/x\t3\t\n"),
		Entry("an Info of too many fields", "endpointkit-catalog 1\nI\tt\tv\ts\ta\tb\n"),
		Entry("bad body", "endpointkit-catalog 1\nO\tx\tPOST\t/x\t\to\n"),
		Entry("duplicate route", "endpointkit-catalog 1\nO\tx\tGET\t/x\t\t\nO\ty\tGET\t/x\t\t\n"),
		Entry("too deep", "endpointkit-catalog 1\nO\tx\tGET\t/x\t\t\nP\tq\tx\t"+string(bytes.Repeat([]byte("a["), 40))+"s"+string(bytes.Repeat([]byte("]"), 40))+"\n"),
	)

	It("never panics on a truncated catalogue", func() {
		text := github.GHES().Encode()
		step := 997
		if testing.Short() || raceEnabled {
			step = 9973
		}
		for n := 0; n < len(text); n += step {
			Expect(func() { _, _ = catalog.Decode(text[:n]) }).NotTo(Panic())
		}
	})
})

// FuzzDecode: Decode never panics, and what it accepts it writes back in
// a form it reads to the same catalogue.
func FuzzDecode(f *testing.F) {
	f.Add([]byte("endpointkit-catalog 1\nI\tt\tv\ts\nS\thttps://x/{a}\ta=b|c\nD\t0\nO\tid\tPOST\t/x/{y}\t0\t!o;application/json\nP\tp!\ty\ti\nP\tb\tz\tsz=a,b[o{k!:n}]\n"))
	f.Add(typedText())
	ghes := github.GHES().Encode()
	f.Add(ghes[:4096])
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := catalog.Decode(data)
		if err != nil {
			if !errors.Is(err, catalog.ErrInvalid) {
				t.Fatalf("error %v is not ErrInvalid", err)
			}
			return
		}
		text := c.Encode()
		d, err := catalog.Decode(text)
		if err != nil {
			t.Fatalf("re-decoding: %v\n%s", err, text)
		}
		if !bytes.Equal(d.Encode(), text) {
			t.Fatalf("round trip changed\n%s\n%s", text, d.Encode())
		}
	})
}

func typedText() []byte {
	params := []catalog.Param{{Name: "id", In: catalog.Path, Required: true, Schema: catalog.Schema{Type: catalog.Integer}}}
	c, _ := catalog.New(catalog.Info{Title: "t"}, []catalog.Operation{{ID: "t", Method: "GET", Path: "/t/{id}", Params: params}})
	return c.Encode()
}
