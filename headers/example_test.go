package headers_test

import (
	"errors"
	"fmt"

	"github.com/endpointkit/endpoint/headers"
)

func ExampleMerge() {
	defaults := headers.Set{"accept": "application/vnd.github.v3+json", "user-agent": "octokit"}
	call, err := headers.FromMap(map[string]string{"User-Agent": "my-app/1.2.3"})
	if err != nil {
		panic(err)
	}
	merged := headers.Merge(defaults, call)
	fmt.Println(len(merged), merged["user-agent"], merged.Get("Accept"))
	// Output: 2 my-app/1.2.3 application/vnd.github.v3+json
}

func ExampleFromMap() {
	s, err := headers.FromMap(map[string]string{"accept": "b/first", "ACCEPT": "a/second"})
	fmt.Println(s, err)
	// Output: map[accept:b/first] <nil>
}

func ExampleValidateValue() {
	err := headers.ValidateValue("User-Agent", "my-app\r\nx-injected: 1")
	fmt.Println(errors.Is(err, headers.ErrInvalidValue))
	fmt.Println(err)
	// Output:
	// true
	// headers: invalid header value for "User-Agent": control byte 0x0d at index 6
}

func ExampleIsSensitive() {
	for _, name := range []string{"Authorization", "accept", "Cookie"} {
		fmt.Println(name, headers.IsSensitive(name))
	}
	// Output:
	// Authorization true
	// accept false
	// Cookie true
}
