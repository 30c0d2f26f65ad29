// Command resty lists issues and creates one through resty v2: the
// endpoint package builds method, URL, headers and body; resty sends them.
// A local echo server plays the API.
package main

import (
	"context"
	"fmt"
	"log"
	"os"
	"strings"

	"github.com/go-resty/resty/v2"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/examples/internal/echo"
)

func main() {
	srv := echo.NewServer()
	defer srv.Close()

	token := os.Getenv("GITHUB_TOKEN")
	if token == "" {
		token = "example-token"
	}
	gh := endpoint.Defaults(
		endpoint.WithBaseURL(srv.URL),
		endpoint.WithHeader("authorization", "token "+token),
	)
	client := resty.New()

	list := gh.Route("GET /repos/{owner}/{repo}/issues").
		Param("owner", "octokit").
		Param("repo", "rest.js").
		Param("state", "open").
		Param("labels", []string{"bug", "ui"})
	if err := send(client, list, "GET", "/repos/octokit/rest.js/issues?state=open&labels=bug%2Cui"); err != nil {
		log.Fatal(err)
	}

	create := gh.Route("POST /repos/{owner}/{repo}/issues").
		Param("owner", "octokit").
		Param("repo", "rest.js").
		Param("title", "Found a bug").
		Param("labels", []string{"bug"})
	if err := send(client, create, "POST", "/repos/octokit/rest.js/issues"); err != nil {
		log.Fatal(err)
	}
}

// send builds one request, sends it with resty, prints what the server saw
// and checks it.
func send(client *resty.Client, b *builder.Builder, method, requestURI string) error {
	ro, err := b.Build()
	if err != nil {
		return err
	}
	fmt.Printf("%s %s\n", method, requestURI)
	req := client.R().
		SetContext(context.Background()).
		SetHeaders(ro.Headers)
	// BodyReader encodes the body once, as HTTPRequest would: JSON for
	// parameters, strings and bytes as they are, readers streamed.
	body, err := ro.BodyReader()
	if err != nil {
		return err
	}
	if body != nil {
		req.SetBody(body)
	}
	resp, err := req.Execute(strings.ToUpper(ro.Method), ro.URL)
	if err != nil {
		return err
	}
	seen, err := echo.Decode(resp.StatusCode(), resp.Body())
	if err != nil {
		return err
	}
	seen.Print(os.Stdout)
	return seen.Check(method, requestURI)
}
