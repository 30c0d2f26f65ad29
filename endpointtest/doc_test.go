package endpointtest_test

import (
	"os"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

var _ = Describe("doc.go", func() {
	It("quotes the failure messages the server writes, verbatim", func() {
		src, err := os.ReadFile("doc.go")
		Expect(err).NotTo(HaveOccurred())
		var quoted []string
		for _, line := range strings.Split(string(src), "\n") {
			if msg, ok := strings.CutPrefix(line, "//\tendpointtest: "); ok {
				quoted = append(quoted, "endpointtest: "+msg)
			}
		}
		// The server specs assert that these are the messages, whole.
		Expect(quoted).To(Equal([]string{msgMisspeltRoute, msgMissingField, msgEnum}))
	})
})
