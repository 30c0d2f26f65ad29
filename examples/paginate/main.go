// Command paginate walks a paginated list with package paginate: the first
// request is built by endpointkit, and the walk follows the server's
// rel="next" Link headers over three pages, with paginate.Items (decoded
// issues) and paginate.Pages (whole pages, headers included). Then a list
// whose next link points at another host: the walk stops before sending
// anything there, so the token never leaves the API's origin. Local
// servers play the API and the other host.
package main

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/examples/internal/echo"
	"github.com/endpointkit/endpoint/paginate"
)

// token is a real token from the environment, else a stand-in.
var token = cmp.Or(os.Getenv("GITHUB_TOKEN"), "example-token")

// Issue is the part of an issue this example reads.
type Issue struct {
	Number int    `json:"number"`
	Title  string `json:"title"`
}

func main() {
	if err := run(); err != nil {
		log.Fatal(err)
	}
}

func run() error {
	ctx := context.Background()
	// The other host: any request reaching it is a leak.
	var otherSeen echo.Log
	other := echo.NewServerFunc(&otherSeen, echo.Respond)
	defer other.Close()
	var seen echo.Log
	srv := echo.NewServerFunc(&seen, api(other.URL))
	defer srv.Close()

	gh := endpoint.Defaults(
		endpoint.WithBaseURL(srv.URL),
		endpoint.WithHeader("authorization", "token "+token),
	)
	list := gh.Route("GET /repos/{owner}/{repo}/issues").
		Param("owner", "octokit").Param("repo", "rest.js").Param("per_page", perPage)

	// 1. Items: every issue of every page, decoded.
	first, err := list.HTTPRequest(ctx)
	if err != nil {
		return err
	}
	var numbers []int
	for issue, err := range paginate.Items[Issue](ctx, nil, first) {
		if err != nil {
			return err
		}
		fmt.Printf("issue #%d %s\n", issue.Number, issue.Title)
		numbers = append(numbers, issue.Number)
	}
	if want := []int{1, 2, 3, 4, 5}; !slices.Equal(numbers, want) {
		return fmt.Errorf("walked issues %v, want %v", numbers, want)
	}
	want := []string{
		"/repos/octokit/rest.js/issues?per_page=2",
		"/repos/octokit/rest.js/issues?per_page=2&page=2",
		"/repos/octokit/rest.js/issues?per_page=2&page=3",
	}
	if err := checkWalk(seen.All(), want); err != nil {
		return err
	}

	// 2. Pages: the same walk, a page at a time, with its headers. Each
	// range walks again from the first request.
	fmt.Println()
	pages := 0
	for page, err := range paginate.Pages(ctx, nil, first) {
		if err != nil {
			return err
		}
		links, err := paginate.Links(page.Response)
		if err != nil {
			return err
		}
		var rels []string
		for _, l := range links {
			rels = append(rels, l.Rel...)
		}
		fmt.Printf("page %d: %d bytes, links %v\n", page.Number, len(page.Body), rels)
		pages++
	}
	if pages != 3 {
		return fmt.Errorf("walked %d pages, want 3", pages)
	}
	if err := checkWalk(seen.All()[3:], want); err != nil {
		return err
	}

	// 3. A next link to another host ends the walk before it is sent.
	fmt.Println()
	pulls, err := gh.Route("GET /repos/{owner}/{repo}/pulls").
		Param("owner", "octokit").Param("repo", "rest.js").Param("per_page", perPage).
		HTTPRequest(ctx)
	if err != nil {
		return err
	}
	before := seen.Len()
	var walkErr error
	got := 0
	for issue, err := range paginate.Items[Issue](ctx, nil, pulls) {
		if err != nil {
			walkErr = err
			break
		}
		fmt.Printf("pull #%d %s\n", issue.Number, issue.Title)
		got++
	}
	fmt.Println("walk ended:", walkErr)
	if !errors.Is(walkErr, paginate.ErrForeignHost) || got != perPage {
		return fmt.Errorf("want %d pulls then ErrForeignHost, got %d and %v", perPage, got, walkErr)
	}
	if n := otherSeen.Len(); n != 0 {
		return fmt.Errorf("the other host got %d requests", n)
	}
	if n := seen.Len() - before; n != 1 {
		return fmt.Errorf("the API got %d requests for the pulls, want 1", n)
	}
	fmt.Println("the other host got no request")
	return nil
}

const perPage = 2

// checkWalk checks that the API saw the requests of one walk, each with
// the token.
func checkWalk(seen []echo.Seen, want []string) error {
	if len(seen) < len(want) {
		return fmt.Errorf("server saw %d requests, want %d", len(seen), len(want))
	}
	for i, uri := range want {
		if err := seen[i].Check("GET", uri); err != nil {
			return fmt.Errorf("page %d: %w", i+1, err)
		}
		if err := seen[i].CheckHeader("authorization", "token "+token); err != nil {
			return fmt.Errorf("page %d: %w", i+1, err)
		}
	}
	return nil
}

// api answers the issues list in pages of perPage, five issues in all,
// with GitHub's Link header of absolute URLs; the pulls list's next link
// points at other.
func api(other string) func(http.ResponseWriter, echo.Seen) {
	issues := []Issue{{1, "Found a bug"}, {2, "Docs are unclear"}, {3, "Crash on start"}, {4, "Typo"}, {5, "Slow build"}}
	return func(w http.ResponseWriter, s echo.Seen) {
		u, err := url.ParseRequestURI(s.RequestURI)
		if err != nil || s.Method != "GET" {
			http.Error(w, `{"message":"Not Found"}`, http.StatusNotFound)
			return
		}
		self := "http://" + s.Host
		page, _ := strconv.Atoi(cmp.Or(u.Query().Get("page"), "1"))
		link := func(base string, p int) string {
			return fmt.Sprintf("<%s%s?per_page=%d&page=%d>", base, u.Path, perPage, p)
		}
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		switch u.Path {
		case "/repos/octokit/rest.js/issues":
			last := (len(issues) + perPage - 1) / perPage
			if page < 1 || page > last {
				page = last + 1 // an empty page, as GitHub answers
			}
			var links []string
			if page < last {
				links = append(links, link(self, page+1)+`; rel="next"`, link(self, last)+`; rel="last"`)
			}
			if page > 1 {
				links = append(links, link(self, 1)+`; rel="first"`, link(self, page-1)+`; rel="prev"`)
			}
			if len(links) > 0 {
				w.Header().Set("Link", strings.Join(links, ", "))
			}
			lo, hi := min((page-1)*perPage, len(issues)), min(page*perPage, len(issues))
			_ = json.NewEncoder(w).Encode(issues[lo:hi])
		case "/repos/octokit/rest.js/pulls":
			w.Header().Set("Link", link(other, 2)+`; rel="next"`)
			_ = json.NewEncoder(w).Encode([]Issue{{10, "Fix the bug"}, {11, "Clarify the docs"}})
		default:
			http.Error(w, `{"message":"Not Found"}`, http.StatusNotFound)
		}
	}
}
