package paginate_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"

	"github.com/endpointkit/endpoint/paginate"
)

func ExampleItems() {
	// A GitHub-like list of five issues, two per page.
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		page, _ := strconv.Atoi(r.URL.Query().Get("page"))
		page = max(page, 1)
		if page < 3 {
			w.Header().Set("Link", fmt.Sprintf(`</issues?page=%d>; rel="next", </issues?page=3>; rel="last"`, page+1))
		}
		var items []string
		for n := 2*page - 1; n <= min(2*page, 5); n++ {
			items = append(items, fmt.Sprintf(`{"number":%d,"title":"issue %d"}`, n, n))
		}
		fmt.Fprintf(w, "[%s]", strings.Join(items, ","))
	}))
	defer srv.Close()

	type Issue struct {
		Number int    `json:"number"`
		Title  string `json:"title"`
	}
	req, _ := http.NewRequest(http.MethodGet, srv.URL+"/issues", nil)
	req.Header.Set("Authorization", "Bearer t0k3n")
	for issue, err := range paginate.Items[Issue](context.Background(), srv.Client(), req) {
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(issue.Number, issue.Title)
	}
	// Output:
	// 1 issue 1
	// 2 issue 2
	// 3 issue 3
	// 4 issue 4
	// 5 issue 5
}

func ExampleDecode() {
	l, err := paginate.Decode([]byte(`{"total_count": 2, "incomplete_results": false, "items": [{"id": 1}, {"id": 2}]}`))
	if err != nil {
		panic(err)
	}
	fmt.Println(l.Key, l.TotalCount, l.IncompleteResults, len(l.Items), string(l.Items[1]))
	// Output:
	// items 2 false 2 {"id": 2}
}
