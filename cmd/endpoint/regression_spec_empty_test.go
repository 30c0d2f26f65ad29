package main

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// An empty file or {} loaded as a description of no operations: every
// call then failed with "no operation has this method and path", and
// routes with "the description has no operations", neither naming the
// file.
var _ = Describe("--spec naming a description without operations", func() {
	DescribeTable("fails at once, naming the file",
		func(text string) {
			path := write(GinkgoT().TempDir(), "empty.json", text)
			for _, args := range [][]string{{"--spec", path, "GET /pets"}, {"routes", "--spec", path}} {
				r := inProcess(nil, nil, args...)
				Expect(r.code).NotTo(Equal(0))
				Expect(r.stderr).To(ContainSubstring(`--spec: "` + path + `": the description has no operations`))
			}
		},
		Entry("an empty file", ""),
		Entry("an empty object", "{}"),
		Entry("paths without operations", `{"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{}}`),
	)
})
