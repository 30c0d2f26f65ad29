// Package paginate walks GitHub-style paginated REST lists over net/http:
// it parses RFC 8288 Link headers, follows rel="next" links, and yields
// pages or decoded items with range-over-func iterators.
//
// # Walking all issues of a repository
//
// Build the first request as usual, with its headers; every later page is
// requested with a copy of them:
//
//	req, err := http.NewRequest("GET", "https://api.github.com/repos/golang/go/issues?state=all", nil)
//	if err != nil {
//		return err
//	}
//	req.Header.Set("Authorization", "Bearer "+token)
//	req.Header.Set("Accept", "application/vnd.github+json")
//	req.Header.Set("X-GitHub-Api-Version", "2022-11-28")
//
//	type Issue struct {
//		Number int    `json:"number"`
//		Title  string `json:"title"`
//	}
//	for issue, err := range paginate.Items[Issue](ctx, http.DefaultClient, req, paginate.PerPage(100)) {
//		if err != nil {
//			return err // *paginate.StatusError for 4xx/5xx, ctx.Err() wrapped, ...
//		}
//		fmt.Println(issue.Number, issue.Title)
//	}
//
// [Items] normalises search and counted-list responses
// ({"total_count": N, "items": [...]} and the like) to their array, as
// [Decode] describes. [Pages] yields whole pages instead, for their headers
// (rate limits, ETags) or your own decoding. [Next] builds the request for
// the next page of one response, for loops of your own, and [Parse],
// [ParseLinks] and [Links] read Link headers.
//
// # Host pinning
//
// A walk only ever talks to the scheme and host of its first request. A
// next link, or a redirect during [Pages], to any other scheme, host or
// port (":443" and ":80" count as their scheme's default), or with user
// information in it, ends the walk with [ErrForeignHost] before anything
// is sent, so the authorization header never reaches another host.
// @octokit/plugin-paginate-rest, by contrast, follows next links to any
// host with the token.
//
// # Walks that make no progress
//
// A walk ends with an error wrapping [ErrNoProgress], instead of running
// until the context ends, when the server keeps it going without getting
// anywhere: a next link back to a page the walk has already requested
// ([ErrLoop], a cycle), or ten pages in a row without an item, the last
// still linking on. [Pages] says what an empty page is and why ten.
//
// # Bodies
//
// Pages and Items read every body (at most [MaxPageSize] bytes, 32 MiB by
// default) and close it before yielding, so the caller never closes
// anything and breaking out of a loop leaks no connection. A status of
// 400 or more ends the walk with a [*StatusError] holding the status,
// headers, body and GitHub's message and documentation_url.
//
// # Errors
//
// Errors are an [*Error] or a [*StatusError] and wrap a sentinel
// ([ErrSyntax], [ErrForeignHost], [ErrMethod], [ErrNoProgress], [ErrLoop],
// [ErrTooLarge], [ErrNotList], [ErrStatus], [ErrNoRequest]) or the cause
// from net/http, the context or encoding/json. Their text quotes a URL or
// header value at most once, with credentials masked: user information
// and the values of the parameters in builder.SensitiveParams
// (access_token, token, password …) show "[REDACTED]". Header values of
// the request never appear. fmt prints them masked for every verb: %v, %s
// and %q the text, %#v the fields.
package paginate
