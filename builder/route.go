package builder

import "strings"

// splitRoute splits "METHOD url" as @octokit/endpoint does: on single
// spaces, first two pieces; when the second piece is empty the first piece
// is the URL and the method is left to defaults. Extra pieces are ignored.
// A route that starts with a space names an empty method, which v6 sends
// as is and we refuse.
func splitRoute(route string) (method, url string, err error) {
	first, rest, ok := strings.Cut(route, " ")
	if !ok {
		return "", first, nil
	}
	second, _, _ := strings.Cut(rest, " ")
	if second == "" {
		return "", first, nil
	}
	if first == "" {
		return "", "", newError("route", route, ErrInvalidMethod)
	}
	return first, second, nil
}
