package endpoint

import (
	"fmt"
	"net/netip"
	"strconv"
	"strings"

	"github.com/endpointkit/endpoint/builder"
)

// Paths of the three API families of a GitHub Enterprise Server host, as
// GitHub documents them. They are fixed paths, not guesses from a host name:
// REST lives under /api/v3, release asset uploads under /api/uploads and
// GraphQL at /api/graphql (not /api/v3/graphql).
const (
	EnterpriseRESTPath    = "/api/v3"
	EnterpriseUploadsPath = "/api/uploads"
	EnterpriseGraphQLPath = "/api/graphql"
)

// WithEnterprise sets the base URL to the REST API of the GitHub Enterprise
// Server at host ("ghe.example.com" or "ghe.example.com:8443"), that is
// https://HOST/api/v3. Routes written relative ("POST /repos/…/assets")
// then go to that host; endpointkit never rewrites hosts, so nothing
// silently targets api.github.com or uploads.github.com. For release asset
// uploads, use the release's upload_url as the route, or set the call's
// base URL to EnterpriseUploadsURL(host).
//
// An invalid host makes every call of the Endpoint fail with an error
// wrapping [builder.ErrInvalidHost].
func WithEnterprise(host string) builder.Option {
	return func(dst *builder.Options) error {
		u, err := EnterpriseBaseURL(host)
		if err != nil {
			if e, ok := err.(*builder.Error); ok {
				return &builder.Error{Op: "defaults", Input: e.Input, Err: e.Err} // a layer's error, as the others
			}
			return err
		}
		dst.BaseURL = u
		return nil
	}
}

// EnterpriseBaseURL returns the REST API base URL of a GitHub Enterprise
// Server host: https://HOST/api/v3. An invalid host (see [WithEnterprise])
// is a *builder.Error wrapping [builder.ErrInvalidHost], for the two
// functions below too.
func EnterpriseBaseURL(host string) (string, error) {
	return enterpriseURL(host, EnterpriseRESTPath)
}

// EnterpriseUploadsURL returns the base URL for release asset uploads on a
// GitHub Enterprise Server host: https://HOST/api/uploads.
func EnterpriseUploadsURL(host string) (string, error) {
	return enterpriseURL(host, EnterpriseUploadsPath)
}

// EnterpriseGraphQLURL returns the GraphQL endpoint of a GitHub Enterprise
// Server host: https://HOST/api/graphql.
func EnterpriseGraphQLURL(host string) (string, error) {
	return enterpriseURL(host, EnterpriseGraphQLPath)
}

func enterpriseURL(host, path string) (string, error) {
	if err := validateHost(host); err != nil {
		return "", err
	}
	return "https://" + host + path, nil
}

// validZone reports whether z, what follows the "%" of a bracketed IPv6
// address, is RFC 6874's "25" ZoneID: unreserved bytes and escapes.
func validZone(z string) bool {
	z, ok := strings.CutPrefix(z, "25")
	if !ok || z == "" {
		return false
	}
	for i := 0; i < len(z); i++ {
		switch c := z[i]; {
		case c == '%':
			if i+2 >= len(z) || !isHex(z[i+1]) || !isHex(z[i+2]) {
				return false
			}
			i += 2
		case 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("-._~", c) >= 0:
		default:
			return false
		}
	}
	return true
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// validateHost accepts "name", "name:port", an IPv4 address and "[ipv6]"
// with an optional port. The host is used verbatim, so anything else —
// a scheme, a path, user information, spaces — is refused, not repaired.
func validateHost(host string) error {
	fail := func(why string) error {
		// A *builder.Error, as every error of the module is: its text
		// quotes the host once, masked (it may hold a whole URL, its
		// password typed in any bytes) and cut short.
		return &builder.Error{Op: "enterprise", Input: builder.RedactRawURL(host), Err: fmt.Errorf("%w: %s", builder.ErrInvalidHost, why)}
	}
	switch {
	case host == "":
		return fail("empty")
	case strings.Contains(host, "://"):
		return fail("has a scheme; give the host name only")
	case strings.ContainsAny(host, "/\\"):
		return fail("has a path; give the host name only")
	case strings.ContainsAny(host, "?#"):
		return fail("has a query or fragment")
	case strings.Contains(host, "@"):
		return fail("has user information")
	}
	for i := 0; i < len(host); i++ {
		if c := host[i]; c <= ' ' || c >= 0x7f {
			return fail(fmt.Sprintf("byte 0x%02x at index %d is not allowed", c, i))
		}
	}
	name := host
	switch {
	case strings.HasPrefix(host, "["):
		end := strings.IndexByte(host, ']')
		if end < 0 || !validIP(host[1:end]) || !strings.Contains(host[1:end], ":") {
			return fail("bad IPv6 address")
		}
		// A zone is written %25zone in a URL (RFC 6874), the zone itself
		// unreserved bytes or escapes: a bare %en0 is a bad escape that
		// every later parse refuses.
		if _, zone, ok := strings.Cut(host[1:end], "%"); ok && !validZone(zone) {
			return fail("an IPv6 zone is written %25zone in a URL")
		}
		if rest := host[end+1:]; rest != "" {
			if rest[0] != ':' || !validPort(rest[1:]) {
				return fail("bad port")
			}
		}
		return nil
	case strings.Count(host, ":") > 1:
		return fail("an IPv6 address needs brackets")
	case strings.Contains(host, ":"):
		var port string
		name, port, _ = strings.Cut(host, ":")
		if !validPort(port) {
			return fail("bad port")
		}
	}
	if name == "" {
		return fail("empty host name")
	}
	for _, label := range strings.Split(strings.TrimSuffix(name, "."), ".") {
		if label == "" || len(label) > 63 || label[0] == '-' || label[len(label)-1] == '-' {
			return fail("bad host name")
		}
		for i := 0; i < len(label); i++ {
			c := label[i]
			if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_') {
				return fail(fmt.Sprintf("character %q is not allowed in a host name", c))
			}
		}
	}
	return nil
}

// validPort reports whether p is a decimal port number from 1 to 65535.
func validPort(p string) bool {
	n, err := strconv.Atoi(p)
	return err == nil && n >= 1 && n <= 65535 && p[0] != '+' && p[0] != '-'
}

// validIP uses net/netip rather than net, which would pull the resolver
// into the WebAssembly build.
func validIP(s string) bool {
	_, err := netip.ParseAddr(s)
	return err == nil
}
