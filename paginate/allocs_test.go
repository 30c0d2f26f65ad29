package paginate_test

import (
	"net/http"
	"testing"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/paginate"
)

var _ = Describe("allocations", func() {
	BeforeEach(func() {
		if raceEnabled {
			Skip("the race detector allocates on its own")
		}
	})

	It("ParseLinks of GitHub's four links: the slice, one Rel array for all, one scratch array", func() {
		h := http.Header{"Link": {githubLink}}
		Expect(testing.AllocsPerRun(100, func() { _, _ = paginate.ParseLinks(h) })).To(BeNumerically("<=", 3))
	})

	It("Next: one scratch array, the URL (three), the header copy (three) and the request", func() {
		resp := githubResponse()
		Expect(testing.AllocsPerRun(100, func() { _, _ = paginate.Next(resp) })).To(BeNumerically("<=", 8))
	})
})
