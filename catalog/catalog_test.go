package catalog_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/catalog"
	"github.com/endpointkit/endpoint/catalog/github"
	"github.com/endpointkit/endpoint/internal/value"
)

func mustLookup(c *catalog.Catalog, method, path string) *catalog.Operation {
	op, err := c.Lookup(method, path)
	ExpectWithOffset(1, err).NotTo(HaveOccurred())
	return op
}

// in returns where name goes, 0 when op has no such parameter.
func in(op *catalog.Operation, name string) catalog.Location {
	l, _ := op.In(name)
	return l
}

func asError(err error) *catalog.Error {
	var e *catalog.Error
	ExpectWithOffset(1, errors.As(err, &e)).To(BeTrue(), "%v is not a *catalog.Error", err)
	return e
}

var _ = Describe("Lookup", func() {
	It("refuses a route whose variables have no names, saying which was meant", func() {
		_, err := github.Catalog().Lookup("POST", "/repos/{}/{}/issues")
		Expect(errors.Is(err, catalog.ErrUnknownRoute)).To(BeTrue(), "%v", err)
		Expect(asError(err).Suggestions).To(Equal([]string{"POST /repos/{owner}/{repo}/issues"}))
		op := mustLookup(github.Catalog(), "POST", "/repos/{a}/{b}/issues")
		Expect(op.Required()).To(Equal([]string{"a", "b", "title"}))
	})

	gh := github.Catalog()

	It("finds an operation by method and path template, any method case", func() {
		op := mustLookup(gh, "GET", "/repos/{owner}/{repo}/issues")
		Expect(op.ID).To(Equal("issues/list-for-repo"))
		m, p := op.Route()
		Expect(m).To(Equal("GET"))
		Expect(p).To(Equal("/repos/{owner}/{repo}/issues"))
		Expect(mustLookup(gh, "get", "/repos/{owner}/{repo}/issues")).To(BeIdenticalTo(op))
		Expect(mustLookup(gh, "post", "/repos/{owner}/{repo}/issues").ID).To(Equal("issues/create"))
		Expect(op.String()).To(Equal("GET /repos/{owner}/{repo}/issues"))
	})

	It("finds an operation by ID, and by ID as a path without a method", func() {
		op, err := gh.ByID("repos/get")
		Expect(err).NotTo(HaveOccurred())
		Expect(op.String()).To(Equal("GET /repos/{owner}/{repo}"))
		Expect(mustLookup(gh, "", "repos/get")).To(BeIdenticalTo(op))
	})

	It("reads an empty method as GET", func() {
		Expect(mustLookup(gh, "", "/repos/{owner}/{repo}").ID).To(Equal("repos/get"))
	})

	It("matches by shape, giving the path parameters the caller's names", func() {
		op := mustLookup(gh, "GET", "/repos/{o}/{r}/issues")
		Expect(op.ID).To(Equal("issues/list-for-repo"))
		Expect(op.Path).To(Equal("/repos/{o}/{r}/issues"))
		Expect(op.Required()).To(Equal([]string{"o", "r"}))
		Expect(in(op, "o")).To(Equal(catalog.Path))
		_, ok := op.In("owner")
		Expect(ok).To(BeFalse())
		Expect(in(op, "state")).To(Equal(catalog.Query))
		// The catalogue's own operation is untouched.
		Expect(mustLookup(gh, "GET", "/repos/{owner}/{repo}/issues").Required()).To(Equal([]string{"owner", "repo"}))
	})

	It("accepts :name placeholders, query expressions, query strings and absolute URLs on a known server", func() {
		Expect(mustLookup(gh, "GET", "/repos/:owner/:repo/issues").ID).To(Equal("issues/list-for-repo"))
		Expect(mustLookup(gh, "GET", "https://api.github.com/repos/{owner}/{repo}/issues?state=open").ID).To(Equal("issues/list-for-repo"))
		Expect(mustLookup(gh, "POST", "/repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}").ID).To(Equal("repos/upload-release-asset"))
		Expect(mustLookup(gh, "POST", "https://uploads.github.com/repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}").ID).To(Equal("repos/upload-release-asset"))
		Expect(mustLookup(github.GHES(), "GET", "https://ghe.example.com/api/v3/repos/{owner}/{repo}").ID).To(Equal("repos/get"))
	})

	It("suggests the route one typo away, same method first", func() {
		_, err := gh.Lookup("GET", "/repos/{owner}/{repo}/isues")
		Expect(errors.Is(err, catalog.ErrUnknownRoute)).To(BeTrue())
		e := asError(err)
		Expect(e.Suggestions).To(Equal([]string{"GET /repos/{owner}/{repo}/issues"}))
		Expect(err.Error()).To(Equal(`catalog: "GET /repos/{owner}/{repo}/isues": no operation has this method and path; did you mean GET /repos/{owner}/{repo}/issues?`))
	})

	It("suggests the route whatever the caller's variable names", func() {
		_, err := gh.Lookup("POST", "/repos/{o}/{r}/isues")
		Expect(asError(err).Suggestions).To(Equal([]string{"POST /repos/{owner}/{repo}/issues"}))
	})

	It("lists the methods a known path has, the closest to a misspelt one first", func() {
		_, err := gh.Lookup("PSOT", "/user/repos")
		e := asError(err)
		Expect(e.Err).To(Equal(catalog.ErrUnknownRoute))
		Expect(e.Suggestions).To(Equal([]string{"POST /user/repos", "GET /user/repos"}))
		Expect(err.Error()).To(Equal(`catalog: "PSOT /user/repos": this path has no PSOT operation, only GET, POST; did you mean POST /user/repos or GET /user/repos?`))
	})

	It("suggests operation IDs", func() {
		_, err := gh.ByID("repos/gte")
		Expect(errors.Is(err, catalog.ErrUnknownRoute)).To(BeTrue())
		Expect(asError(err).Suggestions).To(ContainElement("repos/get"))
	})

	It("suggests nothing for a route far from every other", func() {
		_, err := gh.Lookup("GET", "/completely/unrelated/thing/here")
		Expect(errors.Is(err, catalog.ErrUnknownRoute)).To(BeTrue())
		Expect(asError(err).Suggestions).To(BeEmpty())
	})

	It("keeps credentials of the route out of the error", func() {
		_, err := gh.Lookup("GET", "https://user:hunter2@api.github.com/nope?access_token=s3cret")
		Expect(err).To(HaveOccurred())
		Expect(err.Error()).NotTo(ContainSubstring("hunter2"))
		Expect(err.Error()).NotTo(ContainSubstring("s3cret"))
	})
})

var _ = Describe("parameters", func() {
	gh := github.Catalog()
	list := mustLookup(gh, "GET", "/repos/{owner}/{repo}/issues")
	create := mustLookup(gh, "POST", "/repos/{owner}/{repo}/issues")

	It("tells where each parameter goes", func() {
		Expect(in(list, "owner")).To(Equal(catalog.Path))
		Expect(in(list, "state")).To(Equal(catalog.Query))
		Expect(in(create, "title")).To(Equal(catalog.Body))
		_, ok := create.In("state")
		Expect(ok).To(BeFalse())
	})

	It("places each parameter of every GitHub operation as Locate and CheckParam do", func() {
		values := []value.Value{value.Str("open"), value.Int(3), value.Boolean(true), value.Value{}, value.Str("")}
		n := 0
		for _, op := range gh.Operations() {
			for _, p := range op.Params {
				for _, v := range values {
					loc, err := op.Place(p.Name, v)
					Expect(loc).To(Equal(op.Locate(p.Name)), "%s %s", op.ID, p.Name)
					Expect(fmt.Sprint(err)).To(Equal(fmt.Sprint(op.CheckParam(p.Name, v))), "%s %s", op.ID, p.Name)
					n++
				}
			}
			loc, err := op.Place("no_such_parameter", value.Str("x"))
			Expect(loc).To(Equal(builder.InNone))
			Expect(err).NotTo(HaveOccurred())
		}
		Expect(n).To(BeNumerically(">", 10000))
	})

	It("lists the required ones: path, then query, then body", func() {
		Expect(create.Required()).To(Equal([]string{"owner", "repo", "title"}))
		Expect(list.Required()).To(Equal([]string{"owner", "repo"}))
	})

	It("suggests the parameter a typo meant", func() {
		err := list.CheckParam("stat", value.Str("open"))
		Expect(errors.Is(err, catalog.ErrUnknownParam)).To(BeTrue())
		Expect(asError(err).Suggestions).To(Equal([]string{"state"}))
		Expect(err.Error()).To(Equal(`catalog: GET /repos/{owner}/{repo}/issues: parameter "stat": unknown parameter; did you mean state?`))
	})

	It("names the allowed values of an enum, and the one a typo meant", func() {
		err := list.CheckParam("state", value.Str("opne"))
		Expect(errors.Is(err, catalog.ErrEnum)).To(BeTrue())
		e := asError(err)
		Expect(e.Param).To(Equal("state"))
		Expect(e.Suggestions).To(Equal([]string{"open"}))
		Expect(err.Error()).To(Equal(`catalog: GET /repos/{owner}/{repo}/issues: parameter "state": "opne" is not one of open, closed, all; did you mean open?`))
		Expect(list.CheckParam("state", value.Str("closed"))).To(Succeed())
	})

	It("lists every missing required parameter", func() {
		has := map[string]bool{"owner": true}
		err := create.Missing(func(n string) bool { return has[n] })
		Expect(errors.Is(err, catalog.ErrMissingParam)).To(BeTrue())
		Expect(asError(err).Missing).To(Equal([]string{"repo", "title"}))
		Expect(err.Error()).To(Equal(`catalog: POST /repos/{owner}/{repo}/issues: missing required parameters "repo", "title"`))
		has["repo"], has["title"] = true, true
		Expect(create.Missing(func(n string) bool { return has[n] })).To(Succeed())
	})

	It("validates a whole call and joins its problems", func() {
		err := create.Validate(map[string]any{"owner": "o", "repo": "r", "titel": "x", "labels": []any{"bug", 7}})
		Expect(errors.Is(err, catalog.ErrUnknownParam)).To(BeTrue())
		Expect(errors.Is(err, catalog.ErrMissingParam)).To(BeTrue())
		Expect(errors.Is(err, catalog.ErrType)).To(BeTrue(), "labels items are strings or objects, and 7 is neither")
	})

	It("checks the items of a body array", func() {
		err := create.Check("labels", []any{"bug", 7})
		Expect(errors.Is(err, catalog.ErrType)).To(BeTrue())
		Expect(err.Error()).To(Equal(`catalog: POST /repos/{owner}/{repo}/issues: parameter "labels": [1]: got integer 7, want string or object`))
	})

	It("keeps the spec's order of body parameters and of nested properties", func() {
		hook := mustLookup(gh, "POST", "/repos/{owner}/{repo}/hooks")
		var body []string
		for _, p := range hook.Params {
			if p.In == catalog.Body {
				body = append(body, p.Name)
			}
		}
		Expect(body).To(Equal([]string{"name", "config", "events", "active"}))
		config, ok := hook.Param("config")
		Expect(ok).To(BeTrue())
		var nested []string
		for _, p := range config.Schema.Properties {
			nested = append(nested, p.Name)
		}
		Expect(nested).To(Equal([]string{"url", "content_type", "secret", "insecure_ssl"}))
		Expect(hook.Check("config", map[string]any{"url": "https://x", "insecure_ssl": true})).To(MatchError(ContainSubstring(`parameter "config": insecure_ssl: got boolean true, want string or number`)))
	})

	It("costs no allocation to look up and check a good call", func() {
		if raceEnabled || testing.Short() {
			Skip("the race detector allocates")
		}
		owner, repo, state, perPage := value.Str("octokit"), value.Str("rest.js"), value.Str("open"), value.Int(30)
		allocs := testing.AllocsPerRun(100, func() {
			op, err := gh.Lookup("get", "/repos/{owner}/{repo}/issues")
			if err != nil || op.CheckParam("owner", owner) != nil || op.CheckParam("repo", repo) != nil ||
				op.CheckParam("state", state) != nil || op.CheckParam("per_page", perPage) != nil ||
				op.Missing(func(string) bool { return true }) != nil {
				panic("check failed")
			}
		})
		Expect(allocs).To(BeZero())
	})
})

// typed is a catalogue with one parameter of each type in each place.
func typed() *catalog.Catalog {
	params := []catalog.Param{{Name: "id", In: catalog.Path, Required: true, Schema: catalog.Schema{Type: catalog.Integer}}}
	schemas := map[string]catalog.Schema{
		"s":   {Type: catalog.String},
		"i":   {Type: catalog.Integer},
		"n":   {Type: catalog.Number},
		"b":   {Type: catalog.Boolean},
		"a":   {Type: catalog.Array, Items: &catalog.Schema{Type: catalog.Integer}},
		"o":   {Type: catalog.Object, Properties: []catalog.Property{{Name: "k", Schema: catalog.Schema{Type: catalog.String}}}},
		"z":   {Type: catalog.String | catalog.Null},
		"e":   {Type: catalog.String, Enum: []string{"x", "y"}},
		"any": {},
	}
	for _, name := range []string{"s", "i", "n", "b", "a", "o", "z", "e", "any"} {
		params = append(params, catalog.Param{Name: "q" + name, In: catalog.Query, Schema: schemas[name]})
		params = append(params, catalog.Param{Name: "b" + name, In: catalog.Body, Schema: schemas[name]})
	}
	params = append(params,
		catalog.Param{Name: "X-Mode", In: catalog.Header, Schema: catalog.Schema{Type: catalog.String, Enum: []string{"fast"}}},
		catalog.Param{Name: "token", In: catalog.Body, Schema: catalog.Schema{Type: catalog.Integer}})
	c, err := catalog.New(catalog.Info{Title: "typed"}, []catalog.Operation{{ID: "t", Method: "post", Path: "/t/{id}", Params: params, Body: &catalog.RequestBody{Media: "application/json", Type: catalog.Object}}})
	Expect(err).NotTo(HaveOccurred())
	return c
}

// paths is a catalogue of path parameters: GitHub's routes, one of them
// holding a path (GitHub's x-multi-segment), and styled ones.
func paths() *catalog.Catalog {
	str := catalog.Schema{Type: catalog.String}
	p := func(name string) catalog.Param {
		return catalog.Param{Name: name, In: catalog.Path, Required: true, Schema: str}
	}
	multi := func(name string) catalog.Param { q := p(name); q.MultiSegment = true; return q }
	c, err := catalog.New(catalog.Info{}, []catalog.Operation{
		{Method: "GET", Path: "/repos/{owner}/{repo}/issues", Params: []catalog.Param{p("owner"), p("repo")}},
		{Method: "DELETE", Path: "/repos/{owner}/{repo}", Params: []catalog.Param{p("owner"), p("repo")}},
		{Method: "GET", Path: "/repos/{owner}/{repo}/compare/{base}...{head}", Params: []catalog.Param{p("owner"), p("repo"), p("base"), p("head")}},
		{Method: "GET", Path: "/repos/{owner}/{repo}/contents/{path}", Params: []catalog.Param{p("owner"), p("repo"), multi("path")}},
		{Method: "GET", Path: "/repos/{owner}/{repo}/branches", Params: []catalog.Param{p("owner"), p("repo")}},
		{Method: "GET", Path: "/repos/{owner}/{repo}/branches/{branch}", Params: []catalog.Param{p("owner"), p("repo"), multi("branch")}},
		{Method: "GET", Path: "/repos/{owner}/{repo}/branches/{branch}/protection", Params: []catalog.Param{p("owner"), p("repo"), multi("branch")}},
		{Method: "GET", Path: "/points/{ids}", Params: []catalog.Param{{Name: "ids", In: catalog.Path, Required: true, Schema: catalog.Schema{Type: catalog.Array, Items: &catalog.Schema{Type: catalog.Integer}}}}},
		{Method: "GET", Path: "/shapes/{shape}", Params: []catalog.Param{{Name: "shape", In: catalog.Path, Style: catalog.StyleLabel, Schema: catalog.Schema{Type: catalog.Object}}}},
		{Method: "GET", Path: "/any/{x}", Params: []catalog.Param{{Name: "x", In: catalog.Path}}},
	})
	Expect(err).NotTo(HaveOccurred())
	return c
}

func mustValue(x any) value.Value {
	v, err := value.Of(x)
	ExpectWithOffset(1, err).NotTo(HaveOccurred())
	return v
}

var _ = Describe("CheckParam by JSON type", func() {
	op := func() *catalog.Operation { return mustLookup(typed(), "POST", "/t/{id}") }

	DescribeTable("body values must have the JSON type the spec asks for",
		func(name string, x any, ok bool) {
			err := op().CheckParam(name, mustValue(x))
			if ok {
				Expect(err).NotTo(HaveOccurred())
			} else {
				Expect(errors.Is(err, catalog.ErrType) || errors.Is(err, catalog.ErrEnum)).To(BeTrue(), "%v", err)
			}
		},
		Entry("string", "bs", "x", true),
		Entry("number for string", "bs", 1, false),
		Entry("integer", "bi", 3, true),
		Entry("integral float is an integer", "bi", 3.0, true),
		Entry("fraction is not an integer", "bi", 3.5, false),
		Entry("string for integer", "bi", "3", false),
		Entry("integer is a number", "bn", 3, true),
		Entry("fraction is a number", "bn", 3.5, true),
		Entry("boolean", "bb", false, true),
		Entry("string for boolean", "bb", "true", false),
		Entry("array of integers", "ba", []any{1, 2}, true),
		Entry("array with a string item", "ba", []any{1, "2"}, false),
		Entry("object", "bo", map[string]any{"k": "v", "other": 1}, true),
		Entry("object with a wrong known property", "bo", map[string]any{"k": 1}, false),
		Entry("null where not nullable", "bs", nil, false),
		Entry("null where nullable", "bz", nil, true),
		Entry("string where nullable", "bz", "x", true),
		Entry("enum value", "be", "y", true),
		Entry("not an enum value", "be", "w", false),
		Entry("anything where the type is not said", "bany", []any{map[string]any{}}, true),
	)

	DescribeTable("path and query values are checked as the text they travel as",
		func(name string, x any, ok bool) {
			err := op().CheckParam(name, mustValue(x))
			if ok {
				Expect(err).NotTo(HaveOccurred())
			} else {
				Expect(errors.Is(err, catalog.ErrType) || errors.Is(err, catalog.ErrEnum)).To(BeTrue(), "%v", err)
			}
		},
		Entry("integer path value", "id", 7, true),
		Entry("integer path value as text", "id", "7", true),
		Entry("non-integer text", "id", "seven", false),
		Entry("fraction for integer", "qi", 1.5, false),
		Entry("number text", "qn", "1.5e3", true),
		Entry("boolean text", "qb", "false", true),
		Entry("other text for boolean", "qb", "yes", false),
		Entry("number for string", "qs", 12, true),
		Entry("array of scalars for string: comma-separated", "qs", []any{"a", 1}, true),
		Entry("array of arrays", "qs", []any{[]any{"a"}}, false),
		Entry("object for string", "qs", map[string]any{"a": 1}, false),
		Entry("array items checked", "qa", []any{"1", 2}, true),
		Entry("array items checked, bad", "qa", []any{"x"}, false),
		Entry("enum text", "qe", "x", true),
		Entry("not in enum", "qe", "X", false),
		Entry("enum on array items", "qe", []any{"x", "z"}, false),
		Entry("null is left out by a call", "qi", nil, true),
	)

	// Issue 33 (the //) and issue 34 (items 1, 3 and 7): a path value that
	// leaves its segment empty, or says nothing, or is a list or an object
	// where the description wants a string, was sent: /repos//r/issues,
	// DELETE /repos/o/, /compare/...main, /repos/a,b/r.
	DescribeTable("a path value must fill its segment, and be of the path parameter's type",
		func(method, path, name string, x any, want error, msg string) {
			op := mustLookup(paths(), method, path)
			err := op.CheckParam(name, mustValue(x))
			loc, placeErr := op.Place(name, mustValue(x))
			Expect(loc).To(Equal(builder.InPath))
			if want == nil {
				Expect(err).NotTo(HaveOccurred())
				Expect(placeErr).NotTo(HaveOccurred())
				return
			}
			Expect(err).To(MatchError(want))
			Expect(placeErr).To(MatchError(err.Error()))
			Expect(err).To(MatchError(msg))
			if errors.Is(want, catalog.ErrMissingParam) {
				Expect(asError(err).Missing).To(Equal([]string{name}))
			}
		},
		Entry("an empty value before more of the path", "GET", "/repos/{owner}/{repo}/issues", "owner", "", catalog.ErrMissingParam,
			`catalog: GET /repos/{owner}/{repo}/issues: missing required parameter "owner" (an empty value, which would leave its path segment empty)`),
		Entry("an empty last segment", "DELETE", "/repos/{owner}/{repo}", "repo", "", catalog.ErrMissingParam,
			`catalog: DELETE /repos/{owner}/{repo}: missing required parameter "repo" (an empty value, which would leave its path segment empty)`),
		Entry("an empty value sharing its segment", "GET", "/repos/{owner}/{repo}/compare/{base}...{head}", "base", "", catalog.ErrMissingParam,
			`catalog: GET /repos/{owner}/{repo}/compare/{base}...{head}: missing required parameter "base" (an empty value, which would leave its path segment empty)`),
		Entry("null sharing its segment", "GET", "/repos/{owner}/{repo}/compare/{base}...{head}", "base", nil, catalog.ErrMissingParam,
			`catalog: GET /repos/{owner}/{repo}/compare/{base}...{head}: missing required parameter "base"`),
		Entry("an empty list", "GET", "/repos/{owner}/{repo}/compare/{base}...{head}", "head", []any{}, catalog.ErrMissingParam,
			`catalog: GET /repos/{owner}/{repo}/compare/{base}...{head}: missing required parameter "head"`),
		Entry("an empty object", "GET", "/repos/{owner}/{repo}/issues", "repo", map[string]any{}, catalog.ErrMissingParam,
			`catalog: GET /repos/{owner}/{repo}/issues: missing required parameter "repo"`),
		Entry("a list of nulls", "GET", "/repos/{owner}/{repo}/issues", "repo", []any{nil}, catalog.ErrMissingParam,
			`catalog: GET /repos/{owner}/{repo}/issues: missing required parameter "repo"`),
		Entry("a list for a string", "GET", "/repos/{owner}/{repo}/issues", "owner", []any{"a", "b"}, catalog.ErrType,
			`catalog: GET /repos/{owner}/{repo}/issues: parameter "owner": got array, want string`),
		Entry("a list of one for a string", "GET", "/repos/{owner}/{repo}/issues", "owner", []any{"a"}, catalog.ErrType,
			`catalog: GET /repos/{owner}/{repo}/issues: parameter "owner": got array, want string`),
		Entry("an object for a string", "GET", "/repos/{owner}/{repo}/issues", "owner", map[string]any{"login": "octocat", "id": 1}, catalog.ErrType,
			`catalog: GET /repos/{owner}/{repo}/issues: parameter "owner": got object, want string`),
		Entry("a list where the schema takes one", "GET", "/points/{ids}", "ids", []any{1, 2}, nil, ""),
		Entry("an object where the schema takes one", "GET", "/shapes/{.shape}", "shape", map[string]any{"r": 1}, nil, ""),
		Entry("an empty list of style label, not required either", "GET", "/shapes/{.shape}", "shape", []any{}, catalog.ErrMissingParam,
			`catalog: GET /shapes/{shape}: missing required parameter "shape"`),
		Entry("a list where the schema says nothing", "GET", "/any/{x}", "x", []any{"a", "b"}, nil, ""),
		Entry("an empty path parameter that holds a path, last: the root", "GET", "/repos/{owner}/{repo}/contents/{path}", "path", "", nil, ""),
		Entry("or with another name", "GET", "/repos/{o}/{r}/contents/{p}", "p", "", nil, ""),
		Entry("one that holds a path, not last", "GET", "/repos/{owner}/{repo}/branches/{branch}/protection", "branch", "", catalog.ErrMissingParam,
			`catalog: GET /repos/{owner}/{repo}/branches/{branch}/protection: missing required parameter "branch" (an empty value, which would leave its path segment empty)`),
		Entry("one that holds a path, last, where the path without it is another operation", "GET", "/repos/{owner}/{repo}/branches/{branch}", "branch", "", catalog.ErrMissingParam,
			`catalog: GET /repos/{owner}/{repo}/branches/{branch}: missing required parameter "branch" (an empty value, which would address GET /repos/{owner}/{repo}/branches instead)`),
		Entry("an empty value of a path parameter not required", "GET", "/any/{x}", "x", "", nil, ""),
		Entry("null of one not required, of style simple", "GET", "/any/{x}", "x", nil, nil, ""),
	)

	It("names the types wanted and the one given", func() {
		err := op().CheckParam("bi", mustValue(3.5))
		Expect(err.Error()).To(Equal(`catalog: POST /t/{id}: parameter "bi": got number 3.5, want integer`))
		err = op().CheckParam("bz", mustValue(true))
		Expect(err.Error()).To(Equal(`catalog: POST /t/{id}: parameter "bz": got boolean true, want string or null`))
		err = op().CheckParam("qi", mustValue("ten"))
		Expect(err.Error()).To(Equal(`catalog: POST /t/{id}: parameter "qi": got string "ten", want integer`))
	})

	It("never quotes the value of a header or of a credential", func() {
		err := op().CheckParam("X-Mode", value.Str("token ghp_abcdef"))
		Expect(errors.Is(err, catalog.ErrEnum)).To(BeTrue())
		Expect(err.Error()).NotTo(ContainSubstring("ghp_abcdef"))
		Expect(asError(err).Suggestions).To(BeEmpty())
		err = op().CheckParam("token", value.Str("ghp_abcdef"))
		Expect(errors.Is(err, catalog.ErrType)).To(BeTrue())
		Expect(err.Error()).NotTo(ContainSubstring("ghp_abcdef"))
	})

	It("masks a URL's credential in a quoted value before it cuts the value short", func() {
		err := op().CheckParam("qi", value.Str("https://"+strings.Repeat("a", 45)+":hunterpass@h/"))
		Expect(errors.Is(err, catalog.ErrType)).To(BeTrue())
		Expect(err.Error()).To(ContainSubstring(`"https://[REDACTED]@h/"`))
		Expect(err.Error()).NotTo(ContainSubstring("hunt"))
	})

	It("never quotes a credential's value nested in a body parameter", func() {
		c, err := catalog.New(catalog.Info{}, []catalog.Operation{{ID: "login", Method: "POST", Path: "/login",
			Params: []catalog.Param{{Name: "credentials", In: catalog.Body, Schema: catalog.Schema{Type: catalog.Object, Properties: []catalog.Property{
				{Name: "password", Schema: catalog.Schema{Type: catalog.Integer}},
				{Name: "kind", Schema: catalog.Schema{Type: catalog.String, Enum: []string{"a", "b"}}},
				{Name: "keys", Schema: catalog.Schema{Type: catalog.Array, Items: &catalog.Schema{Type: catalog.Object, Properties: []catalog.Property{
					{Name: "client_secret", Schema: catalog.Schema{Type: catalog.String, Enum: []string{"x"}}},
				}}}},
			}}}},
			Body: &catalog.RequestBody{Media: "application/json", Type: catalog.Object}}})
		Expect(err).NotTo(HaveOccurred())
		op := mustLookup(c, "POST", "/login")
		for _, v := range []any{
			map[string]any{"password": "hunter2-SECRET"},
			map[string]any{"keys": []any{map[string]any{"client_secret": "SECRET-x"}}},
		} {
			err := op.Check("credentials", v)
			Expect(err).To(HaveOccurred())
			Expect(err.Error()).NotTo(ContainSubstring("SECRET"))
		}
		// Other members are still quoted.
		Expect(op.Check("credentials", map[string]any{"kind": "c"})).To(MatchError(ContainSubstring(`"c" is not one of a, b`)))
	})

	It("cuts a long value short in a message", func() {
		err := op().CheckParam("qe", value.Str(strings.Repeat("é", 100)))
		Expect(err.Error()).To(ContainSubstring("…"))
		Expect(len(err.Error())).To(BeNumerically("<", 250))
	})

	It("converts Go values with Check", func() {
		Expect(op().Check("ba", []int{1, 2})).To(Succeed())
		Expect(errors.Is(op().Check("ba", []string{"1"}), catalog.ErrType)).To(BeTrue())
		Expect(errors.Is(op().Check("bs", make(chan int)), catalog.ErrType)).To(BeTrue())
	})
})

var _ = Describe("BaseURL", func() {
	It("sends api.github.com's upload to uploads.github.com and keeps other bases", func() {
		up := mustLookup(github.Catalog(), "POST", "/repos/{owner}/{repo}/releases/{release_id}/assets")
		Expect(up.BaseURL("https://api.github.com")).To(Equal("https://uploads.github.com"))
		Expect(up.BaseURL("https://api.github.com/")).To(Equal("https://uploads.github.com"))
		Expect(up.BaseURL("http://127.0.0.1:8080")).To(Equal("http://127.0.0.1:8080"))
		get := mustLookup(github.Catalog(), "GET", "/repos/{owner}/{repo}")
		Expect(get.BaseURL("https://api.github.com")).To(Equal("https://api.github.com"))
	})

	It("fills GitHub Enterprise Server's servers from the instance's base URL", func() {
		ghes := github.GHES()
		Expect(ghes.DefaultServer()).To(Equal("{protocol}://{hostname}/api/v3"))
		up := mustLookup(ghes, "POST", "/repos/{owner}/{repo}/releases/{release_id}/assets")
		Expect(up.BaseURL("https://ghe.example.com/api/v3")).To(Equal("https://ghe.example.com/api/uploads"))
		Expect(up.BaseURL("http://ghe.local:8080/api/v3/")).To(Equal("http://ghe.local:8080/api/uploads"))
		manage := mustLookup(ghes, "GET", "/manage/v1/version")
		Expect(manage.BaseURL("https://ghe.example.com/api/v3")).To(Equal("https://ghe.example.com"))
		Expect(manage.BaseURL("https://ghe.example.com")).To(Equal("https://ghe.example.com"), "not the default server's shape: kept")
		Expect(mustLookup(ghes, "GET", "/repos/{owner}/{repo}").BaseURL("https://ghe.example.com/api/v3")).To(Equal("https://ghe.example.com/api/v3"))
	})
})

var _ = Describe("New", func() {
	It("finds a duplicate route among many operations of one path in linear time", func() {
		const n = 60_000 // each was compared with every other on its path: 20 s here
		ops := make([]catalog.Operation, n, n+1)
		for i := range ops {
			ops[i] = catalog.Operation{Method: fmt.Sprintf("M%d", i), Path: "/x"}
		}
		c, err := catalog.New(catalog.Info{}, ops)
		Expect(err).NotTo(HaveOccurred())
		Expect(c.Operations()).To(HaveLen(n))
		_, err = catalog.New(catalog.Info{}, append(ops, catalog.Operation{Method: "m7", Path: "/x"}))
		Expect(errors.Is(err, catalog.ErrInvalid)).To(BeTrue(), "%v", err)
		Expect(err.Error()).To(ContainSubstring("operation M7 /x appears twice"))
	})

	It("refuses a duplicate route or ID and a bad path", func() {
		_, err := catalog.New(catalog.Info{}, []catalog.Operation{{ID: "a", Method: "GET", Path: "/x"}, {ID: "b", Method: "get", Path: "/x"}})
		Expect(errors.Is(err, catalog.ErrInvalid)).To(BeTrue())
		_, err = catalog.New(catalog.Info{}, []catalog.Operation{{ID: "a", Method: "GET", Path: "/x"}, {ID: "a", Method: "POST", Path: "/x"}})
		Expect(errors.Is(err, catalog.ErrInvalid)).To(BeTrue())
		_, err = catalog.New(catalog.Info{}, []catalog.Operation{{ID: "a", Method: "GET", Path: "x"}})
		Expect(errors.Is(err, catalog.ErrInvalid)).To(BeTrue())
	})

	It("copies what it is given", func() {
		ops := []catalog.Operation{{ID: "a", Method: "GET", Path: "/x", Params: []catalog.Param{{Name: "q", In: catalog.Query, Schema: catalog.Schema{Enum: []string{"v"}}}}}}
		c, err := catalog.New(catalog.Info{}, ops)
		Expect(err).NotTo(HaveOccurred())
		ops[0].Params[0].Name = "changed"
		ops[0].Params[0].Schema.Enum[0] = "changed"
		op := mustLookup(c, "GET", "/x")
		Expect(op.Params[0].Name).To(Equal("q"))
		Expect(op.Params[0].Schema.Enum).To(Equal([]string{"v"}))
	})

	It("adds a query expression to the template of a method with a body", func() {
		up := mustLookup(github.Catalog(), "POST", "/repos/{owner}/{repo}/releases/{release_id}/assets")
		Expect(up.Template()).To(Equal("/repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}"))
		Expect(mustLookup(github.Catalog(), "GET", "/repos/{owner}/{repo}/issues").Template()).To(Equal("/repos/{owner}/{repo}/issues"))
	})

	It("splits every template before the query expression it adds, and only there", func() {
		withQuery := 0
		for _, op := range github.Catalog().Operations() {
			path, query := op.SplitTemplate()
			Expect(path+query).To(Equal(op.Template()), op.String())
			Expect(path).NotTo(ContainSubstring("{?"), op.String())
			names := 0
			for _, p := range op.Params {
				if p.In == catalog.Query && (p.Explode || op.Method != "GET" && op.Method != "HEAD") {
					names++
				}
			}
			if names == 0 {
				Expect(query).To(BeEmpty(), op.String())
				continue
			}
			withQuery++
			Expect(query).To(HavePrefix("{?"), op.String())
			Expect(strings.Count(query, ",")+1).To(Equal(names), op.String())
		}
		Expect(withQuery).To(BeNumerically(">", 0)) // the uploads, and a few others
	})
})

var _ = Describe("edit distance", func() {
	DescribeTable("counts insertions, deletions, substitutions and swaps",
		func(a, b string, want int) {
			Expect(catalog.Distance(a, b, 10)).To(Equal(want))
			Expect(catalog.Distance(b, a, 10)).To(Equal(want))
		},
		Entry("same", "issues", "issues", 0),
		Entry("deletion", "isues", "issues", 1),
		Entry("swap", "opne", "open", 1),
		Entry("case folded", "GET", "get", 0),
		Entry("two", "PSOT", "POST", 1),
		Entry("empty", "", "abc", 3),
	)

	It("stops at the bound", func() {
		Expect(catalog.Distance("abcdef", "uvwxyz", 2)).To(Equal(3))
	})
})

// A number held as text (1.0, 1e2, past int64) passed as an integer where the
// string of the same text, sent the same, was ErrType.
var _ = Describe("an integer parameter given its value as text", Label("regression"), func() {
	issues, err := github.Catalog().Lookup("GET", "/repos/{owner}/{repo}/issues")

	It("takes a string that the same number, written so, passes as", func() {
		Expect(err).NotTo(HaveOccurred())
		for _, text := range []string{"1.0", "1e2", "2.50e1", "99999999999999999999", "-0", "30"} {
			Expect(issues.Check("per_page", json.Number(text))).To(Succeed(), text)
			Expect(issues.Check("per_page", text)).To(Succeed(), text)
		}
		e := endpoint.Defaults(endpoint.WithCatalog(github.Catalog()))
		r, err := e.Route("GET /repos/{owner}/{repo}/issues").Param("owner", "o").Param("repo", "r").Param("per_page", "1.0").Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(r.URL).To(Equal("https://api.github.com/repos/o/r/issues?per_page=1.0"))
	})

	It("still refuses text that is no integer, as such a number is refused", func() {
		for _, text := range []string{"1.5", "1e-1", "1e400", "0x10", " 1", "1 ", "", "NaN", "1_000"} {
			Expect(issues.Check("per_page", text)).To(MatchError(catalog.ErrType), text)
		}
		for _, text := range []string{"1.5", "1e-1"} {
			Expect(issues.Check("per_page", json.Number(text))).To(MatchError(catalog.ErrType), text)
		}
	})
})

// Required and Requires had room past their length: append(op.Required(), name)
// by two callers wrote into the catalogue's own list.
var _ = Describe("appending to a shared list of an Operation", Label("regression"), func() {
	c, err := catalog.New(catalog.Info{}, []catalog.Operation{{
		Method: "POST", Path: "/{a}/{b}/{c}",
		Params: []catalog.Param{
			{Name: "a", In: catalog.Path, Required: true}, {Name: "b", In: catalog.Path, Required: true}, {Name: "c", In: catalog.Path, Required: true},
			{Name: "x", In: catalog.Body, Required: true}, {Name: "y", In: catalog.Body, Required: true}, {Name: "z", In: catalog.Body, Required: true},
		},
		Body: &catalog.RequestBody{Media: "application/json", Type: catalog.Object},
	}})
	Expect(err).NotTo(HaveOccurred())
	op, err := c.Lookup("POST", "/{a}/{b}/{c}")
	Expect(err).NotTo(HaveOccurred())

	It("gives each append to Required and Requires a list of its own", func() {
		one, two := append(op.Required(), "one"), append(op.Required(), "two")
		Expect(one).To(Equal([]string{"a", "b", "c", "one"}))
		Expect(two).To(Equal([]string{"a", "b", "c", "two"}))
		always, withBody := op.Requires()
		always, withBody = append(always, "one"), append(withBody, "one")
		always2, withBody2 := op.Requires()
		always2, withBody2 = append(always2, "two"), append(withBody2, "two")
		Expect(always).To(Equal([]string{"a", "b", "c", "one"}))
		Expect(withBody).To(Equal([]string{"x", "y", "z", "one"}))
		Expect(always2).To(Equal([]string{"a", "b", "c", "two"}))
		Expect(withBody2).To(Equal([]string{"x", "y", "z", "two"}))
	})
})
