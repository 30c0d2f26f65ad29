package builder_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"

	"github.com/endpointkit/endpoint/builder"
)

func ExampleRequestOptions_HTTPRequest() {
	// A local server that says what it received.
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		fmt.Fprintf(w, "%s %s %s %s", r.Method, r.RequestURI, r.Header.Get("Content-Type"), body)
	}))
	defer srv.Close()

	e := builder.New(builder.WithBaseURL(srv.URL), builder.WithMethod("GET"))
	ro, err := e.Route("PUT /repos/{owner}/{repo}/contents/{path}").
		Param("owner", "o").Param("repo", "r").Param("path", "docs/a b.md").
		Param("message", "Add <docs>").Param("content", "aGk=").
		Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	req, err := ro.HTTPRequest(context.Background())
	if err != nil {
		fmt.Println(err)
		return
	}
	resp, err := srv.Client().Do(req)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer resp.Body.Close()
	seen, _ := io.ReadAll(resp.Body)
	fmt.Println(string(seen))
	// Output: PUT /repos/o/r/contents/docs%2Fa%20b.md application/json; charset=utf-8 {"message":"Add <docs>","content":"aGk="}
}

func ExampleRequestOptions_Curl() {
	ro := builder.RequestOptions{
		Method:  "post",
		URL:     "https://api.github.com/repos/o/r/issues",
		Headers: map[string]string{"content-type": "application/json; charset=utf-8", "authorization": "token my-token"},
		Body:    builder.Params{{Name: "title", Value: "It's broken"}},
	}
	fmt.Println(ro.Curl())
	// Output: curl -X 'POST' -H 'authorization: token my-token' -H 'content-type: application/json; charset=utf-8' --data-binary '{"title":"It'\''s broken"}' 'https://api.github.com/repos/o/r/issues'
}

func ExampleRequestOptions_String() {
	ro := builder.RequestOptions{
		Method:  "get",
		URL:     "https://api.github.com/user?access_token=my-token",
		Headers: map[string]string{"authorization": "token my-token", "accept": "application/json"},
	}
	fmt.Println(ro)
	// Output: {get https://api.github.com/user?access_token=[REDACTED] map[accept:application/json authorization:[REDACTED]] <nil> map[]}
}

func ExampleRedactURL() {
	fmt.Println(builder.RedactURL("https://me:pw@ghe.example.com/api/v3/user?access_token=abc&per_page=1"))
	// Output: https://[REDACTED]@ghe.example.com/api/v3/user?access_token=[REDACTED]&per_page=1
}

func ExampleRequestOptions_BodyReader() {
	ro := builder.RequestOptions{Method: "post", URL: "https://x.test/", Body: builder.Params{{Name: "b", Value: 1}, {Name: "a", Value: true}}}
	r, err := ro.BodyReader()
	if err != nil {
		fmt.Println(err)
		return
	}
	body, _ := io.ReadAll(r)
	fmt.Println(string(body))
	// Output: {"b":1,"a":true}
}

func ExampleEndpoint_BuildJSON() {
	gh := builder.New(builder.WithBaseURL("https://api.github.com"))
	r, err := gh.BuildJSON("GET /repos/{owner}/{repo}/issues", []byte(`{"owner":"octokit","repo":"rest.js","state":"open"}`))
	if err != nil {
		panic(err)
	}
	fmt.Println(r.URL)
	// Output:
	// https://api.github.com/repos/octokit/rest.js/issues?state=open
}
