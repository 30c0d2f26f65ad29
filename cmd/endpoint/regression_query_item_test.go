package main

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// name==value promises the query ("in the URL's query even on POST"),
// but with the check on, a parameter the description takes in the body
// or the path went there instead, silently.
var _ = Describe("name==value with the check on", func() {
	It("is refused for a parameter the description takes in the body or the path", func() {
		r := cli("POST /repos/{owner}/{repo}/issues", "owner=o", "repo=r", "title==s3cr3t")
		r.failure(`item title==…: POST /repos/{owner}/{repo}/issues takes "title" in the body, not in the query; write title=…`)
		Expect(r.stderr).NotTo(ContainSubstring("s3cr3t")) // a value is never echoed
		cli("issues/create", "owner=o", "repo==r", "title=T").
			failure(`item repo==…: POST /repos/{owner}/{repo}/issues takes "repo" in the path, not in the query`)
	})

	It("still sends a query parameter of the description, and leaves an unknown name to the check", func() {
		v := cli("GET /repos/{owner}/{repo}/issues", "owner=o", "repo=r", "state==open", "--compact").ok()
		Expect(v["url"]).To(Equal("https://api.github.com/repos/o/r/issues?state=open"))
		cli("POST /repos/{owner}/{repo}/issues", "owner=o", "repo=r", "title=T", "stat==x").
			failure(`parameter "stat": unknown parameter`)
	})
})
