package paginate_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"

	"github.com/endpointkit/endpoint/catalog/github"
	"github.com/endpointkit/endpoint/paginate"
)

func ExamplePages() {
	srv := newIssueServer(5, false) // helpers_test.go: 5 issues, paged the way GitHub pages them
	defer srv.Close()

	req, _ := http.NewRequest(http.MethodGet, srv.URL+"/repos/o/r/issues", nil)
	req.Header.Set("Authorization", "Bearer t0k3n")
	for page, err := range paginate.Pages(context.Background(), srv.Client(), req, paginate.PerPage(2)) {
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("page %d: %d %s", page.Number, page.Response.StatusCode, page.Body)
	}
	// Output:
	// page 1: 200 [{"number":1,"title":"issue 1"},{"number":2,"title":"issue 2"}]
	// page 2: 200 [{"number":3,"title":"issue 3"},{"number":4,"title":"issue 4"}]
	// page 3: 200 [{"number":5,"title":"issue 5"}]
}

func ExampleWithCatalog() {
	srv := newIssueServer(250, false)
	defer srv.Close()

	// GitHub's catalogue says GET /repos/{owner}/{repo}/issues takes
	// per_page, so the walk asks for 100 a page: 3 requests, not 9.
	req, _ := http.NewRequest(http.MethodGet, srv.URL+"/repos/o/r/issues", nil)
	for page, err := range paginate.Pages(context.Background(), srv.Client(), req, paginate.WithCatalog(github.Catalog())) {
		if err != nil {
			panic(err)
		}
		fmt.Println(page.Number, page.Response.Request.URL.RawQuery)
	}
	// Output:
	// 1 per_page=100
	// 2 per_page=100&page=2
	// 3 per_page=100&page=3
}

func ExampleMaxPages() {
	srv := newIssueServer(500, false)
	defer srv.Close()

	req, _ := http.NewRequest(http.MethodGet, srv.URL+"/repos/o/r/issues", nil)
	var last *paginate.Page
	for page, err := range paginate.Pages(context.Background(), srv.Client(), req, paginate.MaxPages(2)) {
		if err != nil {
			panic(err)
		}
		last = page
	}
	next, _ := paginate.Next(last.Response) // more after the limit?
	fmt.Println(last.Number, next.URL.Query().Get("page"))
	// Output:
	// 2 3
}

func ExampleStatusError() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusNotFound)
		fmt.Fprint(w, `{"message":"Not Found","documentation_url":"https://docs.github.com/rest"}`)
	}))
	defer srv.Close()

	req, _ := http.NewRequest(http.MethodGet, srv.URL+"/repos/o/gone/issues", nil)
	for _, err := range paginate.Pages(context.Background(), srv.Client(), req) {
		var se *paginate.StatusError
		if errors.As(err, &se) {
			fmt.Println(se.StatusCode, se.Message, se.DocumentationURL)
		}
	}
	// Output:
	// 404 Not Found https://docs.github.com/rest
}
