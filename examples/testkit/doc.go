// Package testkit shows endpointtest testing a GitHub client: a small
// issue tracker that lists every issue of a repository, page by page, and
// files a new one, written twice (with net/http, endpoint and paginate,
// and with go-github) and tested against one fake server that checks
// every request against GitHub's API description. See tracker_test.go;
// it runs offline.
package testkit
