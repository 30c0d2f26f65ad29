// Package bench measures endpointkit against a hand-written floor, its Go
// peers and the JavaScript original, building the same two GitHub requests
// without sending them. It is its own module so that the peers never enter
// the library's go.mod; run.sh runs everything and prints the table.
//
// Request A: GET /repos/octokit/rest.js/issues?per_page=100&state=open.
// Request B: POST /repos/octokit/rest.js/issues with
// {"title":"Found a bug","body":"details","labels":["bug"]}.
// Both carry accept, user-agent and authorization; B also content-type.
package bench
