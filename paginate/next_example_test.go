package paginate_test

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/endpointkit/endpoint/paginate"
)

func ExampleNext() {
	req, _ := http.NewRequest(http.MethodGet, "https://api.github.com/repos/o/r/issues", nil)
	req.Header.Set("Authorization", "Bearer t0k3n")
	resp := &http.Response{ // as http.DefaultClient.Do(req) would return it
		Header:  http.Header{"Link": {`<https://api.github.com/repositories/1/issues?page=2>; rel="next"`}},
		Request: req,
	}
	next, err := paginate.Next(resp)
	if err != nil {
		panic(err)
	}
	fmt.Println(next.Method, next.URL, next.Header.Get("Authorization"))
	// Output:
	// GET https://api.github.com/repositories/1/issues?page=2 Bearer t0k3n
}

func ExampleNext_foreignHost() {
	req, _ := http.NewRequest(http.MethodGet, "https://api.github.com/repos/o/r/issues", nil)
	resp := &http.Response{
		Header:  http.Header{"Link": {`<https://evil.test/steal?page=2&token=s3cr3t>; rel="next"`}},
		Request: req,
	}
	next, err := paginate.Next(resp)
	fmt.Println(next == nil, errors.Is(err, paginate.ErrForeignHost))
	fmt.Println(err)
	// Output:
	// true true
	// paginate: next "https://evil.test/steal?page=2&token=[REDACTED]": link leaves the origin of the walk: walk is pinned to https://api.github.com
}
