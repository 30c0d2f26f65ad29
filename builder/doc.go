// Package builder holds the engine and the types package endpoint returns:
// [Endpoint], a set of defaults; [Builder], one call; [Options], the
// options of the octokit JSON shape; and [RequestOptions], the result,
// which [RequestOptions.HTTPRequest] turns into an *http.Request. [New]
// makes an Endpoint from options alone; package endpoint's functions start
// from GitHub's defaults.
//
// Every error a call returns is an *[Error] wrapping one of the Err
// sentinels, or one of the template, headers, media or catalog packages',
// for errors.Is. The limits a call must keep within are [MaxParams],
// [MaxDepth], [MaxNodes], [MaxPreviews] and [MaxHeaders]; past one, it
// fails with [ErrLimit].
package builder
