package paginate_test

import (
	"fmt"
	"net/http"

	"github.com/endpointkit/endpoint/paginate"
)

func ExampleParse() {
	links, err := paginate.Parse(`<https://api.github.com/repositories/1/issues?page=2>; rel="next", ` +
		`<https://api.github.com/repositories/1/issues?page=5>; rel="last"; title="a, b; c"`)
	if err != nil {
		panic(err)
	}
	for _, l := range links {
		fmt.Println(l.Rel, l.URL, l.Params)
	}
	// Output:
	// [next] https://api.github.com/repositories/1/issues?page=2 map[]
	// [last] https://api.github.com/repositories/1/issues?page=5 map[title:a, b; c]
}

func ExampleParse_malformed() {
	_, err := paginate.Parse(`<https://api.github.com/x?access_token=s3cr3t> rel="next"`)
	fmt.Println(err)
	// Output:
	// paginate: parse "<https://api.github.com/x?access_token=[REDACTED]> rel=\"next\"": malformed Link header: expected ';' or ',' at byte 47, found 'r'
}

func ExampleLinks() {
	req, _ := http.NewRequest(http.MethodGet, "https://api.github.com/repos/o/r/issues?page=3", nil)
	resp := &http.Response{
		Header:  http.Header{"Link": {`<?page=4>; rel="next", </repositories/1/issues?page=9>; rel="last"`}},
		Request: req,
	}
	links, err := paginate.Links(resp)
	if err != nil {
		panic(err)
	}
	for _, l := range links {
		fmt.Println(l.Rel[0], l.URL)
	}
	// Output:
	// next https://api.github.com/repos/o/r/issues?page=4
	// last https://api.github.com/repositories/1/issues?page=9
}

func ExampleFormat() {
	fmt.Println(paginate.Format([]paginate.Link{
		{URL: "https://api.github.com/x?page=2", Rel: []string{"next"}},
		{URL: "https://api.github.com/x?page=5", Rel: []string{"last"}, Params: map[string]string{"title": "last page"}},
	}))
	// Output:
	// <https://api.github.com/x?page=2>; rel="next", <https://api.github.com/x?page=5>; rel="last"; title="last page"
}
