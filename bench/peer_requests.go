package bench

import (
	"context"
	"net/http"

	"github.com/carlmjohnson/requests"
)

// RequestsBase is the long-lived base builder; each call clones it.
var RequestsBase = requests.URL(BaseURL).
	Accept(Accept).
	UserAgent(UserAgent).
	Header("Authorization", Authorization)

// RequestsA builds A with carlmjohnson/requests.
func RequestsA(ctx context.Context, owner, repo string) (*http.Request, error) {
	return RequestsBase.Clone().
		Pathf("/repos/%s/%s/issues", owner, repo).
		ParamInt("per_page", PerPage).
		Param("state", State).
		Request(ctx)
}

// RequestsB builds B; BodyJSON sets "application/json", overridden after it.
func RequestsB(ctx context.Context, owner, repo string) (*http.Request, error) {
	issue := NewIssue()
	return RequestsBase.Clone().
		Pathf("/repos/%s/%s/issues", owner, repo).
		Post().
		BodyJSON(&issue).
		ContentType(ContentType).
		Request(ctx)
}
