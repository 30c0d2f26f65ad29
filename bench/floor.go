package bench

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"strings"
)

// FloorA is request A written by hand: the cheapest reasonable code with
// the standard library, and the yardstick every ratio is taken against.
func FloorA(ctx context.Context, owner, repo string) (*http.Request, error) {
	var sb strings.Builder
	sb.Grow(96)
	sb.WriteString(BaseURL)
	sb.WriteString("/repos/")
	sb.WriteString(url.PathEscape(owner))
	sb.WriteByte('/')
	sb.WriteString(url.PathEscape(repo))
	sb.WriteString("/issues?per_page=")
	sb.WriteString(strconv.Itoa(PerPage))
	sb.WriteString("&state=")
	sb.WriteString(url.QueryEscape(State))
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, sb.String(), nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Accept", Accept)
	req.Header.Set("User-Agent", UserAgent)
	req.Header.Set("Authorization", Authorization)
	return req, nil
}

// FloorB is request B written by hand.
func FloorB(ctx context.Context, owner, repo string) (*http.Request, error) {
	var sb strings.Builder
	sb.Grow(64)
	sb.WriteString(BaseURL)
	sb.WriteString("/repos/")
	sb.WriteString(url.PathEscape(owner))
	sb.WriteByte('/')
	sb.WriteString(url.PathEscape(repo))
	sb.WriteString("/issues")
	body, err := json.Marshal(NewIssue())
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, sb.String(), bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Accept", Accept)
	req.Header.Set("User-Agent", UserAgent)
	req.Header.Set("Authorization", Authorization)
	req.Header.Set("Content-Type", ContentType)
	return req, nil
}
