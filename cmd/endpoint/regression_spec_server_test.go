package main

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// --spec used the description's first server only when it was an
// absolute http(s) URL; a relative one (servers: [{url: /api/v2}]), none
// at all, or one it could not use left GitHub's base URL in place, so that
// the description's operations were built, and sent, on api.github.com.
var _ = Describe("--spec, a description whose server is not an absolute URL", func() {
	spec := func(servers string) string {
		GinkgoHelper()
		return write(GinkgoT().TempDir(), "api.yaml", `openapi: 3.0.3
info: {title: t, version: "1"}
`+servers+`
paths:
  /pets:
    get:
      operationId: pets/list
      responses: {"200": {description: ok}}
`)
	}

	It("joins the routes to a relative server's path", func() {
		Expect(cli("--spec", spec(`servers: [{url: /api/v2/}]`), "GET /pets").ok()["url"]).To(Equal("/api/v2/pets"))
		Expect(cli("--spec", spec(`servers: [{url: "{base}/v3", variables: {base: {default: /api}}}]`), "pets/list").ok()["url"]).To(Equal("/api/v3/pets"))
	})

	It("reads no servers as the server /, as OpenAPI does", func() {
		Expect(cli("--spec", spec(``), "GET /pets").ok()["url"]).To(Equal("/pets"))
		Expect(cli("--spec", spec(`servers: [{url: /}]`), "GET /pets").ok()["url"]).To(Equal("/pets"))
	})

	It("takes --base-url for the host", func() {
		Expect(cli("--spec", spec(``), "--base-url", "http://127.0.0.1:9", "GET /pets").ok()["url"]).To(Equal("http://127.0.0.1:9/pets"))
		Expect(cli("--spec", spec(`servers: [{url: "api.example.com/v1"}]`), "--base-url", "https://api.example.com/v1", "GET /pets").ok()["url"]).
			To(Equal("https://api.example.com/v1/pets"))
	})

	It("asks for JSON, not GitHub's media type, which means nothing to another API", func() {
		out := cli("--spec", spec(`servers: [{url: "https://api.example.com"}]`), "GET /pets").ok()
		Expect(out["headers"]).To(HaveKeyWithValue("accept", "application/json"))
		github := cli("GET /repos/{owner}/{repo}", "owner=o", "repo=r").ok()
		Expect(github["headers"]).To(HaveKeyWithValue("accept", "application/vnd.github.v3+json"))
	})

	It("asks for --base-url when it cannot use the server, never api.github.com", func() {
		for _, servers := range []string{`servers: [{url: "api.example.com/v1"}]`, `servers: [{url: "ftp://files.example"}]`} {
			r := cli("--spec", spec(servers), "GET /pets")
			r.failure(`is no http(s) URL or path: give --base-url`)
			Expect(r.stdout).NotTo(ContainSubstring("api.github.com"))
		}
	})
})
