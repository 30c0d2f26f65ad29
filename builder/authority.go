package builder

import (
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/endpointkit/endpoint/internal/redact"
	iroute "github.com/endpointkit/endpoint/internal/route"
)

// ErrInvalidHost is returned when a built URL has no host or one net/url
// refuses, and for an invalid host given to WithEnterprise.
var ErrInvalidHost = errors.New("invalid host")

// checkBaseURL accepts "", a path ("/api"), or an http(s) URL with a
// host, without a query, fragment or dot segment, where what is joined
// would land or climb; net/url, every Go client's parser, checks it.
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
	var u url.URL
	if err := checkURL(base, &u); err != nil {
		return newError("base url", base, fmt.Errorf("%w: %w", ErrInvalidBaseURL, errors.Unwrap(err))) // checkURL's *Error
	}
	return nil
}

// checkURL checks that a built absolute URL parses and has a host. One of
// the usual shape is left read into dst, which is zero otherwise.
func checkURL(u string, dst *url.URL) error {
	if !isAbsolute(u) {
		return nil
	}
	if parseURL(u, dst) && dst.Hostname() != "" {
		return nil // read as url.Parse reads it
	}
	*dst = url.URL{}
	parsed, err := url.Parse(u)
	if err != nil {
		// Why, without url.Error's quote of u, which may hold a piece of a password.
		err = redact.Cause(u, err, func(s string) error {
			_, err := url.Parse(s)
			return err
		})
		return newError("parse", u, fmt.Errorf("%w: %w", ErrInvalidHost, err))
	}
	if parsed.Host == "" || parsed.Hostname() == "" {
		return newError("parse", u, fmt.Errorf("%w: empty host", ErrInvalidHost))
	}
	return nil
}
