package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"runtime/debug"
	"strings"

	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/headers"
	"github.com/endpointkit/endpoint/paginate"
)

// httpClient sends every request. Its transport reads the proxy
// settings of the environment, as curl does.
var httpClient = &http.Client{CheckRedirect: keepTokenHome}

// keepTokenHome drops the authorization header from a redirect to
// another origin (scheme, host or port): net/http drops it only for
// another host name, and would send GITHUB_TOKEN to another port of the
// same host, or from https to http. It stops after 10 redirects, as
// net/http does by default.
func keepTokenHome(req *http.Request, via []*http.Request) error {
	if len(via) >= 10 {
		return errors.New("stopped after 10 redirects")
	}
	if first := via[0].URL; !strings.EqualFold(req.URL.Scheme, first.Scheme) || !strings.EqualFold(req.URL.Host, first.Host) {
		req.Header.Del("Authorization")
	}
	return nil
}

// MaxPaginated is the most bytes of items, compacted, that --paginate
// gathers before it prints them as one array; past it the command fails,
// rather than hold a server's endless pages in memory. A walk at it holds
// about 1.3 times as much.
const MaxPaginated = 256 << 20

// maxPaginated is MaxPaginated; specs lower it.
var maxPaginated int64 = MaxPaginated

// paginateSlack is what a walk's heap may hold past its items before the
// collector works harder: the pages being read, the catalogue.
const paginateSlack = 64 << 20

// send builds the call in one step, sends it and prints the response:
// the body to standard output, the status line to standard error.
func (c *command) send(ctx context.Context, pos []string) error {
	p, err := c.prepare(pos, true)
	if err != nil {
		return err
	}
	defer p.close()
	if c.cfg.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, c.cfg.timeout)
		defer cancel()
	}
	req, err := p.b.HTTPRequest(ctx)
	if err != nil {
		return checkHint(err, c.cfg)
	}
	if req.ContentLength > maxBody {
		// A regular file that grew since it was sized.
		return fmt.Errorf("--data %s: %s, %w", c.cfg.data, size(req.ContentLength), tooLarge(maxBody))
	}
	if err := c.authorize(req, p.b); err != nil {
		return err
	}
	if c.cfg.paginate {
		return c.walk(ctx, req, p)
	}
	resp, err := httpClient.Do(req)
	if err != nil {
		return c.sendError(ctx, err)
	}
	defer resp.Body.Close()
	_, _ = fmt.Fprintf(c.stderr, "%s %s\n", resp.Proto, resp.Status)
	if _, err := io.Copy(c.stdout, resp.Body); err != nil {
		return c.sendError(ctx, fmt.Errorf("reading the response: %w", err))
	}
	if resp.StatusCode >= 400 {
		return errHTTPStatus
	}
	return nil
}

// authorize adds "Authorization: Bearer $GITHUB_TOKEN" to a request
// that has no authorization header, after everything that prints was
// built, so no output and no error shows it. A call checked against
// another API (--spec) never gets it.
//
// The token comes from the environment, not from the command line, so it
// goes only where the user pointed the call: the origin (scheme, host,
// port) of its base URL, https://api.github.com, --base-url's or a
// --defaults file's, or the operation's own server the catalogue derives
// from it (uploads.github.com). A URL naming another origin (an absolute
// route, a {+url} parameter) is sent without it, with a note on standard
// error. An Authorization header the user gave goes wherever the call
// goes. Pages and redirects keep to the first request's origin (package
// paginate, keepTokenHome). Nor does the token go in plain http to
// another machine, where anyone on the way could read it.
func (c *command) authorize(req *http.Request, b *builder.Builder) error {
	if _, ok := req.Header["Authorization"]; ok || c.cfg.spec != "" {
		return nil
	}
	tok, ok := c.getenv("GITHUB_TOKEN")
	tok = strings.TrimSpace(tok)
	if !ok || tok == "" {
		return nil
	}
	if err := headers.ValidateValue("authorization", tok); err != nil {
		return fmt.Errorf("GITHUB_TOKEN: %w", err) // the error never quotes the value
	}
	// The base URL as the call's options have it; a call that built has
	// merged options, and one that somehow has none gets no token.
	var base *url.URL
	if o, err := b.Merge(); err == nil {
		base, _ = url.Parse(o.BaseURL)
	}
	if base == nil || !sameOrigin(req.URL, base) {
		home := "the base URL names no host"
		if base != nil && base.Host != "" {
			home = "not to the base URL's " + originText(base)
		}
		_, _ = fmt.Fprintf(c.stderr, "endpoint: GITHUB_TOKEN not sent: the call goes to %s, %s; give --base-url to send it there, or an Authorization header\n", originText(req.URL), home)
		return nil
	}
	if !privateTransport(req.URL) {
		_, _ = fmt.Fprintf(c.stderr, "endpoint: GITHUB_TOKEN not sent: %s is plain http, and not localhost or a loopback address; use https, or give an Authorization header\n", req.URL.Host)
		return nil
	}
	req.Header.Set("Authorization", "Bearer "+tok)
	return nil
}

// sameOrigin reports whether u has base's scheme, host and port, the
// scheme and host compared without regard to case and an explicit
// default port (:443 for https, :80 for http) the same as none, as
// package paginate pins a walk. A base without a host (a path) matches
// nothing.
func sameOrigin(u, base *url.URL) bool {
	return base.Host != "" && strings.EqualFold(u.Scheme, base.Scheme) &&
		strings.EqualFold(u.Hostname(), base.Hostname()) && port(u) == port(base)
}

// port returns u's port, "" for its scheme's default.
func port(u *url.URL) string {
	p := u.Port()
	if (p == "443" && strings.EqualFold(u.Scheme, "https")) || (p == "80" && strings.EqualFold(u.Scheme, "http")) {
		return ""
	}
	return p
}

// originText is u's scheme and host, for a note: never its user
// information, path or query.
func originText(u *url.URL) string { return strings.ToLower(u.Scheme) + "://" + u.Host }

// privateTransport reports whether u is https, or http to this machine,
// where a token cannot be read on the way: to "localhost" or a loopback
// address written as one (127.0.0.1, [::1]), the hosts net/http neither
// sends through a proxy (HTTP_PROXY) nor asks DNS about. Other
// spellings are not this machine for sure: net/http proxies
// "LOCALHOST", and proxies and asks DNS, which may answer any address,
// about "localhost.", "api.localhost" and "127.0.0.1.".
func privateTransport(u *url.URL) bool {
	if strings.EqualFold(u.Scheme, "https") {
		return true
	}
	host := u.Hostname()
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// sendError says what went wrong in sending, a timeout in words.
func (c *command) sendError(ctx context.Context, err error) error {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) && c.cfg.timeout > 0 {
		return fmt.Errorf("send: no complete response within --timeout %v", c.cfg.timeout)
	}
	return fmt.Errorf("send: %w", err)
}

// walk follows the next links from req (package paginate: never to
// another host) and prints the items of every page as one JSON array,
// once the last page has come. Each page's status line goes to standard
// error.
func (c *command) walk(ctx context.Context, req *http.Request, p *call) error {
	var opts []paginate.Option
	if p.cat != nil {
		// per_page=100 where the operation takes it (paginate.MaxPerPage).
		opts = append(opts, paginate.WithCatalog(p.cat))
	}
	if c.cfg.maxPages > 0 {
		opts = append(opts, paginate.MaxPages(c.cfg.maxPages))
	}
	items := newCollection(maxPaginated)
	// The items stay: without a soft limit the collector would let the
	// heap grow to twice them (GOGC) before collecting the pages read.
	if prev, want := debug.SetMemoryLimit(-1), maxPaginated+paginateSlack; want < prev {
		debug.SetMemoryLimit(want)
		defer debug.SetMemoryLimit(prev)
	}
	for page, err := range paginate.Pages(ctx, httpClient, req, opts...) {
		if err != nil {
			if ctx.Err() != nil {
				return c.sendError(ctx, err)
			}
			return err
		}
		_, _ = fmt.Fprintf(c.stderr, "%s %s\n", page.Response.Proto, page.Response.Status)
		list, err := paginate.Decode(page.Body)
		if err != nil {
			return fmt.Errorf("page %d: %w", page.Number, err)
		}
		for _, it := range list.Items {
			if !items.add(it) {
				return fmt.Errorf("--paginate: the items of %d pages pass %s; ask for fewer (a narrower query, or page=N without --paginate)", page.Number, size(maxPaginated))
			}
		}
	}
	return items.writeTo(c.stdout, c.cfg.compact)
}
