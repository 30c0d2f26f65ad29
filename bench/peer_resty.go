package bench

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"

	"github.com/go-resty/resty/v2"
)

// Resty has no build-only API: the *http.Request exists only inside
// Execute. The measured method (the same as PEERS.md): a pre-request hook,
// which resty calls after its whole build pipeline and right before the
// transport, returns errStop; Execute then returns errStop and the
// request is left in Request.RawRequest. Nothing is sent.
//
// Caveat for readers of RawRequest: resty returns its body buffer to a
// pool when Execute returns, so B's RawRequest.Body must not be read
// afterwards. The equivalence test uses a client whose hook snapshots the
// body before returning errStop (NewRestyClient with a capture).
var errStop = errors.New("bench: stop before sending")

// RestyCapture receives a copy of the request body from the hook.
type RestyCapture struct{ Body []byte }

// NewRestyClient returns the long-lived resty client. With a non-nil
// capture the hook also copies the body into it (tests only).
func NewRestyClient(capture *RestyCapture) *resty.Client {
	c := resty.New().
		SetBaseURL(BaseURL).
		SetHeader("Accept", Accept).
		SetHeader("User-Agent", UserAgent).
		SetAuthScheme("token").
		SetAuthToken(Token)
	c.SetPreRequestHook(func(_ *resty.Client, r *http.Request) error {
		if capture != nil {
			capture.Body = nil
			if r.GetBody != nil {
				rc, err := r.GetBody()
				if err != nil {
					return err
				}
				b, err := io.ReadAll(rc)
				if err != nil {
					return err
				}
				capture.Body = b
			}
		}
		return errStop
	})
	return c
}

// Resty is the client the benchmarks use.
var Resty = NewRestyClient(nil)

// RestyA builds A with resty.
func RestyA(ctx context.Context, c *resty.Client, owner, repo string) (*http.Request, error) {
	r := c.R().SetContext(ctx).
		SetPathParams(map[string]string{"owner": owner, "repo": repo}).
		SetQueryParams(map[string]string{"per_page": strconv.Itoa(PerPage), "state": State})
	return restyStop(r, http.MethodGet, "/repos/{owner}/{repo}/issues")
}

// RestyB builds B with resty.
func RestyB(ctx context.Context, c *resty.Client, owner, repo string) (*http.Request, error) {
	issue := NewIssue()
	r := c.R().SetContext(ctx).
		SetPathParams(map[string]string{"owner": owner, "repo": repo}).
		SetHeader("Content-Type", ContentType).
		SetBody(&issue)
	return restyStop(r, http.MethodPost, "/repos/{owner}/{repo}/issues")
}

func restyStop(r *resty.Request, method, url string) (*http.Request, error) {
	_, err := r.Execute(method, url)
	if !errors.Is(err, errStop) {
		return nil, fmt.Errorf("resty: want the stop error, got %v", err)
	}
	return r.RawRequest, nil
}
