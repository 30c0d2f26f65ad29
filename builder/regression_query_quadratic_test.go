package builder_test

// Regression: Build searched the URL for its "?" again after every query
// parameter that is not a string or an integer (lists, for one), so the
// time grew with the path's length times the number of parameters: a
// 4 MiB path value and MaxParams list parameters read 12 GB. The position
// of the "?" is now kept (template.AppendQueryVarAt, whose own spec
// holds it linear at sizes where a search per parameter takes minutes).
// This spec asserts the result, never the time.

import (
	"strconv"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
)

var _ = It("regression: puts MaxParams list query parameters after a long path, each once", func() {
	path := strings.Repeat("/", 4<<20) // 12 MiB once encoded
	lists := builder.MaxParams - 1
	b := endpoint.Route("GET /x/{p}").Param("p", path)
	for i := range lists {
		b.Param("l"+strconv.Itoa(i), []string{"a"})
	}
	r, err := b.Build()
	Expect(err).NotTo(HaveOccurred())
	query := r.URL[strings.IndexByte(r.URL, '?')+1:]
	Expect(strings.Count(query, "=a")).To(Equal(lists))
	Expect(query).To(HavePrefix("l0=a&l1=a&"))
	Expect(query).To(HaveSuffix("&l" + strconv.Itoa(lists-1) + "=a"))
})
