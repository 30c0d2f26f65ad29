// Command upload uploads release assets: the route's {?name,label}
// expression takes the file name and label, Data is the body. Once from
// memory ([]byte), once streamed from a file (io.Reader) with the
// content-length header GitHub's upload API requires. A local echo server
// plays the API.
package main

import (
	"log"
	"os"
	"path/filepath"
	"strconv"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/examples/internal/echo"
)

// route is the upload route; on github.com the release's upload_url
// (https://uploads.github.com/repos/…/assets{?name,label}) can be used as
// the route as it is.
const route = "POST /repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}"

func main() {
	if err := run(); err != nil {
		log.Fatal(err)
	}
}

func run() error {
	srv := echo.NewServer()
	defer srv.Close()
	gh := endpoint.Defaults(
		endpoint.WithBaseURL(srv.URL),
		endpoint.WithHeader("authorization", "token example-token"),
	)

	// From memory: []byte is sent as it is, as application/octet-stream
	// unless a content-type says otherwise.
	zip := []byte("PK\x03\x04 not really a zip")
	fromBytes := gh.Route(route).
		Param("owner", "octokit").Param("repo", "rest.js").Param("release_id", 1).
		Param("name", "rest.js v1.zip").Param("label", "Source (zip)").
		Data(zip)
	if err := echo.Send(fromBytes, "POST", "/repos/octokit/rest.js/releases/1/assets?name=rest.js%20v1.zip&label=Source%20%28zip%29"); err != nil {
		return err
	}

	// Streamed: an *os.File is read while sending; its size goes in the
	// content-length header, which HTTPRequest turns into ContentLength.
	dir, err := os.MkdirTemp("", "upload-example-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "checksums.txt")
	if err := os.WriteFile(path, []byte("e3b0c442  rest.js-v1.zip"), 0o600); err != nil {
		return err
	}
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return err
	}
	fromFile := gh.Route(route).
		Param("owner", "octokit").Param("repo", "rest.js").Param("release_id", 1).
		Param("name", "checksums.txt").
		Header("content-type", "text/plain").
		Header("content-length", strconv.FormatInt(info.Size(), 10)).
		Data(f)
	return echo.Send(fromFile, "POST", "/repos/octokit/rest.js/releases/1/assets?name=checksums.txt")
}
