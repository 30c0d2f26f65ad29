package main

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// --data "" was taken for no --data at all: the call's parameters then
// went to the body, where the command line had asked for a whole body.
var _ = Describe(`--data ""`, func() {
	It("is a usage error, not a missing flag", func() {
		cli("--no-check", "--data", "", "POST /x", "a=1").usage(`--data "": want a JSON value`)
	})

	It(`leaves --data '""', the empty JSON string, as it was`, func() {
		r := cli("--no-check", "--compact", "--data", `""`, "POST /x")
		Expect(r.code).To(Equal(0))
		Expect(r.stdout).To(ContainSubstring(`"body":""`))
	})
})
