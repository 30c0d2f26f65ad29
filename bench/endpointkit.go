package bench

import (
	"context"
	"net/http"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
)

// EK is the long-lived endpoint a caller sets up once, like the peers'
// clients: the root defaults plus authorization and user-agent.
var EK = endpoint.Defaults(
	endpoint.WithHeader("authorization", Authorization),
	endpoint.WithHeader("user-agent", UserAgent),
)

// EKBuildA builds A's plain options with the fluent builder.
func EKBuildA(owner, repo string) (builder.RequestOptions, error) {
	return EK.Route(RouteA).
		Param("owner", owner).
		Param("repo", repo).
		Param("per_page", PerPage).
		Param("state", State).
		Build()
}

// EKBuildB builds B's plain options with the fluent builder.
func EKBuildB(owner, repo string) (builder.RequestOptions, error) {
	return EK.Route(RouteB).
		Param("owner", owner).
		Param("repo", repo).
		Param("title", IssueTitle).
		Param("body", IssueBody).
		Param("labels", []string{IssueLabel}).
		Build()
}

// EKOptionsA builds A's plain options through Endpoint.Build with an
// Options value, the shape of JavaScript's endpoint(route, options).
func EKOptionsA(owner, repo string) (builder.RequestOptions, error) {
	return EK.Build(RouteA, builder.Options{Params: builder.Params{
		{Name: "owner", Value: owner},
		{Name: "repo", Value: repo},
		{Name: "per_page", Value: PerPage},
		{Name: "state", Value: State},
	}})
}

// EKOptionsB is EKOptionsA for B.
func EKOptionsB(owner, repo string) (builder.RequestOptions, error) {
	return EK.Build(RouteB, builder.Options{Params: builder.Params{
		{Name: "owner", Value: owner},
		{Name: "repo", Value: repo},
		{Name: "title", Value: IssueTitle},
		{Name: "body", Value: IssueBody},
		{Name: "labels", Value: []string{IssueLabel}},
	}})
}

// EKHTTPA builds A and converts it to an *http.Request.
func EKHTTPA(ctx context.Context, owner, repo string) (*http.Request, error) {
	ro, err := EKBuildA(owner, repo)
	if err != nil {
		return nil, err
	}
	return toHTTPRequest(ctx, &ro)
}

// EKHTTPB builds B and converts it to an *http.Request.
func EKHTTPB(ctx context.Context, owner, repo string) (*http.Request, error) {
	ro, err := EKBuildB(owner, repo)
	if err != nil {
		return nil, err
	}
	return toHTTPRequest(ctx, &ro)
}

// EKOneStepA builds A straight into an *http.Request with the one-step
// Builder.HTTPRequest, without the RequestOptions in between.
func EKOneStepA(ctx context.Context, owner, repo string) (*http.Request, error) {
	return EK.Route(RouteA).
		Param("owner", owner).
		Param("repo", repo).
		Param("per_page", PerPage).
		Param("state", State).
		HTTPRequest(ctx)
}

// EKOneStepB is EKOneStepA for B.
func EKOneStepB(ctx context.Context, owner, repo string) (*http.Request, error) {
	return EK.Route(RouteB).
		Param("owner", owner).
		Param("repo", repo).
		Param("title", IssueTitle).
		Param("body", IssueBody).
		Param("labels", []string{IssueLabel}).
		HTTPRequest(ctx)
}
