package bench

import (
	"fmt"
	"net/http"

	"github.com/dghubble/sling"
)

// SlingBase is the long-lived parent Sling; each call forks it with New.
var SlingBase = sling.New().Base(BaseURL+"/").
	Set("Accept", Accept).
	Set("User-Agent", UserAgent).
	Set("Authorization", Authorization)

type issueListParams struct {
	PerPage int    `url:"per_page,omitempty"`
	State   string `url:"state,omitempty"`
}

// SlingA builds A. Sling's Request takes no context; attaching one with
// WithContext would cost a shallow copy of the request on top.
func SlingA(owner, repo string) (*http.Request, error) {
	return SlingBase.New().
		Get(fmt.Sprintf("repos/%s/%s/issues", owner, repo)).
		QueryStruct(&issueListParams{PerPage: PerPage, State: State}).
		Request()
}

// SlingB builds B; BodyJSON sets "application/json", overridden after it.
func SlingB(owner, repo string) (*http.Request, error) {
	issue := NewIssue()
	return SlingBase.New().
		Post(fmt.Sprintf("repos/%s/%s/issues", owner, repo)).
		BodyJSON(&issue).
		Set("Content-Type", ContentType).
		Request()
}
