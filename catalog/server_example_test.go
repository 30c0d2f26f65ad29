package catalog_test

import (
	"fmt"

	"github.com/endpointkit/endpoint/catalog/github"
)

// An operation with a server of its own moves a call there, but only
// from the description's default server: a test server stays.
func ExampleOperation_BaseURL() {
	up, _ := github.Catalog().ByID("repos/upload-release-asset")
	fmt.Println(up.BaseURL("https://api.github.com"))
	fmt.Println(up.BaseURL("http://127.0.0.1:8080"))

	ghesUp, _ := github.GHES().ByID("repos/upload-release-asset")
	fmt.Println(ghesUp.BaseURL("https://ghe.example.com/api/v3"))
	// Output:
	// https://uploads.github.com
	// http://127.0.0.1:8080
	// https://ghe.example.com/api/uploads
}
