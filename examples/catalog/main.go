// Command catalog shows typos caught before a request is sent, with the
// suggestions the errors carry: first with GitHub's embedded catalogue
// used directly (catalog/github), then with an Endpoint that checks every
// call against it (endpoint.WithCatalog). A local echo server plays the
// API; a call that fails its check never reaches it.
package main

import (
	"errors"
	"fmt"
	"log"
	"slices"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/catalog"
	"github.com/endpointkit/endpoint/catalog/github"
	"github.com/endpointkit/endpoint/examples/internal/echo"
)

func main() {
	if err := direct(); err != nil {
		log.Fatal(err)
	}
	fmt.Println()
	if err := withEndpoint(); err != nil {
		log.Fatal(err)
	}
}

// direct asks the catalogue itself.
func direct() error {
	gh := github.Catalog()
	info := gh.Info()
	fmt.Printf("catalogue: %s, %d operations\n", info.Source, gh.Len())

	// A typo in the route.
	_, err := gh.Lookup("GET", "/repos/{owner}/{repo}/isues")
	if err := expect(err, catalog.ErrUnknownRoute, "GET /repos/{owner}/{repo}/issues"); err != nil {
		return err
	}

	op, err := gh.Lookup("GET", "/repos/{owner}/{repo}/issues")
	if err != nil {
		return err
	}
	in, _ := op.In("state")
	fmt.Printf("%s is %q; state goes in the %v\n", op, op.ID, in)

	// A typo in a parameter name.
	if err := expect(op.Check("stat", "open"), catalog.ErrUnknownParam, "state"); err != nil {
		return err
	}
	// A value outside the parameter's enum.
	if err := expect(op.Check("state", "opne"), catalog.ErrEnum, "open"); err != nil {
		return err
	}
	// A value of the wrong type: per_page is an integer.
	if err := expect(op.Check("per_page", "many"), catalog.ErrType, ""); err != nil {
		return err
	}
	// What passes costs no allocation.
	for _, p := range []struct {
		name  string
		value any
	}{{"owner", "octokit"}, {"state", "open"}, {"per_page", 100}, {"labels", "bug,ui"}} {
		if err := op.Check(p.name, p.value); err != nil {
			return err
		}
	}
	fmt.Println("owner, state, per_page and labels pass")

	// A missing required parameter.
	err = op.Missing(func(name string) bool { return name == "owner" })
	return expect(err, catalog.ErrMissingParam, "")
}

// withEndpoint checks every call of an Endpoint against the catalogue.
func withEndpoint() error {
	var seen echo.Log
	srv := echo.NewServerFunc(&seen, echo.Respond)
	defer srv.Close()
	gh := endpoint.Defaults(
		endpoint.WithCatalog(github.Catalog()),
		endpoint.WithBaseURL(srv.URL),
		endpoint.WithHeader("authorization", "token example-token"),
	)
	issues := func(route string) *builder.Builder {
		return gh.Route(route).Param("owner", "octokit").Param("repo", "rest.js")
	}
	fmt.Println("with endpoint.WithCatalog:")
	for _, c := range []struct {
		call    *builder.Builder
		err     error
		suggest string
	}{
		{issues("GET /repos/{owner}/{repo}/isues"), catalog.ErrUnknownRoute, "GET /repos/{owner}/{repo}/issues"},
		{issues("GET /repos/{owner}/{repo}/issues").Param("stat", "open"), catalog.ErrUnknownParam, "state"},
		{issues("GET /repos/{owner}/{repo}/issues").Param("state", "opne"), catalog.ErrEnum, "open"},
		{gh.Route("GET /repos/{owner}/{repo}/issues").Param("owner", "octokit"), catalog.ErrMissingParam, ""},
	} {
		_, err := c.call.Build()
		if err := expect(err, c.err, c.suggest); err != nil {
			return err
		}
	}
	if n := seen.Len(); n != 0 {
		return fmt.Errorf("the server got %d requests from calls that failed their check", n)
	}

	// Calls that pass are built as the description says: a POST's query
	// parameters (name, label) go to the query, not the body, and a route
	// may be an operation ID. (The description serves uploads from
	// uploads.github.com, which a call on the default base URL is sent
	// to; a base URL of the caller's own, like this server's, is kept.)
	upload := issues("POST /repos/{owner}/{repo}/releases/{release_id}/assets").
		Param("release_id", 1).Param("name", "notes.txt").
		Header("content-type", "text/plain").
		Data("release notes")
	if err := echo.Send(upload, "POST", "/repos/octokit/rest.js/releases/1/assets?name=notes.txt"); err != nil {
		return err
	}
	byID := issues("issues/list-for-repo").Param("state", "open")
	return echo.Send(byID, "GET", "/repos/octokit/rest.js/issues?state=open")
}

// expect checks that err wraps want and is a *catalog.Error suggesting
// suggest (when not ""), and prints it.
func expect(err, want error, suggest string) error {
	fmt.Println("  error:", err)
	var ce *catalog.Error
	if !errors.Is(err, want) || !errors.As(err, &ce) {
		return fmt.Errorf("want an error wrapping %v, got %v", want, err)
	}
	if len(ce.Suggestions) > 0 {
		fmt.Printf("    suggestions: %q\n", ce.Suggestions)
	}
	if len(ce.Missing) > 0 {
		fmt.Printf("    missing: %q\n", ce.Missing)
	}
	if suggest != "" && !slices.Contains(ce.Suggestions, suggest) {
		return fmt.Errorf("%v: no suggestion %q", err, suggest)
	}
	return nil
}
