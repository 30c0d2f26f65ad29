// Package media rewrites an HTTP Accept header for a response format and a
// list of API previews, following @octokit/endpoint v6.
//
// The rules target GitHub's media types (application/vnd.github.v3+json,
// application/vnd.github.<name>-preview+json, formats such as raw, diff,
// html) but nothing here knows about requests, routes or other packages:
// the inputs are plain strings and the output is the new header value.
//
// Everything is done with hand-written scanners that run in time linear in
// the input. The v6 regular expressions this replaces backtracked
// catastrophically on crafted accept headers (GHSA-x4c5-c7rf-jjgv).
//
// Deliberate departures from v6, all documented on Accept:
//   - the format is literal text ("$1" in it is not a replacement pattern);
//   - empty preview names are skipped, so application/vnd.github.-preview is
//     never produced.
//
// The package imports only the standard library and internal/ascii.
package media
