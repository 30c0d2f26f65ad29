package builder

import (
	"errors"
	"fmt"
	"net/netip"
	"strings"
)

// ErrInvalidHost: a host that is not usable: in the URL a call built (empty,
// a space, an escape, an unclosed IPv6 literal, a port that is not a
// number), or given to WithEnterprise.
var ErrInvalidHost = errors.New("invalid host")

// checkAuthority validates the authority of an absolute URL the way
// net/url and HTTP clients will read it, so that Build never returns a URL
// that only fails later. A relative URL (no base URL) has no authority.
func checkAuthority(u string) error {
	i := strings.Index(u, "://")
	if i < 0 {
		return nil
	}
	rest := u[i+3:]
	if j := strings.IndexAny(rest, "/?#"); j >= 0 {
		rest = rest[:j]
	}
	if at := strings.LastIndexByte(rest, '@'); at >= 0 {
		rest = rest[at+1:]
	}
	host, port := rest, ""
	if strings.HasPrefix(host, "[") {
		end := strings.IndexByte(host, ']')
		if end < 0 {
			return fmt.Errorf("%w: unclosed IPv6 literal", ErrInvalidHost)
		}
		ip := host[1:end]
		if z := strings.IndexByte(ip, '%'); z >= 0 {
			ip = ip[:z] // a zone; net/url decodes it
		}
		if a, err := netip.ParseAddr(ip); err != nil || !a.Is6() {
			return fmt.Errorf("%w: bad IPv6 literal", ErrInvalidHost)
		}
		after := host[end+1:]
		if after != "" && after[0] != ':' {
			return fmt.Errorf("%w: text after IPv6 literal", ErrInvalidHost)
		}
		port = strings.TrimPrefix(after, ":")
	} else {
		if c := strings.LastIndexByte(host, ':'); c >= 0 {
			host, port = host[:c], host[c+1:]
		}
		if host == "" {
			return fmt.Errorf("%w: empty host", ErrInvalidHost)
		}
		for k := 0; k < len(host); k++ {
			if !isHostByte(host[k]) {
				return fmt.Errorf("%w: byte %#02x in host", ErrInvalidHost, host[k])
			}
		}
	}
	for k := 0; k < len(port); k++ {
		if port[k] < '0' || port[k] > '9' {
			return fmt.Errorf("%w: port is not a number", ErrInvalidHost)
		}
	}
	return nil
}

// isHostByte: RFC 3986 reg-name characters (unreserved and sub-delims),
// and bytes of UTF-8 host names; no percent escapes, which net/url only
// allows in IPv6 zones.
func isHostByte(c byte) bool {
	switch {
	case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9', c >= 0x80:
		return true
	}
	return strings.IndexByte("-._~!$&'()*+,;=", c) >= 0
}
