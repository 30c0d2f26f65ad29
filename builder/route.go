package builder

import (
	"fmt"

	iroute "github.com/endpointkit/endpoint/internal/route"
)

// parseRoute splits a route as [Endpoint.Route] reads it, refusing a
// target after a method that starts with a host, which v6 would join to
// the base URL as https://api.github.comghe.example.com.
func parseRoute(route string) (method, target string, err error) {
	method, target, ok := iroute.Split(route)
	switch {
	case !ok:
		return "", "", newError("route", route, ErrInvalidRoute)
	case iroute.HostFirst(target) && method != "":
		return "", "", newError("route", route, errHostFirst)
	}
	return method, target, nil
}

var errHostFirst = fmt.Errorf("%w: the target starts with a host and no scheme, which the base URL would be joined in front of: write https:// before it, or start the path with /", ErrInvalidRoute)
