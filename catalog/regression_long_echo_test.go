package catalog_test

import (
	"encoding/json"
	"errors"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/catalog"
	"github.com/endpointkit/endpoint/catalog/github"
	"github.com/endpointkit/endpoint/internal/value"
)

// Regression: an error's reason repeated some inputs whole, where the
// route and string values it quotes are cut short. A number of the wrong
// type was echoed as it was written ("got number 1.5555…", a megabyte
// of it for a 1 MiB json.Number), and so was the method of a path that
// has other methods ("this path has no GGGG… operation", the whole
// method, which a route does not bound). Expected: both cut as a quoted
// value is, so that a message stays a line long.
var _ = Describe("regression: an error's reason repeats a long input", func() {
	long := "1." + strings.Repeat("5", 1<<20)

	DescribeTable("a number of the wrong type is cut short",
		func(method, path, name string, v any) {
			op, err := github.Catalog().Lookup(method, path)
			Expect(err).NotTo(HaveOccurred())
			val, err := value.Of(v)
			Expect(err).NotTo(HaveOccurred())
			err = op.CheckParam(name, val)
			Expect(errors.Is(err, catalog.ErrType)).To(BeTrue(), "%v", err)
			Expect(len(err.Error())).To(BeNumerically("<", 300), "%.300s", err.Error())
			Expect(err.Error()).To(ContainSubstring("got number 1.555"))
		},
		Entry("for a string in the body", "POST", "/repos/{owner}/{repo}/issues", "title", json.Number(long)),
		Entry("for an integer in the query", "GET", "/repos/{owner}/{repo}/issues", "per_page", json.Number(long)),
		Entry("for an integer in the path", "GET", "/repos/{owner}/{repo}/issues/{issue_number}", "issue_number", json.Number(long)),
		Entry("as an item of an array", "POST", "/repos/{owner}/{repo}/issues", "assignees", []any{json.Number(long)}),
	)

	It("a method the path does not have is cut short", func() {
		method := strings.Repeat("G", 1<<16)
		_, err := github.Catalog().Lookup(method, "/user")
		Expect(errors.Is(err, catalog.ErrUnknownRoute)).To(BeTrue(), "%v", err)
		Expect(len(err.Error())).To(BeNumerically("<", 500), "%.500s", err.Error())
		Expect(err.Error()).To(ContainSubstring("only GET, PATCH"))
	})
})
