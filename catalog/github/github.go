// Package github holds GitHub's REST API as catalogues: every operation
// of api.github.com, GitHub Enterprise Cloud and GitHub Enterprise Server
// 3.19, generated from the npm package @octokit/openapi (see
// SourceVersion) and embedded in compact form, so that a program checks
// calls against them without reading or linking an OpenAPI parser.
//
//	op, err := github.Catalog().Lookup("GET", "/repos/{owner}/{repo}/issues")
//	err = op.Check("state", "opne")
//	// catalog: GET /repos/{owner}/{repo}/issues: parameter "state": "opne" is not one of open, closed, all; did you mean open?
//
// Each catalogue is decoded on first use, once, and is safe for
// concurrent use. generate.sh regenerates the data; LICENSE-openapi.txt
// is the licence of the descriptions it comes from.
package github

import (
	"bytes"
	"compress/gzip"
	"embed"
	"io"
	"sync"

	"github.com/endpointkit/endpoint/catalog"
)

//go:embed data/*.cat.gz
var data embed.FS

// Catalog returns the catalogue of api.github.com.
func Catalog() *catalog.Catalog { return dotcom() }

// GHEC returns the catalogue of GitHub Enterprise Cloud: api.github.com
// with the enterprise operations.
func GHEC() *catalog.Catalog { return ghec() }

// GHES returns the catalogue of GitHub Enterprise Server 3.19. Its
// default server is "{protocol}://{hostname}/api/v3"; see
// [catalog.Operation.BaseURL] for how an instance's base URL picks the
// upload and management servers.
func GHES() *catalog.Catalog { return ghes() }

var (
	dotcom = sync.OnceValue(func() *catalog.Catalog { return mustLoad("api.github.com.cat.gz") })
	ghec   = sync.OnceValue(func() *catalog.Catalog { return mustLoad("ghec.cat.gz") })
	ghes   = sync.OnceValue(func() *catalog.Catalog { return mustLoad("ghes-3.19.cat.gz") })
)

// mustLoad decodes embedded data. It fails only on a broken build, which
// the package's tests catch, so it panics as regexp.MustCompile does.
func mustLoad(name string) *catalog.Catalog {
	c, err := load(name)
	if err != nil {
		panic("github: embedded catalogue " + name + ": " + err.Error())
	}
	return c
}

func load(name string) (*catalog.Catalog, error) {
	gz, err := data.ReadFile("data/" + name)
	if err != nil {
		return nil, err
	}
	return Decode(gz)
}

// Decode reads a catalogue in the form this package embeds its own
// (catalog.Encode's output, gzipped), as Catalog, GHEC and GHES do on
// first use.
func Decode(gz []byte) (*catalog.Catalog, error) {
	text, err := gunzip(gz)
	if err != nil {
		return nil, err
	}
	return catalog.Decode(text)
}

func gunzip(gz []byte) ([]byte, error) {
	r, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	buf.Grow(len(gz) * 8)
	if _, err := io.Copy(&buf, r); err != nil {
		return nil, err
	}
	return buf.Bytes(), r.Close()
}
