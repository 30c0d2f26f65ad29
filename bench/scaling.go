package bench

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/endpointkit/endpoint"
	"github.com/endpointkit/endpoint/builder"
)

// ParamCounts, LayerCounts and RouteCounts are the scaling series.
var (
	ParamCounts = []int{1, 4, 16, 64}
	LayerCounts = []int{1, 3, 10}
	RouteCounts = []int{1, 100, 10000}
)

// RouteSearch is the route of the parameter series: every parameter goes
// to the query string, so cost per parameter is what is measured.
const RouteSearch = "GET /search"

// QueryParams returns n parameter names and values, "p00"="v00" onwards.
func QueryParams(n int) (names, values []string) {
	names, values = make([]string, n), make([]string, n)
	for i := range n {
		names[i] = fmt.Sprintf("p%02d", i)
		values[i] = fmt.Sprintf("v%02d", i)
	}
	return names, values
}

// FloorParams builds GET /search?p00=v00&… by hand.
func FloorParams(ctx context.Context, names, values []string) (*http.Request, error) {
	var sb strings.Builder
	sb.Grow(len(BaseURL) + 8 + 8*len(names))
	sb.WriteString(BaseURL)
	sb.WriteString("/search")
	for i, name := range names {
		if i == 0 {
			sb.WriteByte('?')
		} else {
			sb.WriteByte('&')
		}
		sb.WriteString(url.QueryEscape(name))
		sb.WriteByte('=')
		sb.WriteString(url.QueryEscape(values[i]))
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, sb.String(), nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Accept", Accept)
	req.Header.Set("User-Agent", UserAgent)
	req.Header.Set("Authorization", Authorization)
	return req, nil
}

// EKBuildParams builds GET /search with the parameters, fluently.
func EKBuildParams(names, values []string) (builder.RequestOptions, error) {
	b := EK.Route(RouteSearch)
	for i, name := range names {
		b.Param(name, values[i])
	}
	return b.Build()
}

// EKHTTPParams is EKBuildParams plus the *http.Request conversion.
func EKHTTPParams(ctx context.Context, names, values []string) (*http.Request, error) {
	ro, err := EKBuildParams(names, values)
	if err != nil {
		return nil, err
	}
	return toHTTPRequest(ctx, &ro)
}

// EKOneStepParams builds GET /search with the parameters in one step.
func EKOneStepParams(ctx context.Context, names, values []string) (*http.Request, error) {
	b := EK.Route(RouteSearch)
	for i, name := range names {
		b.Param(name, values[i])
	}
	return b.HTTPRequest(ctx)
}

// LayeredEndpoint returns an endpoint made by n chained Defaults calls
// over the root endpoint, like endpoint.defaults(…).defaults(…) in
// JavaScript. Every layer sets the same two headers, and the last one
// sets EK's values, so all depths flatten to the same defaults: any
// difference in per-call cost is the cost of depth itself.
func LayeredEndpoint(n int) *builder.Endpoint {
	e := endpoint.Defaults()
	for i := range n {
		auth, ua := "token layer-"+strconv.Itoa(i), "layer-"+strconv.Itoa(i)
		if i == n-1 {
			auth, ua = Authorization, UserAgent
		}
		e = e.Defaults(endpoint.WithOptions(builder.Options{
			Headers: map[string]string{"authorization": auth, "user-agent": ua},
		}))
	}
	return e
}

// EKBuildAOn builds A's plain options on the endpoint e.
func EKBuildAOn(e *builder.Endpoint, route, owner, repo string) (builder.RequestOptions, error) {
	return e.Route(route).
		Param("owner", owner).
		Param("repo", repo).
		Param("per_page", PerPage).
		Param("state", State).
		Build()
}

// DistinctRoute returns the i-th of a family of routes that differ only
// by their first segment, each a separate template-cache entry.
func DistinctRoute(prefix string, i int) string {
	return "GET /" + prefix + strconv.Itoa(i) + "/repos/{owner}/{repo}/issues"
}

// EKOneStepAOn builds A on the endpoint e in one step.
func EKOneStepAOn(ctx context.Context, e *builder.Endpoint, route, owner, repo string) (*http.Request, error) {
	return e.Route(route).
		Param("owner", owner).
		Param("repo", repo).
		Param("per_page", PerPage).
		Param("state", State).
		HTTPRequest(ctx)
}
