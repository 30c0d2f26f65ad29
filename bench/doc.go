// Package bench measures endpointkit against a hand-written floor, its Go
// peers and the JavaScript original, building the same two GitHub requests
// without sending them. It is its own module so that the peers never enter
// the library's go.mod; run.sh runs everything and prints the table.
//
// Request A: GET /repos/octokit/rest.js/issues?per_page=100&state=open.
// Request B: POST /repos/octokit/rest.js/issues with
// {"title":"Found a bug","body":"details","labels":["bug"]}.
// Both carry accept, user-agent and authorization; B also content-type.
//
// Each endpointkit path is measured next to its baseline in the same run
// (issue #13): A and B in two steps (Build, then
// RequestOptions.HTTPRequest) and in one (Builder.HTTPRequest) against
// the floor; an upload of 1 and 100 MiB with Data([]byte) against
// bytes.NewReader and http.NewRequestWithContext; 10 defaults layers
// against one; every route of GitHub's API in rotation against one hot
// route; 64 query parameters against 4; a check against GitHub's
// catalogue against a build; and the catalogue's decoding on its own.
// The specs check that every path builds the floor's request.
package bench
