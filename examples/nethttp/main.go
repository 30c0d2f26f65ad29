// Command nethttp lists issues and creates one with net/http, building
// each request both ways: in two steps (Build for the plain request
// options, then RequestOptions.HTTPRequest) and in one
// (Builder.HTTPRequest), which must reach the server identically. A local
// echo server plays the API.
package main

import (
	"cmp"
	"context"
	"fmt"
	"log"
	"net/http"
	"os"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/examples/internal/echo"
)

// token is a real token from the environment, else a stand-in.
var token = cmp.Or(os.Getenv("GITHUB_TOKEN"), "example-token")

func main() {
	srv := echo.NewServer()
	defer srv.Close()

	// In real use: the default base URL and a token from the environment.
	gh := endpoint.Defaults(
		endpoint.WithBaseURL(srv.URL),
		endpoint.WithHeader("authorization", "token "+token),
		endpoint.WithHeader("x-github-api-version", "2022-11-28"),
	)

	list := gh.Route("GET /repos/{owner}/{repo}/issues").
		Param("owner", "octokit").
		Param("repo", "rest.js").
		Param("state", "open").
		Param("labels", []string{"bug", "ui"})
	if err := send(list, "GET", "/repos/octokit/rest.js/issues?state=open&labels=bug%2Cui"); err != nil {
		log.Fatal(err)
	}

	create := gh.Route("POST /repos/{owner}/{repo}/issues").
		Param("owner", "octokit").
		Param("repo", "rest.js").
		Param("title", "Found a bug").
		Param("body", "Steps: <1> & <2>").
		Param("labels", []string{"bug"})
	if err := send(create, "POST", "/repos/octokit/rest.js/issues"); err != nil {
		log.Fatal(err)
	}

	// A path parameter is one segment: the slash travels escaped.
	file := gh.Route("GET /repos/{owner}/{repo}/contents/{path}").
		Param("owner", "octokit").
		Param("repo", "rest.js").
		Param("path", "docs/README.md")
	if err := send(file, "GET", "/repos/octokit/rest.js/contents/docs%2FREADME.md"); err != nil {
		log.Fatal(err)
	}
}

// send builds one request in two steps and in one, sends both, prints
// what the server saw and checks it: the expected method and request URI,
// the same request both times.
func send(b *builder.Builder, method, requestURI string) error {
	fmt.Printf("%s %s\n", method, requestURI)
	// Two steps: the plain options first, for logging, JSON, resty ….
	ro, err := b.Build()
	if err != nil {
		return err
	}
	fmt.Printf("  built: %v\n", ro) // fmt masks the token
	twoStep, err := ro.HTTPRequest(context.Background())
	if err != nil {
		return err
	}
	// One step, when an *http.Request is all that is wanted. b is unchanged
	// by Build, so it builds the same call again.
	oneStep, err := b.HTTPRequest(context.Background())
	if err != nil {
		return err
	}
	var seen [2]echo.Seen
	for i, req := range []*http.Request{twoStep, oneStep} {
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return err
		}
		if seen[i], err = echo.Read(resp); err != nil {
			return err
		}
	}
	seen[0].Print(os.Stdout)
	if err := seen[0].Check(method, requestURI); err != nil {
		return err
	}
	if err := seen[0].CheckHeader("authorization", "token "+token); err != nil {
		return err
	}
	if err := seen[1].Equal(seen[0]); err != nil {
		return fmt.Errorf("one step and two steps: %w", err)
	}
	fmt.Println("  one step: the same request")
	return nil
}
