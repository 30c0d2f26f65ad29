// Package builder is the engine behind package endpoint: it turns a route,
// parameters and defaults into request options, as @octokit/endpoint v6
// does, checked against an API description when it has one.
//
// An [Endpoint] is a set of defaults, safe for concurrent use; a [Builder]
// is one call on it:
//
//	gh := builder.New(builder.WithBaseURL("https://api.github.com"),
//		builder.WithHeader("authorization", "Bearer "+token))
//	req, err := gh.Route("GET /repos/{owner}/{repo}/issues").
//		Param("owner", "octokit").Param("repo", "rest.js").Param("state", "open").
//		Build()
//	// req.URL "https://api.github.com/repos/octokit/rest.js/issues?state=open"
//
// [Builder.Build] returns [RequestOptions], which [RequestOptions.HTTPRequest]
// turns into an *http.Request ([Builder.HTTPRequest] in one step).
// [Endpoint.Build], [Endpoint.Merge], [Endpoint.Parse] and
// [Endpoint.BuildJSON] speak JavaScript's API and its JSON. [WithCatalog]
// checks every call against a catalogue (package catalog).
//
// Every error is an *[Error] naming the input at fault and wrapping an Err
// sentinel or another package's, for errors.Is. A call keeps within
// [MaxParams], [MaxDepth], [MaxNodes], [MaxPreviews] and [MaxHeaders], or
// fails with [ErrLimit]. Credentials never reach fmt's output or an
// error's text: see [RequestOptions.Redacted].
package builder
