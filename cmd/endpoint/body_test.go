package main

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// endless is a reader that never ends; n counts the bytes it gave.
type endless struct{ n int64 }

func (e *endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = 'x'
	}
	e.n += int64(len(p))
	return len(p), nil
}

var _ = Describe("items read from files", func() {
	It("takes name=@file as a string and name:=@file as JSON", func() {
		dir := GinkgoT().TempDir()
		write(dir, "notes.md", "# Notes\n\nSee @octocat.\n")
		write(dir, "labels.json", ` ["bug", "ui"] `+"\n")
		r := runIn(dir, "", "POST /repos/{owner}/{repo}/issues", "owner=o", "repo=r", "title=T", "body=@notes.md", "labels:=@labels.json", "--compact")
		r.ok()
		Expect(r.stdout).To(ContainSubstring(`"body":{"title":"T","body":"# Notes\n\nSee @octocat.\n","labels":["bug","ui"]}`))
	})

	It("reports a missing file with a hint for text that starts with @", func() {
		r := runIn(GinkgoT().TempDir(), "", "POST /repos/{owner}/{repo}/issues", "owner=o", "repo=r", "title=T", "body=@octocat")
		r.failure(`item body=@octocat: open: no such file or directory (a value that starts with @ names a file; write body:='"@…"' for the text)`)
		v := cli("POST /repos/{owner}/{repo}/issues", "owner=o", "repo=r", "title=T", `body:="@octocat"`).ok()
		Expect(v["body"]).To(HaveKeyWithValue("body", "@octocat"))
	})

	It("reports invalid JSON in name:=@file", func() {
		dir := GinkgoT().TempDir()
		write(dir, "bad.json", "[bug]")
		runIn(dir, "", "POST /repos/{owner}/{repo}/issues", "owner=o", "repo=r", "title=T", "labels:=@bad.json").
			failure("item labels:=@bad.json: invalid JSON")
	})

	It("refuses an item file larger than the body limit", func() {
		withBodyLimit(16)
		dir := GinkgoT().TempDir()
		path := write(dir, "big.txt", strings.Repeat("x", 17))
		inProcess(nil, nil, "--no-check", "POST /x", "body=@"+path).
			failure("item body=@" + path + ": 17 bytes, larger than the body limit of 16 bytes")
		write(dir, "ok.txt", strings.Repeat("x", 16))
		Expect(inProcess(nil, nil, "--no-check", "POST /x", "body=@"+dir+"/ok.txt").ok()["body"]).
			To(Equal(map[string]any{"body": strings.Repeat("x", 16)}))
	})
})

var _ = Describe("name==value, a query parameter", func() {
	It("goes to the query of a POST, escaped, without --no-check's body rule", func() {
		v := cli("--no-check", "POST /things/{id}", "id=1", "title=T", "q==a b&c=d+e%{x}", "name==v1.zip", "--compact").ok()
		Expect(v["url"]).To(Equal("https://api.github.com/things/1?q=a%20b%26c%3Dd%2Be%25%7Bx%7D&name=v1.zip"))
		Expect(v["body"]).To(Equal(map[string]any{"title": "T"}))
	})

	It("follows a query the route already has, and precedes a query expression", func() {
		v := cli("--no-check", "POST /things?a=1", "b==2", "c=3").ok()
		Expect(v["url"]).To(Equal("https://api.github.com/things?a=1&b=2"))
		v = cli("--no-check", "POST /things{?x,y}", "b==2", "x=3").ok()
		Expect(v["url"]).To(Equal("https://api.github.com/things?b=2&x=3"))
		v = cli("--no-check", "GET /things", "b==2", "x=3").ok()
		Expect(v["url"]).To(Equal("https://api.github.com/things?b=2&x=3"))
	})

	It("is a parameter like any other with a catalogue, which puts it where it belongs", func() {
		v := cli("POST /repos/{owner}/{repo}/releases/{release_id}/assets", "owner=o", "repo=r", "release_id:=1", "name==a b.zip", "--data", `"x"`).ok()
		Expect(v["url"]).To(Equal("https://uploads.github.com/repos/o/r/releases/1/assets?name=a%20b.zip"))
		cli("GET /repos/{owner}/{repo}/issues", "owner=o", "repo=r", "stat==open").failure(`unknown parameter; did you mean state?`)
	})

	DescribeTable("withQuery",
		func(tmpl, want string) {
			Expect(withQuery(tmpl, []item{{Kind: itemQuery, Name: "a b", Value: "1/2"}, {Kind: itemQuery, Name: "c", Value: ""}})).To(Equal(want))
		},
		Entry("no query", "/x", "/x?a%20b=1%2F2&c="),
		Entry("a query", "/x?y=1", "/x?y=1&a%20b=1%2F2&c="),
		Entry("an empty query", "/x?", "/x?a%20b=1%2F2&c="),
		Entry("a query ending in &", "/x?y=1&", "/x?y=1&a%20b=1%2F2&c="),
		Entry("a query expression", "/x{?y,z}", "/x?a%20b=1%2F2&c={&y,z}"),
		Entry("a fragment", "/x#top", "/x?a%20b=1%2F2&c=#top"),
		Entry("a fragment expression", "/x{#f}", "/x?a%20b=1%2F2&c={#f}"),
		Entry("a path expression with ?", "/x/{id}?y=1{&z}", "/x/{id}?y=1{&z}&a%20b=1%2F2&c="),
	)
})

var _ = Describe("bounded bodies", func() {
	It("reads standard input up to the limit, then fails without reading on", func() {
		withBodyLimit(1 << 10)
		in := &endless{}
		r := inProcess(nil, in, "--data", "@-", "POST /markdown/raw")
		r.failure("--data @-: standard input is larger than the body limit of 1 KiB")
		Expect(in.n).To(BeNumerically("<=", 1<<10+1))
		// --send fails the same way, before anything is sent.
		in = &endless{}
		inProcess(nil, in, "--send", "--base-url", "http://127.0.0.1:9", "--data", "@-", "POST /markdown/raw").
			failure("standard input is larger than the body limit of 1 KiB")
		Expect(in.n).To(BeNumerically("<=", 1<<10+1))
	})

	It("takes standard input of exactly the limit", func() {
		withBodyLimit(1 << 10)
		v := inProcess(nil, strings.NewReader(strings.Repeat("y", 1<<10)), "--data", "@-", "POST /markdown/raw").ok()
		Expect(v["body"]).To(HaveLen(1 << 10))
	})

	It("refuses a regular file larger than the limit by its size", func() {
		withBodyLimit(1 << 10)
		path := write(GinkgoT().TempDir(), "big.bin", strings.Repeat("z", 2<<10))
		inProcess(nil, nil, "--data", "@"+path, "POST /markdown/raw").
			failure("--data @" + path + ": 2 KiB, larger than the body limit of 1 KiB")
		inProcess(nil, nil, "--send", "--base-url", "http://127.0.0.1:9", "--data", "@"+path, "POST /markdown/raw").
			failure("2 KiB, larger than the body limit of 1 KiB")
	})

	It("fails fast on --data @/dev/zero", func(ctx SpecContext) {
		if runtime.GOOS == "windows" {
			Skip("no /dev/zero")
		}
		if _, err := os.Stat("/dev/zero"); err != nil {
			Skip("no /dev/zero")
		}
		withBodyLimit(1 << 20)
		inProcess(nil, nil, "--data", "@/dev/zero", "POST /markdown/raw").
			failure("--data @/dev/zero: larger than the body limit of 1 MiB")
		inProcess(nil, nil, "--send", "--base-url", "http://127.0.0.1:9", "--data", "@/dev/zero", "POST /markdown/raw").
			failure("--data @/dev/zero: larger than the body limit of 1 MiB")
	}, SpecTimeout(20*time.Second))

	It("documents the limit: 100 MiB", func() {
		Expect(MaxBody).To(Equal(100 << 20))
		Expect(size(MaxBody)).To(Equal("100 MiB"))
		Expect(size(1536)).To(Equal("1536 bytes"))
	})
})

// A file that could not be read was named by the message and again by os.Open's
// error.
var _ = Describe("a file that cannot be read is named once", Label("regression"), func() {
	var dir string
	BeforeEach(func() {
		dir = GinkgoT().TempDir()
		Expect(os.Mkdir(filepath.Join(dir, "adir.json"), 0o700)).To(Succeed())
	})

	expectOnce := func(err error, name string, notExist bool) {
		GinkgoHelper()
		Expect(err).To(HaveOccurred())
		Expect(strings.Count(err.Error(), name)).To(Equal(1), err.Error())
		Expect(errors.Is(err, fs.ErrNotExist)).To(Equal(notExist), err.Error())
		var pe *fs.PathError
		Expect(errors.As(err, &pe)).To(BeTrue(), err.Error())
		Expect(pe.Path).To(Equal(name))
	}

	It("in --data @file, an item's =@file and :=@file, --defaults and --spec", func() {
		for _, c := range []struct {
			base     string
			notExist bool
		}{{"nope-file.json", true}, {"adir.json", false}} {
			name := filepath.Join(dir, c.base)

			cmd := &command{cfg: &config{data: "@" + name}}
			_, err := cmd.readData(false)
			expectOnce(err, name, c.notExist)
			Expect(err.Error()).To(HavePrefix("--data @" + name + ": "))
			_, err = cmd.readData(true)
			expectOnce(err, name, c.notExist)

			for _, kind := range []itemKind{itemParamFile, itemJSONFile} {
				_, err = readItemFile(item{Kind: kind, Name: "body", Value: name})
				expectOnce(err, name, c.notExist)
			}

			cmd = &command{cfg: &config{defaults: listFlag{name}}}
			_, err = cmd.endpoint(nil)
			expectOnce(err, name, c.notExist)
			Expect(err.Error()).To(HavePrefix("--defaults " + name + ": "))

			_, err = loadSpec(name)
			expectOnce(err, name, c.notExist)
		}
	})

	It("says the cause after the name", func() {
		name := filepath.Join(dir, "nope-file.json")
		_, err := readItemFile(item{Kind: itemParamFile, Name: "body", Value: name})
		Expect(err.Error()).To(HavePrefix("item body=@" + name + ": open: no such file or directory (a value that starts with @"))
		_, err = loadSpec(name)
		Expect(err.Error()).To(Equal(`--spec: openapi: "` + name + `": open: no such file or directory`))
	})
})

// With the check on, name==value went to the body or the path where the
// description takes it there, not to the query it promises.
var _ = Describe("name==value with the check on", Label("regression"), func() {
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
