package github_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/catalog"
	"github.com/endpointkit/endpoint/catalog/github"
)

// A body parameter was kept one level less deep than a path or query
// parameter (catalog/openapi's MaxDepth, eight levels below it): GHEC's
// innersource vulnerability sync lost the members of an OSV range's
// event, which ghec.json declares (#/components/schemas/osv-vulnerability:
// introduced, fixed, last_affected, limit, all strings).
var _ = Describe("regression: GHEC's innersource-vulnerabilities/sync body", func() {
	It("keeps the members of vulnerabilities[].affected[].ranges[].events[]", func() {
		op, err := github.GHEC().Lookup("POST", "/enterprises/{enterprise}/innersource-vulnerabilities/sync")
		Expect(err).NotTo(HaveOccurred())
		p, ok := op.Param("vulnerabilities")
		Expect(ok).To(BeTrue())
		s := p.Schema
		for _, step := range []string{"[]", "affected", "[]", "ranges", "[]", "events", "[]"} {
			if step == "[]" {
				Expect(s.Items).NotTo(BeNil(), step)
				s = *s.Items
				continue
			}
			i := -1
			for j, q := range s.Properties {
				if q.Name == step {
					i = j
				}
			}
			Expect(i).To(BeNumerically(">=", 0), step)
			s = s.Properties[i].Schema
		}
		Expect(s.Type).To(Equal(catalog.Object))
		var names []string
		for _, q := range s.Properties {
			names = append(names, q.Name)
			Expect(q.Schema.Type).To(Equal(catalog.String), q.Name)
		}
		Expect(names).To(Equal([]string{"introduced", "fixed", "last_affected", "limit"}))
	})
})
