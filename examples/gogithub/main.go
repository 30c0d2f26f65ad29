// Command gogithub sends requests built by endpointkit with go-github's
// Client.Do, so that go-github decodes the answers into its own types and
// gives its rate-limit and error types for free: Response.Rate from the
// X-RateLimit-* headers, and *github.ErrorResponse for GitHub's
// {"message", "documentation_url"} error body. A local server plays the
// API, answering like GitHub.
//
// Base URLs differ: endpointkit's has no trailing slash, since routes
// start with "/" and are joined to it with exactly one slash; go-github's
// must end in "/", since its paths are relative ("repos/o/r/issues").
// github.WithURLs adds the slash; a Client whose base URL lacked it would
// refuse every NewRequest.
package main

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/google/go-github/v93/github"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/examples/internal/echo"
)

// token is a real token from the environment, else a stand-in.
var token = cmp.Or(os.Getenv("GITHUB_TOKEN"), "example-token")

func main() {
	if err := run(); err != nil {
		log.Fatal(err)
	}
}

func run() error {
	var seen echo.Log
	srv := echo.NewServerFunc(&seen, api(&seen))
	defer srv.Close()
	ctx := context.Background()

	// The token lives in one place: go-github's client, whose transport
	// sets "authorization: Bearer …" on every request it sends, ours too
	// (it would replace an authorization header the endpoint had set).
	base := srv.URL
	client, err := github.NewClient(github.WithURLs(&base, nil), github.WithAuthToken(token))
	if err != nil {
		return err
	}
	gh := endpoint.Defaults(
		endpoint.WithBaseURL(srv.URL),
		endpoint.WithHeader("accept", "application/vnd.github+json"),
		endpoint.WithHeader("x-github-api-version", "2022-11-28"),
	)
	fmt.Println("endpointkit base URL:", srv.URL)
	fmt.Println("go-github base URL:  ", client.BaseURL())

	// 1. Two steps: Build, then RequestOptions.HTTPRequest; go-github
	// decodes the list into []*github.Issue.
	ro, err := gh.Route("GET /repos/{owner}/{repo}/issues").
		Param("owner", "octokit").Param("repo", "rest.js").
		Param("state", "open").Param("per_page", 2).
		Build()
	if err != nil {
		return err
	}
	req, err := ro.HTTPRequest(ctx)
	if err != nil {
		return err
	}
	var issues []*github.Issue
	resp, err := client.Do(req, &issues)
	if err != nil {
		return err
	}
	fmt.Printf("\nGET %s: %d issues\n", req.URL.Path, len(issues))
	for _, is := range issues {
		fmt.Printf("  #%d %s (%s)\n", is.GetNumber(), is.GetTitle(), is.GetState())
	}
	printRate(resp)
	if len(issues) != 2 || issues[0].GetTitle() != "Found a bug" || issues[1].GetNumber() != 2 {
		return fmt.Errorf("decoded %d issues, not the two the server sent", len(issues))
	}
	if err := checkRate(resp, 1); err != nil {
		return err
	}

	// 2. One step: Builder.HTTPRequest; the server echoes the issue it
	// was sent, decoded into a *github.Issue.
	req, err = gh.Route("POST /repos/{owner}/{repo}/issues").
		Param("owner", "octokit").Param("repo", "rest.js").
		Param("title", "Found another bug").Param("body", "Steps: <1> & <2>").Param("labels", []string{"bug"}).
		HTTPRequest(ctx)
	if err != nil {
		return err
	}
	var created github.Issue
	resp, err = client.Do(req, &created)
	if err != nil {
		return err
	}
	fmt.Printf("\nPOST %s: %d, created #%d %q with labels %v\n", req.URL.Path, resp.StatusCode,
		created.GetNumber(), created.GetTitle(), labelNames(created.Labels))
	printRate(resp)
	if resp.StatusCode != http.StatusCreated || created.GetTitle() != "Found another bug" ||
		created.GetBody() != "Steps: <1> & <2>" || !slices.Equal(labelNames(created.Labels), []string{"bug"}) {
		return fmt.Errorf("the server created %+v, not the issue sent", created)
	}
	if err := checkRate(resp, 2); err != nil {
		return err
	}

	// 3. A 404: go-github's CheckResponse turns GitHub's error body into
	// a *github.ErrorResponse, and still reports the rate limit.
	req, err = gh.Route("GET /repos/{owner}/{repo}/issues/{issue_number}").
		Param("owner", "octokit").Param("repo", "rest.js").Param("issue_number", 404).
		HTTPRequest(ctx)
	if err != nil {
		return err
	}
	resp, err = client.Do(req, new(github.Issue))
	var notFound *github.ErrorResponse
	if !errors.As(err, &notFound) {
		return fmt.Errorf("want a *github.ErrorResponse, got %v", err)
	}
	fmt.Printf("\nGET %s: %v\n", req.URL.Path, err)
	fmt.Printf("  status %d, message %q, documentation_url %q\n",
		notFound.Response.StatusCode, notFound.Message, notFound.DocumentationURL)
	printRate(resp)
	if notFound.Response.StatusCode != http.StatusNotFound || notFound.Message != "Not Found" || notFound.DocumentationURL != docURL {
		return fmt.Errorf("unexpected error response %+v", notFound)
	}
	if err := checkRate(resp, 3); err != nil {
		return err
	}

	// 4. go-github's own method for an issue, to show that its relative
	// path on the slashed base reaches the same place as our route.
	ours, err := gh.Route("GET /repos/{owner}/{repo}/issues/{issue_number}").
		Param("owner", "octokit").Param("repo", "rest.js").Param("issue_number", 1).
		HTTPRequest(ctx)
	if err != nil {
		return err
	}
	var viaOurs github.Issue
	if _, err := client.Do(ours, &viaOurs); err != nil {
		return err
	}
	viaTheirs, _, err := client.Issues.Get(ctx, "octokit", "rest.js", 1)
	if err != nil {
		return err
	}
	fmt.Printf("\nissue 1 via our route: %q; via client.Issues.Get: %q\n", viaOurs.GetTitle(), viaTheirs.GetTitle())

	// What the server saw: every request carried go-github's token, and
	// the last two went to the same path.
	all := seen.All()
	want := []string{
		"GET /repos/octokit/rest.js/issues?state=open&per_page=2",
		"POST /repos/octokit/rest.js/issues",
		"GET /repos/octokit/rest.js/issues/404",
		"GET /repos/octokit/rest.js/issues/1",
		"GET /repos/octokit/rest.js/issues/1",
	}
	if len(all) != len(want) {
		return fmt.Errorf("server saw %d requests, want %d", len(all), len(want))
	}
	fmt.Println("\nserver saw:")
	for i, s := range all {
		fmt.Printf("  %s %s\n", s.Method, s.RequestURI)
		if got := s.Method + " " + s.RequestURI; got != want[i] {
			return fmt.Errorf("request %d: server saw %s, want %s", i+1, got, want[i])
		}
		if err := s.CheckHeader("authorization", "Bearer "+token); err != nil {
			return err
		}
	}
	return nil
}

func printRate(resp *github.Response) {
	if resp == nil {
		return
	}
	fmt.Printf("  rate: %d of %d left, %d used, resource %q, resets %s\n",
		resp.Rate.Remaining, resp.Rate.Limit, resp.Rate.Used, resp.Rate.Resource, resp.Rate.Reset.UTC().Format(time.RFC3339))
}

// checkRate checks the rate limit go-github read off the n-th answer.
func checkRate(resp *github.Response, n int) error {
	if resp == nil || resp.Rate.Limit != rateLimit || resp.Rate.Remaining != rateLimit-n || resp.Rate.Used != n ||
		resp.Rate.Resource != "core" || !resp.Rate.Reset.Time.Equal(rateReset) {
		return fmt.Errorf("answer %d: go-github read the rate limit wrong", n)
	}
	return nil
}

func labelNames(labels []*github.Label) []string {
	names := make([]string, 0, len(labels))
	for _, l := range labels {
		names = append(names, l.GetName())
	}
	return names
}

// The stand-in's rate limit: 5000 an hour, one used per request.
const rateLimit = 5000

var rateReset = time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)

const docURL = "https://docs.github.com/rest/issues/issues#get-an-issue"

type issue struct {
	Number int     `json:"number"`
	Title  string  `json:"title"`
	Body   string  `json:"body,omitempty"`
	State  string  `json:"state"`
	Labels []label `json:"labels"`
}

type label struct {
	Name string `json:"name"`
}

// api answers like GitHub for the few routes used here, with rate-limit
// headers on every answer.
func api(seen *echo.Log) func(http.ResponseWriter, echo.Seen) {
	existing := []issue{
		{Number: 1, Title: "Found a bug", State: "open", Labels: []label{{"bug"}}},
		{Number: 2, Title: "Docs are unclear", State: "open", Labels: []label{}},
	}
	return func(w http.ResponseWriter, s echo.Seen) {
		used := seen.Len()
		h := w.Header()
		h.Set("X-RateLimit-Limit", strconv.Itoa(rateLimit))
		h.Set("X-RateLimit-Remaining", strconv.Itoa(rateLimit-used))
		h.Set("X-RateLimit-Used", strconv.Itoa(used))
		h.Set("X-RateLimit-Reset", strconv.FormatInt(rateReset.Unix(), 10))
		h.Set("X-RateLimit-Resource", "core")
		h.Set("Content-Type", "application/json; charset=utf-8")
		answer := func(status int, v any) {
			w.WriteHeader(status)
			_ = json.NewEncoder(w).Encode(v)
		}
		path, _, _ := strings.Cut(s.RequestURI, "?")
		switch {
		case s.Method == "GET" && path == "/repos/octokit/rest.js/issues":
			answer(http.StatusOK, existing)
		case s.Method == "GET" && path == "/repos/octokit/rest.js/issues/1":
			answer(http.StatusOK, existing[0])
		case s.Method == "POST" && path == "/repos/octokit/rest.js/issues":
			var in struct {
				Title  string   `json:"title"`
				Body   string   `json:"body"`
				Labels []string `json:"labels"`
			}
			if err := json.Unmarshal(s.Body, &in); err != nil {
				answer(http.StatusBadRequest, map[string]string{"message": "Problems parsing JSON"})
				return
			}
			out := issue{Number: 3, Title: in.Title, Body: in.Body, State: "open", Labels: []label{}}
			for _, l := range in.Labels {
				out.Labels = append(out.Labels, label{l})
			}
			answer(http.StatusCreated, out)
		default:
			answer(http.StatusNotFound, map[string]string{"message": "Not Found", "documentation_url": docURL, "status": "404"})
		}
	}
}
