package paginate

import (
	"context"
	"fmt"
	"github.com/endpointkit/endpoint/headers"
	"github.com/endpointkit/endpoint/internal/quote"
	"net"
	"net/http"
	"net/url"
	"strings"
)

// Next returns the request for the page resp links to with rel="next", or
// nil, nil when resp has no such link (the last page). It reads the Link
// header only as far as the first next link.
//
// The request is a GET built from the first request of resp's redirect
// chain (resp.Request, or the request it was redirected from): the same
// context, a copy of the same headers (so the authorization header is
// kept), the same Host override and URL user information, and the URL of
// the next link, resolved against resp.Request.URL (RFC 8288 §3.2).
// The preconditions If-None-Match, If-Modified-Since, If-Match,
// If-Unmodified-Since and If-Range are left out: they belong to the first
// page, and on a later one a 304 would end the walk.
//
// Next follows a link only when it has the scheme and host (host:port,
// host compared without regard to case, :443 for https and :80 for http
// equal to no port) of that first request, and no user information but
// the request URL's; otherwise it returns an [*Error] wrapping
// [ErrForeignHost] that quotes the link with credentials masked. Called on
// each page in turn, this pins the whole walk to the origin of its first
// request. Next refuses a first request that is not a GET ([ErrMethod]), a
// link to the page itself ([ErrLoop]) and a malformed header ([ErrSyntax]).
//
// Next cannot see redirects: a client following a redirect to another
// host sends the request there before Next is called (net/http drops the
// authorization header on a redirect to a host that is neither the same
// nor a subdomain). [Pages] refuses such redirects before they are sent.
func Next(resp *http.Response) (*http.Request, error) {
	if resp == nil || resp.Request == nil || resp.Request.URL == nil {
		return nil, &Error{Op: "next", Err: ErrNoRequest}
	}
	first := resp.Request
	// Go's client links a redirected request to the response that caused
	// it; the chain is bounded by the client's redirect limit, the loop
	// by a larger number in case a caller built a cycle.
	for i := 0; i < 100 && first.Response != nil && first.Response.Request != nil && first.Response.Request.URL != nil; i++ {
		first = first.Response.Request
	}
	if !isGet(first.Method) {
		return nil, &Error{Op: "next", Input: inputText(first.URL.String()), Err: fmt.Errorf("%w: first request is %s", ErrMethod, quote.Cut(first.Method, 20))}
	}
	return next(first.Context(), resp, first, originOf(first.URL))
}

func isGet(method string) bool { return method == "" || method == http.MethodGet }

// next builds the request for resp's next link, pinned to o; see Next.
func next(ctx context.Context, resp *http.Response, first *http.Request, o origin) (*http.Request, error) {
	target, ok, err := nextTarget(resp.Header)
	if err != nil || !ok {
		return nil, err
	}
	base := resp.Request.URL
	u, err := resolve("next", base, target)
	if err != nil {
		return nil, err
	}
	if !sameUser(u.User, base.User) {
		return nil, foreignError("next", u, fmt.Errorf("%w: link carries user information", ErrForeignHost))
	}
	if !o.matches(u) {
		return nil, foreignError("next", u, fmt.Errorf("%w: walk is pinned to %s", ErrForeignHost, o))
	}
	u.Fragment, u.RawFragment = "", ""
	if u.EscapedPath() == base.EscapedPath() && u.RawQuery == base.RawQuery && originOf(base) == o {
		return nil, &Error{Op: "next", Input: inputText(u.String()), Err: ErrLoop}
	}
	u.User = first.URL.User
	host := u.Host
	if first.Host != "" && first.Host != first.URL.Host {
		host = first.Host
	}
	h := first.Header.Clone()
	if h == nil {
		h = make(http.Header)
	}
	// Conditions belong to the first page: its ETag or date on a later
	// page would get a 304 with no body and no Link, and end the walk.
	for _, c := range conditionalHeaders {
		h.Del(c)
	}
	req := &http.Request{
		Method:     http.MethodGet,
		URL:        u,
		Proto:      "HTTP/1.1",
		ProtoMajor: 1,
		ProtoMinor: 1,
		Header:     h,
		Host:       host,
	}
	return req.WithContext(ctx), nil
}

// conditionalHeaders are the RFC 9110 request preconditions, which Next
// leaves out of later pages.
var conditionalHeaders = [...]string{"If-None-Match", "If-Modified-Since", "If-Match", "If-Unmodified-Since", "If-Range"}

// sameUser reports whether a URL's user information is absent or the same
// as its base's (a relative reference inherits the base's).
func sameUser(u, base *url.Userinfo) bool {
	return u == nil || (base != nil && *u == *base)
}

func foreignError(op string, u *url.URL, err error) error {
	return &Error{Op: op, Input: inputText(u.String()), Err: err}
}

// nextTarget returns the target of the first rel="next" link in h.
func nextTarget(h http.Header) (string, bool, error) {
	var l rawLink
	for _, v := range h.Values("Link") {
		p := parser{s: v}
		for {
			ok, err := p.next(&l)
			if err != nil {
				return "", false, err
			}
			if !ok {
				break
			}
			if l.hasRel("next") {
				return l.target, true, nil
			}
		}
	}
	return "", false, nil
}

// origin is the scheme and host a walk is pinned to, normalised: both in
// lower case, and the port empty when it is the scheme's default.
type origin struct{ scheme, host, port string }

func originOf(u *url.URL) origin {
	o := origin{scheme: headers.Name(u.Scheme), host: headers.Name(u.Hostname()), port: u.Port()}
	if (o.scheme == "https" && o.port == "443") || (o.scheme == "http" && o.port == "80") {
		o.port = ""
	}
	return o
}

func (o origin) matches(u *url.URL) bool { return originOf(u) == o }

// String returns scheme://host[:port], never with user information.
func (o origin) String() string {
	switch {
	case o.port != "":
		return o.scheme + "://" + net.JoinHostPort(o.host, o.port)
	case strings.Contains(o.host, ":"):
		return o.scheme + "://[" + o.host + "]"
	}
	return o.scheme + "://" + o.host
}
