package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// result is what one run of the binary gave.
type result struct {
	stdout, stderr string
	code           int
}

// runIn runs the built binary in dir with stdin and returns its output.
func runIn(dir, stdin string, args ...string) result {
	GinkgoHelper()
	cmd := exec.Command(binary, args...)
	cmd.Dir = dir
	cmd.Env = []string{} // no GITHUB_TOKEN, no proxy: the specs' own environment
	cmd.Stdin = strings.NewReader(stdin)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	code := 0
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		code = ee.ExitCode()
	} else {
		Expect(err).NotTo(HaveOccurred())
	}
	return result{out.String(), errOut.String(), code}
}

func cli(args ...string) result {
	GinkgoHelper()
	return runIn(GinkgoT().TempDir(), "", args...)
}

// inProcess calls run in this process, with env as the whole environment
// and stdin as standard input (empty when nil). File names must then be
// absolute.
func inProcess(env map[string]string, stdin io.Reader, args ...string) result {
	GinkgoHelper()
	if stdin == nil {
		stdin = strings.NewReader("")
	}
	getenv := func(name string) (string, bool) {
		v, ok := env[name]
		return v, ok
	}
	var out, errOut bytes.Buffer
	code := run(context.Background(), args, getenv, stdin, &out, &errOut)
	return result{out.String(), errOut.String(), code}
}

// write creates a file in dir.
func write(dir, name, content string) string {
	GinkgoHelper()
	path := filepath.Join(dir, name)
	Expect(os.WriteFile(path, []byte(content), 0o600)).To(Succeed())
	return path
}

// withBodyLimit lowers the body limit for the rest of the spec.
func withBodyLimit(n int64) {
	saved := maxBody
	maxBody = n
	DeferCleanup(func() { maxBody = saved })
}

// ok asserts success and decodes the JSON on stdout.
func (r result) ok() map[string]any {
	GinkgoHelper()
	Expect(r.stderr).To(BeEmpty())
	Expect(r.code).To(Equal(0))
	var v map[string]any
	dec := json.NewDecoder(strings.NewReader(r.stdout))
	dec.UseNumber()
	Expect(dec.Decode(&v)).To(Succeed(), r.stdout)
	return v
}

// usage asserts a usage error naming want.
func (r result) usage(want string) {
	GinkgoHelper()
	Expect(r.code).To(Equal(2))
	Expect(r.stdout).To(BeEmpty())
	Expect(r.stderr).To(ContainSubstring(want))
	Expect(r.stderr).To(ContainSubstring("usage: endpoint [flags] ROUTE [ITEM...]\nRun 'endpoint --help' for examples.\n"))
}

// failure asserts a build error naming want.
func (r result) failure(want string) {
	GinkgoHelper()
	Expect(r.code).To(Equal(1))
	Expect(r.stdout).To(BeEmpty())
	Expect(r.stderr).To(HavePrefix("endpoint: "))
	Expect(r.stderr).To(ContainSubstring(want))
	Expect(r.stderr).NotTo(ContainSubstring("usage:"))
	Expect(strings.Count(r.stderr, "\n")).To(Equal(1))
}

const ua = "endpointkit-endpoint.go/0.1.0"

var _ = Describe("the endpoint command", func() {
	DescribeTable("refuses what would build a wrong URL, exit 1 (issue 34, item 1)",
		func(args []string, want string) {
			cli(args...).failure(want)
		},
		Entry("an empty owner, as an unset variable gives", []string{"GET /repos/{owner}/{repo}/issues", "owner=", "repo=r"}, `"owner"`),
		Entry("an empty owner, unchecked", []string{"--no-check", "GET /repos/{owner}/{repo}/issues", "owner=", "repo=r"}, `"owner"`),
		Entry("an empty repo, which the catalogue requires", []string{"DELETE /repos/{owner}/{repo}", "owner=o", "repo="}, `"repo"`),
		Entry("a host without a scheme", []string{"--no-check", "GET api.github.com/repos/o/r"}, "starts with a host"),
	)

	It("runs the README's command", func() {
		r := cli("GET /repos/{owner}/{repo}/issues", "owner=octokit", "repo=rest.js", "state=open", `labels:=["bug","ui"]`)
		Expect(r.code).To(Equal(0))
		Expect(r.stderr).To(BeEmpty())
		Expect(r.stdout).To(Equal(`{
  "method": "get",
  "url": "https://api.github.com/repos/octokit/rest.js/issues?state=open&labels=bug%2Cui",
  "headers": {
    "accept": "application/vnd.github.v3+json",
    "user-agent": "endpointkit-endpoint.go/0.1.0"
  }
}
`))
	})

	It("prints one line with --compact, flags after the items too", func() {
		indented := cli("GET /users/{username}", "username=octocat")
		compact := cli("GET /users/{username}", "username=octocat", "--compact")
		Expect(compact.code).To(Equal(0))
		Expect(compact.stdout).To(Equal(`{"method":"get","url":"https://api.github.com/users/octocat","headers":{"accept":"application/vnd.github.v3+json","user-agent":"` + ua + `"}}` + "\n"))
		var a, b bytes.Buffer
		Expect(json.Compact(&a, []byte(indented.stdout))).To(Succeed())
		Expect(json.Compact(&b, []byte(compact.stdout))).To(Succeed())
		Expect(a.String()).To(Equal(b.String()))
	})

	// Specs about the items' syntax use parameters GitHub's operations do
	// not have, so they skip the check (--no-check); check_test.go covers it.
	It("types := values as JSON and keeps the item order in the body", func() {
		r := cli("--no-check", "POST /repos/{owner}/{repo}/issues", "owner=o", "repo=r",
			"title=Found a bug", "n:=1", "big:=12345678901234567890", "draft:=true", "none:=null",
			`labels:=["bug",2]`, `meta:={"k":{"z":1.5}}`, "quoted:=\"text\"", "--compact")
		Expect(r.ok()["url"]).To(Equal("https://api.github.com/repos/o/r/issues"))
		Expect(r.stdout).To(ContainSubstring(`"body":{"title":"Found a bug","n":1,"big":12345678901234567890,"draft":true,"none":null,"labels":["bug",2],"meta":{"k":{"z":1.5}},"quoted":"text"}`))
	})

	It("keeps = and : in values and honours escaped separators in names", func() {
		v := cli("--no-check", "GET /search/code", "q=a=b:c", `x\=y=1`, `h\:k:=2`, `back\\slash=3`, "--compact").ok()
		Expect(v["url"]).To(Equal("https://api.github.com/search/code?q=a%3Db%3Ac&x%3Dy=1&h%3Ak=2&back%5Cslash=3"))
	})

	It("sets headers from Header:value items, the later spelling winning", func() {
		v := cli("GET /user", "X-GitHub-Api-Version:2022-11-28", "Authorization:token a:b=c", "Accept:text/plain", "accept:application/json").ok()
		Expect(v["headers"]).To(Equal(map[string]any{
			"accept":               "application/json",
			"authorization":        "token a:b=c",
			"user-agent":           ua,
			"x-github-api-version": "2022-11-28",
		}))
	})

	It("takes METHOD and URL as two arguments", func() {
		v := cli("delete", "/repos/{owner}/{repo}", "owner=o", "repo=r").ok()
		Expect(v["method"]).To(Equal("delete"))
		Expect(v["url"]).To(Equal("https://api.github.com/repos/o/r"))
	})

	It("joins to --base-url", func() {
		v := cli("--base-url", "http://localhost:8080/api/v3/", "GET /user").ok()
		Expect(v["url"]).To(Equal("http://localhost:8080/api/v3/user"))
	})

	It("applies --preview (repeatable) and --format to accept", func() {
		v := cli("--preview", "mercy", "--preview=squirrel-girl-preview", "--format", "raw", "GET /repos/{owner}/{repo}/readme", "owner=o", "repo=r").ok()
		Expect(v["headers"]).To(HaveKeyWithValue("accept", "application/vnd.github.mercy-preview.raw,application/vnd.github.squirrel-girl-preview.raw"))
	})

	Describe("--data", func() {
		It("sets the body from JSON text", func() {
			v := cli("--no-check", "--data", `{"b":[1,2],"a":"x"}`, "PUT /repos/{owner}/{repo}/topics", "owner=o", "repo=r").ok()
			Expect(v["url"]).To(Equal("https://api.github.com/repos/o/r/topics"))
			Expect(v["body"]).To(Equal(map[string]any{"a": "x", "b": []any{json.Number("1"), json.Number("2")}}))
		})

		It("sends a JSON string raw", func() {
			r := cli("--data", `"# Hello"`, "POST /markdown/raw", "Content-Type:text/plain", "--compact")
			Expect(r.code).To(Equal(0))
			Expect(r.stdout).To(ContainSubstring(`"content-type":"text/plain"`))
			Expect(r.stdout).To(ContainSubstring(`"body":"# Hello"`))
		})

		It("sends @file and @- (standard input) as raw bytes, of the operation's type or octet-stream", func() {
			dir := GinkgoT().TempDir()
			Expect(os.WriteFile(filepath.Join(dir, "body.json"), []byte(`{"name":"file"}`+"\n"), 0o600)).To(Succeed())
			v := runIn(dir, "", "--data", "@body.json", "POST /markdown/raw").ok()
			Expect(v["body"]).To(Equal(`{"name":"file"}` + "\n"))
			Expect(v["headers"]).To(HaveKeyWithValue("content-type", "text/plain")) // GitHub's description says so
			v = runIn(dir, "", "--no-check", "--data", "@body.json", "POST /markdown/raw").ok()
			Expect(v["headers"]).To(HaveKeyWithValue("content-type", "application/octet-stream"))
			v = runIn(dir, "{\"name\":\"stdin\"}\x00\xff", "--data", "@-", "POST /markdown/raw", "Content-Type:text/x-markdown").ok()
			Expect(v["body"]).To(Equal("{\"name\":\"stdin\"}\x00\ufffd")) // JSON output cannot hold the byte 0xff
			Expect(v["headers"]).To(HaveKeyWithValue("content-type", "text/x-markdown"))
		})
	})

	It("layers --defaults files in order", func() {
		dir := GinkgoT().TempDir()
		Expect(os.WriteFile(filepath.Join(dir, "ghe.json"), []byte(`{
			"baseUrl": "https://ghe.example.com/api/v3",
			"headers": {"authorization": "token s3cr3t", "x-github-api-version": "2022-11-28"},
			"mediaType": {"previews": ["mercy"]},
			"per_page": 50
		}`), 0o600)).To(Succeed())
		Expect(os.WriteFile(filepath.Join(dir, "team.json"), []byte(`{"headers": {"x-github-api-version": "2026-03-10"}, "owner": "team"}`), 0o600)).To(Succeed())
		v := runIn(dir, "", "--defaults", "ghe.json", "--defaults", "team.json", "GET /repos/{owner}/{repo}/issues", "repo=r").ok()
		Expect(v["url"]).To(Equal("https://ghe.example.com/api/v3/repos/team/r/issues?per_page=50"))
		Expect(v["headers"]).To(Equal(map[string]any{
			"accept":               "application/vnd.github.mercy-preview+json",
			"authorization":        "token s3cr3t",
			"user-agent":           ua,
			"x-github-api-version": "2026-03-10",
		}))
	})

	It("prints merged options with --merge", func() {
		r := cli("--merge", "GET /orgs/{org}/repos", "org=octokit", "type=public", "X-Trace:1", "--preview", "mercy", "--compact")
		Expect(r.code).To(Equal(0))
		Expect(r.stderr).To(BeEmpty())
		// The defaults' keys first (method, baseUrl, headers, mediaType:
		// v6's defaults always hold it, so the preview does not move it),
		// then the call's new ones in the order it set them: url, the
		// parameters.
		Expect(r.stdout).To(Equal(`{"method":"GET","baseUrl":"https://api.github.com","headers":{"accept":"application/vnd.github.v3+json","user-agent":"` + ua + `","x-trace":"1"},"mediaType":{"format":"","previews":["mercy"]},"url":"/orgs/{org}/repos","org":"octokit","type":"public"}` + "\n"))
		r = cli("--merge", "GET /user", "--compact")
		Expect(r.stdout).To(Equal(`{"method":"GET","baseUrl":"https://api.github.com","headers":{"accept":"application/vnd.github.v3+json","user-agent":"` + ua + `"},"mediaType":{"format":"","previews":[]},"url":"/user"}` + "\n"))
	})

	It("prints a curl command with --curl", func() {
		r := cli("--curl", "POST /repos/{owner}/{repo}/issues", "owner=o", "repo=r", "title=it's", "Authorization:token s3cr3t")
		Expect(r.code).To(Equal(0))
		Expect(r.stderr).To(BeEmpty())
		Expect(r.stdout).To(Equal(`curl -X 'POST' -H 'accept: application/vnd.github.v3+json' -H 'authorization: token s3cr3t' -H 'content-type: application/json; charset=utf-8' -H 'user-agent: ` + ua + `' --data-binary '{"title":"it'\''s"}' 'https://api.github.com/repos/o/r/issues'` + "\n"))
	})

	It("masks credentials with --redact", func() {
		r := cli("--no-check", "--redact", "GET /user", "Authorization:token s3cr3t", "access_token=s3cr3t")
		v := r.ok()
		Expect(r.stdout).NotTo(ContainSubstring("s3cr3t"))
		Expect(v["url"]).To(Equal("https://api.github.com/user?access_token=[REDACTED]"))
		Expect(v["headers"]).To(HaveKeyWithValue("authorization", "[REDACTED]"))
	})

	It("treats everything after -- as arguments", func() {
		v := cli("--compact", "--no-check", "--", "GET /x", "--flag-like=1").ok()
		Expect(v["url"]).To(Equal("https://api.github.com/x?--flag-like=1"))
	})

	It("shows help with examples on --help and -h", func() {
		for _, flag := range []string{"--help", "-h"} {
			r := cli(flag)
			Expect(r.code).To(Equal(0))
			Expect(r.stderr).To(BeEmpty())
			Expect(r.stdout).To(HavePrefix("usage: endpoint [flags] ROUTE [ITEM...]\n"))
			for _, want := range []string{
				"name=value", "name==value", "name:=json", "name=@file", "name:=@file", "Header:value", "Examples:",
				`endpoint 'GET /repos/{owner}/{repo}/issues' owner=octokit repo=rest.js state=open labels:='["bug","ui"]'`,
				"endpoint routes [--spec FILE] [FILTER]", "endpoint issues/list-for-repo owner=octokit",
				"--base-url URL", "--preview NAME", "--format F", "--data JSON", "--defaults FILE",
				"--merge", "--curl", "--compact", "--redact", "Exit status",
				"--spec FILE", "--no-check", "--send", "--paginate", "--timeout DURATION", "GITHUB_TOKEN",
				"endpoint --send --paginate", "name==v1.zip", "--data @-", "up to\n100 MiB",
			} {
				Expect(r.stdout).To(ContainSubstring(want))
			}
		}
	})

	It("prints its version", func() {
		r := cli("--version")
		Expect(r.code).To(Equal(0))
		Expect(r.stdout).To(Equal("endpoint 0.1.0\n"))
	})

	Describe("bad input", func() {
		It("needs a route", func() {
			cli().usage("endpoint: missing ROUTE\n")
			cli("--compact").usage("missing ROUTE")
			cli("").usage("empty ROUTE")
		})

		It("refuses an item without a separator or a name", func() {
			cli("GET /user", "state").usage(`invalid item "state": want name=value, name==value, name:=json, name=@file, name:=@file or Header:value`)
			cli("GET /user", "=open").usage(`invalid item "=open": empty name before "="`)
		})

		It("refuses invalid JSON after :=", func() {
			cli("GET /user", "n:=01").usage("invalid item n:=…: invalid JSON")
			cli("GET /user", "labels:=[bug]").usage("invalid item labels:=…: invalid JSON")
			cli("GET /user", "n:=").usage("invalid item n:=…: invalid JSON: empty")
			cli("GET /user", "n:=1 2").usage("data after the value")
			cli("--data", "{", "POST /user").usage("--data: invalid JSON")
		})

		It("refuses unknown flags and missing flag values", func() {
			cli("--bogus", "GET /user").usage("flag provided but not defined: --bogus")
			cli("GET /user", "--format").usage("flag needs an argument: --format")
		})

		It("refuses --merge with --curl", func() {
			cli("--merge", "--curl", "GET /user").usage("--merge and --curl cannot be used together")
		})

		It("reports a missing path parameter", func() {
			cli("GET /repos/{owner}/{repo}", "owner=o").failure(`check "GET /repos/{owner}/{repo}": missing required parameter "repo"`)
			cli("--no-check", "GET /repos/{owner}/{repo}", "owner=o").failure(`variable "repo": missing value`)
		})

		It("reports an invalid header name, up to its first bad byte", func() {
			// Only what comes before the bad byte: a header line given as a
			// name ("Authorization: token …") has its value after it.
			cli("GET /user", "Bad Header:x").failure(`invalid header name "Bad…": byte 0x20 at index 3 is not a token character`)
		})

		It("reports data together with body parameters", func() {
			cli("--data", `{"description":"d"}`, "POST /user/repos", "name=x").failure("data together with body parameters")
			cli("--no-check", "--data", `{"a":1}`, "POST /user/repos", "name=x").failure("data together with body parameters")
		})

		It("reports unreadable and invalid --defaults and --data files", func() {
			dir := GinkgoT().TempDir()
			runIn(dir, "", "--defaults", "nope.json", "GET /user").failure("--defaults nope.json: open: no such file or directory")
			Expect(os.WriteFile(filepath.Join(dir, "bad.json"), []byte(`{"headers": ["x"]}`), 0o600)).To(Succeed())
			runIn(dir, "", "--defaults", "bad.json", "GET /user").failure("--defaults bad.json: endpoint: options: invalid options: headers: want an object")
			runIn(dir, "", "--data", "@missing.json", "POST /user/repos").failure("--data @missing.json: open: no such file or directory")
			runIn(dir, "", "--data", "@.", "POST /user/repos").failure("--data @.: read: is a directory")
		})

		It("never prints a credential in an error", func() {
			r := cli("--no-check", "GET /user?access_token=s3cr3t{", "Authorization:token s3cr3t")
			r.failure("access_token=[REDACTED]")
			Expect(r.stderr).NotTo(ContainSubstring("s3cr3t"))
			r = cli("GET /user", "Authorization:token s3cr3t\r\nX-Injected: 1")
			r.failure(`header "authorization": invalid header value`)
			Expect(r.stderr).NotTo(ContainSubstring("s3cr3t"))
		})
	})
})

// --data "" was taken for no --data: the parameters went to the body.
var _ = Describe(`--data ""`, Label("regression"), func() {
	It("is a usage error, not a missing flag", func() {
		cli("--no-check", "--data", "", "POST /x", "a=1").usage(`--data "": want a JSON value`)
	})

	It(`leaves --data '""', the empty JSON string, as it was`, func() {
		r := cli("--no-check", "--compact", "--data", `""`, "POST /x")
		Expect(r.code).To(Equal(0))
		Expect(r.stdout).To(ContainSubstring(`"body":""`))
	})
})

// A bad --timeout was reported as "for flag -timeout", where the help writes two dashes.
var _ = Describe("an invalid flag value", Label("regression"), func() {
	It("names the flag with two dashes, as the help does", func() {
		r := cli("--send", "--timeout", "abc", "GET /user")
		r.usage(`invalid value "abc" for flag --timeout: parse error`)
		Expect(r.stderr).NotTo(ContainSubstring(" -timeout"))
	})
})
