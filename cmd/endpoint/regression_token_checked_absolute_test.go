package main

import (
	"net/http"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// Checked against GitHub's description (the default), an absolute route
// lost its host: "GET https://other/repos/{owner}/{repo}" went to the base
// URL's host, with GITHUB_TOKEN. It goes where it says, without the token.
var _ = Describe("a checked absolute route and GITHUB_TOKEN", func() {
	ok := func(w http.ResponseWriter, r *http.Request) { reply(w, 200, `{}`) }

	It("goes to the host the route names, without the token", func() {
		home, other := newServer(ok), newServer(ok)
		r := inProcess(tokenEnv, nil, "--send", "--base-url", home.URL, "GET "+other.URL+"/repos/{owner}/{repo}", "owner=o", "repo=r")
		Expect(r.code).To(Equal(0), r.stderr)
		Expect(home.requests()).To(BeEmpty())
		Expect(other.requests()).To(HaveLen(1))
		Expect(other.requests()[0].Path).To(Equal("/repos/o/r"))
		Expect(other.requests()[0].Header.Values("Authorization")).To(BeEmpty())
		r.noToken()
	})
})
