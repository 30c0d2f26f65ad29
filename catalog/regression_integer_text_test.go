package catalog_test

import (
	"encoding/json"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/catalog"
	"github.com/endpointkit/endpoint/catalog/github"
)

// A path or query value is checked as the text it is sent as, so 30 and
// "30" both pass for an integer. But a number held as text (1.0, 1e2, a
// number past int64, as options JSON gives them) passed while a string of
// the same text, sent the same, was ErrType: ParseInt read the string,
// the number was read as a number.
var _ = Describe("an integer parameter given its value as text", func() {
	issues, err := github.Catalog().Lookup("GET", "/repos/{owner}/{repo}/issues")

	It("takes a string that the same number, written so, passes as", func() {
		Expect(err).NotTo(HaveOccurred())
		for _, text := range []string{"1.0", "1e2", "2.50e1", "99999999999999999999", "-0", "30"} {
			Expect(issues.Check("per_page", json.Number(text))).To(Succeed(), text)
			Expect(issues.Check("per_page", text)).To(Succeed(), text)
		}
		e := endpoint.Defaults(endpoint.WithCatalog(github.Catalog()))
		r, err := e.Route("GET /repos/{owner}/{repo}/issues").Param("owner", "o").Param("repo", "r").Param("per_page", "1.0").Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(r.URL).To(Equal("https://api.github.com/repos/o/r/issues?per_page=1.0"))
	})

	It("still refuses text that is no integer, as such a number is refused", func() {
		for _, text := range []string{"1.5", "1e-1", "1e400", "0x10", " 1", "1 ", "", "NaN", "1_000"} {
			Expect(issues.Check("per_page", text)).To(MatchError(catalog.ErrType), text)
		}
		for _, text := range []string{"1.5", "1e-1"} {
			Expect(issues.Check("per_page", json.Number(text))).To(MatchError(catalog.ErrType), text)
		}
	})
})
