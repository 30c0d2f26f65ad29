// Package bench measures endpointkit against a hand-written floor, its Go
// peers and the JavaScript original, building the same GitHub requests
// without sending them. It is its own module so that the peers never enter
// the library's go.mod; run.sh runs everything and BENCHMARKS.md shows the
// budgets it checks.
//
// Request A: GET /repos/octokit/rest.js/issues?per_page=100&state=open.
// Request B: POST /repos/octokit/rest.js/issues with
// {"title":"Found a bug","body":"details","labels":["bug"]}.
// Both carry accept, user-agent and authorization; B also content-type.
// The upload: POST to a release's absolute upload_url with {?name,label},
// a content-type set by the call and a 1 or 100 MiB []byte. Params: GET
// /search with 1 to 64 query parameters. Query keys are sorted, as
// url.Values writes them, so that every implementation builds the same
// URL byte for byte; owner and repo are variables, so boxing them into
// any costs what it costs a caller.
//
// Each endpointkit path is measured next to its baseline in the same run:
// A and B in two steps (Build, then RequestOptions.HTTPRequest) and in one
// (Builder.HTTPRequest) against the floor (url.PathEscape, url.Values,
// http.NewRequestWithContext, Header.Set); the upload against
// bytes.NewReader; 10 defaults layers against one; every route of GitHub's
// API in rotation against one hot route; 64 query parameters against the
// floor's 64; a build with GitHub's catalogue against one without; and the
// catalogue's decoding on its own. The specs check that every path builds
// the floor's request, byte for byte.
//
// Three views, for a machine that is never quiet:
//
//   - run.sh: COUNT interleaved rounds of every Go benchmark, then Node's
//     @octokit/endpoint v6, so that each ratio is taken within one round;
//     the table gives the median of the per-round ratios and their range.
//   - cmd/paired: each pair runs in alternating blocks of 20,000 calls in
//     one process; it prints the median and quartiles of the block ratios.
//   - cmd/icount: instructions per call under valgrind's callgrind (N and 2N
//     calls, the difference over N), with the collector on and off; load
//     does not move them, but cache misses and memory traffic are not
//     counted, so allocation-heavy rows read better than on the clock.
package bench
