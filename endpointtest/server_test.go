package endpointtest_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/catalog"
	"github.com/endpointkit/endpoint/catalog/github"
	"github.com/endpointkit/endpoint/catalog/openapi"
	"github.com/endpointkit/endpoint/endpointtest"
	"github.com/endpointkit/endpoint/paginate"
)

// send builds a call and sends it; it returns the status and body.
// (Build, then RequestOptions.HTTPRequest: Builder.HTTPRequest sends the
// method in lower case, which the server refuses; see the spec.)
func send(srv *endpointtest.Server, b *builder.Builder) (int, string) {
	ro, err := b.Build()
	Expect(err).NotTo(HaveOccurred())
	req, err := ro.HTTPRequest(context.Background())
	Expect(err).NotTo(HaveOccurred())
	resp, err := srv.Client().Do(req)
	Expect(err).NotTo(HaveOccurred())
	return resp.StatusCode, readBody(resp)
}

type ghError struct {
	Message          string              `json:"message"`
	Errors           []map[string]string `json:"errors"`
	DocumentationURL string              `json:"documentation_url"`
}

func decodeError(body string) ghError {
	var e ghError
	Expect(json.Unmarshal([]byte(body), &e)).To(Succeed(), body)
	return e
}

// The failure messages doc.go quotes; doc_test.go checks it quotes these.
const (
	msgMisspeltRoute = `endpointtest: GET /repos/octokit/rest.js/isues: no operation of api.github.com matches this method and path; did you mean GET /repos/{owner}/{repo}/issues?`
	msgMissingField  = `endpointtest: POST /repos/octokit/rest.js/issues: missing required body field "title" for POST /repos/{owner}/{repo}/issues`
	msgEnum          = `endpointtest: GET /repos/octokit/rest.js/issues?state=opne: query parameter "state" of GET /repos/{owner}/{repo}/issues: "opne" is not one of open, closed, all; did you mean open?`
)

var _ = Describe("Server", func() {
	var (
		t   *recorder
		srv *endpointtest.Server
		gh  *builder.Endpoint
	)
	BeforeEach(func() {
		t = newRecorder()
		srv = endpointtest.NewServer(t)
		gh = endpoint.Defaults(endpoint.WithBaseURL(srv.URL))
	})

	Describe("handlers", func() {
		It("give a Func reply the path and query parameters and the body fields, in order", func() {
			var got *endpointtest.Call
			srv.Handle("POST /repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}", endpointtest.Func(func(c *endpointtest.Call) endpointtest.Reply {
				got = c
				return endpointtest.Status(http.StatusCreated)
			}))
			status, _ := send(srv, gh.Route("POST /repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}").
				Param("owner", "octokit").Param("repo", "rest.js").Param("release_id", 7).
				Param("label", "the zip").Param("name", "a.zip").Data(map[string]any{"z": 1, "a": []int{2}}))
			Expect(status).To(Equal(http.StatusCreated))
			Expect(got.Params).To(Equal(builder.Params{
				{Name: "owner", Value: "octokit"}, {Name: "repo", Value: "rest.js"}, {Name: "release_id", Value: "7"},
				{Name: "name", Value: "a.zip"}, {Name: "label", Value: "the zip"},
			}))
			Expect(got.Fields).To(Equal(builder.Params{{Name: "a", Value: json.RawMessage(`[2]`)}, {Name: "z", Value: int64(1)}}))
			v, ok := got.Get("label")
			Expect(ok).To(BeTrue())
			Expect(v).To(Equal("the zip"))
			Expect(t.joined()).To(BeEmpty())
		})

		It("replace the reply of a route registered again", func() {
			srv.Handle("GET /user", endpointtest.JSON(`{"login":"a"}`))
			srv.Handle("GET /user", endpointtest.JSON(`{"login":"b"}`))
			Expect(get(srv, "/user")).To(Equal(`{"login":"b"}`))
		})

		It("fail the test at once for an invalid route", func() {
			srv.Handle("GET /repos/{owner", endpointtest.Status(200))
			Expect(t.Fatals()).To(ConsistOf(ContainSubstring(`endpointtest: "GET /repos/{owner": template "/repos/{owner"`)))
		})

		It("answer 404 in GitHub's shape to a request no route fits, and fail the test saying what was meant", func() {
			srv.Handle("GET /repos/{owner}/{repo}/issues", endpointtest.JSON(`[]`))
			srv.Handle("POST /repos/{owner}/{repo}/issues", endpointtest.JSON(`{}`))
			status, body := send(srv, gh.Route("GET /repos/{owner}/{repo}/isues").Param("owner", "o").Param("repo", "r"))
			Expect(status).To(Equal(http.StatusNotFound))
			Expect(decodeError(body)).To(Equal(ghError{Message: "Not Found", DocumentationURL: endpointtest.DocumentationURL}))
			Expect(t.Errors()).To(Equal([]string{
				"endpointtest: GET /repos/o/r/isues: no route matches; did you mean GET /repos/{owner}/{repo}/issues?",
			}))
			calls := srv.Requests()
			Expect(calls).To(HaveLen(1))
			Expect(errors.Is(calls[0].Err, endpointtest.ErrNoHandler)).To(BeTrue())
			Expect(calls[0].Status).To(Equal(http.StatusNotFound))
		})

		It("say which routes take a path under another method", func() {
			srv.Handle("GET /user", endpointtest.JSON(`{}`))
			send(srv, gh.Route("PATCH /user").Param("name", "x"))
			Expect(t.Errors()).To(Equal([]string{"endpointtest: PATCH /user: no route for PATCH takes this path; the server has GET /user"}))
		})

		It("list the routes when none is close, and say when none is registered", func() {
			send(srv, gh.Route("GET /user"))
			srv.Handle("GET /emojis", endpointtest.JSON(`{}`))
			send(srv, gh.Route("GET /users/{u}/keys").Param("u", "x"))
			Expect(t.Errors()).To(Equal([]string{
				"endpointtest: GET /user: no route is registered; call Handle first",
				"endpointtest: GET /users/x/keys: no route matches; the server has GET /emojis",
			}))
		})

		It("keep serving when the T panics on a failure, as Ginkgo's does off the spec's goroutine", func() {
			srv := endpointtest.NewServer(panickingT{newRecorder()})
			resp, err := srv.Client().Get(srv.URL + "/nothing")
			Expect(err).NotTo(HaveOccurred())
			Expect(resp.StatusCode).To(Equal(http.StatusNotFound))
			Expect(readBody(resp)).To(ContainSubstring(`"Not Found"`))
		})

		It("refuse a method that is not upper case, since servers compare methods case-sensitively", func() {
			srv.Handle("GET /user", endpointtest.JSON(`{}`))
			req, err := http.NewRequest("get", srv.URL+"/user", nil)
			Expect(err).NotTo(HaveOccurred())
			resp, err := srv.Client().Do(req)
			Expect(err).NotTo(HaveOccurred())
			readBody(resp)
			Expect(resp.StatusCode).To(Equal(http.StatusBadRequest))
			Expect(t.Errors()).To(Equal([]string{`endpointtest: get /user: method "get" is not upper case; HTTP methods are case-sensitive (RFC 9110, section 9.1), so a server does not read it as GET`}))
			Expect(errors.Is(srv.Requests()[0].Err, endpointtest.ErrMethod)).To(BeTrue())
		})

		It("match a GHES API root without its prefix, as go-github's WithEnterpriseURLs sends", func() {
			srv.Handle("GET /repos/{owner}/{repo}", endpointtest.JSON(`{"id":1}`))
			srv.Handle("POST /repos/{owner}/{repo}/releases/{release_id}/assets{?name}", endpointtest.Status(201))
			Expect(get(srv, "/api/v3/repos/o/r")).To(Equal(`{"id":1}`))
			resp, err := srv.Client().Post(srv.URL+"/api/uploads/repos/o/r/releases/1/assets?name=a.zip", "application/zip", strings.NewReader("zip"))
			Expect(err).NotTo(HaveOccurred())
			Expect(resp.StatusCode).To(Equal(201))
			Expect(resp.Body.Close()).To(Succeed())
			Expect(srv.Calls("GET /repos/{owner}/{repo}")[0].Path).To(Equal("/api/v3/repos/o/r"))
		})
	})

	Describe("recording", func() {
		BeforeEach(func() {
			srv.Handle("GET /repos/{owner}/{repo}/issues", endpointtest.JSON(`[]`))
			srv.Handle("POST /repos/{owner}/{repo}/issues", endpointtest.JSON(`{}`).WithStatus(201))
		})

		It("records every request in order, and the calls of one route under any variable names", func() {
			send(srv, gh.Route("GET /repos/{owner}/{repo}/issues").Param("owner", "o").Param("repo", "r").Param("state", "open"))
			send(srv, gh.Route("POST /repos/{owner}/{repo}/issues").Param("owner", "o").Param("repo", "r").Param("title", "t"))
			send(srv, gh.Route("GET /repos/{owner}/{repo}/issues").Param("owner", "o").Param("repo", "r").Param("page", 2))
			all := srv.Requests()
			Expect(all).To(HaveLen(3))
			Expect([]string{all[0].Method, all[1].Method, all[2].Method}).To(Equal([]string{"GET", "POST", "GET"}))
			Expect(all[1].Body).To(MatchJSON(`{"title":"t"}`))
			Expect(all[1].Header.Get("Content-Type")).To(Equal("application/json; charset=utf-8"))
			gets := srv.Calls("GET /repos/{o}/{r}/issues")
			Expect(gets).To(HaveLen(2))
			Expect(gets[0].RawQuery).To(Equal("state=open"))
			Expect(gets[1].Query().Get("page")).To(Equal("2"))
			Expect(srv.Calls("POST /repos/{owner}/{repo}/issues")).To(HaveLen(1))
			Expect(srv.Calls("DELETE /repos/{owner}/{repo}/issues")).To(BeEmpty())
		})

		It("returns copies, which a test may change", func() {
			send(srv, gh.Route("GET /repos/{owner}/{repo}/issues").Param("owner", "o").Param("repo", "r"))
			c := srv.Requests()[0]
			c.Params[0].Value = "changed"
			c.Header.Set("Accept", "changed")
			Expect(srv.Requests()[0].Params[0].Value).To(Equal("o"))
			Expect(srv.Requests()[0].Header.Get("Accept")).To(Equal(endpoint.DefaultAccept))
		})

		It("forgets the requests on Reset", func() {
			send(srv, gh.Route("GET /repos/{owner}/{repo}/issues").Param("owner", "o").Param("repo", "r"))
			srv.Reset()
			Expect(srv.Requests()).To(BeEmpty())
		})

		It("records concurrent requests, each once", func() {
			var wg sync.WaitGroup
			for i := range 20 {
				wg.Go(func() {
					defer GinkgoRecover()
					send(srv, gh.Route("GET /repos/{owner}/{repo}/issues").Param("owner", "o").Param("repo", fmt.Sprint(i)))
				})
			}
			wg.Wait()
			repos := map[any]bool{}
			for _, c := range srv.Calls("GET /repos/{owner}/{repo}/issues") {
				repo, _ := c.Get("repo")
				repos[repo] = true
			}
			Expect(repos).To(HaveLen(20))
		})

		It("masks credentials when a call is printed, with every verb", func() {
			send(srv, endpoint.Defaults(endpoint.WithBaseURL(srv.URL), endpoint.WithHeader("authorization", "token s3cr3t-header")).
				Route("POST /repos/{owner}/{repo}/issues{?access_token}").Param("owner", "o").Param("repo", "r").
				Param("access_token", "s3cr3t-query").Param("title", "t").Param("meta", map[string]any{"password": "s3cr3t-body"}))
			c := srv.Requests()[0]
			Expect(c.Header.Get("Authorization")).To(Equal("token s3cr3t-header"))
			for _, verb := range []string{"%v", "%+v", "%#v", "%s"} {
				out := fmt.Sprintf(verb, c)
				Expect(out).NotTo(ContainSubstring("s3cr3t"), verb)
				Expect(out).To(ContainSubstring(builder.RedactedValue), verb)
			}
			Expect(c.String()).To(Equal(strings.Join([]string{
				"POST /repos/o/r/issues?access_token=[REDACTED]",
				"Accept: application/vnd.github.v3+json",
				"Accept-Encoding: gzip",
				"Authorization: token [REDACTED]",
				"Content-Length: 47",
				"Content-Type: application/json; charset=utf-8",
				"User-Agent: " + endpoint.DefaultUserAgent,
				"",
				`{"title":"t","meta":{"password":"[REDACTED]"}}`,
			}, "\n")))
		})
	})

	Describe("with a catalogue", func() {
		BeforeEach(func() {
			srv = endpointtest.NewServer(t, endpointtest.WithCatalog(github.Catalog()))
			gh = endpoint.Defaults(endpoint.WithBaseURL(srv.URL), endpoint.WithHeader("authorization", "token s3cr3t"))
			srv.Handle("GET /repos/{owner}/{repo}/issues", endpointtest.JSON(`[]`))
			srv.Handle("POST /repos/{owner}/{repo}/issues", endpointtest.JSON(`{}`).WithStatus(201))
		})

		It("passes calls that fit the API", func() {
			status, _ := send(srv, gh.Route("GET /repos/{owner}/{repo}/issues").Param("owner", "octokit").Param("repo", "rest.js").Param("state", "open").Param("labels", []string{"bug", "ui"}).Param("per_page", 100))
			Expect(status).To(Equal(http.StatusOK))
			status, _ = send(srv, gh.Route("POST /repos/{owner}/{repo}/issues").Param("owner", "octokit").Param("repo", "rest.js").Param("title", "t").Param("labels", []string{"bug"}))
			Expect(status).To(Equal(http.StatusCreated))
			Expect(t.joined()).To(BeEmpty())
			Expect(srv.Requests()[1].Operation.ID).To(Equal("issues/create"))
		})

		It("fails a misspelt route with the catalogue's suggestion, and answers 404", func() {
			status, body := send(srv, gh.Route("GET /repos/{owner}/{repo}/isues").Param("owner", "octokit").Param("repo", "rest.js"))
			Expect(status).To(Equal(http.StatusNotFound))
			Expect(t.Errors()).To(Equal([]string{msgMisspeltRoute}))
			e := decodeError(body)
			Expect(e.Message).To(Equal("Not Found"))
			Expect(e.Errors).To(ConsistOf(HaveKeyWithValue("code", "not_found")))
			var ce *catalog.Error
			Expect(errors.As(srv.Requests()[0].Err, &ce)).To(BeTrue())
			Expect(ce.Err).To(Equal(catalog.ErrUnknownRoute))
			Expect(errors.Is(srv.Requests()[0].Err, endpointtest.ErrAPI)).To(BeTrue())
		})

		It("fails a missing body field, and answers 422 Validation Failed", func() {
			status, body := send(srv, gh.Route("POST /repos/{owner}/{repo}/issues").Param("owner", "octokit").Param("repo", "rest.js").Param("body", "no title"))
			Expect(status).To(Equal(http.StatusUnprocessableEntity))
			Expect(t.Errors()).To(Equal([]string{msgMissingField}))
			Expect(decodeError(body)).To(Equal(ghError{Message: "Validation Failed", DocumentationURL: endpointtest.DocumentationURL, Errors: []map[string]string{
				{"resource": "issues/create", "field": "title", "code": "missing_field", "message": strings.TrimPrefix(msgMissingField, "endpointtest: POST /repos/octokit/rest.js/issues: ")},
			}}))
		})

		It("fails a value outside an enum, with the nearest value", func() {
			status, _ := send(srv, gh.Route("GET /repos/{owner}/{repo}/issues").Param("owner", "octokit").Param("repo", "rest.js").Param("state", "opne"))
			Expect(status).To(Equal(http.StatusUnprocessableEntity))
			Expect(t.Errors()).To(Equal([]string{msgEnum}))
			var ce *catalog.Error
			Expect(errors.As(srv.Requests()[0].Err, &ce)).To(BeTrue())
			Expect(ce.Err).To(Equal(catalog.ErrEnum))
		})

		It("lists every problem of a call, in words, and keeps credentials out", func() {
			send(srv, gh.Route("POST /repos/{owner}/{repo}/issues{?access_token,titel}").Param("owner", "octokit").Param("repo", "rest.js").
				Param("access_token", "s3cr3t").Param("titel", "x").Param("labels", "bug").Param("milestone", true))
			Expect(t.Errors()).To(Equal([]string{strings.Join([]string{
				"endpointtest: POST /repos/octokit/rest.js/issues?access_token=[REDACTED]&titel=x:",
				`	unknown query parameter "access_token" for POST /repos/{owner}/{repo}/issues`,
				`	unknown query parameter "titel" for POST /repos/{owner}/{repo}/issues; did you mean title?`,
				`	body field "labels" of POST /repos/{owner}/{repo}/issues: got string "bug", want array`,
				`	body field "milestone" of POST /repos/{owner}/{repo}/issues: got boolean true, want string, integer or null`,
				`	missing required body field "title" for POST /repos/{owner}/{repo}/issues`,
			}, "\n")}))
		})

		It("fails a parameter sent in the wrong place", func() {
			send(srv, gh.Route("POST /repos/{owner}/{repo}/issues{?title}").Param("owner", "o").Param("repo", "r").Param("title", "t"))
			Expect(t.Errors()).To(Equal([]string{strings.Join([]string{
				"endpointtest: POST /repos/o/r/issues?title=t: " +
					`body field "title" of POST /repos/{owner}/{repo}/issues was sent as a query parameter`,
			}, "\n")}))
		})

		It("fails a method the path does not take", func() {
			send(srv, gh.Route("DELETE /repos/{owner}/{repo}/issues").Param("owner", "o").Param("repo", "r"))
			Expect(t.Errors()).To(Equal([]string{
				"endpointtest: DELETE /repos/o/r/issues: api.github.com has no DELETE operation on this path, only GET, POST; did you mean GET /repos/{owner}/{repo}/issues or POST /repos/{owner}/{repo}/issues?",
			}))
		})

		It("fails a handler route the catalogue does not have", func() {
			srv.Handle("GET /repos/{owner}/{repo}/isues", endpointtest.JSON(`[]`))
			Expect(t.Errors()).To(Equal([]string{
				`endpointtest: "GET /repos/{owner}/{repo}/isues": no operation has this method and path; did you mean GET /repos/{owner}/{repo}/issues?`,
			}))
		})

		It("checks against any OpenAPI document", func() {
			data, err := os.ReadFile("testdata/petstore.json")
			Expect(err).NotTo(HaveOccurred())
			pets, err := openapi.Load(data)
			Expect(err).NotTo(HaveOccurred())
			srv := endpointtest.NewServer(t, endpointtest.WithCatalog(pets))
			srv.Handle("GET /pets", endpointtest.JSON(`[]`))
			srv.Handle("POST /pets", endpointtest.Status(201))
			srv.Handle("GET /pets/{petId}", endpointtest.JSON(`{}`))
			api := builder.New(builder.WithBaseURL(srv.URL + "/v1"))
			send(srv, api.Route("GET /pets").Param("kind", "dgo").Param("limit", 10))
			send(srv, api.Route("POST /pets").Param("tags", []string{"x"}))
			send(srv, api.Route("GET /pets/{petId}").Param("petId", "rex"))
			send(srv, api.Route("GET /pet/{petId}").Param("petId", 1))
			status, _ := send(srv, api.Route("GET /pets/{petId}").Param("petId", 7))
			Expect(status).To(Equal(http.StatusOK))
			Expect(t.Errors()).To(Equal([]string{
				`endpointtest: GET /v1/pets?kind=dgo&limit=10: query parameter "kind" of GET /pets: "dgo" is not one of cat, dog, bird; did you mean dog?`,
				`endpointtest: POST /v1/pets: missing required body field "name" for POST /pets`,
				`endpointtest: GET /v1/pets/rex: path parameter "petId" of GET /pets/{petId}: got string "rex", want integer`,
				`endpointtest: GET /v1/pet/1: no operation of pets.example.com matches this method and path; did you mean GET /pets/{petId}?`,
			}))
		})
	})

	Describe("replies", func() {
		It("serve a JSON fixture, and fail the test at once naming the nearest file when it is missing", func() {
			srv.Handle("POST /repos/{owner}/{repo}/issues", endpointtest.File("testdata/issue-created.json").WithStatus(201))
			status, body := send(srv, gh.Route("POST /repos/{owner}/{repo}/issues").Param("owner", "o").Param("repo", "r").Param("title", "t"))
			Expect(status).To(Equal(201))
			Expect(body).To(MatchJSON(`{"number": 76, "title": "Found a bug", "state": "open", "labels": [{"name": "bug"}]}`))
			srv.Handle("GET /x", endpointtest.File("testdata/isues.json"))
			Expect(t.Fatals()).To(Equal([]string{
				`endpointtest: "testdata/isues.json": stat: no such file or directory; did you mean testdata/issues.json?`,
			}))
		})

		DescribeTable("read from File only a regular file of at most MaxFixtureSize, failing at once, naming it, for anything else",
			func(create func(path string) error, problem string) {
				path := filepath.Join(GinkgoT().TempDir(), "f.json")
				if err := create(path); errors.Is(err, errors.ErrUnsupported) {
					Skip(err.Error())
				} else {
					Expect(err).NotTo(HaveOccurred())
				}
				// Before, /dev/zero filled memory and a pipe blocked for ever.
				done := make(chan endpointtest.Reply)
				go func() { done <- endpointtest.File(path) }()
				var r endpointtest.Reply
				Eventually(done, 5*time.Second).Should(Receive(&r))
				srv.Handle("GET /x", r)
				Expect(t.Fatals()).To(Equal([]string{`endpointtest: "` + path + `": ` + problem}))
			},
			Entry("a link to /dev/zero", func(path string) error {
				if runtime.GOOS == "windows" {
					return fmt.Errorf("no /dev/zero: %w", errors.ErrUnsupported)
				}
				return os.Symlink("/dev/zero", path)
			}, "not a regular file"),
			Entry("a named pipe", func(path string) error { return mkfifo(path) }, "not a regular file"),
			Entry("a directory", func(path string) error { return os.Mkdir(path, 0o700) }, "not a regular file"),
			Entry("a file over MaxFixtureSize, refused before it is read", func(path string) error {
				if err := os.WriteFile(path, nil, 0o600); err != nil {
					return err
				}
				return os.Truncate(path, endpointtest.MaxFixtureSize+1) // sparse: nothing written
			}, "33554433 bytes, more than 33554432"),
		)

		It("refuse invalid JSON", func() {
			srv.Handle("GET /x", endpointtest.JSON(`{"a":`))
			Expect(t.Fatals()).To(ConsistOf(HavePrefix("endpointtest: JSON reply: ")))
			Expect(srv.Requests()).To(BeEmpty())
		})

		It("encode a Go value when given, so that later changes do not show", func() {
			v := map[string]any{"login": "octocat"}
			srv.Handle("GET /user", endpointtest.JSON(v))
			v["login"] = "changed"
			Expect(get(srv, "/user")).To(Equal(`{"login":"octocat"}`))
		})

		It("write GitHub's error shape for an error status", func() {
			srv.Handle("GET /a", endpointtest.Status(http.StatusNotFound))
			srv.Handle("GET /b", endpointtest.GitHubError(http.StatusForbidden, "Resource not accessible by integration"))
			srv.Handle("GET /c", endpointtest.Status(http.StatusNoContent))
			Expect(get(srv, "/a")).To(MatchJSON(`{"message":"Not Found","documentation_url":"https://docs.github.com/rest"}`))
			Expect(get(srv, "/b")).To(MatchJSON(`{"message":"Resource not accessible by integration","documentation_url":"https://docs.github.com/rest"}`))
			Expect(get(srv, "/c")).To(BeEmpty())
			Expect(t.joined()).To(BeEmpty())
		})

		It("answer successive calls in sequence, the last one repeating, and restart on Reset", func() {
			srv.Handle("GET /flaky", endpointtest.Sequence(endpointtest.Status(502), endpointtest.JSON(`"ok"`)))
			statuses := func() []int {
				var out []int
				for range 3 {
					resp, err := srv.Client().Get(srv.URL + "/flaky")
					Expect(err).NotTo(HaveOccurred())
					readBody(resp)
					out = append(out, resp.StatusCode)
				}
				return out
			}
			Expect(statuses()).To(Equal([]int{502, 200, 200}))
			srv.Reset()
			Expect(statuses()).To(Equal([]int{502, 200, 200}))
		})

		It("set headers", func() {
			srv.Handle("GET /x", endpointtest.JSON(`1`).WithHeader("ETag", `"abc"`))
			resp, err := srv.Client().Get(srv.URL + "/x")
			Expect(err).NotTo(HaveOccurred())
			readBody(resp)
			Expect(resp.Header.Get("ETag")).To(Equal(`"abc"`))
			Expect(resp.Header.Get("Content-Type")).To(Equal("application/json; charset=utf-8"))
		})

		It("answer 500 and fail the test when a Func reply panics", func() {
			srv.Handle("GET /x", endpointtest.Func(func(*endpointtest.Call) endpointtest.Reply { panic("boom") }))
			resp, err := srv.Client().Get(srv.URL + "/x")
			Expect(err).NotTo(HaveOccurred())
			readBody(resp)
			Expect(resp.StatusCode).To(Equal(500))
			Expect(t.Errors()).To(Equal([]string{"endpointtest: GET /x: the reply for GET /x failed: the Func reply panicked: boom"}))
		})
	})

	Describe("pagination", func() {
		type issue struct {
			Number int    `json:"number"`
			Title  string `json:"title"`
		}

		BeforeEach(func() {
			srv.Handle("GET /repos/{owner}/{repo}/issues", endpointtest.File("testdata/issues.json").Paginated())
		})

		walk := func(opts ...paginate.Option) []int {
			ro, err := gh.Route("GET /repos/{owner}/{repo}/issues").Param("owner", "o").Param("repo", "r").Param("state", "all").Build()
			Expect(err).NotTo(HaveOccurred())
			req, err := ro.HTTPRequest(context.Background())
			Expect(err).NotTo(HaveOccurred())
			var numbers []int
			for it, err := range paginate.Items[issue](context.Background(), srv.Client(), req, opts...) {
				Expect(err).NotTo(HaveOccurred())
				numbers = append(numbers, it.Number)
			}
			return numbers
		}

		It("round-trips through the paginate iterator: every item once, in order, 30 a page", func() {
			numbers := walk()
			Expect(numbers).To(HaveLen(75))
			Expect(numbers[0]).To(Equal(75))
			Expect(numbers[74]).To(Equal(1))
			calls := srv.Calls("GET /repos/{owner}/{repo}/issues")
			Expect(calls).To(HaveLen(3))
			Expect(calls[2].RawQuery).To(Equal("state=all&page=3"))
		})

		It("honours per_page up to 100", func() {
			Expect(walk(paginate.PerPage(10))).To(HaveLen(75))
			Expect(srv.Calls("GET /repos/{owner}/{repo}/issues")).To(HaveLen(8))
			srv.Reset()
			Expect(walk(paginate.PerPage(500))).To(HaveLen(75))
			Expect(srv.Calls("GET /repos/{owner}/{repo}/issues")).To(HaveLen(1))
		})

		It("writes GitHub's Link header with absolute URLs on the server", func() {
			resp, err := srv.Client().Get(srv.URL + "/repos/o/r/issues?state=all&per_page=20&page=2")
			Expect(err).NotTo(HaveOccurred())
			var page []issue
			Expect(json.Unmarshal([]byte(readBody(resp)), &page)).To(Succeed())
			Expect(page).To(HaveLen(20))
			Expect(page[0].Number).To(Equal(55))
			u := srv.URL + "/repos/o/r/issues?state=all&per_page=20&page="
			Expect(resp.Header.Get("Link")).To(Equal(fmt.Sprintf(`<%s1>; rel="prev", <%s3>; rel="next", <%s4>; rel="last", <%s1>; rel="first"`, u, u, u, u)))
			links, err := paginate.Links(resp)
			Expect(err).NotTo(HaveOccurred())
			Expect(links).To(HaveLen(4))
		})

		It("serves an empty list past the last page, and no Link for a single page", func() {
			resp, err := srv.Client().Get(srv.URL + "/repos/o/r/issues?page=9")
			Expect(err).NotTo(HaveOccurred())
			Expect(readBody(resp)).To(Equal("[]"))
			resp, err = srv.Client().Get(srv.URL + "/repos/o/r/issues?per_page=100")
			Expect(err).NotTo(HaveOccurred())
			readBody(resp)
			Expect(resp.Header.Values("Link")).To(BeEmpty())
		})

		It("slices the array of a counted list, keeping total_count", func() {
			srv.Handle("GET /search/repositories", endpointtest.File("testdata/search-repositories.json").Paginated())
			ro, err := gh.Route("GET /search/repositories").Param("q", "org:octo-org").Build()
			Expect(err).NotTo(HaveOccurred())
			req, err := ro.HTTPRequest(context.Background())
			Expect(err).NotTo(HaveOccurred())
			pages := 0
			for page, err := range paginate.Pages(context.Background(), srv.Client(), req) {
				Expect(err).NotTo(HaveOccurred())
				l, err := paginate.Decode(page.Body)
				Expect(err).NotTo(HaveOccurred())
				Expect(l.Key).To(Equal("items"))
				Expect(l.TotalCount).To(Equal(int64(45)))
				pages++
			}
			Expect(pages).To(Equal(2))
		})

		It("fails the test when the body is no list", func() {
			srv.Handle("GET /user", endpointtest.JSON(`{"login":"x"}`).Paginated())
			resp, err := srv.Client().Get(srv.URL + "/user")
			Expect(err).NotTo(HaveOccurred())
			readBody(resp)
			Expect(resp.StatusCode).To(Equal(500))
			Expect(t.Errors()).To(Equal([]string{"endpointtest: GET /user: the reply for GET /user failed: a Paginated reply's object must hold total_count and one array, as GitHub's counted lists do"}))
		})
	})

	Describe("options that fail", func() {
		It("fail the test, and still return a server that says why on every call", func() {
			srv := endpointtest.NewServer(t, endpointtest.WithCatalog(nil))
			Expect(srv).NotTo(BeNil())
			Expect(t.Fatals()).To(Equal([]string{"endpointtest: NewServer: WithCatalog: nil catalogue"}))
			resp, err := srv.Client().Get(srv.URL + "/user")
			Expect(err).NotTo(HaveOccurred())
			Expect(decodeError(readBody(resp)).Message).To(Equal("endpointtest: NewServer: WithCatalog: nil catalogue"))
			Expect(resp.StatusCode).To(Equal(http.StatusInternalServerError))
		})

		It("with a nil T, report nothing but answer 500 with the error in each Call", func() {
			srv := endpointtest.NewServer(nil, endpointtest.WithCatalog(nil), endpointtest.WithRateLimit(endpointtest.RateLimit{Limit: -1}))
			Expect(srv).NotTo(BeNil())
			DeferCleanup(srv.Close)
			srv.Handle("GET /user", endpointtest.JSON(`{}`))
			resp, err := srv.Client().Get(srv.URL + "/user")
			Expect(err).NotTo(HaveOccurred())
			readBody(resp)
			Expect(resp.StatusCode).To(Equal(http.StatusInternalServerError))
			calls := srv.Requests()
			Expect(calls).To(HaveLen(1))
			Expect(calls[0].Err).To(MatchError(endpointtest.ErrRoute))
			Expect(calls[0].Err).To(MatchError("endpointtest: GET /user: NewServer: WithCatalog: nil catalogue"))
			Expect(calls[0].Status).To(Equal(http.StatusInternalServerError))
		})
	})

	Describe("rate limits", func() {
		reset := time.Unix(1700000000, 0)

		It("counts requests down, then answers 403 as GitHub does", func() {
			srv := endpointtest.NewServer(t, endpointtest.WithRateLimit(endpointtest.RateLimit{Limit: 60, Remaining: 2, Used: 58, Reset: reset}))
			srv.Handle("GET /user", endpointtest.JSON(`{}`))
			var remaining []string
			var statuses []int
			for range 3 {
				resp, err := srv.Client().Get(srv.URL + "/user")
				Expect(err).NotTo(HaveOccurred())
				body := readBody(resp)
				remaining = append(remaining, resp.Header.Get("X-RateLimit-Remaining"))
				statuses = append(statuses, resp.StatusCode)
				if resp.StatusCode == 403 {
					Expect(decodeError(body).Message).To(HavePrefix("API rate limit exceeded for 127.0.0.1."))
					Expect(resp.Header.Get("X-RateLimit-Used")).To(Equal("60"))
					Expect(resp.Header.Get("X-RateLimit-Reset")).To(Equal("1700000000"))
					Expect(resp.Header.Get("X-RateLimit-Resource")).To(Equal("core"))
				}
			}
			Expect(remaining).To(Equal([]string{"1", "0", "0"}))
			Expect(statuses).To(Equal([]int{200, 200, 403}))
			Expect(t.joined()).To(BeEmpty())
		})

		It("starts with the whole limit when only the limit is given", func() {
			srv := endpointtest.NewServer(t, endpointtest.WithRateLimit(endpointtest.RateLimit{Limit: 60}))
			srv.Handle("GET /user", endpointtest.JSON(`{}`))
			resp, err := srv.Client().Get(srv.URL + "/user")
			Expect(err).NotTo(HaveOccurred())
			readBody(resp)
			Expect(resp.StatusCode).To(Equal(200))
			Expect(resp.Header.Get("X-RateLimit-Remaining")).To(Equal("59"))
			Expect(resp.Header.Get("X-RateLimit-Used")).To(Equal("1"))
		})

		It("sets a reply's own headers", func() {
			srv.Handle("GET /search/code", endpointtest.JSON(`{}`).WithRateLimit(endpointtest.RateLimit{Limit: 10, Remaining: 9, Used: 1, Reset: reset, Resource: "code_search"}))
			resp, err := srv.Client().Get(srv.URL + "/search/code")
			Expect(err).NotTo(HaveOccurred())
			readBody(resp)
			Expect(resp.Header).To(And(
				HaveKeyWithValue("X-Ratelimit-Limit", []string{"10"}),
				HaveKeyWithValue("X-Ratelimit-Remaining", []string{"9"}),
				HaveKeyWithValue("X-Ratelimit-Used", []string{"1"}),
				HaveKeyWithValue("X-Ratelimit-Reset", []string{"1700000000"}),
				HaveKeyWithValue("X-Ratelimit-Resource", []string{"code_search"}),
			))
		})
	})
})

// panickingT fails like GinkgoT() off the spec's goroutine: it records,
// then panics.
type panickingT struct{ *recorder }

func (p panickingT) Errorf(format string, args ...any) {
	p.recorder.Errorf(format, args...)
	panic("failure off the spec's goroutine")
}

// mkfifo makes a named pipe; it fails with errors.ErrUnsupported where
// there are none (see fifo_unix_test.go).
var mkfifo = func(string) error { return fmt.Errorf("no named pipes: %w", errors.ErrUnsupported) }

// TestReportedLines fails on purpose, once in each subtest, for the
// spec "reports every failure at the test's line", which runs it in a
// child process; it is skipped otherwise. Each failure is expected at the
// line marked //@ and its subtest's name.
func TestReportedLines(t *testing.T) {
	if os.Getenv("ENDPOINTTEST_REPORTED_LINES") != "1" {
		t.Skip("run by the spec about reported lines")
	}
	pets := func(t *testing.T) *catalog.Catalog {
		data, err := os.ReadFile("testdata/petstore.json")
		if err != nil {
			t.Fatal(err)
		}
		c, err := openapi.Load(data)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	get := func(t *testing.T, url string) {
		resp, err := http.Get(url)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
	}
	t.Run("Handle-unknown-operation", func(t *testing.T) {
		srv := endpointtest.NewServer(t, endpointtest.WithCatalog(pets(t)))
		srv.Handle("GET /petz", endpointtest.JSON(`[]`)) //@Handle-unknown-operation
	})
	t.Run("Handle-invalid-route", func(t *testing.T) {
		srv := endpointtest.NewServer(t)
		srv.Handle("GET /a/{b", endpointtest.JSON(`[]`)) //@Handle-invalid-route
	})
	t.Run("Handle-route-the-builder-refuses", func(t *testing.T) {
		srv := endpointtest.NewServer(t)
		srv.Handle("GET /a/{b c}", endpointtest.JSON(`[]`)) //@Handle-route-the-builder-refuses
	})
	t.Run("Handle-missing-file", func(t *testing.T) {
		srv := endpointtest.NewServer(t)
		srv.Handle("GET /a", endpointtest.File("testdata/nope.json")) //@Handle-missing-file
	})
	t.Run("Calls-invalid-route", func(t *testing.T) {
		srv := endpointtest.NewServer(t)
		srv.Calls("GET /a/{b") //@Calls-invalid-route
	})
	t.Run("NewServer-failed-option", func(t *testing.T) {
		endpointtest.NewServer(t, endpointtest.WithCatalog(nil)) //@NewServer-failed-option
	})
	t.Run("LoadFixtures-missing-directory", func(t *testing.T) {
		endpointtest.LoadFixtures(t, "testdata/nope") //@LoadFixtures-missing-directory
	})
	t.Run("Fixtures-unknown-name", func(t *testing.T) {
		fx := endpointtest.LoadFixtures(t, "testdata/options")
		fx.Defaults(nil, "nope") //@Fixtures-unknown-name
	})
	t.Run("request-without-route", func(t *testing.T) {
		srv := endpointtest.NewServer(t) //@request-without-route
		srv.Handle("GET /a", endpointtest.JSON(`[]`))
		get(t, srv.URL+"/b/c")
	})
	t.Run("request-the-API-refuses", func(t *testing.T) {
		srv := endpointtest.NewServer(t, endpointtest.WithCatalog(pets(t))) //@request-the-API-refuses
		srv.Handle("GET /pets/{petId}", endpointtest.JSON(`{}`))
		get(t, srv.URL+"/v1/pets/rex")
	})
}

var _ = Describe("failures reported to a *testing.T", Ordered, func() {
	// sections holds the output of each subtest of TestReportedLines,
	// marks the line each failure is expected at.
	var sections, marks map[string]string
	BeforeAll(func() {
		if testing.Short() {
			Skip("runs the test binary again")
		}
		src, err := os.ReadFile("server_test.go")
		Expect(err).NotTo(HaveOccurred())
		marks = map[string]string{}
		for i, line := range strings.Split(string(src), "\n") {
			if _, name, ok := strings.Cut(line, "//@"); ok {
				marks[name] = fmt.Sprintf("server_test.go:%d: ", i+1)
			}
		}
		cmd := exec.Command(os.Args[0], "-test.run=^TestReportedLines$", "-test.count=1")
		cmd.Env = append(os.Environ(), "ENDPOINTTEST_REPORTED_LINES=1")
		out, _ := cmd.CombinedOutput() // fails, on purpose
		sections = map[string]string{}
		name := ""
		for _, line := range strings.Split(string(out), "\n") {
			if _, rest, ok := strings.Cut(line, "--- FAIL: TestReportedLines/"); ok {
				name, _, _ = strings.Cut(rest, " ")
				continue
			}
			if !strings.HasPrefix(line, " ") {
				name = "" // FAIL, ok …
			}
			if name != "" {
				sections[name] += strings.TrimSpace(line) + "\n"
			}
		}
	})

	DescribeTable("are reported at the test's line, once",
		func(name, message string) {
			Expect(marks).To(HaveKey(name))
			Expect(sections[name]).To(Equal(marks[name]+message+"\n"), "output of subtest %s", name)
		},
		Entry(nil, "Handle-unknown-operation", `endpointtest: "GET /petz": no operation has this method and path; did you mean GET /pets?`),
		Entry(nil, "Handle-invalid-route", `endpointtest: "GET /a/{b": template "/a/{b" at offset 5: invalid template: incomplete expression`),
		Entry(nil, "Handle-route-the-builder-refuses", `endpointtest: "GET /a/{b c}": invalid route`),
		Entry(nil, "Handle-missing-file", `endpointtest: "testdata/nope.json": stat: no such file or directory`),
		Entry(nil, "Calls-invalid-route", `endpointtest: "GET /a/{b": template "/a/{b" at offset 5: invalid template: incomplete expression`),
		Entry(nil, "NewServer-failed-option", `endpointtest: NewServer: WithCatalog: nil catalogue`),
		Entry(nil, "LoadFixtures-missing-directory", `endpointtest: "testdata/nope": lstat: no such file or directory`),
		Entry(nil, "Fixtures-unknown-name", `endpointtest: "nope": no such fixture in testdata/options; it has base, issues/create, issues/list`),
		Entry("a request no route fits, at NewServer's line", "request-without-route", `endpointtest: GET /b/c: no route matches; the server has GET /a`),
		Entry("a request the API refuses, at NewServer's line", "request-the-API-refuses", `endpointtest: GET /v1/pets/rex: path parameter "petId" of GET /pets/{petId}: got string "rex", want integer`),
	)
})

// A status net/http cannot write (99, 1000, -1) panicked WriteHeader on the
// server's goroutine: the client saw EOF and the test no failure.
var _ = Describe("a reply with a status net/http cannot write", Label("regression"), func() {
	DescribeTable("is reported and answered 500",
		func(reply endpointtest.Reply, want string) {
			t := newRecorder()
			srv := endpointtest.NewServer(t)
			srv.Handle("GET /x", reply)

			resp, err := srv.Client().Get(srv.URL + "/x")
			Expect(err).NotTo(HaveOccurred(), "the connection was dropped")
			resp.Body.Close()
			Expect(resp.StatusCode).To(Equal(http.StatusInternalServerError))
			Expect(t.joined()).To(ContainSubstring(want))

			calls := srv.Calls("GET /x")
			Expect(calls).To(HaveLen(1))
			Expect(errors.Is(calls[0].Err, endpointtest.ErrFixture)).To(BeTrue(), "%v", calls[0].Err)
		},
		Entry("Status(99)", endpointtest.Status(99), "status 99"),
		Entry("WithStatus(1000)", endpointtest.JSON(`[]`).WithStatus(1000), "status 1000"),
		Entry("a Func's Status(-1)", endpointtest.Func(func(*endpointtest.Call) endpointtest.Reply {
			return endpointtest.Status(-1)
		}), "status -1"),
		Entry("in a Sequence", endpointtest.Sequence(endpointtest.Status(42)), "status 42"),
	)

	It("still writes every status from 100 to 999, and 0 as 200", func() {
		srv := endpointtest.NewServer(GinkgoT())
		srv.Handle("GET /a", endpointtest.Status(0))
		srv.Handle("GET /b", endpointtest.Status(999))
		for path, want := range map[string]int{"/a": 200, "/b": 999} {
			resp, err := srv.Client().Get(srv.URL + path)
			Expect(err).NotTo(HaveOccurred())
			resp.Body.Close()
			Expect(resp.StatusCode).To(Equal(want))
		}
	})
})

// Every unreadable body was answered 413, a malformed chunked body included; 413
// is for a body past MaxBodySize only, else 400.
var _ = Describe("a request body the server cannot read", Label("regression"), func() {
	It("is answered 400, not 413, when it is malformed", func() {
		srv := endpointtest.NewServer(newRecorder())
		srv.Handle("POST /x", endpointtest.Status(201))
		conn, err := net.Dial("tcp", srv.Listener.Addr().String())
		Expect(err).NotTo(HaveOccurred())
		defer conn.Close()
		_, err = fmt.Fprint(conn, "POST /x HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n")
		Expect(err).NotTo(HaveOccurred())
		resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
		Expect(err).NotTo(HaveOccurred())
		defer resp.Body.Close()
		Expect(resp.StatusCode).To(Equal(http.StatusBadRequest))
		calls := srv.Requests()
		Expect(calls).To(HaveLen(1))
		Expect(calls[0].Status).To(Equal(http.StatusBadRequest))
		Expect(calls[0].Err).To(MatchError(endpointtest.ErrRequest))
		Expect(calls[0].Err.Error()).To(ContainSubstring("reading the body: invalid byte in chunk length"))
	})

	It("is answered 413 when it is larger than MaxBodySize", func() {
		srv := endpointtest.NewServer(newRecorder())
		srv.Handle("POST /x", endpointtest.Status(201))
		body := bytes.Repeat([]byte("x"), endpointtest.MaxBodySize+1)
		resp, err := srv.Client().Post(srv.URL+"/x", "text/plain", bytes.NewReader(body))
		Expect(err).NotTo(HaveOccurred())
		defer resp.Body.Close()
		Expect(resp.StatusCode).To(Equal(http.StatusRequestEntityTooLarge))
		calls := srv.Requests()
		Expect(calls).To(HaveLen(1))
		Expect(calls[0].Err).To(MatchError(endpointtest.ErrRequest))
	})
})
