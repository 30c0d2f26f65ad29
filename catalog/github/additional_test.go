package github_test

import (
	"encoding/json"
	"errors"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/catalog"
	"github.com/endpointkit/endpoint/catalog/github"
)

var _ = Describe("free-form request bodies", func() {
	const route = "PUT /orgs/{org}/copilot/content_exclusion"
	gh := endpoint.Defaults(endpoint.WithCatalog(github.Catalog()))

	bodyOf := func(err error, r any) string {
		GinkgoHelper()
		Expect(err).NotTo(HaveOccurred())
		raw, ok := r.(json.RawMessage)
		Expect(ok).To(BeTrue(), "body %#v", r)
		return string(raw)
	}

	It("takes members the body does not list, from Data and from Param", func() {
		r, err := gh.Route(route).Param("org", "o").Data(map[string]any{"octo-repo": []string{"/src/x.rs"}}).Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(r.URL).To(Equal("https://api.github.com/orgs/o/copilot/content_exclusion"))
		Expect(r.Body).To(MatchJSON(`{"octo-repo":["/src/x.rs"]}`))
		r, err = gh.Route(route).Param("org", "o").Param("octo-repo", []any{"/src/x.rs", map[string]any{"ifAnyMatch": []string{"*.md"}}}).Build()
		Expect(bodyOf(err, r.Body)).To(Equal(`{"octo-repo":["/src/x.rs",{"ifAnyMatch":["*.md"]}]}`))
	})

	It("checks their values against the additionalProperties schema", func() {
		_, err := gh.Route(route).Param("org", "o").Param("octo-repo", 5).Build()
		Expect(err).To(MatchError(catalog.ErrType))
		_, err = gh.Route(route).Param("org", "o").Data(map[string]any{"octo-repo": []any{map[string]any{"ifAnyMatch": "*.md"}}}).Build()
		Expect(err).To(MatchError(catalog.ErrType))
		Expect(err.Error()).To(ContainSubstring(`[0].ifAnyMatch: got string "*.md", want array`))
	})

	It("keeps a default layer's undeclared parameter out of such a body", func() {
		e := gh.Defaults(endpoint.WithParam("per_page", 100))
		r, err := e.Route(route).Param("org", "o").Param("octo-repo", []string{"/x"}).Build()
		Expect(bodyOf(err, r.Body)).To(Equal(`{"octo-repo":["/x"]}`))
	})

	It("takes any member of GHES's set-manage-settings, a bare object", func() {
		ghes := endpoint.Defaults(endpoint.WithEnterprise("ghe.example.com"), endpoint.WithCatalog(github.GHES()))
		r, err := ghes.Route("enterprise-admin/set-manage-settings").Data(map[string]any{"private_mode": true, "github_ssl": map[string]any{"enabled": true}}).Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(r.Body).To(MatchJSON(`{"private_mode":true,"github_ssl":{"enabled":true}}`))
		op, err := github.GHES().ByID("enterprise-admin/set-manage-settings")
		Expect(err).NotTo(HaveOccurred())
		Expect(op.Check("anything", []int{1})).To(Succeed())
	})

	It("still refuses a misspelt member where the body lists its properties", func() {
		_, err := gh.Route("POST /repos/{owner}/{repo}/issues").Param("owner", "o").Param("repo", "r").
			Param("title", "t").Param("titel", "t").Build()
		Expect(err).To(MatchError(catalog.ErrUnknownParam))
		// Check runs' anyOf branches say additionalProperties: true; the body does not.
		_, err = gh.Route("PATCH /repos/{owner}/{repo}/check-runs/{check_run_id}").Param("owner", "o").Param("repo", "r").
			Param("check_run_id", 1).Param("stauts", "completed").Build()
		Expect(err).To(MatchError(catalog.ErrUnknownParam))
	})

	It("leaves the members of a nested object unchecked: a gist file set to null is deleted", func() {
		r, err := gh.Route("PATCH /gists/{gist_id}").Param("gist_id", "g").
			Param("files", map[string]any{"hello.py": nil, "a.txt": map[string]any{"content": "x"}}).Build()
		Expect(bodyOf(err, r.Body)).To(MatchJSON(`{"files":{"hello.py":null,"a.txt":{"content":"x"}}}`))
	})

	It("gives the embedded catalogues the bodies' additionalProperties", func() {
		for _, c := range []*catalog.Catalog{github.Catalog(), github.GHEC()} {
			op, err := c.Lookup("PUT", "/orgs/{org}/copilot/content_exclusion")
			Expect(err).NotTo(HaveOccurred())
			Expect(op.Body.Additional).NotTo(BeNil())
			Expect(op.Body.Additional.Type).To(Equal(catalog.Array))
		}
		op, err := github.GHEC().Lookup("PUT", "/enterprises/{enterprise}/copilot/content_exclusion")
		Expect(err).NotTo(HaveOccurred())
		Expect(op.Body.Additional).NotTo(BeNil())
		op, err = github.Catalog().Lookup("POST", "/repos/{owner}/{repo}/issues")
		Expect(err).NotTo(HaveOccurred())
		Expect(op.Body.Additional).To(BeNil())
	})
})

var _ = Describe("required names in a union's branches", func() {
	const route = "PATCH /repos/{owner}/{repo}/secret-scanning/alerts/{alert_number}"

	It("requires state on GHES, whose anyOf has that one branch", func() {
		ghes := endpoint.Defaults(endpoint.WithEnterprise("ghe.example.com"), endpoint.WithCatalog(github.GHES()))
		_, err := ghes.Route(route).Param("owner", "o").Param("repo", "r").Param("alert_number", 1).
			Param("resolution_comment", "c").Build()
		Expect(err).To(MatchError(catalog.ErrMissingParam))
		var ce *catalog.Error
		Expect(errors.As(err, &ce)).To(BeTrue())
		Expect(ce.Missing).To(Equal([]string{"state"}))
		_, err = ghes.Route(route).Param("owner", "o").Param("repo", "r").Param("alert_number", 1).
			Param("state", "resolved").Param("resolution", "false_positive").Build()
		Expect(err).NotTo(HaveOccurred())
	})

	It("requires none of them on api.github.com, whose branches each require another", func() {
		gh := endpoint.Defaults(endpoint.WithCatalog(github.Catalog()))
		_, err := gh.Route(route).Param("owner", "o").Param("repo", "r").Param("alert_number", 1).
			Param("assignee", "octocat").Build()
		Expect(err).NotTo(HaveOccurred())
	})
})

var _ = Describe("GitHub's nullable unions", func() {
	It("takes milestone: null, which takes an issue's milestone off", func() {
		gh := endpoint.Defaults(endpoint.WithCatalog(github.Catalog()))
		r, err := gh.Route("PATCH /repos/{owner}/{repo}/issues/{issue_number}").
			Param("owner", "o").Param("repo", "r").Param("issue_number", 1).Param("milestone", nil).Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(r.Body).To(MatchJSON(`{"milestone":null}`))
	})
})

var _ = Describe("the dereferenced description", func() {
	It("takes state=closed for the code-scanning alert list, as GitHub documents", func() {
		gh := endpoint.Defaults(endpoint.WithCatalog(github.Catalog()))
		r, err := gh.Route("GET /repos/{owner}/{repo}/code-scanning/alerts").
			Param("owner", "o").Param("repo", "r").Param("state", "closed").Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(r.URL).To(HaveSuffix("/code-scanning/alerts?state=closed"))
		_, err = gh.Route("GET /repos/{owner}/{repo}/code-scanning/alerts").
			Param("owner", "o").Param("repo", "r").Param("state", "shut").Build()
		Expect(errors.Is(err, catalog.ErrEnum)).To(BeTrue(), "%v", err)
	})
})

var _ = Describe("data given whole", func() {
	gh := endpoint.Defaults(endpoint.WithCatalog(github.Catalog()))

	It("takes an issue's labels as an array, as GitHub does though its description says object", func() {
		for _, route := range []string{"POST /repos/{owner}/{repo}/issues/{issue_number}/labels", "PUT /repos/{owner}/{repo}/issues/{issue_number}/labels"} {
			r, err := gh.Route(route).Param("owner", "o").Param("repo", "r").Param("issue_number", 1).Data([]string{"bug"}).Build()
			Expect(err).NotTo(HaveOccurred(), route)
			Expect(r.Body).To(Equal(json.RawMessage(`["bug"]`)))
		}
	})

	It("checks an object's members as members of the body, not as parameters of their name", func() {
		_, err := gh.Route("POST /repos/{owner}/{repo}/issues").Param("owner", "o").Param("repo", "r").
			Data(map[string]any{"title": "t", "owner": "X"}).Build()
		Expect(errors.Is(err, catalog.ErrUnknownParam)).To(BeTrue(), "%v", err)
		Expect(err.Error()).To(ContainSubstring(`parameter "owner": not a member of the body: a path parameter`))
		// A name in the path and in the body: the body's, in data.
		r, err := gh.Route("PATCH /repos/{owner}/{repo}/actions/variables/{name}").Param("owner", "o").Param("repo", "r").Param("name", "V").
			Data(map[string]any{"name": "W", "value": "1"}).Build()
		Expect(err).NotTo(HaveOccurred())
		Expect(r.URL).To(HaveSuffix("/variables/V"))
		Expect(r.Body).To(MatchJSON(`{"name":"W","value":"1"}`))
	})

	It("refuses a scalar for an object body, without quoting it", func() {
		_, err := gh.Route("POST /repos/{owner}/{repo}/issues").Param("owner", "o").Param("repo", "r").Data(42).Build()
		Expect(errors.Is(err, catalog.ErrType)).To(BeTrue(), "%v", err)
		Expect(err.Error()).To(Equal(`endpoint: check "POST /repos/{owner}/{repo}/issues": data: got integer, want object`))
	})
})
