package endpoint

import (
	"fmt"
	"net/netip"
	"net/url"
	"strconv"
	"strings"

	"github.com/endpointkit/endpoint/builder"
	"github.com/endpointkit/endpoint/internal/ascii"
)

// The paths of a GitHub Enterprise Server host's three APIs, as GitHub
// documents them: fixed paths, never guessed from a host name (GraphQL is
// /api/graphql, not /api/v3/graphql).
const (
	EnterpriseRESTPath    = "/api/v3"
	EnterpriseUploadsPath = "/api/uploads"
	EnterpriseGraphQLPath = "/api/graphql"
)

// WithEnterprise points an Endpoint at the REST API of the GitHub
// Enterprise Server at host ("ghe.example.com[:8443]"): https://HOST/api/v3.
// Hosts are never rewritten, so nothing silently goes to api.github.com or
// uploads.github.com: for release assets, use the release's upload_url as
// the route, or EnterpriseUploadsURL as the call's base URL. An invalid
// host makes every call fail with [builder.ErrInvalidHost].
func WithEnterprise(host string) builder.Option {
	return func(dst *builder.Options) (err error) {
		dst.BaseURL, err = enterpriseURL("defaults", host, EnterpriseRESTPath) // a layer's error, as the others
		return err
	}
}

// EnterpriseBaseURL returns https://HOST/api/v3; an invalid host, here and
// below, is a *builder.Error wrapping [builder.ErrInvalidHost].
func EnterpriseBaseURL(host string) (string, error) {
	return enterpriseURL("enterprise", host, EnterpriseRESTPath)
}

// EnterpriseUploadsURL returns https://HOST/api/uploads, the base URL of
// release asset uploads.
func EnterpriseUploadsURL(host string) (string, error) {
	return enterpriseURL("enterprise", host, EnterpriseUploadsPath)
}

// EnterpriseGraphQLURL returns https://HOST/api/graphql.
func EnterpriseGraphQLURL(host string) (string, error) {
	return enterpriseURL("enterprise", host, EnterpriseGraphQLPath)
}

func enterpriseURL(op, host, path string) (string, error) {
	if why := hostProblem(host); why != "" {
		// Masked: the host may be a whole URL, password and all.
		return "", &builder.Error{Op: op, Input: builder.RedactRawURL(host), Err: fmt.Errorf("%w: %s", builder.ErrInvalidHost, why)}
	}
	return "https://" + host + path, nil
}

// hostProblem says why host is not "name", "name:port", an IPv4 address
// or "[ipv6]" with an optional port, "" when it is one. The host is used
// verbatim, so anything else is refused, not repaired.
func hostProblem(host string) string {
	if why := byteProblem(host); why != "" {
		return why
	}
	if strings.HasPrefix(host, "[") {
		return ipv6Problem(host)
	}
	name, port, hasPort := strings.Cut(host, ":")
	switch {
	case strings.Contains(port, ":"):
		return "an IPv6 address needs brackets"
	case hasPort && !validPort(port):
		return "bad port"
	case name == "":
		return "empty host name"
	}
	for _, label := range strings.Split(strings.TrimSuffix(name, "."), ".") {
		if label == "" || len(label) > 63 || label[0] == '-' || label[len(label)-1] == '-' {
			return "bad host name"
		}
		if i := strings.IndexFunc(label, func(r rune) bool { return !ascii.IsWord(byte(r)) && r != '-' }); i >= 0 {
			return fmt.Sprintf("character %q is not allowed in a host name", label[i])
		}
	}
	return ""
}

// byteProblem names what a host cannot hold: a URL's other parts, white
// space and control or non-ASCII bytes.
func byteProblem(host string) string {
	switch {
	case host == "":
		return "empty"
	case strings.Contains(host, "://"):
		return "has a scheme; give the host name only"
	case strings.ContainsAny(host, "/\\"):
		return "has a path; give the host name only"
	case strings.ContainsAny(host, "?#"):
		return "has a query or fragment"
	case strings.Contains(host, "@"):
		return "has user information"
	}
	if i := strings.IndexFunc(host, func(r rune) bool { return r <= ' ' || r >= 0x7f }); i >= 0 {
		return fmt.Sprintf("byte 0x%02x at index %d is not allowed", host[i], i)
	}
	return ""
}

// ipv6Problem is hostProblem for "[address]" and "[address]:port". A zone
// is written %25zone in a URL (RFC 6874), of unreserved bytes and escapes:
// a bare %en0 is a bad escape that every later parse refuses.
func ipv6Problem(host string) string {
	addr, rest, closed := strings.Cut(host[1:], "]")
	if _, err := netip.ParseAddr(addr); !closed || err != nil || !strings.Contains(addr, ":") {
		return "bad IPv6 address"
	}
	if _, zone, ok := strings.Cut(addr, "%"); ok && !validZone(zone) {
		return "an IPv6 zone is written %25zone in a URL"
	}
	if rest != "" && (rest[0] != ':' || !validPort(rest[1:])) {
		return "bad port"
	}
	return ""
}

// validZone reports whether z, what follows the "%" of an IPv6 address,
// is RFC 6874's "25" ZoneID: unreserved bytes and escapes.
func validZone(z string) bool {
	z, ok := strings.CutPrefix(z, "25")
	_, err := url.PathUnescape(z) // every "%" starts an escape
	return ok && z != "" && err == nil && !strings.ContainsFunc(z, func(r rune) bool {
		return r > '~' || !ascii.IsAlnum(byte(r)) && !strings.ContainsRune("-._~%", r)
	})
}

// validPort reports whether p is a decimal port from 1 to 65535.
func validPort(p string) bool {
	n, err := strconv.ParseUint(p, 10, 16) // 16 bits and no sign ("+80")
	return err == nil && n > 0
}
