package template_test

import (
	"testing"

	"github.com/yosida95/uritemplate/v3"

	"github.com/endpointkit/endpoint/template"
)

const benchTemplate = "/repos/{owner}/{repo}/issues{?state,labels}"

const benchWant = "/repos/octokit/rest.js/issues?state=open&labels=bug,ui"

var benchVars = map[string]any{
	"owner":  "octokit",
	"repo":   "rest.js",
	"state":  "open",
	"labels": []string{"bug", "ui"},
}

// BenchmarkExpandWarm is template.Expand with the template already cached.
func BenchmarkExpandWarm(b *testing.B) {
	b.ReportAllocs()
	if out, err := template.Expand(benchTemplate, benchVars); err != nil || out != benchWant {
		b.Fatalf("%q %v", out, err)
	}
	for b.Loop() {
		if _, err := template.Expand(benchTemplate, benchVars); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkAppendPathWarm is the builder's path: Parse (cached) and
// AppendPath into a reused buffer.
func BenchmarkAppendPathWarm(b *testing.B) {
	b.ReportAllocs()
	lookup := func(name string) (any, bool) {
		v, ok := benchVars[name]
		return v, ok
	}
	buf := make([]byte, 0, 128)
	for b.Loop() {
		t, err := template.Parse(benchTemplate)
		if err != nil {
			b.Fatal(err)
		}
		buf, err = t.AppendPath(buf[:0], lookup)
		if err != nil {
			b.Fatal(err)
		}
	}
	if string(buf) != benchWant {
		b.Fatalf("%q", buf)
	}
}

// BenchmarkModuleNewExpand is the baseline: the uritemplate module parsing
// and expanding on every call (its values prepared once, outside the loop).
func BenchmarkModuleNewExpand(b *testing.B) {
	b.ReportAllocs()
	values := uritemplate.Values{}
	values.Set("owner", uritemplate.String("octokit"))
	values.Set("repo", uritemplate.String("rest.js"))
	values.Set("state", uritemplate.String("open"))
	values.Set("labels", uritemplate.List("bug", "ui"))
	for b.Loop() {
		t, err := uritemplate.New(benchTemplate)
		if err != nil {
			b.Fatal(err)
		}
		out, err := t.Expand(values)
		if err != nil || out != benchWant {
			b.Fatalf("%q %v", out, err)
		}
	}
}

// BenchmarkParseCold measures a cache miss: rewrite, module validation and
// compilation.
func BenchmarkParseCold(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		template.ResetCache()
		if _, err := template.Parse("/repos/:owner/:repo/issues{?state,labels}"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkAppendQuery appends three leftover GET parameters.
func BenchmarkAppendQuery(b *testing.B) {
	b.ReportAllocs()
	params := func(yield func(string, any) bool) {
		_ = yield("q", "is:open+label:bug") && yield("per_page", 100) && yield("sort", "created")
	}
	buf := make([]byte, 0, 128)
	for b.Loop() {
		var err error
		buf, err = template.AppendQuery(append(buf[:0], "/search/issues"...), params)
		if err != nil {
			b.Fatal(err)
		}
	}
}
