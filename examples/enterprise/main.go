// Command enterprise shows GitHub Enterprise Server defaults: the URLs
// WithEnterprise and its helpers give for a host, and a defaults layer in
// the octokit JSON shape (base URL, token, preview) used for real against
// a local echo server that plays the GHES host.
package main

import (
	"fmt"
	"log"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/examples/internal/echo"
)

const host = "ghe.example.com"

func main() {
	if err := run(); err != nil {
		log.Fatal(err)
	}
}

func run() error {
	// 1. The three API roots of a GHES host: fixed paths, never guessed.
	rest, err := endpoint.EnterpriseBaseURL(host)
	if err != nil {
		return err
	}
	uploads, err := endpoint.EnterpriseUploadsURL(host)
	if err != nil {
		return err
	}
	graphql, err := endpoint.EnterpriseGraphQLURL(host)
	if err != nil {
		return err
	}
	fmt.Println("REST:   ", rest)
	fmt.Println("uploads:", uploads)
	fmt.Println("GraphQL:", graphql)

	ghe := endpoint.Defaults(
		endpoint.WithEnterprise(host),
		endpoint.WithHeader("authorization", "token example-ghes-token"),
	)
	ro, err := ghe.Route("GET /user").Build()
	if err != nil {
		return err
	}
	fmt.Printf("built for %s: %v\n", host, ro) // the token is masked

	_, err = endpoint.Defaults(endpoint.WithEnterprise("https://" + host + "/api/v3")).Route("GET /user").Build()
	fmt.Println("a URL is not a host:", err)

	// 2. The same kind of layer as JSON, as a config file would hold it,
	// pointed at the local server standing in for the GHES host.
	srv := echo.NewServer()
	defer srv.Close()
	layer := fmt.Sprintf(`{
		"baseUrl": %q,
		"headers": {"authorization": "token example-ghes-token", "x-github-api-version": "2022-11-28"},
		"mediaType": {"previews": ["mercy"]}
	}`, srv.URL+endpoint.EnterpriseRESTPath)
	var o builder.Options
	if err := o.UnmarshalJSON([]byte(layer)); err != nil {
		return err
	}
	local := endpoint.Defaults(endpoint.WithOptions(o))

	topics := local.Route("GET /repos/{owner}/{repo}/topics").Param("owner", "octo-org").Param("repo", "octo-repo")
	if err := echo.Send(topics, "GET", "/api/v3/repos/octo-org/octo-repo/topics"); err != nil {
		return err
	}

	// A relative upload route stays on the enterprise host: for the
	// uploads API, say so with the call's base URL.
	upload := local.Route("POST /repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}").
		BaseURL(srv.URL+endpoint.EnterpriseUploadsPath).
		Param("owner", "octo-org").Param("repo", "octo-repo").Param("release_id", 1).
		Param("name", "notes.txt").
		Header("content-type", "text/plain").
		Data([]byte("release notes"))
	return echo.Send(upload, "POST", "/api/uploads/repos/octo-org/octo-repo/releases/1/assets?name=notes.txt")
}
