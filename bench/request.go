package bench

import "github.com/endpointkit/endpoint"

// The logical requests every implementation builds. The query keys are
// given in sorted order because url.Values (go-github, sling, requests,
// resty) always sorts them: with that order every implementation produces
// the same URL byte for byte.
const (
	BaseURL       = endpoint.DefaultBaseURL
	Accept        = endpoint.DefaultAccept
	UserAgent     = "endpointkit-bench/1.0"
	Token         = "abc"
	Authorization = "token " + Token
	ContentType   = "application/json; charset=utf-8"

	RouteA = "GET /repos/{owner}/{repo}/issues"
	RouteB = "POST /repos/{owner}/{repo}/issues"

	State   = "open"
	PerPage = 100

	IssueTitle = "Found a bug"
	IssueBody  = "details"
	IssueLabel = "bug"

	// WantURLA and WantURLB are the URLs every implementation must build.
	WantURLA = "https://api.github.com/repos/octokit/rest.js/issues?per_page=100&state=open"
	WantURLB = "https://api.github.com/repos/octokit/rest.js/issues"
	// WantBodyB is B's body without any trailing newline.
	WantBodyB = `{"title":"Found a bug","body":"details","labels":["bug"]}`
)

// Owner and Repo are variables, not constants, because a caller's path
// values are dynamic: boxing them into an interface costs what it costs a
// real caller (constant strings would box for free).
var (
	Owner = "octokit"
	Repo  = "rest.js"
)

// Issue is B's body as a tagged struct, for the floor and the peers that
// encode structs.
type Issue struct {
	Title  string   `json:"title"`
	Body   string   `json:"body"`
	Labels []string `json:"labels"`
}

// NewIssue returns B's body; it is built per call, like a caller would.
func NewIssue() Issue {
	return Issue{Title: IssueTitle, Body: IssueBody, Labels: []string{IssueLabel}}
}
