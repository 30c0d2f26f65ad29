package template_test

// Regression: AppendQuery and AppendQueryVar searched the whole URL for its
// "?" once per parameter, so appending n parameters to a URL whose path is
// m bytes long took n×m steps. AppendQuery now finds the "?" once and keeps
// track of it, and AppendQueryVar lets a caller that loops itself (the
// builder) do so. The specs assert results, never
// timings: at these sizes (100,000 parameters after a 16 MiB path, 1.6 TB
// of searching) a search per parameter took 55 s here, where one search
// takes a tenth of a second, so a return of it shows in the run's time
// (and a -timeout below a minute fails it).

import (
	"iter"
	"strconv"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/template"
)

var _ = Describe("regression: query parameters after a long path", func() {
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
