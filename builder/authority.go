package builder

import (
	"errors"
	"fmt"
	iroute "github.com/endpointkit/endpoint/internal/route"
	"net/url"
	"strings"

	"github.com/endpointkit/endpoint/internal/userinfo"
)

// ErrInvalidHost is returned when a URL's host is not usable: a built URL
// with no host, or one net/url refuses (a space, a bad escape, an unclosed
// IPv6 literal, a port that is not a number), or a host given to
// WithEnterprise.
var ErrInvalidHost = errors.New("invalid host")

// URLs are checked by net/url, the parser HTTPRequest and every Go HTTP
// client use, so that Build accepts exactly the URLs HTTPRequest accepts.

// checkBaseURL accepts "", a path ("/api", for a client that resolves it
// against its own origin), or an absolute http or https URL with a host,
// without a query, a fragment or a dot segment: what is joined after it
// would land in the query, or climb.
func checkBaseURL(base string) error {
	if base == "" {
		return nil
	}
	if strings.ContainsAny(base, "?#") || iroute.HasDotSegment(iroute.URLPath([]byte(base))) {
		return newError("base url", base, ErrInvalidBaseURL)
	}
	if strings.HasPrefix(base, "/") && !strings.HasPrefix(base, "//") {
		if _, err := url.Parse(base); err != nil {
			return newError("base url", base, ErrInvalidBaseURL)
		}
		return nil
	}
	if !isAbsolute(base) {
		return newError("base url", base, fmt.Errorf("%w: want http:// or https:// or a path", ErrInvalidBaseURL))
	}
	if err := checkURL([]byte(base)); err != nil {
		var e *Error
		if errors.As(err, &e) {
			err = e.Err
		}
		return newError("base url", base, fmt.Errorf("%w: %w", ErrInvalidBaseURL, err))
	}
	return nil
}

// checkURL checks a built absolute URL with url.Parse: it must parse and
// have a host. A relative URL (built on an empty or path base URL) is
// not checked here: its parts were encoded by the template engine.
func checkURL(u []byte) error {
	if !isAbsolute(string(u)) {
		return nil
	}
	parsed, err := url.Parse(string(u))
	if err != nil {
		return newError("parse", string(u), fmt.Errorf("%w: %w", ErrInvalidHost, parseError(string(u), err)))
	}
	if parsed.Host == "" || parsed.Hostname() == "" {
		return newError("parse", string(u), fmt.Errorf("%w: empty host", ErrInvalidHost))
	}
	return nil
}

// parseError says why net/url refuses s without quoting s: url.Error
// would quote the URL a second time, and its cause may quote a piece of
// a password (see userinfo.Cause).
func parseError(s string, err error) error {
	err = userinfo.Cause(s, err, func(s string) error {
		_, err := url.Parse(s)
		return err
	})
	var ue *url.Error
	if errors.As(err, &ue) {
		return ue.Err
	}
	return err
}
