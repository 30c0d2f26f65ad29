package builder

import (
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/endpointkit/endpoint/template"
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
	if strings.ContainsAny(base, "?#") || template.HasDotSegment(base) {
		return newError("base url", redactBaseURL(base), ErrInvalidBaseURL)
	}
	if strings.HasPrefix(base, "/") && !strings.HasPrefix(base, "//") {
		if _, err := url.Parse(base); err != nil {
			return newError("base url", base, ErrInvalidBaseURL)
		}
		return nil
	}
	if !isAbsolute(base) {
		return newError("base url", redactBaseURL(base), fmt.Errorf("%w: want http:// or https:// or a path", ErrInvalidBaseURL))
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

// redactBaseURL is RedactURL for a base URL, which may have been written
// without its scheme, as a git remote or a credential helper writes one:
// "x-access-token:TOKEN@ghe.example.com/api/v3" has user information up to
// the last "@" before its first "/", which RedactURL, reading any text,
// cannot tell from an e-mail address.
func redactBaseURL(base string) string {
	if !strings.HasPrefix(base, "/") && !strings.Contains(base, "//") {
		end := strings.IndexAny(base, "/?#")
		if end < 0 {
			end = len(base)
		}
		if at := strings.LastIndexByte(base[:end], '@'); at >= 0 {
			base = RedactedValue + base[at:]
		}
	}
	return RedactURL(base)
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
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err // url.Error would quote the URL a second time
		}
		return newError("parse", string(u), fmt.Errorf("%w: %w", ErrInvalidHost, err))
	}
	if parsed.Host == "" || parsed.Hostname() == "" {
		return newError("parse", string(u), fmt.Errorf("%w: empty host", ErrInvalidHost))
	}
	return nil
}
