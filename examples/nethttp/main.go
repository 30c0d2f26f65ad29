// Command nethttp lists issues and creates one with net/http: the
// endpoint package builds the request options, RequestOptions.HTTPRequest
// turns them into an *http.Request. A local echo server plays the API.
package main

import (
	"context"
	"fmt"
	"log"
	"net/http"
	"os"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/examples/internal/echo"
)

func main() {
	srv := echo.NewServer()
	defer srv.Close()

	// In real use: the default base URL and a token from the environment.
	token := os.Getenv("GITHUB_TOKEN")
	if token == "" {
		token = "example-token"
	}
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

// send builds, sends and prints one request, and checks what the server saw.
func send(b *endpoint.Builder, method, requestURI string) error {
	ro, err := b.Build()
	if err != nil {
		return err
	}
	fmt.Printf("%s %s\n", method, requestURI)
	fmt.Printf("  built: %v\n", ro) // fmt masks the token
	req, err := ro.HTTPRequest(context.Background())
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	seen, err := echo.Read(resp)
	if err != nil {
		return err
	}
	seen.Print(os.Stdout)
	return seen.Check(method, requestURI)
}
