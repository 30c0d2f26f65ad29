package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint/catalog/github"
)

// petstore is a small OpenAPI 3.0 description written for these specs.
var petstore = func() string {
	p, err := filepath.Abs(filepath.Join("testdata", "petstore.yaml"))
	if err != nil {
		panic(err)
	}
	return p
}()

var _ = Describe("checking calls against an API description", func() {
	Describe("GitHub's, by default", func() {
		It("names the route a misspelt one probably meant", func() {
			r := cli("GET /repos/{owner}/{repo}/isues", "owner=o", "repo=r")
			r.failure(`"GET /repos/{owner}/{repo}/isues": no operation has this method and path; did you mean GET /repos/{owner}/{repo}/issues?`)
			Expect(r.stderr).To(ContainSubstring("(--no-check skips the check)"))
		})

		It("names the parameter an unknown one probably meant", func() {
			cli("GET /repos/{owner}/{repo}/issues", "owner=o", "repo=r", "stat=open").
				failure(`check "GET /repos/{owner}/{repo}/issues": parameter "stat": unknown parameter; did you mean state?`)
		})

		It("names the enum value a misspelt one probably meant", func() {
			r := cli("GET /repos/{owner}/{repo}/issues", "owner=o", "repo=r", "state=opne")
			r.failure(`parameter "state": "opne" is not one of open, closed, all; did you mean open?`)
			// Not an unknown name: skipping the check would not help.
			Expect(r.stderr).NotTo(ContainSubstring("--no-check"))
		})

		It("checks the values of items read from files, and typed ones", func() {
			dir := GinkgoT().TempDir()
			write(dir, "state.txt", "opne")
			runIn(dir, "", "GET /repos/{owner}/{repo}/issues", "owner=o", "repo=r", "state=@state.txt").
				failure(`"opne" is not one of open, closed, all`)
			// GitHub's title is a string or an integer; labels an array.
			cli("POST /repos/{owner}/{repo}/issues", "owner=o", "repo=r", "title:=1", "labels:=1").
				failure(`parameter "labels": got integer 1, want array`)
		})

		It("lets --no-check through what the description does not have", func() {
			v := cli("--no-check", "GET /repos/{owner}/{repo}/isues", "owner=o", "repo=r", "stat=open").ok()
			Expect(v["url"]).To(Equal("https://api.github.com/repos/o/r/isues?stat=open"))
		})

		It("checks the route, not the host: --base-url elsewhere is still checked", func() {
			cli("--base-url", "http://localhost:8080/api/v3", "GET /repos/{owner}/{repo}/issues", "owner=o", "repo=r", "state=opne").
				failure("did you mean open?")
			v := cli("--base-url", "http://localhost:8080/api/v3", "GET /repos/{owner}/{repo}/issues", "owner=o", "repo=r", "state=open").ok()
			Expect(v["url"]).To(Equal("http://localhost:8080/api/v3/repos/o/r/issues?state=open"))
		})

		It("keeps a query string in a checked route", func() {
			v := cli("GET /user/repos?per_page=100", "sort=updated").ok()
			Expect(v["url"]).To(Equal("https://api.github.com/user/repos?per_page=100&sort=updated"))
			// A query expression is no query string.
			v = cli("GET /search/issues{?q}", "q=is:open").ok()
			Expect(v["url"]).To(Equal("https://api.github.com/search/issues?q=is%3Aopen"))
		})
	})

	Describe("operation IDs as routes", func() {
		It("builds repos/get", func() {
			v := cli("repos/get", "owner=o", "repo=r").ok()
			Expect(v["method"]).To(Equal("get"))
			Expect(v["url"]).To(Equal("https://api.github.com/repos/o/r"))
		})

		It("takes the method from the operation and its query parameters as declared", func() {
			v := cli("repos/upload-release-asset", "owner=o", "repo=r", "release_id:=7", "name=a b.zip", "--data", `"zip"`).ok()
			Expect(v["method"]).To(Equal("post"))
			// The operation's own server, and name in the query, not the body.
			Expect(v["url"]).To(Equal("https://uploads.github.com/repos/o/r/releases/7/assets?name=a%20b.zip"))
			Expect(v["body"]).To(Equal("zip"))
		})

		It("suggests the ID a misspelt one probably meant", func() {
			cli("repos/gett", "owner=o", "repo=r").failure(`"repos/gett": no operation has this ID; did you mean repos/get?`)
		})
	})

	Describe("--spec FILE, another API", func() {
		It("checks against the description and uses its server", func() {
			v := cli("--spec", petstore, "GET /pets", "status=sold", "per_page:=5").ok()
			Expect(v["url"]).To(Equal("https://petstore.example/v1/pets?status=sold&per_page=5"))
			cli("--spec", petstore, "GET /pets", "status=sld").failure(`check "GET /pets": parameter "status": "sld" is not one of available, pending, sold; did you mean sold?`)
			r := cli("--spec", petstore, "GET /pet")
			r.failure(`"GET /pet": no operation has this method and path; did you mean GET /pets or GET /pets/{petId}?`)
			Expect(r.stderr).NotTo(ContainSubstring("--no-check"))
			// GitHub's routes are not this API's.
			cli("--spec", petstore, "repos/get", "owner=o", "repo=r").failure(`"repos/get": no operation has this ID`)
		})

		It("takes its operation IDs, and --base-url over its server", func() {
			v := cli("--spec", petstore, "--base-url", "http://127.0.0.1:9/v2", "pets/get", "petId:=7").ok()
			Expect(v["url"]).To(Equal("http://127.0.0.1:9/v2/pets/7"))
			v = cli("--spec", petstore, "pets/create", "name=Rex", "dry_run==true", "--compact").ok()
			Expect(v["url"]).To(Equal("https://petstore.example/v1/pets?dry_run=true"))
			Expect(v["body"]).To(Equal(map[string]any{"name": "Rex"}))
		})

		It("reports an unreadable description", func() {
			runIn(GinkgoT().TempDir(), "", "--spec", "nope.yaml", "GET /pets").failure(`--spec: openapi: "nope.yaml"`)
		})

		It("cannot be combined with --no-check", func() {
			cli("--spec", petstore, "--no-check", "GET /pets").usage("--spec and --no-check cannot be used together")
		})
	})

	It("refuses --base-url without a scheme, suggesting one", func() {
		cli("--base-url", "api.github.com", "GET /user").
			usage(`--base-url "api.github.com" has no scheme: want an http:// or https:// URL, such as "https://api.github.com"`)
		cli("--base-url", "localhost:8080", "GET /user").usage(`such as "https://localhost:8080"`)
		r := cli("--base-url", "ftp://user:s3cr3t@host", "GET /user")
		r.usage("--base-url: want an http:// or https:// URL")
		Expect(r.stderr).NotTo(ContainSubstring("s3cr3t"))
		// A path is a base URL too (the options then hold a relative URL).
		Expect(cli("--base-url", "/api/v3", "GET /user").ok()["url"]).To(Equal("/api/v3/user"))
	})
})

var _ = Describe("endpoint routes", func() {
	It("lists every operation of GitHub's description in aligned columns", func() {
		r := cli("routes")
		Expect(r.code).To(Equal(0))
		Expect(r.stderr).To(BeEmpty())
		lines := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
		ops := github.Catalog().Operations()
		Expect(lines).To(HaveLen(len(ops)))
		// The columns start where the longest method and path end, plus two.
		methodW, pathW := 0, 0
		for _, op := range ops {
			methodW, pathW = max(methodW, len(op.Method)), max(pathW, len(op.Path))
		}
		for i, op := range ops {
			want := op.Method + strings.Repeat(" ", methodW+2-len(op.Method)) +
				op.Path + strings.Repeat(" ", pathW+2-len(op.Path)) + op.ID
			Expect(lines[i]).To(Equal(want))
		}
		Expect(r.stdout).To(ContainSubstring("\nGET     /repos/{owner}/{repo}  "))
	})

	It("filters on method, path or ID, ignoring case", func() {
		r := cli("routes", "ISSUES/LIST-FOR-REPO")
		Expect(r.code).To(Equal(0))
		Expect(r.stdout).To(Equal("GET  /repos/{owner}/{repo}/issues  issues/list-for-repo\n"))
		r = cli("routes", "/Releases/{Release_ID}/Assets")
		Expect(r.stdout).To(Equal(
			"GET   /repos/{owner}/{repo}/releases/{release_id}/assets  repos/list-release-assets\n" +
				"POST  /repos/{owner}/{repo}/releases/{release_id}/assets  repos/upload-release-asset\n"))
		r = cli("routes", "delete")
		Expect(r.code).To(Equal(0))
		for _, line := range strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n") {
			Expect(strings.ToLower(line)).To(ContainSubstring("delete"))
		}
		Expect(r.stdout).To(ContainSubstring("DELETE  /repos/{owner}/{repo}  "))
	})

	It("lists --spec's operations", func() {
		r := cli("routes", "--spec", petstore)
		Expect(r.code).To(Equal(0))
		Expect(r.stdout).To(Equal("" +
			"GET   /pets          pets/list\n" +
			"POST  /pets          pets/create\n" +
			"GET   /pets/{petId}  pets/get\n" +
			"GET   /health        -\n")) // no operationId
		Expect(cli("--spec", petstore, "routes", "PETID").stdout).To(Equal("GET  /pets/{petId}  pets/get\n"))
	})

	It("fails when nothing matches, and on a wrong command line", func() {
		cli("routes", "no-such-thing").failure(`routes: no operation matches "no-such-thing"`)
		cli("routes", "a", "b").usage("routes takes at most one FILTER (got 2 arguments)")
		cli("routes", "--send", "--compact").usage("routes takes no flag but --spec (got --compact, --send)")
	})
})

// An empty file or {} loaded as a description of no operations, and no error
// named the file.
var _ = Describe("--spec naming a description without operations", Label("regression"), func() {
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

// A --spec whose server is relative, missing or unusable left GitHub's base URL:
// its operations were sent to api.github.com.
var _ = Describe("--spec, a description whose server is not an absolute URL", Label("regression"), func() {
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

// --spec was read whole: --spec /dev/zero filled memory.
var _ = Describe("--spec, bounded as every other file", Label("regression"), func() {
	petstoreText := func() string {
		GinkgoHelper()
		b, err := os.ReadFile(petstore)
		Expect(err).NotTo(HaveOccurred())
		return string(b)
	}

	It("refuses a regular file larger than the limit before reading it", func() {
		withBodyLimit(1 << 10)
		big := write(GinkgoT().TempDir(), "big.yaml", petstoreText()+"#"+strings.Repeat("x", 4<<10)+"\n")
		inProcess(nil, nil, "--spec", big, "GET /pets").failure("bytes, larger than the body limit of 1 KiB")
		inProcess(nil, nil, "routes", "--spec", big).failure("bytes, larger than the body limit of 1 KiB")
	})

	// fifo returns a named pipe that gives text to one reader.
	fifo := func(text string) string {
		GinkgoHelper()
		path := filepath.Join(GinkgoT().TempDir(), "spec.yaml")
		Expect(syscall.Mkfifo(path, 0o600)).To(Succeed())
		go func() {
			defer GinkgoRecover()
			f, err := os.OpenFile(path, os.O_WRONLY, 0)
			Expect(err).NotTo(HaveOccurred())
			defer f.Close()
			_, _ = f.WriteString(text) // the reader may stop early
		}()
		return path
	}

	It("reads a pipe up to the limit only", func() {
		withBodyLimit(1 << 10)
		inProcess(nil, nil, "--spec", fifo(petstoreText()+"#"+strings.Repeat("x", 4<<10)+"\n"), "GET /pets").
			failure("--spec: larger than the body limit of 1 KiB")
	})

	It("still loads a description from a pipe within the limit", func() {
		r := inProcess(nil, nil, "routes", "--spec", fifo(petstoreText()), "pets/list")
		Expect(r.code).To(Equal(0), r.stderr)
		Expect(r.stdout).To(Equal("GET  /pets  pets/list\n"))
	})
})
