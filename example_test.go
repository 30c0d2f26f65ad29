package endpoint_test

import (
	"fmt"

	"github.com/endpointkit/endpoint"
)

func Example() {
	req, err := endpoint.Route("GET /repos/{owner}/{repo}/issues").
		Param("owner", "octokit").
		Param("repo", "rest.js").
		Param("state", "open").
		Param("labels", []string{"bug", "ui"}).
		Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(req.Method, req.URL)
	// Output: get https://api.github.com/repos/octokit/rest.js/issues?state=open&labels=bug%2Cui
}

func ExampleRoute() {
	req, err := endpoint.Route("GET /user").Preview("mercy").Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(req.Method, req.URL)
	fmt.Println(req.Headers["accept"])
	// Output:
	// get https://api.github.com/user
	// application/vnd.github.mercy-preview+json
}

// A defaults layer carries the token; printing the request options never
// shows it (json.Marshal and Curl do).
func ExampleDefaults() {
	gh := endpoint.Defaults(
		endpoint.WithHeader("authorization", "token my-secret-token"),
		endpoint.WithHeader("x-github-api-version", "2022-11-28"),
	)
	req, err := gh.Route("GET /user/repos").Param("per_page", 100).Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%+v\n", req)
	// Output: {Method:get URL:https://api.github.com/user/repos?per_page=100 Headers:map[accept:application/vnd.github.v3+json authorization:[REDACTED] user-agent:endpointkit-endpoint.go/0.1.0 x-github-api-version:2022-11-28] Body:<nil> Request:map[]}
}

// A release asset upload: name and label fill the {?name,label} query
// expression, Data is the body.
func ExampleRoute_upload() {
	req, err := endpoint.Route("POST /repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}").
		Param("owner", "octokit").
		Param("repo", "rest.js").
		Param("release_id", 1).
		Param("name", "example.zip").
		Param("label", "Example").
		Header("content-length", "5").
		Data([]byte("PK\x03\x04\x00")).
		Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(req.Method, req.URL)
	fmt.Println(req.Headers["content-type"], len(req.Body.([]byte)))
	// Output:
	// post https://api.github.com/repos/octokit/rest.js/releases/1/assets?name=example.zip&label=Example
	// application/octet-stream 5
}

func ExampleWithEnterprise() {
	ghe := endpoint.Defaults(endpoint.WithEnterprise("ghe.example.com"))
	req, err := ghe.Route("GET /repos/{owner}/{repo}").Param("owner", "o").Param("repo", "r").Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(req.URL)

	uploads, _ := endpoint.EnterpriseUploadsURL("ghe.example.com")
	graphql, _ := endpoint.EnterpriseGraphQLURL("ghe.example.com")
	fmt.Println(uploads)
	fmt.Println(graphql)

	_, err = endpoint.Defaults(endpoint.WithEnterprise("https://ghe.example.com")).Route("GET /user").Build()
	fmt.Println(err)
	// Output:
	// https://ghe.example.com/api/v3/repos/o/r
	// https://ghe.example.com/api/uploads
	// https://ghe.example.com/api/graphql
	// endpoint: defaults "https://ghe.example.com": invalid host: has a scheme; give the host name only
}

func ExampleEnterpriseBaseURL() {
	for _, host := range []string{"ghe.example.com:8443", "ghe.example.com/api/v3"} {
		u, err := endpoint.EnterpriseBaseURL(host)
		fmt.Printf("%q %v\n", u, err)
	}
	// Output:
	// "https://ghe.example.com:8443/api/v3" <nil>
	// "" endpoint: enterprise "ghe.example.com/api/v3": invalid host: has a path; give the host name only
}
