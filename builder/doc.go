// Package builder is the engine behind package endpoint: it turns a route,
// parameters and defaults into request options, as @octokit/endpoint v6
// does, checked against an API description when it has one.
//
// An [Endpoint] is a set of defaults, made once and safe for concurrent
// use; a [Builder] is one call on it:
//
//	gh := builder.New(builder.WithBaseURL("https://api.github.com"),
//		builder.WithHeader("authorization", "Bearer "+token))
//	req, err := gh.Route("GET /repos/{owner}/{repo}/issues").
//		Param("owner", "octokit").Param("repo", "rest.js").Param("state", "open").
//		Build()
//	// req.URL "https://api.github.com/repos/octokit/rest.js/issues?state=open"
//
// [Builder.Build] returns [RequestOptions], the v6 result, which
// [RequestOptions.HTTPRequest] turns into an *http.Request;
// [Builder.HTTPRequest] goes there in one step. [Endpoint.Build],
// [Endpoint.Merge] and [Endpoint.Parse] take [Options], the octokit JSON
// shape, for code that speaks JavaScript's API, and [Endpoint.BuildJSON]
// that JSON itself. [WithCatalog] checks every call against a catalogue
// (package catalog) and puts its parameters where the description says.
//
// Every error is an *[Error] naming the input at fault, wrapping one of
// the Err sentinels, or the template, headers, media or catalog packages',
// for errors.Is. A call keeps within [MaxParams], [MaxDepth], [MaxNodes],
// [MaxPreviews] and [MaxHeaders], or fails with [ErrLimit]. Credentials
// never reach fmt's output or an error's text: see [RequestOptions.Redacted].
package builder
