package template_test

import (
	"errors"
	"fmt"
	"maps"

	"github.com/endpointkit/endpoint/template"
)

func ExampleParse() {
	t, err := template.Parse("/repos/{owner}/{repo}/issues{?state,labels}")
	if err != nil {
		panic(err)
	}
	fmt.Println(t.Vars())
	out, err := t.Expand(map[string]any{
		"owner":  "octokit",
		"repo":   "rest.js",
		"labels": []string{"bug", "ui"},
	})
	fmt.Println(out, err)
	// Output:
	// [owner repo state labels]
	// /repos/octokit/rest.js/issues?labels=bug,ui <nil>
}

func ExampleExpand() {
	out, err := template.Expand("/service{?word}{&page}", map[string]any{"word": "drücken", "page": 2})
	fmt.Println(out, err)
	// Output:
	// /service?word=dr%C3%BCcken&page=2 <nil>
}

func ExampleParse_colonNames() {
	for _, s := range []string{
		"/orgs/:org/repos",
		"/x/:foo.bar",
		"/search?q=repo:octokit",
		"http://localhost:3000/x/:id",
		"https://user:pass@host/x",
	} {
		t, _ := template.Parse(s)
		fmt.Println(t)
	}
	// Output:
	// /orgs/{org}/repos
	// /x/{foo}.bar
	// /search?q=repo:octokit
	// http://localhost:3000/x/{id}
	// https://user:pass@host/x
}

func ExamplePath() {
	out, _ := template.Expand("/repos/{owner}/{repo}/contents/{path}", map[string]any{
		"owner": "octokit", "repo": "rest.js", "path": template.Path("docs/a b#c?.md"),
	})
	fmt.Println(out)
	_, err := template.Expand("/contents/{path}", map[string]any{"path": template.Path("docs/../secret")})
	fmt.Println(errors.Is(err, template.ErrPathSegment))
	// Output:
	// /repos/octokit/rest.js/contents/docs/a%20b%23c%3F.md
	// true
}

func ExampleTemplate_AppendPath() {
	t, _ := template.Parse("/repos/:owner/:repo")
	fmt.Println(t.SegmentVars())
	vars := map[string]any{"owner": "octokit", "repo": ".."}
	_, err := t.AppendPath(nil, func(name string) (any, bool) { v, ok := vars[name]; return v, ok })
	fmt.Println(err)
	// Output:
	// [owner repo]
	// template "/repos/{owner}/{repo}" at offset 15, variable "repo": dot segment
}

func ExampleAppendQuery() {
	url := []byte("/search/issues")
	url, err := template.AppendQuery(url, maps.All(map[string]any{"q": "is:open+label:bug"}))
	fmt.Println(string(url), err)

	params := func(yield func(string, any) bool) {
		_ = yield("q", template.Verbatim("c++")) && yield("labels", []string{"a", "b"}) && yield("skip", nil)
	}
	url, err = template.AppendQuery([]byte("/search?per_page=1"), params)
	fmt.Println(string(url), err)
	// Output:
	// /search/issues?q=is%3Aopen+label%3Abug <nil>
	// /search?per_page=1&q=c%2B%2B&labels=a%2Cb <nil>
}

func ExampleTemplate_AppendVars() {
	t, err := template.Parse("/repos/{owner}/{repo}/issues{?state,page}")
	if err != nil {
		panic(err)
	}
	// Values by position, in the order of t.Vars().
	vals := make([]template.Var, len(t.Vars()))
	vals[t.VarIndex("owner")] = template.StringVar("octo cat")
	vals[t.VarIndex("repo")] = template.StringVar("hello")
	vals[t.VarIndex("page")] = template.IntVar(2)
	out, err := t.AppendVars([]byte("https://api.github.com"), vals)
	fmt.Println(string(out), err)
	// Output:
	// https://api.github.com/repos/octo%20cat/hello/issues?page=2 <nil>
}

func ExampleAppendQueryVar() {
	dst := []byte("/search/issues")
	q := -1 // dst has no "?" yet
	dst, q, _ = template.AppendQueryVar(dst, q, "q", template.SearchVar("is:open+label:bug"))
	dst, _, _ = template.AppendQueryVar(dst, q, "per_page", template.IntVar(100))
	fmt.Println(string(dst))
	// Output:
	// /search/issues?q=is%3Aopen+label%3Abug&per_page=100
}

// DeepObjectVar writes OpenAPI's deepObject style, which RFC 6570 has no
// form for, in a query expression.
func ExampleDeepObjectVar() {
	t, _ := template.ParseRFC6570("/issues{?filter,q}")
	vals := make([]template.Var, len(t.Vars()))
	vals[t.VarIndex("filter")] = template.DeepObjectVar([]string{"status", "open", "limit", "5"})
	vals[t.VarIndex("q")] = template.StringVar("bug")
	out, err := t.AppendVars(nil, vals)
	fmt.Println(string(out), err)
	// Output:
	// /issues?filter%5Bstatus%5D=open&filter%5Blimit%5D=5&q=bug <nil>
}
