package paginate_test

import (
	"context"
	"io"
	"net/http"
	"runtime"
	"strconv"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/paginate"
)

// endlessTransport answers every page with a list of one item and a
// link to the next one, padded to linkPad bytes: a server that never
// ends. (Empty pages would end the walk with ErrNoProgress.)
type endlessTransport struct{ pad string }

func (t endlessTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	n, _ := strconv.Atoi(r.URL.Query().Get("page"))
	link := "<https://api.test/x?page=" + strconv.Itoa(n+1) + "&pad=" + t.pad + `>; rel="next"`
	return &http.Response{StatusCode: 200, Header: http.Header{"Link": {link}, "Content-Type": {"application/json"}},
		Body: io.NopCloser(strings.NewReader("[1]")), Request: r}, nil
}

// A walk remembered every page's link whole, to see loops: a server
// sending long links without end made it hold all of them.
var _ = It("remembers a walk's pages in a few bytes each, however long their links", func() {
	const pages, linkPad = 2000, 4096
	c := &http.Client{Transport: endlessTransport{pad: strings.Repeat("a", linkPad)}}
	req, err := http.NewRequest(http.MethodGet, "https://api.test/x?page=1", nil)
	Expect(err).NotTo(HaveOccurred())
	var before, during runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	n := 0
	for page, err := range paginate.Pages(context.Background(), c, req) {
		Expect(err).NotTo(HaveOccurred())
		if n++; page.Number == pages {
			runtime.GC()
			runtime.ReadMemStats(&during)
			break
		}
	}
	Expect(n).To(Equal(pages))
	grown := int64(during.HeapAlloc) - int64(before.HeapAlloc)
	// Whole links would be pages × linkPad = 8 MB.
	Expect(grown).To(BeNumerically("<", pages*linkPad/8), "heap grew by %d bytes over %d pages", grown, pages)
})
