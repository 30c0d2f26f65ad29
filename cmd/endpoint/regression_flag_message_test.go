package main

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// The help names flags with two dashes; a bad --timeout value was
// reported as "for flag -timeout".
var _ = Describe("an invalid flag value", func() {
	It("names the flag with two dashes, as the help does", func() {
		r := cli("--send", "--timeout", "abc", "GET /user")
		r.usage(`invalid value "abc" for flag --timeout: parse error`)
		Expect(r.stderr).NotTo(ContainSubstring(" -timeout"))
	})
})
